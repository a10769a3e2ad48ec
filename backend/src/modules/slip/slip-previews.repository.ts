import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * What a slip's link preview may say: never the picks (docs/PRODUCT-RULES.md R92: picks are what
 * the buyer pays for).
 */
export interface SlipPreview {
  id: number;
  /** The tipster's account id (the account module names them). */
  userId: number;
  /** Number of tips. */
  games: number;
  /** Total decimal odds ('2.97'). */
  accumulator: string;
  /** Price, Ksh decimal string ('150.00'). */
  priceKsh: string;
}

/** One tipster's publishing: account id, slips published, the newest slip's creation time. */
export interface TipsterActivity {
  userId: number;
  slips: number;
  last: Date;
}

/**
 * Read-only facts about slips for the seo module's pages and sitemap (docs/ARCHITECTURE.md "Table
 * ownership": slip owns `slip` and `tip`; seo asks here instead of reading them).
 */
@Injectable()
export class SlipPreviewsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Slip `id`'s preview, or null when no slip has that id. */
  async preview(id: number): Promise<SlipPreview | null> {
    const [row]: {
      id: number;
      user_id: number;
      games: number;
      accumulator: string;
      price_ksh: string;
    }[] = await this.ds.query(
      `SELECT s.id, s.user_id, s.accumulator::text AS accumulator, s.price_ksh::text AS price_ksh,
              (SELECT count(*)::int FROM tip t WHERE t.slip_id = s.id) AS games
         FROM slip s
        WHERE s.id = $1`,
      [id],
    );
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          games: row.games,
          accumulator: row.accumulator,
          priceKsh: row.price_ksh,
        }
      : null;
  }

  /** Every account that published slips, the busiest first (ties by id). */
  async tipsterActivity(): Promise<TipsterActivity[]> {
    const rows: { user_id: number; slips: number; last: Date }[] = await this.ds.query(
      `SELECT user_id, count(*)::int AS slips, max(date_created) AS last FROM slip GROUP BY user_id ORDER BY count(*) DESC, user_id`,
    );
    return rows.map((r) => ({ userId: r.user_id, slips: r.slips, last: new Date(r.last) }));
  }

  /** Creation time of the newest slip, or null when there is none. */
  async newestAt(): Promise<Date | null> {
    const [row]: { last: Date | null }[] = await this.ds.query(
      `SELECT max(date_created) AS last FROM slip`,
    );
    return row?.last ? new Date(row.last) : null;
  }
}
