import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A free tip (spec §3 Free tip; docs/PRODUCT-RULES.md: one market on one upcoming fixture, curated by admins). */
@Entity('free_tip')
export class FreeTip {
  @PrimaryGeneratedColumn('identity', { type: 'int', generatedIdentity: 'BY DEFAULT' }) id: number;
  @Column({ name: 'fixture_id', type: 'bigint' }) fixtureId: string;
  /** Market id of the catalogue (fixtures domain/markets.ts). */
  @Column({ name: 'market_id', type: 'int' }) marketId: number;
  @Column({ name: 'date_created', type: 'timestamptz', default: () => 'now()' }) dateCreated: Date;
}
