import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, JobName, QUEUE } from '../../common/queues/queues';
import { ProviderCallbackError } from '../../providers/common/provider-errors';
import { parseStkCallback } from '../../providers/daraja/daraja.client';
import { parseWebhook } from '../../providers/flutterwave/flutterwave.client';
import { PurchaseService } from './purchase.service';

/** Reads a provider payload; a bad shape can never succeed, so it is not retried. */
const parseOrFail = <T>(parse: (body: unknown) => T, body: unknown): T => {
  try {
    return parse(body);
  } catch (err) {
    if (err instanceof ProviderCallbackError) throw new UnrecoverableError(err.message);
    throw err;
  }
};

/**
 * Payment jobs run in parallel: each takes its purchase row lock, so order does not matter.
 * 16 (was 8): a job spends most of its time waiting on PostgreSQL round trips, so more of them
 * in flight raise callbacks/s (docs/PERFORMANCE.md, "Payment callbacks"). Keep it below the pool
 * size (database/data-source.ts, max 20): the slip fulfilment reads fixtures through a second
 * pool connection while holding its transaction's, so a concurrency ≥ the pool can starve it.
 */
export const PAYMENTS_CONCURRENCY = 16;

/** Consumer of the `payments` queue: one service call per job name (style.md §8). */
@Processor(QUEUE.PAYMENTS, { concurrency: PAYMENTS_CONCURRENCY })
export class PaymentsProcessor extends WorkerHost {
  static readonly handles: JobName[] = [JOB.DRAIN_INBOX, JOB.MPESA_CALLBACK, JOB.FLUTTERWAVE_WEBHOOK, JOB.RECONCILE_STK];
  constructor(
    private readonly producer: JobProducer,
    private readonly purchases: PurchaseService,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case JOB.DRAIN_INBOX:
        return { moved: await this.producer.drainInbox() };
      case JOB.MPESA_CALLBACK:
        return { outcome: await this.purchases.confirmMpesa(parseOrFail(parseStkCallback, job.data)) };
      case JOB.FLUTTERWAVE_WEBHOOK:
        return { outcome: await this.purchases.confirmFlutterwave(parseOrFail(parseWebhook, job.data)) };
      case JOB.RECONCILE_STK:
        return { mpesa: await this.purchases.reconcileStk(), flutterwave: await this.purchases.reconcileFlutterwave() };
      default:
        throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.PAYMENTS}`);
    }
  }
}
