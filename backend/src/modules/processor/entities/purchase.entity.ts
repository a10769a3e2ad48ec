import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';

/** What a purchase buys. The slip module plugs its fulfilment in for 'slip' (PurchaseFulfilments). */
export type PurchaseKind = 'slip' | 'subscription';
export type PurchaseStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'timeout';
export type PaymentProvider = 'mpesa' | 'flutterwave' | 'c2b' | 'voucher';

/**
 * `purchase`: one payment attempt for a slip or a subscription (docs/PRODUCT-RULES.md "Purchases and provider callbacks"). Unique keys:
 * checkout_request_id, tx_ref, flw_transaction_id, receipt and our short `code`.
 */
@Entity('purchase')
export class Purchase {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ type: 'text' }) kind: PurchaseKind;
  /** The slip bought (kind 'slip'); the slip module owns the foreign key. */
  @Column({ name: 'slip_id', type: 'bigint', nullable: true }) slipId: string | null;
  /** The subscription kind bought (kind 'subscription'). */
  @Column({ name: 'subscription_type', type: 'text', nullable: true }) subscriptionType:
    string | null;
  /** Buyer MSISDN `2547XXXXXXXX` (Kenya). */
  @Column({ type: 'text', nullable: true }) phone: string | null;
  /** Buyer e-mail (Nigeria / Uganda). */
  @Column({ type: 'text', nullable: true }) email: string | null;
  @Column(moneyColumn('amount')) amount: Money;
  /**
   * The phone this purchase counts against for spend caps and self-exclusion (docs/PRODUCT-RULES.md
   * "Records and responsible gambling"): the M-Pesa MSISDN, or the phone of the account behind a
   * Flutterwave e-mail; null when none is known.
   */
  @Column({ name: 'rg_phone', type: 'text', nullable: true }) rgPhone: string | null;
  /** The price in Ksh (for NGN/UGX purchases the slip's Ksh price), counted against a daily cap. */
  @Column(moneyColumn('amount_ksh', { nullable: true })) amountKsh: Money | null;
  @Column({ type: 'text', default: 'KES' }) currency: string;
  @Column({ type: 'text' }) provider: PaymentProvider;
  @Column({ name: 'checkout_request_id', type: 'text', nullable: true }) checkoutRequestId:
    string | null;
  @Column({ name: 'merchant_request_id', type: 'text', nullable: true }) merchantRequestId:
    string | null;
  @Column({ name: 'tx_ref', type: 'text', nullable: true }) txRef: string | null;
  @Column({ name: 'flw_transaction_id', type: 'text', nullable: true }) flwTransactionId:
    string | null;
  /** M-Pesa receipt (MpesaReceiptNumber); null when confirmed by STK query only. */
  @Column({ type: 'text', nullable: true }) receipt: string | null;
  /** Our short purchase code (docs/PRODUCT-RULES.md, "Finding a bought slip again"). */
  @Column({ type: 'text' }) code: string;
  @Column({ type: 'text', default: 'pending' }) status: PurchaseStatus;
  /**
   * True while this pending M-Pesa purchase's STK prompt may still be on the buyer's phone: at
   * most one such row per (phone, kind, slip) (unique index uq_purchase_open_prompt).
   */
  @Column({ name: 'stk_prompt_open', type: 'boolean', default: false }) stkPromptOpen: boolean;
  @Column({ name: 'result_code', type: 'text', nullable: true }) resultCode: string | null;
  @Column({ name: 'result_desc', type: 'text', nullable: true }) resultDesc: string | null;
  /** What the provider says was paid (may differ from `amount`: then `reviewReason` is set). */
  @Column(moneyColumn('paid_amount', { nullable: true })) paidAmount: Money | null;
  /** Set when the purchase needs a human (amount mismatch, unknown push outcome). */
  @Column({ name: 'review_reason', type: 'text', nullable: true }) reviewReason: string | null;
  /** The admin's note when last flagging or clearing the purchase in the back office, who and when. */
  @Column({ name: 'review_note', type: 'text', nullable: true }) reviewNote: string | null;
  @Column({ name: 'reviewed_by', type: 'text', nullable: true }) reviewedBy: string | null;
  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true }) reviewedAt: Date | null;
  /** How many times reconciliation asked the provider and the purchase stayed pending (R191). */
  @Column({ name: 'reconcile_attempts', type: 'integer', default: 0 }) reconcileAttempts: number;
  /** When reconciliation may ask the provider again (R191); null = once the grace period is over (R190). */
  @Column({ name: 'next_reconcile_at', type: 'timestamptz', nullable: true })
  nextReconcileAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true }) paidAt: Date | null;
}
