import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { PaybillOfferService } from '../slip/paybill-offer.service';
import { isUssdPushPayload, UssdBuyService } from './ussd-buy.service';

/**
 * Consumer of the `ussd` queue: the delayed STK push of a slip bought in the USSD menu
 * (docs/PRODUCT-RULES.md R174), and the SMS saying why when the purchase path refused it (R181).
 */
@Processor(QUEUE.USSD)
export class UssdProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.USSD_STK_PUSH];

  constructor(
    private readonly buys: UssdBuyService,
    private readonly offers: PaybillOfferService,
  ) {
    super();
  }

  async process(job: Job): Promise<{ outcome: string }> {
    if (job.name !== JOB.USSD_STK_PUSH)
      throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.USSD}`);
    if (!isUssdPushPayload(job.data)) throw new UnrecoverableError('bad ussd-stk-push payload');
    const pushed = await this.buys.push(job.data);
    // A refused push: the buyer is texted why, with the paybill (docs/PRODUCT-RULES.md R181; never throws).
    if (pushed.outcome === 'refused')
      await this.offers.afterRefusedPush(job.data.msisdn, job.data.slipId, pushed.reason);
    return { outcome: pushed.outcome };
  }
}
