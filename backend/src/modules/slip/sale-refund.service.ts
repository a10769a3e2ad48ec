import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { RefundablePurchase } from '../processor/vouchers/voucher.repository';
import { QueuedNotices, VoucherNotices } from '../processor/vouchers/voucher-notices';
import { VoucherService } from '../processor/vouchers/voucher.service';

/** Why a sale is refunded (docs/PRODUCT-RULES.md R244, R245, R249). */
export type SaleRefundReason = 'money-back' | 'void' | 'undelivered';

/**
 * Refunds of slip sales by voucher (docs/PRODUCT-RULES.md R243-R245, R249, R283), in the
 * caller's transaction: the processor's VoucherService reverses the tipster's pending share and
 * issues the voucher (both in the ledger); each new voucher's notice is queued in the outbox (an
 * SMS to a phone holder, an e-mail to an e-mail holder: VoucherNotices), to be dispatched by the
 * caller after commit.
 */
@Injectable()
export class SaleRefundService {
  constructor(
    private readonly vouchers: VoucherService,
    private readonly notices: VoucherNotices,
  ) {}

  /**
   * Refunds `purchaseIds` (paid slip purchases) by voucher for `reasonOf(purchase)`. A purchase
   * refunded before, or whose share is no longer pending, is not refunded again.
   * @returns `handled`: the purchases refunded now or before (their share is settled by the
   *   refund); `notices`: the voucher SMS and e-mails queued, to `dispatch` after commit.
   */
  async refund(
    em: EntityManager,
    purchaseIds: string[],
    reasonOf: (p: RefundablePurchase) => SaleRefundReason,
  ): Promise<{ handled: Set<string>; notices: QueuedNotices }> {
    if (!purchaseIds.length) return { handled: new Set(), notices: { smsIds: [], emailIds: [] } };
    const { issued, handled } = await this.vouchers.refundPurchases(em, purchaseIds, reasonOf);
    return { handled, notices: await this.notices.queue(em, issued) };
  }

  /** Sends the notices `refund` queued (after its transaction committed). Never throws. */
  dispatch(notices: QueuedNotices): Promise<void> {
    return this.notices.dispatch(notices);
  }
}
