import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TipResultCode } from './entities/tip.entity';
import type { SlipResultCode } from './entities/slip.entity';
import { closingOddSql, fixtureJoin } from '../fixtures/fixture.sql';

/** One leg of a settled slip: catalogue market id, quoted odd ('1.85'), result, the game's league id and closing odd. */
export interface SettledLeg {
  market_id: number;
  odd: string;
  result: TipResultCode;
  league_id: number;
  /** Closing odd of the same market ('1.80'), null when not imported. */
  closing: string | null;
}

/** A settled tipster slip (jackpot slips excluded) as the records module reads it; Ksh and odds as decimal text. */
export interface SettledSlip {
  id: number;
  user_id: number;
  result: SlipResultCode;
  price: string;
  accumulator: string;
  settled_accumulator: string;
  settled_at: Date;
  /** A money-back slip (docs/PRODUCT-RULES.md R240). */
  money_back: boolean;
  legs: SettledLeg[];
}

/**
 * Settled slips for the modules that keep figures of them (records listens to `slip.settled`,
 * docs/ARCHITECTURE.md "Layers"): slip's tables read only here. Settled rows never change.
 */
@Injectable()
export class SettledSlipsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The settled tipster slips of `slipIds` with their legs, in settlement order (settled_at, id). */
  async details(slipIds: number[]): Promise<SettledSlip[]> {
    if (!slipIds.length) return [];
    const rows: SettledSlip[] = await this.ds.query(
      `SELECT s.id, s.user_id, s.slip_result AS result, s.price_ksh::text AS price, s.accumulator::text AS accumulator,
              s.settled_accumulator::text AS settled_accumulator, s.settled_at, s.money_back,
              json_agg(json_build_object('market_id', t.market_id, 'odd', t.odd::text, 'result', t.result, 'league_id', f.league_id,
                                         'closing', (${closingOddSql('t.fixture_id', 't.market_id')})::text)
                       ORDER BY t.position) AS legs
         FROM slip s JOIN tip t ON t.slip_id = s.id ${fixtureJoin('f', 't.fixture_id')}
        WHERE s.id = ANY($1::int[]) AND s.slip_result IS NOT NULL AND NOT s.jackpot
        GROUP BY s.id ORDER BY s.settled_at, s.id`,
      [slipIds],
    );
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      user_id: Number(r.user_id),
      settled_at: new Date(r.settled_at),
    }));
  }

  /** Up to `limit` ids above `after` (ascending) of settled tipster slips (catch-up of figures kept elsewhere). */
  async settledIdsAfter(after: number, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(
      `SELECT id FROM slip WHERE id > $1 AND slip_result IS NOT NULL AND NOT jackpot ORDER BY id LIMIT ${Number(limit)}`,
      [after],
    );
    return rows.map((r) => Number(r.id));
  }
}
