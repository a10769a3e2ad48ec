import { Injectable } from '@nestjs/common';
import { GroupCommit } from '../../common/batching/group-commit';
import type { C2bPayment } from '../../providers/daraja/daraja-c2b';
import { MPESA_BATCH_FLUSHES, MPESA_BATCH_MAX } from './mpesa-callback-batcher';
import { ConfirmOutcome, PurchaseService } from './purchase.service';

/**
 * Group commit of Daraja C2B confirmations in the payments worker, as MpesaCallbackBatcher does
 * for STK callbacks (docs/PERFORMANCE.md "Payment callbacks"): each `c2b-confirmation` job hands
 * its payment to `submit` and waits for its own outcome; confirmations that arrive together share
 * one transaction (`PurchaseService.confirmC2bBatch`: every reference's purchase locked, paid once
 * per TransID, unmatched money recorded once per TransID: docs/PRODUCT-RULES.md R202, R203) and the
 * buyer SMS are sent right after the commit. A failed batch is applied confirmation by
 * confirmation (`confirmC2b`); an error fails its job, which BullMQ retries as before.
 */
@Injectable()
export class C2bConfirmationBatcher {
  private readonly group: GroupCommit<C2bPayment, ConfirmOutcome>;

  constructor(purchases: PurchaseService) {
    this.group = new GroupCommit({
      name: C2bConfirmationBatcher.name,
      maxBatch: MPESA_BATCH_MAX,
      maxInFlight: MPESA_BATCH_FLUSHES,
      runBatch: (payments) => purchases.confirmC2bBatch(payments),
      single: (payment) => purchases.confirmC2b(payment),
    });
  }

  /** Applies `payment` in the next batch. Resolves with its outcome; rejects with the error its job should fail with. */
  submit(payment: C2bPayment): Promise<ConfirmOutcome> {
    return this.group.submit(payment);
  }
}
