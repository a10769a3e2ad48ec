import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';
import type { JackpotCompany, JackpotType } from '../domain/jackpot-slug';

/**
 * One week's jackpot prediction (docs/PRODUCT-RULES.md R118, "Jackpots"): the slip an admin
 * entered (a slip with `jackpot = true`), its total odds at entry and its Ksh price (kept equal to
 * the slip's price: buying a jackpot is buying its slip). Table `jackpot` (migration 1764600000000);
 * at most one current row per company and type.
 */
@Entity('jackpot')
export class Jackpot {
  @PrimaryGeneratedColumn('identity', { type: 'int', generatedIdentity: 'BY DEFAULT' }) id: number;
  @Column({ type: 'char', length: 2 }) company: JackpotCompany;
  @Column({ type: 'char', length: 2 }) type: JackpotType;
  @Column({ name: 'slip_id', type: 'int' }) slipId: number;
  /** The slip's total odds, 2 decimals ('1200.50'). */
  @Column({ name: 'todays_odd', type: 'numeric', precision: 8, scale: 2 }) todaysOdd: string;
  /** Ksh. */
  @Column(moneyColumn('price_ksh')) price: Money;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'text', default: '' }) description: string;
  /** Monday (Nairobi, 'YYYY-MM-DD') of the ISO week the jackpot was entered. */
  @Column({ name: 'week_start', type: 'date' }) weekStart: string;
  /** True for the jackpot the public list shows for its company and type. */
  @Column({ name: 'is_current', type: 'boolean', default: true }) isCurrent: boolean;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
