import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { AccountMaintenanceService, PurgeReport } from './account-maintenance.service';

/** Consumer of the `maintenance` queue: `purge-expired-tokens` (docs/PRODUCT-RULES.md "Accounts"), one service call. */
@Processor(QUEUE.MAINTENANCE)
export class MaintenanceProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.PURGE_EXPIRED_TOKENS];

  constructor(private readonly account: AccountMaintenanceService) {
    super();
  }

  async process(job: Job): Promise<PurgeReport> {
    if (job.name === JOB.PURGE_EXPIRED_TOKENS) return this.account.purgeExpired();
    throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.MAINTENANCE}`);
  }
}
