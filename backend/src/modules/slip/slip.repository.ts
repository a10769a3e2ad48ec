import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SlipResultCode } from './entities/slip.entity';
import type { TipResultCode } from './entities/tip.entity';

/** A slip row with what its card shows of the tipster. */
export interface SlipRow {
  id: number;
  userId: number;
  username: string;
  avatarFile: string | null;
  rating: string;
  price: string;
  accumulator: string;
  settledAccumulator: string | null;
  jackpot: boolean;
  slipResult: SlipResultCode | null;
  dateCreated: Date;
  settledAt: Date | null;
}

export interface TipRow {
  slipId: number;
  fixtureId: string;
  marketId: number;
  odd: string;
  result: TipResultCode | null;
}

/** Filters of the active list (GET /v2/api/slip/data/). */
export interface ActiveFilter {
  userId?: number;
  homeTeam?: string;
  awayTeam?: string;
  /** Only slips of the leaderboard's top tipsters. */
  top?: boolean;
}

/** `top=1`: slips of the first 20 of the overall leaderboard (rating desc, 5 settled slips minimum). */
export const TOP_TIPSTERS = 20;

/**
 * Hand-written SQL for slip lists (architecture.md "Speed"): page the ids on an index matching the
 * filter and sort, then load those slips and their tips by `id = ANY($1)`.
 */
@Injectable()
export class SlipRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Ids of active (unsettled) tipster slips (jackpot slips left out), newest first, and the total matching. */
  async pageActive(f: ActiveFilter, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
    // Jackpot slips are the platform's weekly predictions (jackpot module), never a tipster's list entry.
    const where = ['s.slip_result IS NULL', 'NOT s.jackpot'];
    const params: unknown[] = [];
    if (f.userId !== undefined) {
      params.push(f.userId);
      where.push(`s.user_id = $${params.length}`);
    }
    if (f.homeTeam) {
      params.push(f.homeTeam);
      where.push(`EXISTS (SELECT 1 FROM tip t JOIN fixture fx ON fx.id = t.fixture_id WHERE t.slip_id = s.id AND lower(fx.home_team) = lower($${params.length}))`);
    }
    if (f.awayTeam) {
      params.push(f.awayTeam);
      where.push(`EXISTS (SELECT 1 FROM tip t JOIN fixture fx ON fx.id = t.fixture_id WHERE t.slip_id = s.id AND lower(fx.away_team) = lower($${params.length}))`);
    }
    if (f.top) {
      where.push(`s.user_id IN (SELECT user_id FROM tipster_stat WHERE won + lost >= 5
        ORDER BY rating DESC, won + lost DESC, profit DESC, user_id LIMIT ${TOP_TIPSTERS})`);
    }
    const cond = where.join(' AND ');
    const [rows, [count]] = await Promise.all([
      this.ds.query(`SELECT s.id FROM slip s WHERE ${cond} ORDER BY s.date_created DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`, params),
      this.ds.query(`SELECT count(*)::int AS n FROM slip s WHERE ${cond}`, params),
    ]);
    return { ids: rows.map((r: { id: number }) => r.id), total: count.n };
  }

  /** Ids of settled tipster slips (jackpot slips left out), most recently settled first, and the total matching. */
  async pageFinished(userId: number | undefined, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
    const cond = userId === undefined ? 's.slip_result IS NOT NULL AND NOT s.jackpot' : 's.slip_result IS NOT NULL AND NOT s.jackpot AND s.user_id = $1';
    const params = userId === undefined ? [] : [userId];
    const [rows, [count]] = await Promise.all([
      this.ds.query(`SELECT s.id FROM slip s WHERE ${cond} ORDER BY s.settled_at DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`, params),
      this.ds.query(`SELECT count(*)::int AS n FROM slip s WHERE ${cond}`, params),
    ]);
    return { ids: rows.map((r: { id: number }) => r.id), total: count.n };
  }

  /** Slips by id in the order given (unknown ids left out), with their tips in slip order. */
  async load(ids: number[]): Promise<{ slips: SlipRow[]; tips: TipRow[] }> {
    if (!ids.length) return { slips: [], tips: [] };
    const [slips, tips] = await Promise.all([
      this.ds.query(
        `SELECT s.id, s.user_id AS "userId", u.username, u.avatar_file AS "avatarFile",
                coalesce(st.rating, 0)::text AS rating, s.price_ksh::text AS price, s.accumulator::text AS accumulator,
                s.settled_accumulator::text AS "settledAccumulator", s.jackpot, s.slip_result AS "slipResult",
                s.date_created AS "dateCreated", s.settled_at AS "settledAt"
           FROM slip s JOIN app_user u ON u.id = s.user_id LEFT JOIN tipster_stat st ON st.user_id = s.user_id
          WHERE s.id = ANY($1)`,
        [ids],
      ),
      this.ds.query(
        `SELECT t.slip_id AS "slipId", t.fixture_id::text AS "fixtureId", t.market_id AS "marketId", t.odd::text AS odd, t.result
           FROM tip t WHERE t.slip_id = ANY($1) ORDER BY t.slip_id, t.position`,
        [ids],
      ),
    ]);
    const byId = new Map((slips as SlipRow[]).map((s) => [s.id, s]));
    return { slips: ids.flatMap((id) => byId.get(id) ?? []), tips };
  }

  /** Id of the user named `username` (case-insensitive), or null. */
  async userIdByName(username: string): Promise<number | null> {
    const [row] = await this.ds.query(`SELECT id FROM app_user WHERE lower(username) = lower($1)`, [username]);
    return row ? row.id : null;
  }
}
