import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { appUserJoin } from '../account/app-user.sql';
import { ratingSql, slipOddsSql, slipProfitSql } from './domain/tipster-stats';
import { LEADERBOARD_MIN_SETTLED, WEEKLY_MIN_SETTLED } from './slip.constants';

/** A tipster's stored counters (table `tipster_stat`). */
export interface TipsterCounters {
  tips: number;
  won: number;
  lost: number;
}

/** Won and lost slips of one tipster settled since the Nairobi month start (m…) and the ISO week start (w…). */
export interface PeriodCounts {
  mw: number;
  ml: number;
  ww: number;
  wl: number;
}

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

/** What a batch of settled slips adds to one tipster's counters, with the rating of the new totals (ratingOf). */
export interface CountersChange {
  userId: number;
  won: number;
  lost: number;
  cancelled: number;
  /** Profit in hundredths of a unit (statsDelta). */
  profitHundredths: number;
  /** Odds counted for the average, in hundredths (statsDelta). */
  oddsHundredths: number;
  /** Rating of the totals after the change, percent with 2 decimals (ratingOf). */
  rating: number;
}

/**
 * SQL of table `tipster_stat` and of the tipster figures read from settled slips (docs/PRODUCT-RULES.md
 * "Tipster statistics"). The rating is never computed here: `tipster_stat.rating` is written from
 * `ratingOf` at settlement, and the weekly ranking uses `ratingSql` (the rule's SQL form).
 */
@Injectable()
export class TipsterStatRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Stored counters of `userId`, or null before their first slip. */
  async counters(userId: number): Promise<TipsterCounters | null> {
    const [row] = await this.ds.query(`SELECT tips, won, lost FROM tipster_stat WHERE user_id = $1`, [userId]);
    return row ?? null;
  }

  /** Won / lost slips of `userId` settled since `monthStart` and since `weekStart`. */
  async periodCounts(userId: number, monthStart: Date, weekStart: Date): Promise<PeriodCounts> {
    const [row] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE slip_result = 'W' AND settled_at >= $2)::int AS mw,
              count(*) FILTER (WHERE slip_result = 'L' AND settled_at >= $2)::int AS ml,
              count(*) FILTER (WHERE slip_result = 'W' AND settled_at >= $3)::int AS ww,
              count(*) FILTER (WHERE slip_result = 'L' AND settled_at >= $3)::int AS wl
         FROM slip WHERE user_id = $1 AND slip_result IS NOT NULL AND settled_at >= least($2, $3)`,
      [userId, monthStart, weekStart],
    );
    return row;
  }

  /**
   * Overall leaderboard rows `offset`…`offset + limit` from the stored counters: at least
   * LEADERBOARD_MIN_SETTLED settled slips; rating desc, settled slips desc, profit desc, user id.
   */
  overallPage(limit: number, offset: number): Promise<LeaderboardDbRow[]> {
    return this.ds.query(
      `SELECT u.username, u.avatar_file, st.tips, st.won, st.lost, st.profit::text, st.odds_sum::text
         FROM tipster_stat st ${appUserJoin('u', 'st.user_id')}
        WHERE st.won + st.lost >= ${LEADERBOARD_MIN_SETTLED}
        ORDER BY st.rating DESC, st.won + st.lost DESC, st.profit DESC, st.user_id
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

  /** Counts one more published slip for `userId` inside the caller's transaction (creates the row). */
  async addTip(em: EntityManager, userId: number): Promise<void> {
    await em.query(
      `INSERT INTO tipster_stat (user_id, tips) VALUES ($1, 1)
       ON CONFLICT (user_id) DO UPDATE SET tips = tipster_stat.tips + 1, updated_at = now()`,
      [userId],
    );
  }

  /**
   * Locks the counter rows of `userIds` (creating missing ones) in user id order inside the
   * caller's transaction and returns their won / lost totals, so that a rating written from them
   * stays that of the totals.
   */
  async lockWonLost(em: EntityManager, userIds: number[]): Promise<Map<number, { won: number; lost: number }>> {
    const users = [...new Set(userIds)].sort((a, b) => a - b);
    await em.query(`INSERT INTO tipster_stat (user_id) SELECT unnest($1::int[]) ON CONFLICT (user_id) DO NOTHING`, [users]);
    const rows: { user_id: number; won: number; lost: number }[] = await em.query(
      `SELECT user_id, won, lost FROM tipster_stat WHERE user_id = ANY($1::int[]) ORDER BY user_id FOR UPDATE`,
      [users],
    );
    return new Map(rows.map((r) => [Number(r.user_id), { won: r.won, lost: r.lost }]));
  }

  /**
   * Adds `changes` to rows locked by `lockWonLost` in the same transaction (integer hundredths summed
   * exactly, stored in units) and stores each new rating as given.
   */
  async addCounters(em: EntityManager, changes: CountersChange[]): Promise<void> {
    const col = <K extends keyof CountersChange>(k: K) => changes.map((c) => c[k]);
    await em.query(
      `UPDATE tipster_stat AS s SET
         won = s.won + v.won, lost = s.lost + v.lost, cancelled = s.cancelled + v.cancelled,
         profit = s.profit + v.profit::numeric / 100, odds_sum = s.odds_sum + v.odds::numeric / 100,
         rating = v.rating, updated_at = now()
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::bigint[], $7::numeric[])
           AS v (user_id, won, lost, cancelled, profit, odds, rating)
        WHERE s.user_id = v.user_id`,
      [col('userId'), col('won'), col('lost'), col('cancelled'), col('profitHundredths'), col('oddsHundredths'), col('rating')],
    );
  }
}
