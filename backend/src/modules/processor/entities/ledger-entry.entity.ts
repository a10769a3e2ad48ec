import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';

/**
 * `ledger_entry`: append-only money movements (docs/PRODUCT-RULES.md "Money"). UNIQUE (kind, purchase_id)
 * makes crediting a purchase twice impossible. `status` follows spec §4 payment status:
 * W pending, P paid, other unpaid.
 */
@Entity('ledger_entry')
export class LedgerEntry {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  /** The tipster credited, when the account is a user's. */
  @Column({ name: 'user_id', type: 'int', nullable: true }) userId: number | null;
  /** 'tipster' (a user's share) or 'platform'. */
  @Column({ type: 'text' }) account: string;
  /** 'sale_share' (tipster 60%), 'platform_fee', 'subscription_sale', … */
  @Column({ type: 'text' }) kind: string;
  @Column(moneyColumn('amount')) amount: Money;
  @Column({ type: 'text' }) status: string;
  @Column({ name: 'purchase_id', type: 'bigint', nullable: true }) purchaseId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
