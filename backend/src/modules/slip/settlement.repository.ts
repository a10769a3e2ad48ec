import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TipResult } from '../fixtures/domain/settlement';
import { fixtureJoin } from '../fixtures/fixture.sql';

/** A slip of a settlement batch, as locked. */
export interface UnsettledSlip {
  id: number;
  user_id: number;
  accumulator: string;
  jackpot: boolean;
  money_back: boolean;
}

/** A tip of a settlement batch. */
export interface SettlementTip {
  id: number;
  slip_id: number;
  fixture_id: string;
  market_id: number;
  odd: string;
}

/** One settled slip to write: result W/L/C and settled accumulator (decimal text). */
export interface SlipResultWrite {
  slipId: number;
  result: string;
  accumulator: string;
}

/**
 * SQL of settlement (docs/PRODUCT-RULES.md "Settlement"): finding the slips to settle, locking a
 * batch, and writing the tips' and slips' results in set-based statements (docs/PERFORMANCE.md
 * "Settlement"). The decisions are SlipSettlementService's, with the pure rules.
 */
@Injectable()
export class SettlementRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Ids of the unsettled slips with a tip on one of `fixtureIds`, ascending. */
  async unsettledWithTipsOn(fixtureIds: string[]): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(
      `SELECT DISTINCT s.id FROM tip t JOIN slip s ON s.id = t.slip_id
        WHERE t.fixture_id = ANY($1::bigint[]) AND s.slip_result IS NULL ORDER BY s.id`,
      [fixtureIds],
    );
    return rows.map((r) => r.id);
  }

  /** Up to `limit` ids above `after` (ascending) of unsettled slips with tips whose games have all finished. */
  async decidedUnsettled(after: number, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.ds.query(
      `SELECT s.id FROM slip s
        WHERE s.slip_result IS NULL AND s.id > $1
          AND EXISTS (SELECT 1 FROM tip t WHERE t.slip_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM tip t ${fixtureJoin('f', 't.fixture_id')}
                           WHERE t.slip_id = s.id AND f.finished_at IS NULL)
        ORDER BY s.id LIMIT ${Number(limit)}`,
      [after],
    );
    return rows.map((r) => r.id);
  }

  /** Locks the still unsettled slips of `slipIds` (id order, FOR UPDATE) in the caller's transaction. */
  async lockUnsettled(em: EntityManager, slipIds: number[]): Promise<UnsettledSlip[]> {
    const rows: UnsettledSlip[] = await em.query(
      `SELECT id, user_id, accumulator::text AS accumulator, jackpot, money_back FROM slip
        WHERE id = ANY($1::bigint[]) AND slip_result IS NULL ORDER BY id FOR UPDATE`,
      [slipIds],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id) }));
  }

  /** The tips of `slipIds`, by slip then position. */
  tipsOf(em: EntityManager, slipIds: number[]): Promise<SettlementTip[]> {
    return em.query(
      `SELECT id, slip_id, fixture_id::text, market_id, odd::text FROM tip
        WHERE slip_id = ANY($1::bigint[]) ORDER BY slip_id, position`,
      [slipIds],
    );
  }

  /** Writes the tips' results and the slips' results, settled accumulators and `settledAt` (two statements). */
  async writeResults(
    em: EntityManager,
    tips: { id: number; result: TipResult }[],
    slips: SlipResultWrite[],
    settledAt: Date,
  ): Promise<void> {
    await em.query(
      `UPDATE tip SET result = v.result FROM unnest($1::bigint[], $2::text[]) AS v (id, result) WHERE tip.id = v.id`,
      [tips.map((t) => t.id), tips.map((t) => t.result)],
    );
    await em.query(
      `UPDATE slip SET slip_result = v.result, settled_accumulator = v.acc, settled_at = $4
         FROM unnest($1::bigint[], $2::text[], $3::numeric[]) AS v (id, result, acc) WHERE slip.id = v.id`,
      [
        slips.map((e) => e.slipId),
        slips.map((e) => e.result),
        slips.map((e) => e.accumulator),
        settledAt,
      ],
    );
  }
}
