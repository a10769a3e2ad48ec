import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';
import type { VoucherReason, VoucherStatus } from '../domain/voucher';

/**
 * `voucher`: a buyer's credit by phone or, with none, by e-mail (docs/PRODUCT-RULES.md R240-R247,
 * R283), owned by the processor
 * (docs/ARCHITECTURE.md "Table ownership"). One per refunded purchase (partial UNIQUE on
 * `source_purchase_id`), redeemed at most once (UNIQUE `redeemed_by_purchase_id`). Amounts:
 * `amount` in `currency` as paid, `amountKsh` its Ksh value (what it pays for), numeric(12,2).
 */
@Entity('voucher')
export class Voucher {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  /** VOUCHER_CODE_DIGITS digits, UNIQUE; compared in constant time (domain/voucher.ts). */
  @Column({ type: 'text' }) code: string;
  /** The MSISDN `2547XXXXXXXX` that may redeem it; null for an e-mail holder (R283). */
  @Column({ type: 'text', nullable: true }) phone: string | null;
  /** The e-mail (lower case) that may redeem it, when no phone is known (R283); else null. */
  @Column({ type: 'text', nullable: true }) email: string | null;
  @Column(moneyColumn('amount')) amount: Money;
  @Column({ type: 'text' }) currency: string;
  @Column(moneyColumn('amount_ksh')) amountKsh: Money;
  /** The purchase refunded (or, for `change`, the purchase the voucher it came from paid). */
  @Column({ name: 'source_purchase_id', type: 'bigint' }) sourcePurchaseId: string;
  @Column({ type: 'text' }) reason: VoucherReason;
  @Column({ type: 'text', default: 'issued' }) status: VoucherStatus;
  @Column({ name: 'issued_at', type: 'timestamptz' }) issuedAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'redeemed_by_purchase_id', type: 'bigint', nullable: true })
  redeemedByPurchaseId: string | null;
  @Column({ name: 'redeemed_at', type: 'timestamptz', nullable: true }) redeemedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
