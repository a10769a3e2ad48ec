import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';

/**
 * `subscription_kind`: gold, silver, bronze (docs/PRODUCT-RULES.md "Subscriptions";
 * admin-editable).
 */
@Entity('subscription_kind')
export class SubscriptionKind {
  @PrimaryColumn({ type: 'text' }) type: string;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text' }) description: string;
  @Column(moneyColumn('price')) price: Money;
  /** Days of access; 1000 means lifetime (docs/PRODUCT-RULES.md R42). */
  @Column({ type: 'int' }) days: number;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
