import { Injectable, Logger } from '@nestjs/common';

/** Event `picks.undelivered`: a paid purchase whose picks reached the buyer by no channel before the first kick-off. */
export interface PicksUndelivered {
  purchaseId: string;
  slipId: number;
  /** Buyer MSISDN `2547XXXXXXXX`. */
  phone: string;
  /** When the delivery check marked it (application clock, UTC). */
  at: Date;
}

export const PICKS_UNDELIVERED = 'picks.undelivered';

type Listener = (events: PicksUndelivered[]) => Promise<void> | void;

/**
 * Where undelivered picks end (docs/PRODUCT-RULES.md R224): the delivery check calls
 * `refundUndelivered` after the transaction that marked the purchases `undelivered` committed.
 * Today it only logs and tells its listeners (none yet): the refund as a voucher plugs in here
 * (`onUndelivered`) once vouchers exist. A listener must be idempotent per purchase — the event
 * is emitted once per purchase, but a crash between commit and emit loses it, so the voucher
 * feature should also sweep `picks_delivery` rows in state `undelivered`.
 */
@Injectable()
export class UndeliveredPicksHook {
  private readonly logger = new Logger(UndeliveredPicksHook.name);
  private readonly listeners: Listener[] = [];

  /** Subscribes to `picks.undelivered`; returns an unsubscribe. */
  onUndelivered(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener) >>> 0, 1);
  }

  /**
   * The refund hook: a no-op today apart from the log line and the listeners (no voucher is
   * issued; docs/PRODUCT-RULES.md R224). Never throws: a listener's error is logged.
   */
  async refundUndelivered(events: PicksUndelivered[]): Promise<void> {
    if (!events.length) return;
    this.logger.warn({ purchases: events.map((e) => e.purchaseId) }, `${PICKS_UNDELIVERED}: picks delivered by no channel before kick-off (no refund yet)`);
    for (const l of [...this.listeners]) {
      try {
        await l(events);
      } catch (err) {
        this.logger.error({ err: String(err) }, `${PICKS_UNDELIVERED} listener failed`);
      }
    }
  }
}
