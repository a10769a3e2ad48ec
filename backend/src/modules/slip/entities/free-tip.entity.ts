import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A free tip (docs/PRODUCT-RULES.md R45, R116: one market on one upcoming fixture, curated by
 * admins).
 */
@Entity('free_tip')
export class FreeTip {
  @PrimaryGeneratedColumn('identity', { type: 'int', generatedIdentity: 'BY DEFAULT' }) id: number;
  @Column({ name: 'fixture_id', type: 'bigint' }) fixtureId: string;
  /** Market id of the catalogue (fixtures domain/markets.ts). */
  @Column({ name: 'market_id', type: 'int' }) marketId: number;
  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' }) dateCreated: Date;
}
