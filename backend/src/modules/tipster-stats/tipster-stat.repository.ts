import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { CountersChange } from './domain/tipster-stats';

/** A tipster's stored counters (table `tipster_stat`). */
export interface TipsterCounters {
  tips: number;
  won: number;
  lost: number;
}

/**
 * The SQL of table `tipster_stat` (docs/ARCHITECTURE.md "Table ownership": the tipster-stats module
 * owns it; slip's joins go through tipster-stat.sql.ts). The rating is never computed here:
 * `tipster_stat.rating` is written as given, from `ratingOf` (docs/PRODUCT-RULES.md "Tipster statistics").
 */
@Injectable()
export class TipsterStatRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Stored counters of `userId`, or null before their first slip. */
  async counters(userId: number): Promise<TipsterCounters | null> {
    const [row] = await this.ds.query(
      `SELECT tips, won, lost FROM tipster_stat WHERE user_id = $1`,
      [userId],
    );
    return row ?? null;
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
  async lockWonLost(
    em: EntityManager,
    userIds: number[],
  ): Promise<Map<number, { won: number; lost: number }>> {
    const users = [...new Set(userIds)].sort((a, b) => a - b);
    await em.query(
      `INSERT INTO tipster_stat (user_id) SELECT unnest($1::int[]) ON CONFLICT (user_id) DO NOTHING`,
      [users],
    );
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
      [
        col('userId'),
        col('won'),
        col('lost'),
        col('cancelled'),
        col('profitHundredths'),
        col('oddsHundredths'),
        col('rating'),
      ],
    );
  }
}
