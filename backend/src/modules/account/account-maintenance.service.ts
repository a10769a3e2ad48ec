import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../common/clock/clock';
import { CredentialsRepository } from './credentials.repository';

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
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Purges as of `now` (default: the application's CLOCK); returns the number of rows removed per table. */
  async purgeExpired(now: Date = this.clock.now()): Promise<PurgeReport> {
    const cutoff = new Date(now.getTime() - CREDENTIAL_RETENTION_HOURS * 3_600_000);
    const report = await this.credentials.purge(cutoff);
    const { refreshSessions, resetTokens, verificationCodes } = report;
    if (refreshSessions + resetTokens + verificationCodes > 0) this.logger.log(report, 'purged expired credentials');
    return report;
  }
}
