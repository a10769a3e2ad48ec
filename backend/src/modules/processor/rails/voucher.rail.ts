import { Injectable } from '@nestjs/common';
import { Money } from '../../../common/money/money';
import { VoucherHolder } from '../domain/voucher';
import type { Purchase, PurchaseKind } from '../entities/purchase.entity';
import { ConfirmOutcome, PaymentConfirmationService } from '../payment-confirmation.service';
import { ProcessorErrorCode } from '../processor.errors';
import { PurchaseStartService } from '../purchase-start.service';
import { QueuedNotices, VoucherNotices } from '../vouchers/voucher-notices';
import { VoucherRedemption } from '../vouchers/voucher-redemption';
import type { PaymentRail } from './payment-rail';

/** Input of `start`: a slip bought by `holder` for `amount` Ksh with the voucher code typed. */
export interface VoucherPurchaseInput {
  kind: PurchaseKind;
  slipId: string;
  /**
   * The voucher's holder, where the picks go: an MSISDN `2547XXXXXXXX` (by SMS), or an e-mail
   * (by e-mail, docs/PRODUCT-RULES.md R283).
   */
  holder: VoucherHolder;
  /** The slip's Ksh price. */
  amount: Money;
  /** The code as typed (normalised by the voucher rule). */
  voucher: unknown;
}

/**
 * The reference of a slip paid by an e-mail holder's voucher (docs/PRODUCT-RULES.md R283), in the
 * tx_ref column as a card purchase's: /find_tip_ng finds the slip by the e-mail and it.
 */
export const voucherTxRef = (code: string): string => `VOUCHER-SLIP-${code}`;

/**
 * The voucher rail (docs/PRODUCT-RULES.md R246, R247; docs/CONTRIBUTING.md "Add a payment
 * rail"): a voucher that covers the slip's price pays it at once, with no STK push. `start`
 * checks the code (rate limited, constant-time, nothing spent on a refusal), opens the pending
 * purchase through the purchase gate, then applies a paid result through
 * PaymentConfirmationService with the redemption in the same transaction (the voucher locked and
 * marked redeemed once; its `voucher_redeemed` row; the change voucher when the price left some).
 * A purchase left pending by a crash is closed by reconciliation.
 */
@Injectable()
export class VoucherRail implements PaymentRail<VoucherPurchaseInput, Purchase, never> {
  readonly provider = 'voucher' as const;

  constructor(
    private readonly starts: PurchaseStartService,
    private readonly confirmation: PaymentConfirmationService,
    private readonly vouchers: VoucherRedemption,
    private readonly notices: VoucherNotices,
  ) {}

  /**
   * Pays a slip with a voucher. @returns the purchase (paid).
   * @throws the voucher's 4xx (VoucherService.check / redeemIn), the purchase gate's 403; the
   *   purchase is failed, never paid, when the redemption is refused inside the transaction.
   */
  async start(input: VoucherPurchaseInput): Promise<Purchase> {
    const { holder } = input;
    const voucher = await this.vouchers.check(holder, input.voucher, input.amount);
    const pending = {
      kind: input.kind,
      slipId: input.slipId,
      phone: holder.phone,
      email: holder.email,
      amount: input.amount,
      amountKsh: input.amount,
      provider: this.provider,
      stkPromptOpen: false,
      // An e-mail buyer finds the slip again at /find_tip_ng by this reference (R283).
      txRef: holder.email !== null ? voucherTxRef : undefined,
    };
    return this.starts.start(
      pending,
      ProcessorErrorCode.VOUCHER_REDEEMED,
      async (purchase: Purchase) => {
        let notices: QueuedNotices = { smsIds: [], emailIds: [] };
        await this.confirmation.apply(
          { id: purchase.id },
          {
            outcome: 'paid',
            resultCode: '0',
            resultDesc: `Voucher ${voucher.id}`,
            paid: purchase.amount,
          },
          async (em, purchaseId) => {
            const change = await this.vouchers.redeemIn(em, voucher.id, holder, {
              id: purchaseId,
              priceKsh: input.amount,
            });
            if (change) notices = await this.notices.queue(em, [{ voucher: change, slipId: null }]);
          },
        );
        await this.notices.dispatch(notices);
        return { ...purchase, status: 'paid' as const };
      },
    );
  }

  /** A voucher purchase still pending was interrupted before its transaction committed: closed as failed, nothing spent. */
  async reconcile(p: Purchase): Promise<ConfirmOutcome> {
    return this.confirmation.apply(
      { id: p.id },
      {
        outcome: 'failed',
        resultCode: 'voucher-interrupted',
        resultDesc: 'Voucher purchase interrupted',
      },
    );
  }
}
