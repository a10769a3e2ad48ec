import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock/clock';
import type { AuthUser } from '../../common/guards/auth-user';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { EmailOutboxService } from '../notifications/email-outbox.service';
import { EMAIL_VERIFICATION_TTL_MS } from './account.constants';
import { AccountError, AccountErrorCode } from './account.errors';
import { AccountRepository } from './account.repository';
import { CredentialsRepository } from './credentials.repository';
import { emailVerificationEmail } from './domain/account-emails';
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from './domain/secret-token';

export const VERIFICATION_SENT_MESSAGE = 'Verification email sent';
export const EMAIL_VERIFIED_MESSAGE = 'Email verified';

/**
 * E-mail verification (docs/PRODUCT-RULES.md "Accounts", R107, R140): a code bound to the user
 * and the address, valid 24 hours, used once, sent as a link through the outbox.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: AccountRepository,
    private readonly credentials: CredentialsRepository,
    private readonly outbox: EmailOutboxService,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Sends a new code to the caller's address (GET /api/account/send-email-verification-code),
   * replacing any open one: `{ message, email }`.
   * @throws AccountError EMAIL_ALREADY_VERIFIED (400); as loadActiveUser.
   */
  async send(caller: AuthUser): Promise<{ message: string; email: string }> {
    const code = newSecretToken();
    const { outboxId, email } = await this.tx.run(async (m) => {
      const user = await this.users.loadActive(caller.id, { lock: true }, m);
      if (user.emailVerifiedAt) throw new AccountError(AccountErrorCode.EMAIL_ALREADY_VERIFIED);
      const now = this.clock.now();
      await this.credentials.retireVerificationCodes(m, user.id, now);
      await this.credentials.insertVerificationCode(m, {
        userId: user.id,
        email: user.email,
        codeHash: hashSecretToken(code),
        expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
      });
      const mail = emailVerificationEmail({
        publicUrl: this.config.publicUrl,
        username: user.username,
        code,
      });
      return {
        outboxId: await this.outbox.add(m, { kind: 'email-verification', to: user.email, ...mail }),
        email: user.email,
      };
    });
    this.outbox.dispatch(outboxId);
    return { message: VERIFICATION_SENT_MESSAGE, email };
  }

  /**
   * Verifies the caller's address with `code` (POST /api/account/verify-email-verification/{code}).
   * @throws AccountError VERIFICATION_CODE_INVALID (400) when the code is unknown, another user's,
   *         used, expired, or was sent to an address the user no longer has.
   */
  async verify(caller: AuthUser, code: string): Promise<{ message: string }> {
    if (!looksLikeSecretToken(code))
      throw new AccountError(AccountErrorCode.VERIFICATION_CODE_INVALID);
    const ok = await this.tx.run(async (m) => {
      const user = await this.users.loadActive(caller.id, { lock: true }, m);
      const now = this.clock.now();
      const row = await this.credentials.lockVerificationCode(m, user.id, hashSecretToken(code));
      if (!row || row.usedAt || row.expiresAt <= now || row.email !== user.email) return false;
      await this.credentials.useVerificationCode(m, row.id, now);
      if (!user.emailVerifiedAt) await this.users.update(m, user.id, { emailVerifiedAt: now });
      return true;
    });
    if (!ok) throw new AccountError(AccountErrorCode.VERIFICATION_CODE_INVALID);
    return { message: EMAIL_VERIFIED_MESSAGE };
  }
}
