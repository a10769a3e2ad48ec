import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan, Not } from 'typeorm';
import { EmailVerificationCode } from './entities/email-verification-code.entity';
import { PasswordResetToken } from './entities/password-reset-token.entity';
import { RefreshTokenFamily } from './entities/refresh-token-family.entity';

/**
 * The account module's credential tables, `refresh_token_family`, `password_reset_token` and
 * `email_verification_code` (docs/ARCHITECTURE.md "Table ownership"): the only code that reads or
 * writes them. Methods taking `m` run inside the caller's transaction. Secrets are stored as hashes.
 */
@Injectable()
export class CredentialsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Inserts a session's refresh-token family. */
  async insertFamily(
    m: EntityManager,
    family: Pick<RefreshTokenFamily, 'id' | 'userId' | 'generation' | 'tokenHash' | 'expiresAt'>,
  ): Promise<void> {
    await m.insert(RefreshTokenFamily, family);
  }

  /** Family `id` locked for update, or null. */
  lockFamily(m: EntityManager, id: string): Promise<RefreshTokenFamily | null> {
    return m.findOne(RefreshTokenFamily, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Moves family `id` to its next refresh token. */
  async rotateFamily(
    m: EntityManager,
    id: string,
    next: Pick<RefreshTokenFamily, 'generation' | 'tokenHash' | 'expiresAt' | 'rotatedAt'>,
  ): Promise<void> {
    await m.update(RefreshTokenFamily, { id }, next);
  }

  /** Revokes family `id` unless already revoked. */
  async revokeFamily(m: EntityManager, id: string, at: Date, reason: string): Promise<void> {
    await m.update(
      RefreshTokenFamily,
      { id, revokedAt: IsNull() },
      { revokedAt: at, revokedReason: reason },
    );
  }

  /** Revokes every live family of `userId` except `keepId`. */
  async revokeFamilies(
    m: EntityManager,
    userId: number,
    at: Date,
    reason: string,
    keepId?: string | null,
  ): Promise<void> {
    await m.update(
      RefreshTokenFamily,
      { userId, revokedAt: IsNull(), ...(keepId ? { id: Not(keepId) } : {}) },
      { revokedAt: at, revokedReason: reason },
    );
  }

  /** Marks every unused reset token of `userId` used at `at`. */
  async retireResetTokens(m: EntityManager, userId: number, at: Date): Promise<void> {
    await m.update(PasswordResetToken, { userId, usedAt: IsNull() }, { usedAt: at });
  }

  /** Inserts a reset token (its hash). */
  async insertResetToken(
    m: EntityManager,
    token: Pick<PasswordResetToken, 'userId' | 'tokenHash' | 'expiresAt'>,
  ): Promise<void> {
    await m.insert(PasswordResetToken, token);
  }

  /** Whether a reset token with `tokenHash` is unused and not expired at `now`. */
  resetTokenOpen(tokenHash: string, now: Date): Promise<boolean> {
    return this.ds.manager.exists(PasswordResetToken, {
      where: { tokenHash, usedAt: IsNull(), expiresAt: MoreThan(now) },
    });
  }

  /** The reset token with `tokenHash` locked for update, or null. */
  lockResetToken(m: EntityManager, tokenHash: string): Promise<PasswordResetToken | null> {
    return m.findOne(PasswordResetToken, {
      where: { tokenHash },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Marks every unused verification code of `userId` used at `at`. */
  async retireVerificationCodes(m: EntityManager, userId: number, at: Date): Promise<void> {
    await m.update(EmailVerificationCode, { userId, usedAt: IsNull() }, { usedAt: at });
  }

  /** Inserts a verification code (its hash) for `email`. */
  async insertVerificationCode(
    m: EntityManager,
    code: Pick<EmailVerificationCode, 'userId' | 'email' | 'codeHash' | 'expiresAt'>,
  ): Promise<void> {
    await m.insert(EmailVerificationCode, code);
  }

  /** `userId`'s verification code with `codeHash` locked for update, or null. */
  lockVerificationCode(
    m: EntityManager,
    userId: number,
    codeHash: string,
  ): Promise<EmailVerificationCode | null> {
    return m.findOne(EmailVerificationCode, {
      where: { codeHash, userId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Marks verification code `id` used at `at`. */
  async useVerificationCode(
    m: EntityManager,
    id: EmailVerificationCode['id'],
    at: Date,
  ): Promise<void> {
    await m.update(EmailVerificationCode, { id }, { usedAt: at });
  }

  /**
   * Deletes sessions expired before `cutoff` and reset tokens and verification codes expired or
   * used before it; returns how many rows of each went.
   */
  async purge(
    cutoff: Date,
  ): Promise<{ refreshSessions: number; resetTokens: number; verificationCodes: number }> {
    const purge = async (entity: Function, where: string): Promise<number> =>
      (await this.ds.createQueryBuilder().delete().from(entity).where(where, { cutoff }).execute())
        .affected ?? 0;
    const refreshSessions = await purge(RefreshTokenFamily, 'expires_at < :cutoff');
    const resetTokens = await purge(
      PasswordResetToken,
      'expires_at < :cutoff OR used_at < :cutoff',
    );
    const verificationCodes = await purge(
      EmailVerificationCode,
      'expires_at < :cutoff OR used_at < :cutoff',
    );
    return { refreshSessions, resetTokens, verificationCodes };
  }
}
