import { Injectable } from '@nestjs/common';
import { GroupCommit } from '../../common/batching/group-commit';
import type { StkCallbackResult } from '../../providers/daraja/daraja.types';
import { ConfirmOutcome, PurchaseService } from './purchase.service';

/** Most STK callbacks applied in one transaction. */
export const MPESA_BATCH_MAX = 64;
/** Batches in flight at once (each holds one pool connection while its transaction runs). */
export const MPESA_BATCH_FLUSHES = 2;

/**
 * Group commit of M-Pesa STK callbacks in the payments worker (docs/PERFORMANCE.md
 * "Payment callbacks"): each `mpesa-callback` job hands its callback to `submit` and waits for
 * its own outcome; callbacks that arrive together share one transaction
 * (`PurchaseService.confirmMpesaBatch`: every purchase keeps its row lock, only-from-pending rule
 * and unique keys). A failed batch is applied callback by callback (`confirmMpesa`); a
 * callback's error fails its job, which BullMQ retries as before.
 */
@Injectable()
export class MpesaCallbackBatcher {
  private readonly group: GroupCommit<StkCallbackResult, ConfirmOutcome>;

  constructor(purchases: PurchaseService) {
    this.group = new GroupCommit({
      name: MpesaCallbackBatcher.name,
      maxBatch: MPESA_BATCH_MAX,
      maxInFlight: MPESA_BATCH_FLUSHES,
      runBatch: (callbacks) => purchases.confirmMpesaBatch(callbacks),
      single: (callback) => purchases.confirmMpesa(callback),
    });
  }

  /**
   * Applies `callback` in the next batch. Resolves with its outcome; rejects with the error its
   * job should fail with (PurchaseNotFoundYetError when the purchase is not committed yet).
   */
  submit(callback: StkCallbackResult): Promise<ConfirmOutcome> {
    return this.group.submit(callback);
  }
}
