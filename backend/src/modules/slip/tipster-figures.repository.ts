import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appUserJoin } from '../account/app-user.sql';
import { tipsterRankOrderSql, tipsterStatTable } from '../tipster-stats/tipster-stat.sql';
import { LEADERBOARD_MIN_SETTLED } from './slip.constants';

/** One leaderboard row as read: profit and odds sum as exact numeric text in units. */
export interface LeaderboardDbRow {
  username: string;
  avatar_file: string | null;
  tips: number;
  won: number;
  lost: number;
  profit: string;
  odds_sum: string;
}

/** One tipster slip settled in a period, with its tipster's public columns (decimal odds as text). */
export interface PeriodSlipRow {
  user_id: number;
  username: string;
  avatar_file: string | null;
  slip_result: 'W' | 'L' | 'C';
  /** Null only for a cancelled slip, whose figures do not read it. */
  settled_accumulator: string | null;
  accumulator: string;
}

/**
 * The tipster figures slip reads (docs/PRODUCT-RULES.md "Tipster statistics"): the overall
 * leaderboard page, which reads the stored counters (joined through tipster-stats'
 * tipster-stat.sql.ts; docs/ARCHITECTURE.md "Table ownership"), and the slips settled in a period
 * for the weekly ranking. Data only: no rating, profit or order of a rule is computed here (the
 * caller uses tipster-stats' domain functions).
 */
@Injectable()
export class TipsterFiguresRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Overall leaderboard rows `offset`…`offset + limit` from the stored counters: at least
   * LEADERBOARD_MIN_SETTLED settled slips; rating desc, settled slips desc, profit desc, user id.
   */
  overallPage(limit: number, offset: number): Promise<LeaderboardDbRow[]> {
    return this.ds.query(
      `SELECT u.username, u.avatar_file, st.tips, st.won, st.lost, st.profit::text, st.odds_sum::text
         FROM ${tipsterStatTable('st')} ${appUserJoin('u', 'st.user_id')}
        WHERE st.won + st.lost >= ${LEADERBOARD_MIN_SETTLED}
        ORDER BY ${tipsterRankOrderSql('st')}
        LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    );
  }

  /**
   * The tipster slips (jackpot slips left out) settled since `since`, any order, each with its
   * tipster's username and avatar: what the weekly ranking is computed from.
   */
  settledSince(since: Date): Promise<PeriodSlipRow[]> {
    return this.ds.query(
      `SELECT s.user_id, u.username, u.avatar_file, s.slip_result,
              s.settled_accumulator::text AS settled_accumulator, s.accumulator::text AS accumulator
         FROM slip s ${appUserJoin('u', 's.user_id')}
        WHERE s.slip_result IS NOT NULL AND s.settled_at >= $1 AND NOT s.jackpot`,
      [since],
    );
  }
}
