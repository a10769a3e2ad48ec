import { VoucherService } from './vouchers/voucher.service';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { JobProducer } from '../../common/queues/job-producer.service';
import { JOB, JobName, QUEUE, STALLED_JOB_RECOVERY } from '../../common/queues/queues';
import { ProviderCallbackError } from '../../providers/common/provider-errors';
import { parseC2bPayment } from '../../providers/daraja/daraja-c2b';
import {
  parseStkCallback,
  parseTransactionStatusResult,
} from '../../providers/daraja/daraja.client';
import { parseWebhook } from '../../providers/flutterwave/flutterwave.client';
import { C2bConfirmationBatcher } from './c2b-confirmation-batcher';
import { MpesaCallbackBatcher } from './mpesa-callback-batcher';
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
 * M-Pesa callbacks and C2B confirmations wait in MpesaCallbackBatcher / C2bConfirmationBatcher for
 * a shared transaction, which holds one pool connection per batch, so up to 64 jobs in flight feed
 * batches of up to 64 (docs/PERFORMANCE.md, "Payment callbacks"). Other jobs (webhooks, reconciliation, a failed batch's callbacks one by
 * one) take one connection each and wait for the pool (database/data-source.ts, max 20).
 */
export const PAYMENTS_CONCURRENCY = 64;

/** Consumer of the `payments` queue: one service call per job name (docs/CONTRIBUTING.md §8). */
@Processor(QUEUE.PAYMENTS, { concurrency: PAYMENTS_CONCURRENCY, ...STALLED_JOB_RECOVERY })
export class PaymentsProcessor extends WorkerHost {
  static readonly handles: JobName[] = [
    JOB.DRAIN_INBOX,
    JOB.MPESA_CALLBACK,
    JOB.FLUTTERWAVE_WEBHOOK,
    JOB.C2B_CONFIRMATION,
    JOB.RECONCILE_STK,
    JOB.TRANSACTION_STATUS_RESULT,
    JOB.EXPIRE_VOUCHERS,
  ];
  constructor(
    private readonly producer: JobProducer,
    private readonly purchases: PurchaseService,
    private readonly mpesaBatches: MpesaCallbackBatcher,
    private readonly c2bBatches: C2bConfirmationBatcher,
    private readonly vouchers: VoucherService,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    switch (job.name) {
      case JOB.DRAIN_INBOX:
        return { moved: await this.producer.drainInbox() };
      case JOB.MPESA_CALLBACK:
        return { outcome: await this.mpesaBatches.submit(parseOrFail(parseStkCallback, job.data)) };
      case JOB.FLUTTERWAVE_WEBHOOK:
        return {
          outcome: await this.purchases.confirmFlutterwave(parseOrFail(parseWebhook, job.data)),
        };
      case JOB.C2B_CONFIRMATION:
        return { outcome: await this.c2bBatches.submit(parseOrFail(parseC2bPayment, job.data)) };
      case JOB.RECONCILE_STK:
        return this.purchases.reconcileAll();
      case JOB.EXPIRE_VOUCHERS:
        return { expired: await this.vouchers.expireDue() };
      case JOB.TRANSACTION_STATUS_RESULT:
        return {
          outcome: await this.purchases.confirmTransactionStatus(
            parseOrFail(parseTransactionStatusResult, job.data),
          ),
        };
      default:
        throw new UnrecoverableError(`no handler for ${job.name} on ${QUEUE.PAYMENTS}`);
    }
  }
}
