import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { PicksDeliveryCheckService } from './picks-delivery-check.service';
import { SlipSettlementService } from './slip-settlement.service';

/**
 * Consumer of the `settlement` queue: the scheduled `settle-slips` catch-up sweep, which settles
 * every unsettled slip whose games are all decided (a `fixture.finished` that was missed or
 * failed), and the scheduled `check-picks-delivery` (docs/PRODUCT-RULES.md R220–R226). One
 * service call per job; the slip module owns its queue, so fixtures never calls into slip
 * (docs/ARCHITECTURE.md, layers).
 */
@Processor(QUEUE.SETTLEMENT)
export class SettlementProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.SETTLE_SLIPS, JOB.CHECK_PICKS_DELIVERY];

  constructor(
    private readonly settlement: SlipSettlementService,
    private readonly picksDelivery: PicksDeliveryCheckService,
  ) {
    super();
  }

  async process(job: Job): Promise<object> {
    if (job.name === JOB.SETTLE_SLIPS) return { settled: await this.settlement.sweep() };
    if (job.name === JOB.CHECK_PICKS_DELIVERY) return this.picksDelivery.run();
    throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.SETTLEMENT}`);
  }
}
