import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A tip's result once its game is decided: won, lost, void. */
export type TipResultCode = 'W' | 'L' | 'V';

/**
 * One game of a slip with its market and the odd the server quoted at publishing
 * (docs/PRODUCT-RULES.md R7, R114).
 */
/** Table `tip`; `slip_id` references slip (ON DELETE CASCADE, migration 1764400000000). */
@Entity('tip')
export class Tip {
  @PrimaryGeneratedColumn('identity', { type: 'int', generatedIdentity: 'BY DEFAULT' }) id: number;
  @Column({ name: 'slip_id', type: 'int' }) slipId: number;
  @Column({ name: 'fixture_id', type: 'bigint' }) fixtureId: string;
  /** Market id of the catalogue (fixtures domain/markets.ts), the spec's `market_type`. */
  @Column({ name: 'market_id', type: 'int' }) marketId: number;
  @Column({ type: 'numeric', precision: 8, scale: 2 }) odd: string;
  @Column({ type: 'smallint' }) position: number;
  @Column({ type: 'char', length: 1, nullable: true }) result: TipResultCode | null;
}
