import { Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '../../database/transaction-runner';
import { SaleRefundService } from './sale-refund.service';

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
 * Where undelivered picks end (docs/PRODUCT-RULES.md R224, R249): the delivery check calls
 * `refundUndelivered` after the transaction that marked the purchases `undelivered` committed;
 * each purchase is refunded by voucher (reason `undelivered`, SaleRefundService), once, and the
 * listeners are told. The event is emitted once per purchase, but a crash between commit and emit
 * loses it (no sweep of `picks_delivery` rows in state `undelivered` yet).
 */
@Injectable()
export class UndeliveredPicksHook {
  private readonly logger = new Logger(UndeliveredPicksHook.name);
  private readonly listeners: Listener[] = [];

  constructor(
    private readonly tx: TransactionRunner,
    private readonly refunds: SaleRefundService,
  ) {}

  /** Subscribes to `picks.undelivered`; returns an unsubscribe. */
  onUndelivered(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener) >>> 0, 1);
  }

  /**
   * The refund hook (docs/PRODUCT-RULES.md R224, R249): one transaction refunds every purchase by
   * voucher (its tipster share reversed; a purchase refunded before is skipped), the voucher SMS
   * sent after commit; then the listeners. Never throws: a failed refund or listener is logged.
   */
  async refundUndelivered(events: PicksUndelivered[]): Promise<void> {
    if (!events.length) return;
    this.logger.warn(
      { purchases: events.map((e) => e.purchaseId) },
      `${PICKS_UNDELIVERED}: picks delivered by no channel before kick-off: refunded by voucher`,
    );
    try {
      const { notices } = await this.tx.run((em) =>
        this.refunds.refund(
          em,
          events.map((e) => e.purchaseId),
          () => 'undelivered',
        ),
      );
      await this.refunds.dispatch(notices);
    } catch (err) {
      this.logger.error({ err: String(err) }, `${PICKS_UNDELIVERED} refund failed`);
    }
    for (const l of [...this.listeners]) {
      try {
        await l(events);
      } catch (err) {
        this.logger.error({ err: String(err) }, `${PICKS_UNDELIVERED} listener failed`);
      }
    }
  }
}
