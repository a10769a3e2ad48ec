import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';
import type { LedgerAccount, LedgerKind, LedgerStatus } from '../ledger.constants';

/**
 * `ledger_entry`: append-only money movements (docs/PRODUCT-RULES.md "Money"), owned by the
 * finance module's ledger (docs/ARCHITECTURE.md "Table ownership"): only `LedgerService` writes or
 * sums it. UNIQUE (kind, purchase_id) and UNIQUE (kind, withdrawal_id) make crediting a purchase
 * or debiting a withdrawal twice impossible. `status` follows the payment status of
 * docs/PRODUCT-RULES.md R31: W pending, P paid, other unpaid. Amounts are Ksh, numeric(12,2).
 */
@Entity('ledger_entry')
export class LedgerEntry {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  /** The tipster credited or debited, when the account is a user's. */
  @Column({ name: 'user_id', type: 'int', nullable: true }) userId: number | null;
  /** 'tipster' (a user's money) or 'platform'. */
  @Column({ type: 'text' }) account: LedgerAccount;
  /** One of LEDGER_KIND. */
  @Column({ type: 'text' }) kind: LedgerKind;
  @Column(moneyColumn('amount')) amount: Money;
  @Column({ type: 'text' }) status: LedgerStatus;
  @Column({ name: 'purchase_id', type: 'bigint', nullable: true }) purchaseId: string | null;
  @Column({ name: 'withdrawal_id', type: 'bigint', nullable: true }) withdrawalId: string | null;
  /** The voucher issued, redeemed or expired (UNIQUE with kind; docs/PRODUCT-RULES.md R241). */
  @Column({ name: 'voucher_id', type: 'bigint', nullable: true }) voucherId: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
