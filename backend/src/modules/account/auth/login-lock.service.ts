import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage } from '@nestjs/throttler';
import { createHash } from 'crypto';
import { minutesText, RateLimitedError } from '../../../common/guards/rate-limit.guard';
import { RedisThrottlerStorage } from '../../../common/guards/redis-throttler.storage';
import { LOGIN_LOCK } from '../account.constants';

/** Counter name of failed password logins (Redis: `<REDIS_PREFIX>:throttle:login-lock:<hash>`). */
const LOCK_COUNTER = 'login-lock';

/** The message of a locked account's 429 (the wait in whole minutes). */
export const accountLockedMessage = (retryAfterSeconds: number): string =>
  `Too many failed logins for this account. Try again in ${minutesText(retryAfterSeconds)}, or reset your password.`;

/**
 * Locks an account's password login after LOGIN_LOCK.failures wrong passwords within
 * LOGIN_LOCK.windowMs, whatever addresses they came from, for LOGIN_LOCK.lockMs. Keyed on the
 * normalised e-mail (hashed), existing account or not. Counters in Redis next to the rate limits;
 * like them it fails open when Redis does not answer.
 */
@Injectable()
export class LoginLockService {
  constructor(@InjectThrottlerStorage() private readonly storage: RedisThrottlerStorage) {}

  /** @throws RateLimitedError (429, Retry-After) while `email`'s password login is locked. */
  async assertOpen(email: string): Promise<void> {
    const ms = await this.storage.blockedForMs(keyOf(email), LOCK_COUNTER);
    if (ms > 0) {
      const seconds = Math.ceil(ms / 1000);
      throw new RateLimitedError(accountLockedMessage(seconds), seconds);
    }
  }

  /** Counts a wrong password for `email`; the LOGIN_LOCK.failures-th within the window locks it. */
  async recordFailure(email: string): Promise<void> {
    await this.storage.increment(
      keyOf(email),
      LOGIN_LOCK.windowMs,
      LOGIN_LOCK.failures - 1,
      LOGIN_LOCK.lockMs,
      LOCK_COUNTER,
    );
  }

  /** Forgets `email`'s failures and lifts its lock (a successful login or password reset). */
  async clear(email: string): Promise<void> {
    await this.storage.reset(keyOf(email), LOCK_COUNTER);
  }
}

const keyOf = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
