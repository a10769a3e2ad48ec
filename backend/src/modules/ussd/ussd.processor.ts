import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { isUssdPushPayload, UssdBuyService } from './ussd-buy.service';

/**
 * Consumer of the `ussd` queue: the delayed STK push of a slip bought in the USSD menu
 * (docs/PRODUCT-RULES.md R174). One service call per job.
 */
@Processor(QUEUE.USSD)
export class UssdProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.USSD_STK_PUSH];

  constructor(private readonly buys: UssdBuyService) {
    super();
  }

  async process(job: Job): Promise<{ outcome: string }> {
    if (job.name !== JOB.USSD_STK_PUSH) throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.USSD}`);
    if (!isUssdPushPayload(job.data)) throw new UnrecoverableError('bad ussd-stk-push payload');
    return { outcome: await this.buys.push(job.data) };
  }
}
