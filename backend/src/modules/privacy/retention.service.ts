import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, CLOCK } from '../../common/clock/clock';
import { AppConfig } from '../../config/app-config';
import { AccountMaintenanceService } from '../account/account-maintenance.service';
import { MessageRetentionService } from '../notifications/message-retention.service';
import { PurchaseRetentionService } from '../processor/purchase-retention.service';
import { retentionCutoffs } from './domain/retention-cutoffs';
import { RetentionRun } from './entities/retention-run.entity';
import { RetentionRunRepository } from './retention-run.repository';

/**
 * Data retention (docs/PRODUCT-RULES.md R270-R274, R280), run by the maintenance queue's
 * `run-retention` schedule: each module erases its own data past the configured period through its
 * own service — notifications the SMS texts and the e-mails' subjects and bodies, processor the
 * buyers' contacts on purchases without open money, account the registrations never completed —
 * and the run's counts are stored in
 * `retention_run` (back office `retention-runs`). Every step is idempotent: a second run at the
 * same time erases nothing more and records zeros.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);

  constructor(
    private readonly messages: MessageRetentionService,
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
    const smsBodiesErased = await this.messages.eraseSmsBodies(cutoffs.smsBefore);
    const emailBodiesErased = await this.messages.eraseEmailBodies(cutoffs.emailBefore);
    const contacts = await this.purchases.eraseContacts(cutoffs.purchaseBefore);
    const registrations = await this.accounts.deleteAbandonedRegistrations(
      cutoffs.registrationBefore,
    );
    const run = await this.runs.insert({
      startedAt: now,
      finishedAt: this.clock.now(),
      smsBodyDays: periods.smsBodyDays,
      emailBodyDays: periods.emailBodyDays,
      purchasePhoneMonths: periods.purchasePhoneMonths,
      abandonedRegistrationDays: periods.abandonedRegistrationDays,
      ...cutoffs,
      smsBodiesErased,
      emailBodiesErased,
      purchaseContactsErased: contacts.erased,
      purchaseContactsKept: contacts.kept,
      registrationsDeleted: registrations.deleted,
      registrationsKept: registrations.kept,
    });
    if (smsBodiesErased + emailBodiesErased + contacts.erased + registrations.deleted > 0) {
      this.logger.log(
        {
          smsBodiesErased,
          emailBodiesErased,
          purchaseContactsErased: contacts.erased,
          registrationsDeleted: registrations.deleted,
        },
        'retention run',
      );
    }
    return run;
  }
}
