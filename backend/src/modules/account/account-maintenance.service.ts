import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../common/clock/clock';
import { AccountRepository } from './account.repository';
import { AVATAR_STORE, AvatarStore } from './avatar/avatar-storage';
import { CredentialsRepository } from './credentials.repository';

/** Abandoned registrations looked at per batch by a retention run. */
export const ABANDONED_REGISTRATIONS_BATCH = 500;

/** PostgreSQL's foreign_key_violation: another module's row still names the user. */
const FOREIGN_KEY_VIOLATION = '23503';

/** How long expired or used credentials are kept after they stop working (for support questions), in hours. */
export const CREDENTIAL_RETENTION_HOURS = 24;

/** What one purge removed. */
export interface PurgeReport {
  refreshSessions: number;
  resetTokens: number;
  verificationCodes: number;
}

/**
 * Deletes credentials that can no longer be used (docs/PRODUCT-RULES.md "Accounts"): login sessions whose refresh token
 * expired (a revoked session is kept until then, so a replayed token of it is still recognised as
 * reuse), and password-reset tokens and e-mail verification codes that expired or were used, each
 * CREDENTIAL_RETENTION_HOURS after that. Idempotent; run by the `purge-expired-tokens` schedule.
 */
@Injectable()
export class AccountMaintenanceService {
  private readonly logger = new Logger(AccountMaintenanceService.name);
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly users: AccountRepository,
    @Inject(AVATAR_STORE) private readonly avatars: AvatarStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Purges as of `now` (default: the application's CLOCK); returns the number of rows removed per table. */
  async purgeExpired(now: Date = this.clock.now()): Promise<PurgeReport> {
    const cutoff = new Date(now.getTime() - CREDENTIAL_RETENTION_HOURS * 3_600_000);
    const report = await this.credentials.purge(cutoff);
    const { refreshSessions, resetTokens, verificationCodes } = report;
    if (refreshSessions + resetTokens + verificationCodes > 0)
      this.logger.log(report, 'purged expired credentials');
    return report;
  }

  /**
   * Deletes the registrations never completed before `before` (docs/PRODUCT-RULES.md R272: role
   * `user`, e-mail never verified, not banned, no login since `before`) with their sessions, codes
   * and avatar file. A user another module's row still names (the database's foreign key refuses)
   * is kept and counted. Idempotent. Returns `{ deleted, kept }`.
   */
  async deleteAbandonedRegistrations(before: Date): Promise<{ deleted: number; kept: number }> {
    let deleted = 0;
    let kept = 0;
    let afterId = 0;
    for (;;) {
      const ids = await this.users.abandonedRegistrations(
        before,
        afterId,
        ABANDONED_REGISTRATIONS_BATCH,
      );
      for (const id of ids) {
        try {
          const avatar = await this.users.deleteAbandoned(id, before);
          if (avatar === undefined) continue;
          deleted += 1;
          if (avatar) await this.avatars.remove(avatar);
        } catch (err) {
          if ((err as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw err;
          kept += 1;
        }
      }
      if (ids.length < ABANDONED_REGISTRATIONS_BATCH) break;
      afterId = ids[ids.length - 1];
    }
    if (deleted) this.logger.log({ deleted, kept }, 'deleted abandoned registrations');
    return { deleted, kept };
  }
}
