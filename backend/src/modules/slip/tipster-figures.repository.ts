import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appUserJoin } from '../account/app-user.sql';
import { ratingSql, slipOddsSql, slipProfitSql } from '../records/domain/tipster-stats';
import { tipsterRankOrderSql, tipsterStatTable } from '../records/stats/tipster-stat.sql';
import { LEADERBOARD_MIN_SETTLED, WEEKLY_MIN_SETTLED } from './slip.constants';

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

/**
 * The tipster figures slip reads from its settled slips (docs/PRODUCT-RULES.md "Tipster statistics"):
 * the weekly ranking (by `ratingSql`, the rating's SQL form) and the
 * overall leaderboard page, which reads the counters records keeps (joined through records'
 * tipster-stat.sql.ts; docs/ARCHITECTURE.md "Table ownership"). No rating is computed here.
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
   * Weekly leaderboard rows from the tipster slips (jackpot slips left out) settled since `since`:
   * at least WEEKLY_MIN_SETTLED settled; same order as the overall one, the rating by `ratingSql`.
   */
  weeklyPage(since: Date, limit: number, offset: number): Promise<LeaderboardDbRow[]> {
    return this.ds.query(
      `SELECT u.username, u.avatar_file, w.tips, w.won, w.lost, w.profit::text, w.odds_sum::text
         FROM (SELECT s.user_id, count(*)::int AS tips,
                      count(*) FILTER (WHERE s.slip_result = 'W')::int AS won,
                      count(*) FILTER (WHERE s.slip_result = 'L')::int AS lost,
                      sum(${slipProfitSql('s')}) AS profit,
                      sum(${slipOddsSql('s')}) AS odds_sum
                 FROM slip s WHERE s.slip_result IS NOT NULL AND s.settled_at >= $1 AND NOT s.jackpot
                GROUP BY s.user_id) w
         ${appUserJoin('u', 'w.user_id')}
        WHERE w.won + w.lost >= ${WEEKLY_MIN_SETTLED}
        ORDER BY ${ratingSql('w.won', 'w.lost')} DESC, w.won + w.lost DESC, w.profit DESC, w.user_id
        LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
      [since],
    );
  }
}
