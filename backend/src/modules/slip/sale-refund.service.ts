import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { SmsService } from '../notifications/sms/sms.service';
import type { RefundablePurchase } from '../processor/vouchers/voucher.repository';
import { voucherSms } from '../processor/domain/voucher';
import { VoucherService } from '../processor/vouchers/voucher.service';

/** Why a sale is refunded (docs/PRODUCT-RULES.md R244, R245, R249). */
export type SaleRefundReason = 'money-back' | 'void' | 'undelivered';

/**
 * Refunds of slip sales by voucher (docs/PRODUCT-RULES.md R243-R245, R249), in the caller's
 * transaction: the processor's VoucherService reverses the tipster's pending share and issues the
 * voucher (both in the ledger); each new voucher's SMS is queued in the outbox (purpose
 * `voucher`), to be dispatched by the caller after commit.
 */
@Injectable()
export class SaleRefundService {
  constructor(
    private readonly vouchers: VoucherService,
    private readonly sms: SmsService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Refunds `purchaseIds` (paid slip purchases) by voucher for `reasonOf(purchase)`. A purchase
   * refunded before, or whose share is no longer pending, is not refunded again.
   * @returns `handled`: the purchases refunded now or before (their share is settled by the
   *   refund); `smsIds`: the voucher SMS queued, to dispatch after commit.
   */
  async refund(
    em: EntityManager,
    purchaseIds: string[],
    reasonOf: (p: RefundablePurchase) => SaleRefundReason,
  ): Promise<{ handled: Set<string>; smsIds: string[] }> {
    if (!purchaseIds.length) return { handled: new Set(), smsIds: [] };
    const { issued, handled } = await this.vouchers.refundPurchases(em, purchaseIds, reasonOf);
    const smsIds = await this.sms.queueMany(
      issued.map(({ voucher, slipId }) => ({
        to: voucher.phone,
        body: voucherSms(voucher, slipId, this.config.publicUrl),
        purpose: 'voucher',
      })),
      em,
    );
    return { handled, smsIds };
  }
}
