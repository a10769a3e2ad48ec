import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';

/**
 * A phone's responsible-gambling controls (table `rg_limit`; docs/PRODUCT-RULES.md "Records and
 * responsible gambling"). Written only by RgRepository; the back office reads it (`rg-limits`).
 */
@Entity('rg_limit')
export class RgLimit {
  /** International digits, e.g. 254712345678. */
  @PrimaryColumn({ type: 'text' }) phone: string;
  /** Ksh per Africa/Nairobi day; null: no cap. */
  @Column(moneyColumn('daily_cap_ksh', { nullable: true })) dailyCapKsh: Money | null;
  /** A raised cap waiting for `nextCapFrom`. */
  @Column(moneyColumn('next_cap_ksh', { nullable: true })) nextCapKsh: Money | null;
  @Column({ name: 'next_cap_from', type: 'timestamptz', nullable: true }) nextCapFrom: Date | null;
  @Column({ name: 'excluded_until', type: 'timestamptz', nullable: true })
  excludedUntil: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
