import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { SlipSettlementService } from './slip-settlement.service';

/**
 * Consumer of the `settlement` queue: the scheduled `settle-slips` catch-up sweep, which settles
 * every unsettled slip whose games are all decided (a `fixture.finished` that was missed or
 * failed). One service call per job; the slip module owns its queue, so fixtures never calls
 * into slip (docs/ARCHITECTURE.md, layers).
 */
@Processor(QUEUE.SETTLEMENT)
export class SettlementProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.SETTLE_SLIPS];

  constructor(private readonly settlement: SlipSettlementService) {
    super();
  }

  async process(job: Job): Promise<{ settled: number }> {
    if (job.name !== JOB.SETTLE_SLIPS) throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.SETTLEMENT}`);
    return { settled: await this.settlement.sweep() };
  }
}
