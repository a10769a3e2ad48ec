import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { ProviderCallbackError } from '../../providers/common/provider-errors';
import { parseAccountBalanceResult, parseB2cResult } from '../../providers/daraja/daraja.client';
import { B2cFloatService } from './b2c-float.service';
import { PayoutService } from './payout.service';

/** Payout jobs run a few at a time: each locks its withdrawal row, so order does not matter. */
export const PAYOUTS_CONCURRENCY = 4;

/**
 * Consumer of the `payouts` queue (docs/ARCHITECTURE.md "Queues"): B2C requests (held while the
 * B2C float cannot cover them, docs/PRODUCT-RULES.md R195), B2C results, payout reconciliation,
 * the float check and its Account Balance results.
 */
@Processor(QUEUE.PAYOUTS, { concurrency: PAYOUTS_CONCURRENCY })
export class PayoutsProcessor extends WorkerHost {
  static readonly handles: JobName[] = [
    JOB.B2C_WITHDRAWAL,
    JOB.B2C_RESULT,
    JOB.RECONCILE_PAYOUTS,
    JOB.CHECK_B2C_FLOAT,
    JOB.ACCOUNT_BALANCE_RESULT,
  ];
  constructor(
    private readonly payouts: PayoutService,
    private readonly float: B2cFloatService,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case JOB.B2C_WITHDRAWAL: {
        const id = (job.data as { withdrawalId?: unknown })?.withdrawalId;
        if (typeof id !== 'string' || !/^\d+$/.test(id))
          throw new UnrecoverableError('b2c-withdrawal needs a withdrawalId');
        await this.float.holdIfShort(id);
        return this.payouts.sendPayout(id);
      }
      case JOB.B2C_RESULT: {
        let result;
        try {
          result = parseB2cResult(job.data);
        } catch (err) {
          // A bad shape can never succeed: not retried.
          if (err instanceof ProviderCallbackError) throw new UnrecoverableError(err.message);
          throw err;
        }
        const outcome = await this.payouts.applyResult(result);
        await this.float.recordFromPayout(result);
        return { outcome };
      }
      case JOB.CHECK_B2C_FLOAT:
        return this.float.ask();
      case JOB.ACCOUNT_BALANCE_RESULT: {
        let balance;
        try {
          balance = parseAccountBalanceResult(job.data);
        } catch (err) {
          if (err instanceof ProviderCallbackError) throw new UnrecoverableError(err.message);
          throw err;
        }
        return { utilityAvailable: await this.float.recordBalance(balance) };
      }
      case JOB.RECONCILE_PAYOUTS:
        return { requeued: await this.payouts.reconcile() };
      default:
        throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.PAYOUTS}`);
    }
  }
}
