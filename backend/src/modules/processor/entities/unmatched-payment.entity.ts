import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';

/** Why money that arrived paid nothing (docs/PRODUCT-RULES.md R203). */
export type UnmatchedReason =
  'unknown-reference' | 'expired-reference' | 'closed-reference' | 'amount-mismatch';

/**
 * `unmatched_payment`: money a Daraja C2B confirmation brought that paid no purchase, kept for
 * refund (docs/PRODUCT-RULES.md R203); one row per `TransID` (UNIQUE).
 */
@Entity('unmatched_payment')
export class UnmatchedPayment {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  /** The rail the money came by (`c2b`). */
  @Column({ type: 'text', default: 'c2b' }) provider: string;
  /** The M-Pesa transaction code (`TransID`). */
  @Column({ name: 'trans_id', type: 'text' }) transId: string;
  /** The account number the payer typed (`BillRefNumber`, upper-cased). */
  @Column({ name: 'bill_ref_number', type: 'text' }) billRefNumber: string;
  /** Ksh paid (`TransAmount`). */
  @Column(moneyColumn('amount')) amount: Money;
  @Column({ type: 'text' }) reason: UnmatchedReason;
  /** The purchase the reference names, when it names one. */
  @Column({ name: 'purchase_id', type: 'bigint', nullable: true }) purchaseId: string | null;
  /** The payer as Daraja sent it (masked or hashed). */
  @Column({ type: 'text', nullable: true }) msisdn: string | null;
  @Column({ name: 'first_name', type: 'text', nullable: true }) firstName: string | null;
  @Column({ name: 'business_short_code', type: 'text', nullable: true }) businessShortCode:
    string | null;
  /** `TransTime`, `YYYYMMDDHHmmss` Africa/Nairobi, as sent. */
  @Column({ name: 'trans_time', type: 'text', nullable: true }) transTime: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
