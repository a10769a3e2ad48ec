import { Inject, Injectable } from '@nestjs/common';
import { Clock, CLOCK } from '../../common/clock/clock';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, JOB_QUEUE, jobId } from '../../common/queues/queues';
import { PAYOUT_RECONCILE_AFTER_MS } from './finance.constants';
import { WithdrawalRepository } from './withdrawal.repository';

/**
 * Payouts whose job was lost or never answered (docs/PROVIDERS.md §1.8, §1.9): the scheduled
 * `reconcile-payouts` job requeues their `b2c-withdrawal` job (PayoutSendService).
 */
@Injectable()
export class PayoutReconciliationService {
  constructor(
    private readonly withdrawals: WithdrawalRepository,
    private readonly producer: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The scheduled `reconcile-payouts` job (docs/CONTRIBUTING.md §8: it only fans out): for every approved,
   * pending withdrawal approved over `olderThanMs` ago that still has a part never answered
   * (`sending`) or no parts at all (its job was lost), retries its failed `withdrawal-<id>` job or
   * enqueues it again. Safe: Daraja refuses a repeated OriginatorConversationID. Parts `accepted`
   * whose Result never came are left for a Transaction Status query (docs/PROVIDERS.md §1.9; not done
   * here). Returns how many withdrawals were requeued.
   */
  async reconcile(olderThanMs = PAYOUT_RECONCILE_AFTER_MS, limit = 100): Promise<number> {
    const ids = await this.withdrawals.stuckPayoutIds(
      new Date(this.clock.now().getTime() - olderThanMs),
      limit,
    );
    const queue = this.producer.queue(JOB_QUEUE[JOB.B2C_WITHDRAWAL]);
    let requeued = 0;
    for (const id of ids) {
      const key = jobId('withdrawal', id);
      const job = await queue.getJob(key);
      const state = job ? await job.getState() : 'missing';
      if (state === 'failed') await job!.retry();
      else if (state === 'missing' || state === 'unknown' || state === 'completed') {
        if (job) await job.remove();
        await this.producer.enqueue(JOB.B2C_WITHDRAWAL, { withdrawalId: id }, key);
      } else continue; // waiting, delayed or active: it will run
      requeued++;
    }
    return requeued;
  }
}
