import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountError, AccountErrorCode } from './account.errors';
import { AccountRepository } from './account.repository';
import { LoginLockService } from './auth/login-lock.service';
import { PasswordHasher } from './auth/password-hasher';
import { SessionService, TokenPair } from './auth/session.service';
import { normaliseEmail } from './domain/account-rules';
import { EmailLoginDto } from './dto/email-login.dto';

/**
 * E-mail login, token refresh and logout (registration: AccountRegistrationService)
 * (docs/PRODUCT-RULES.md "Accounts", R58, R121, R130, R141).
 */
@Injectable()
export class AccountAuthService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly loginLock: LoginLockService,
  ) {}

  /**
   * Logs in by e-mail and password; returns `{ access, refresh }` (docs/PRODUCT-RULES.md R141). An
   * unknown e-mail costs the same argon2 work as a wrong password and gets the same answer.
   * @throws AccountError INVALID_CREDENTIALS (401, 'Invalid email or password'); ACCOUNT_BANNED (403)
   *         only after the right password; RateLimitedError (429) while the e-mail's password
   *         login is locked after LOGIN_LOCK.failures wrong passwords (LoginLockService).
   */
  async login(dto: EmailLoginDto): Promise<TokenPair> {
    const email = normaliseEmail(dto.email);
    await this.loginLock.assertOpen(email);
    const user = email.length <= 254 ? await this.users.withHash({ email }) : null;
    if (!user) {
      await this.hasher.verifyNobody(dto.password);
      await this.loginLock.recordFailure(email);
      throw new AccountError(AccountErrorCode.INVALID_CREDENTIALS);
    }
    if (!(await this.hasher.verify(user.passwordHash, dto.password))) {
      await this.loginLock.recordFailure(email);
      throw new AccountError(AccountErrorCode.INVALID_CREDENTIALS);
    }
    await this.loginLock.clear(email);
    if (user.bannedAt) throw new AccountError(AccountErrorCode.ACCOUNT_BANNED);
    const rehash = this.hasher.needsRehash(user.passwordHash)
      ? await this.hasher.hash(dto.password)
      : null;
    return this.tx.run(async (m) => {
      if (rehash) await this.users.update(m, user.id, { passwordHash: rehash });
      return this.sessions.start(m, user);
    });
  }

  /**
   * Rotates a refresh token (POST /api/account/token/refresh): `{ access, refresh }`.
   * @throws AccountError REFRESH_MISSING (400) without a token; see SessionService.rotate.
   */
  refresh(refreshToken: string | undefined): Promise<TokenPair> {
    if (!refreshToken) throw new AccountError(AccountErrorCode.REFRESH_MISSING);
    return this.sessions.rotate(refreshToken);
  }

  /** Ends the session of `refreshToken`, or every session of `userId` without one. Always succeeds. */
  async logout(
    refreshToken: string | undefined,
    userId: number | undefined,
  ): Promise<{ message: string }> {
    await this.sessions.logout(refreshToken, userId);
    return { message: 'Logged out' };
  }
}
