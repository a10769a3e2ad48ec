import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, createHmac } from 'crypto';
import { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { CLOSE_ACCOUNT_CONFIRMATION, REAUTH_TTL_MS } from './account.constants';
import {
  AccountContacts,
  AccountDataRepository,
  AccountProfileData,
} from './account-data.repository';
import { AccountError, AccountErrorCode } from './account.errors';
import { AccountRepository } from './account.repository';
import { PasswordHasher } from './auth/password-hasher';
import { AVATAR_STORE, AvatarStore } from './avatar/avatar-storage';
import { accountTombstone, erasedUsernameHash } from './domain/account-erasure';
import { sameDigest } from './domain/secret-token';

export type { AccountContacts, AccountProfileData } from './account-data.repository';

/** A password proof (docs/PRODUCT-RULES.md R261): opaque text and when it stops working (ISO-8601). */
export interface ReauthProof {
  proof: string;
  expires_at: string;
}

/** The account's part of an export (docs/PRODUCT-RULES.md R260). */
export interface AccountPersonalData {
  profile: AccountProfileData | null;
  sessions: Record<string, unknown>[];
  credentials: Record<string, unknown>[];
}

/**
 * The account side of data rights (docs/PRODUCT-RULES.md R260-R264): the password proof that
 * export and closing need, the account's part of an export, and the erasure of its personal
 * fields. The orchestration over every module is the privacy module's.
 */
@Injectable()
export class AccountDataService {
  private readonly logger = new Logger(AccountDataService.name);
  private readonly proofKey: Buffer;

  constructor(
    private readonly data: AccountDataRepository,
    private readonly users: AccountRepository,
    private readonly hasher: PasswordHasher,
    @Inject(AVATAR_STORE) private readonly store: AvatarStore,
    @Inject(CLOCK) private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.proofKey = createHash('sha256').update(`reauth-proof|${config.jwt.accessSecret}`).digest();
  }

  /**
   * POST /api/account/reauth: checks the password of `userId` and gives a proof good for
   * REAUTH_TTL_MS for that user only: `v1.<user id>.<expiry ms>.<HMAC-SHA256>`.
   * @throws AccountError REAUTH_WRONG_PASSWORD (400 `{ password: ['Wrong password'] }`); TOKEN_INVALID (401), ACCOUNT_BANNED (403).
   */
  async reauth(userId: number, password: unknown): Promise<ReauthProof> {
    await this.checkPassword(userId, password);
    const expires = this.clock.now().getTime() + REAUTH_TTL_MS;
    const body = `v1.${userId}.${expires}`;
    return { proof: `${body}.${this.sign(body)}`, expires_at: new Date(expires).toISOString() };
  }

  /**
   * Checks a proof of `reauth` for `userId` at the clock's now.
   * @throws AccountError REAUTH_REQUIRED (403) for a missing, malformed, forged, expired or another user's proof.
   */
  assertProof(userId: number, proof: unknown): void {
    const m =
      typeof proof === 'string' ? /^v1\.(\d{1,10})\.(\d{1,15})\.([0-9a-f]{64})$/.exec(proof) : null;
    const ok =
      m !== null &&
      Number(m[1]) === userId &&
      Number(m[2]) > this.clock.now().getTime() &&
      sameDigest(this.sign(`v1.${m[1]}.${m[2]}`), m[3]);
    if (!ok) throw new AccountError(AccountErrorCode.REAUTH_REQUIRED);
  }

  /**
   * Checks the password of the live account `userId`.
   * @throws AccountError REAUTH_WRONG_PASSWORD (400); AuthError TOKEN_INVALID (401, erased); ACCOUNT_BANNED (403).
   */
  async checkPassword(userId: number, password: unknown): Promise<void> {
    const user = await this.users.loadActive(userId, { withHash: true });
    if (
      typeof password !== 'string' ||
      password.length > 256 ||
      !(await this.hasher.verify(user.passwordHash, password))
    ) {
      throw new AccountError(AccountErrorCode.REAUTH_WRONG_PASSWORD);
    }
  }

  /**
   * Checks a closing request (docs/PRODUCT-RULES.md R262): the confirmation word, then the password.
   * Returns false without checking when the account is already erased (a repeated closing).
   * @throws AccountError CLOSE_NOT_CONFIRMED (400), REAUTH_WRONG_PASSWORD (400), ACCOUNT_BANNED (403).
   */
  async checkClosing(userId: number, password: unknown, confirmation: unknown): Promise<boolean> {
    const contacts = await this.data.contacts(userId);
    if (!contacts || contacts.erasedAt) return false;
    await this.users.loadActive(userId);
    if (confirmation !== CLOSE_ACCOUNT_CONFIRMATION)
      throw new AccountError(AccountErrorCode.CLOSE_NOT_CONFIRMED);
    await this.checkPassword(userId, password);
    return true;
  }

  /** The account's part of the export of `userId`: profile, sessions, reset links and codes (no secret). */
  async personalData(userId: number): Promise<AccountPersonalData> {
    const [profile, sessions, credentials] = await Promise.all([
      this.data.profile(userId),
      this.data.sessions(userId),
      this.data.credentials(userId),
    ]);
    return { profile, sessions, credentials };
  }

  /** The contacts of `userId` (other modules' rows are found by them), or null for no such user. */
  contacts(userId: number): Promise<AccountContacts | null> {
    return this.data.contacts(userId);
  }

  /**
   * Erases user `userId` inside the caller's transaction (docs/PRODUCT-RULES.md R263): the row is
   * locked, its personal fields replaced by the tombstone, its sessions, reset links and codes
   * deleted. Returns the contacts as they were (for the other modules' erasures and the avatar
   * removal after commit), or null when the account was already erased (idempotent).
   */
  async erase(m: EntityManager, userId: number): Promise<AccountContacts | null> {
    const before = await this.data.contacts(userId, m, true);
    if (!before || before.erasedAt) return null;
    await this.data.erase(
      m,
      userId,
      accountTombstone(userId),
      erasedUsernameHash(before.username),
      this.clock.now(),
    );
    return before;
  }

  /** Removes an erased account's avatar from the store (local disk or S3) after the erasure committed; a failure is logged. */
  async removeAvatar(file: string | null): Promise<void> {
    if (!file) return;
    try {
      await this.store.remove(file);
    } catch (err) {
      this.logger.warn(
        { err: (err as Error).message },
        'could not remove the avatar of an erased account',
      );
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.proofKey).update(body).digest('hex');
  }
}
