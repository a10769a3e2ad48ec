import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { AccountMaintenanceService, PurgeReport } from '../account/account-maintenance.service';
import { RetentionRun } from './entities/retention-run.entity';
import { RetentionService } from './retention.service';

/**
 * Consumer of the `maintenance` queue, one service call per job: `purge-expired-tokens`
 * (account's credentials, docs/PRODUCT-RULES.md "Accounts") and `run-retention` (data retention
 * across modules, R270-R274). It lives in the privacy module, which ranks above the modules whose
 * data the retention run erases (docs/ARCHITECTURE.md "Layers").
 */
@Processor(QUEUE.MAINTENANCE)
export class MaintenanceProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.PURGE_EXPIRED_TOKENS, JOB.RUN_RETENTION];

  constructor(
    private readonly account: AccountMaintenanceService,
    private readonly retention: RetentionService,
  ) {
    super();
  }

  async process(job: Job): Promise<PurgeReport | { runId: string }> {
    if (job.name === JOB.PURGE_EXPIRED_TOKENS) return this.account.purgeExpired();
    if (job.name === JOB.RUN_RETENTION) return { runId: (await this.retention.run()).id };
    throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.MAINTENANCE}`);
  }
}
