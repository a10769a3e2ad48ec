import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock/clock';
import type { AuthUser } from '../../common/guards/auth-user';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { EmailOutboxService } from '../notifications/email-outbox.service';
import { PASSWORD_RESET_TTL_MS } from './account.constants';
import { AccountError, AccountErrorCode } from './account.errors';
import { AccountRepository } from './account.repository';
import { CredentialsRepository } from './credentials.repository';
import { LoginLockService } from './auth/login-lock.service';
import { PasswordHasher } from './auth/password-hasher';
import { SessionService } from './auth/session.service';
import { passwordResetEmail } from './domain/account-emails';
import { normaliseEmail } from './domain/account-rules';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './domain/secret-token';
import { ChangePasswordDto } from './dto/change-password.dto';
import { ResetPasswordConfirmDto } from './dto/reset-password.dto';

/** Success messages (docs/PRODUCT-RULES.md R70). */
export const RESET_REQUESTED_MESSAGE = 'Check your email for the link';
export const RESET_DONE_MESSAGE = 'Password set successfully.';

/**
 * Password change and reset by e-mail
 * (docs/PRODUCT-RULES.md "Accounts", R61, R131, R132, R140, R70).
 */
@Injectable()
export class AccountPasswordService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: AccountRepository,
    private readonly credentials: CredentialsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly outbox: EmailOutboxService,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly loginLock: LoginLockService,
  ) {}

  /**
   * Changes the caller's password (PUT /api/account/change-password). Other sessions are logged
   * out; the caller's own session stays.
   * @throws AccountError WRONG_PASSWORD (400, `{ old_password: ['Wrong password'] }`); as loadActiveUser.
   */
  async change(caller: AuthUser, dto: ChangePasswordDto): Promise<{ message: string }> {
    const user = await this.users.loadActive(caller.id, { withHash: true });
    if (!(await this.hasher.verify(user.passwordHash, dto.old_password)))
      throw new AccountError(AccountErrorCode.WRONG_PASSWORD);
    const passwordHash = await this.hasher.hash(dto.new_password);
    await this.tx.run(async (m) => {
      await this.users.update(m, user.id, { passwordHash, passwordChangedAt: this.clock.now() });
      await this.sessions.revokeAll(m, user.id, 'password-change', caller.sessionId);
    });
    return { message: 'Saved' };
  }

  /**
   * Starts a reset (POST /api/account/reset-password/): when an active account has this e-mail,
   * replaces its open reset tokens by a new one (valid 1 hour, stored hashed) and e-mails the
   * link /change_password/{token}. The answer is the same whether or not the account exists.
   */
  async requestReset(rawEmail: string): Promise<{ message: string }> {
    const email = normaliseEmail(rawEmail);
    const user = await this.users.byEmail(email);
    if (user && !user.bannedAt) {
      const now = this.clock.now();
      const token = newSecretToken();
      const outboxId = await this.tx.run(async (m) => {
        await this.credentials.retireResetTokens(m, user.id, now);
        await this.credentials.insertResetToken(m, {
          userId: user.id,
          tokenHash: hashSecretToken(token),
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
        });
        const mail = passwordResetEmail({
          publicUrl: this.config.publicUrl,
          username: user.username,
          token,
        });
        return this.outbox.add(m, { kind: 'password-reset', to: user.email, ...mail });
      });
      this.outbox.dispatch(outboxId);
    }
    return { message: RESET_REQUESTED_MESSAGE };
  }

  /**
   * Sets a new password with a reset token (POST /api/account/reset-password/confirm/). The token
   * works once and within 1 hour; every session of the user is logged out and a login lock of
   * their e-mail (LoginLockService) lifted.
   * @throws AccountError RESET_TOKEN_INVALID (400, `{ token: ['Invalid token'] }`).
   */
  async confirmReset(dto: ResetPasswordConfirmDto): Promise<{ message: string }> {
    if (!looksLikeSecretToken(dto.token))
      throw new AccountError(AccountErrorCode.RESET_TOKEN_INVALID);
    const tokenHash = hashSecretToken(dto.token);
    // Cheap check first, so a flood of bad tokens costs no argon2 work.
    const open = await this.credentials.resetTokenOpen(tokenHash, this.clock.now());
    if (!open) throw new AccountError(AccountErrorCode.RESET_TOKEN_INVALID);
    const passwordHash = await this.hasher.hash(dto.password);
    const done = await this.tx.run(async (m) => {
      const now = this.clock.now();
      const row = await this.credentials.lockResetToken(m, tokenHash);
      if (!row || row.usedAt || row.expiresAt <= now) return false;
      await this.credentials.retireResetTokens(m, row.userId, now);
      await this.users.update(m, row.userId, { passwordHash, passwordChangedAt: now });
      await this.sessions.revokeAll(m, row.userId, 'password-reset');
      return (await this.users.byId(m, row.userId))?.email ?? '';
    });
    if (done === false) throw new AccountError(AccountErrorCode.RESET_TOKEN_INVALID);
    // Whoever holds the mailbox chose a new password: a lock from someone else's guesses ends.
    if (done) await this.loginLock.clear(done);
    return { message: RESET_DONE_MESSAGE };
  }
}
