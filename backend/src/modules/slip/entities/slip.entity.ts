import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';

/** Slip result once settled (docs/PRODUCT-RULES.md, Settlement): W won, L lost, C cancelled (every tip void). */
export type SlipResultCode = 'W' | 'L' | 'C';

/**
 * A published slip (docs/PRODUCT-RULES.md R114): 3-5 tips, server-quoted total odds, a Ksh price.
 * Locked once published: never edited or deleted; only settlement writes `slipResult`,
 * `settledAccumulator`, `settledAt`.
 */
@Entity('slip')
export class Slip {
  @PrimaryGeneratedColumn('identity', { type: 'int', generatedIdentity: 'BY DEFAULT' }) id: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column(moneyColumn('price_ksh')) price: Money;
  /** Total odds at publishing, truncated to 2 decimals ('2.97'). */
  @Column({ type: 'numeric', precision: 8, scale: 2 }) accumulator: string;
  @Column({ type: 'boolean', default: false }) jackpot: boolean;
  /**
   * Marked by an admin (back office `premium-slips`): shown to active subscribers
   * (docs/PRODUCT-RULES.md "Subscriptions, premium").
   */
  @Column({ type: 'boolean', default: false }) premium: boolean;
  /**
   * Money back (docs/PRODUCT-RULES.md R240): set at publish, never changed; a lost money-back
   * slip refunds its buyers by voucher (R244).
   */
  @Column({ name: 'money_back', type: 'boolean', default: false }) moneyBack: boolean;
  @Column({ name: 'slip_result', type: 'char', length: 1, nullable: true })
  slipResult: SlipResultCode | null;
  /** Product of the non-void odds once settled (void legs 1.00). */
  @Column({ name: 'settled_accumulator', type: 'numeric', precision: 8, scale: 2, nullable: true })
  settledAccumulator: string | null;
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true }) settledAt: Date | null;
  @Column({ name: 'date_created', type: 'timestamptz' }) dateCreated: Date;
  /**
   * Per-slip random salt (64 hex) and SHA-256 commitment (64 hex) of the picks, written when the slip
   * is published (domain/slip-commitment.ts;
   * docs/PRODUCT-RULES.md "Records and responsible gambling"). The salt is revealed only once the
   * slip is finished.
   */
  @Column({ name: 'commit_salt', type: 'char', length: 64, nullable: true }) commitSalt:
    string | null;
  @Column({ type: 'char', length: 64, nullable: true }) commitment: string | null;
}
