import { Column, Entity, PrimaryColumn, VirtualColumn } from 'typeorm';
import { Money, moneyColumn } from '../../../common/money/money';
import { usernameSql } from '../../account/app-user.sql';
import { fixtureJoin } from '../../fixtures/fixture.sql';
import type { SlipResultCode } from './slip.entity';
import type { TipResultCode } from './tip.entity';

/** One pick of a slip as the back office shows it (market id = the spec's `market_type`, decimal odd). */
export interface SlipPick {
  fixture: string;
  home_team: string;
  away_team: string;
  /** Kick-off on the data calendar (ISO). */
  kickoff: string;
  market_type: number;
  odd: string;
  result: TipResultCode | null;
}

/**
 * Read model of table `slip` for the back office (`slips`, `premium-slips`): the slip's columns
 * plus its tipster's username and its picks as one JSON array, each computed by a subquery in
 * the same SELECT, so a list page stays one statement and paging counts slips, not tips.
 * Read-only: writes go through the Slip entity and the slip module's services.
 */
@Entity({ name: 'slip', synchronize: false })
export class SlipWithPicks {
  @PrimaryColumn({ type: 'int' }) id: number;
  @Column({ name: 'user_id', type: 'int' }) userId: number;
  @Column(moneyColumn('price_ksh')) price: Money;
  @Column({ type: 'numeric', precision: 8, scale: 2 }) accumulator: string;
  @Column({ type: 'boolean' }) jackpot: boolean;
  @Column({ type: 'boolean' }) premium: boolean;
  @Column({ name: 'slip_result', type: 'char', length: 1, nullable: true })
  slipResult: SlipResultCode | null;
  @Column({ name: 'settled_accumulator', type: 'numeric', precision: 8, scale: 2, nullable: true })
  settledAccumulator: string | null;
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true }) settledAt: Date | null;
  @Column({ name: 'date_created', type: 'timestamptz' }) dateCreated: Date;

  @VirtualColumn({ type: 'text', query: (a) => usernameSql(`${a}.user_id`) })
  username: string;

  @VirtualColumn({
    type: 'jsonb',
    query: (a) => `SELECT coalesce(jsonb_agg(jsonb_build_object(
        'fixture', t.fixture_id::text, 'home_team', f.home_team, 'away_team', f.away_team, 'kickoff', f.kickoff,
        'market_type', t.market_id, 'odd', t.odd::text, 'result', t.result) ORDER BY t.position), '[]'::jsonb)
      FROM tip t ${fixtureJoin('f', 't.fixture_id')} WHERE t.slip_id = ${a}.id`,
  })
  picks: SlipPick[];
}
