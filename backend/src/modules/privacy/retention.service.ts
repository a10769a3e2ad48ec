import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { AccountMaintenanceService } from '../account/account-maintenance.service';
import { SmsRetentionService } from '../notifications/sms/sms-retention.service';
import { PurchaseRetentionService } from '../processor/purchase-retention.service';
import { PICKS_SMS_PURPOSE } from '../slip/picks-delivery.service';
import { retentionCutoffs } from './domain/retention-cutoffs';
import { RetentionRun } from './entities/retention-run.entity';
import { RetentionRunRepository } from './retention-run.repository';

/** The SMS purposes whose text carries bought picks (slip's picks SMS and its one re-send; R270). */
export const PICKS_SMS_PURPOSES: readonly string[] = [
  PICKS_SMS_PURPOSE.picks,
  PICKS_SMS_PURPOSE.resend,
];

/**
 * Data retention (docs/PRODUCT-RULES.md R270-R274), run by the maintenance queue's `run-retention`
 * schedule: each module erases its own data past the configured period through its own service —
 * notifications the picks SMS texts, processor the buyers' contacts on purchases without open
 * money, account the registrations never completed — and the run's counts are stored in
 * `retention_run` (back office `retention-runs`). Every step is idempotent: a second run at the
 * same time erases nothing more and records zeros.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);

  constructor(
    private readonly sms: SmsRetentionService,
    private readonly purchases: PurchaseRetentionService,
    private readonly accounts: AccountMaintenanceService,
    private readonly runs: RetentionRunRepository,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Runs every step as of `now` (default: the CLOCK) and returns the stored run. */
  async run(now: Date = this.clock.now()): Promise<RetentionRun> {
    const periods = this.config.retention;
    const cutoffs = retentionCutoffs(now, periods);
    const smsBodiesErased = await this.sms.eraseBodies(PICKS_SMS_PURPOSES, cutoffs.smsBefore);
    const contacts = await this.purchases.eraseContacts(cutoffs.purchaseBefore);
    const registrations = await this.accounts.deleteAbandonedRegistrations(
      cutoffs.registrationBefore,
    );
    const run = await this.runs.insert({
      startedAt: now,
      finishedAt: this.clock.now(),
      smsBodyDays: periods.smsBodyDays,
      purchasePhoneMonths: periods.purchasePhoneMonths,
      abandonedRegistrationDays: periods.abandonedRegistrationDays,
      ...cutoffs,
      smsBodiesErased,
      purchaseContactsErased: contacts.erased,
      purchaseContactsKept: contacts.kept,
      registrationsDeleted: registrations.deleted,
      registrationsKept: registrations.kept,
    });
    if (smsBodiesErased + contacts.erased + registrations.deleted > 0) {
      this.logger.log(
        {
          smsBodiesErased,
          purchaseContactsErased: contacts.erased,
          registrationsDeleted: registrations.deleted,
        },
        'retention run',
      );
    }
    return run;
  }
}
