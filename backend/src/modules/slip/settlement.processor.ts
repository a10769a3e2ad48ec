import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { isOfferPaybillPayload, PaybillOfferService } from './paybill-offer.service';
import { PicksDeliveryCheckService } from './picks-delivery-check.service';
import { SlipSettlementService } from './slip-settlement.service';

/**
 * Consumer of the `settlement` queue: the scheduled `settle-slips` catch-up sweep, which settles
 * every unsettled slip whose games are all decided (a `fixture.finished` that was missed or
 * failed), the scheduled `check-picks-delivery` (docs/PRODUCT-RULES.md R220–R226) and the
 * `offer-paybill` SMS after a missed STK prompt (R205). One
 * service call per job; the slip module owns its queue, so fixtures never calls into slip
 * (docs/ARCHITECTURE.md, layers).
 */
@Processor(QUEUE.SETTLEMENT)
export class SettlementProcessor extends WorkerHost {
  static readonly handles: JobName[] = [
    JOB.SETTLE_SLIPS,
    JOB.CHECK_PICKS_DELIVERY,
    JOB.OFFER_PAYBILL,
  ];

  constructor(
    private readonly settlement: SlipSettlementService,
    private readonly picksDelivery: PicksDeliveryCheckService,
    private readonly paybillOffers: PaybillOfferService,
  ) {
    super();
  }

  async process(job: Job): Promise<object> {
    if (job.name === JOB.SETTLE_SLIPS) return { settled: await this.settlement.sweep() };
    if (job.name === JOB.CHECK_PICKS_DELIVERY) return this.picksDelivery.run();
    if (job.name === JOB.OFFER_PAYBILL) {
      if (!isOfferPaybillPayload(job.data))
        throw new UnrecoverableError('bad offer-paybill payload');
      return { outcome: await this.paybillOffers.afterMissedPrompt(job.data) };
    }
    throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.SETTLEMENT}`);
  }
}
