import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JsonBytes } from '../../common/cache/hot-json-cache';
import { Clock } from '../../common/clock/clock';
import { isoWeekStart, nairobiMonthStart } from '../../common/time/nairobi';
import { AppConfig } from '../../config/app-config';
import { AVATAR_URL_PATH } from '../account/account.constants';
import { avatarUrl } from '../account/account.mapper';
import { ProfileProviders, ProfileStatsProvider, TipsterSlipLists, TipsterStats } from '../account/profile-providers';
import { FIXTURES_CLOCK } from '../fixtures/fixtures.constants';
import { averageOdds, ratingOf, roiOf } from './domain/tipster-stats';
import { SlipQueryService, parsePage } from './slip-query.service';
import { LEADERBOARD_PAGE_SIZE } from './slip.constants';
import { SlipError, SlipErrorCode } from './slip.errors';
import { SlipListCache } from './slip-list-cache';

/** Settled slips a tipster needs on the overall / weekly leaderboard (docs/PRODUCT-RULES.md). */
export const LEADERBOARD_MIN_SETTLED = 5;
export const WEEKLY_MIN_SETTLED = 2;

/** One leaderboard row (spec §7 /v2/api/tipster/data/). */
export interface LeaderboardRow {
  username: string;
  profile_image: string | null;
  tips: number;
  won: number;
  lost: number;
  rating: number;
  profit: number;
  roi: number;
  average_odds: number;
}

/**
 * Tipster statistics (docs/PRODUCT-RULES.md "Tipster statistics"): counters kept in `tipster_stat` by publish
 * and settlement (never recomputed from every slip), monthly and weekly ratings from one tipster's
 * slips settled this Nairobi month / ISO week, the leaderboard, and the account profile's figures.
 */
@Injectable()
export class TipsterStatsService implements ProfileStatsProvider, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly profiles: ProfileProviders,
    private readonly query: SlipQueryService,
    private readonly config: AppConfig,
    @Inject(FIXTURES_CLOCK) private readonly clock: Clock,
    private readonly cache: SlipListCache,
  ) {}

  onModuleInit(): void {
    this.profiles.useStats(this);
  }

  /** Profile figures of `userId`: tips, won, lost, rating, monthly and week rating (percent, 2 decimals). */
  async stats(userId: number): Promise<TipsterStats> {
    const now = this.clock.now();
    const [[stat], [period]] = await Promise.all([
      this.ds.query(`SELECT tips, won, lost FROM tipster_stat WHERE user_id = $1`, [userId]),
      this.ds.query(
        `SELECT count(*) FILTER (WHERE slip_result = 'W' AND settled_at >= $2)::int AS mw,
                count(*) FILTER (WHERE slip_result = 'L' AND settled_at >= $2)::int AS ml,
                count(*) FILTER (WHERE slip_result = 'W' AND settled_at >= $3)::int AS ww,
                count(*) FILTER (WHERE slip_result = 'L' AND settled_at >= $3)::int AS wl
           FROM slip WHERE user_id = $1 AND slip_result IS NOT NULL AND settled_at >= least($2, $3)`,
        [userId, nairobiMonthStart(now), isoWeekStart(now)],
      ),
    ]);
    const won = stat?.won ?? 0;
    const lost = stat?.lost ?? 0;
    return {
      tips: stat?.tips ?? 0,
      won,
      lost,
      rating: ratingOf(won, lost),
      monthlyRating: ratingOf(period.mw, period.ml),
      weekRating: ratingOf(period.ww, period.wl),
    };
  }

  /** Profile lists: active and finished slips, picks only for the owner. */
  slips(userId: number, viewer: { owner: boolean }): Promise<TipsterSlipLists> {
    return this.slipsOf(userId, viewer.owner);
  }

  /**
   * GET /v2/api/tipster/data/?all=1[&weekly=1]: rating desc, then settled slips, then profit;
   * at least 5 settled slips (weekly: 2 settled this ISO week), 100 a page.
   * @throws SlipError BAD_PAGE (400), INVALID_PAGE (404).
   */
  leaderboard(weekly: boolean, p: string | undefined): Promise<JsonBytes<{ results: LeaderboardRow[]; next: string | null }>> {
    const page = parsePage(p);
    return this.cache.get(`leaderboard:${weekly ? 'weekly' : 'all'}:${page}`, () => this.leaderboardPage(weekly, page));
  }

  private async leaderboardPage(weekly: boolean, page: number): Promise<{ results: LeaderboardRow[]; next: string | null }> {
    const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
    const rows: {
      username: string; avatar_file: string | null; tips: number; won: number; lost: number; profit: string; odds_sum: string;
    }[] = weekly
      ? await this.ds.query(
          `SELECT u.username, u.avatar_file, w.tips, w.won, w.lost, w.profit::text, w.odds_sum::text
             FROM (SELECT s.user_id, count(*)::int AS tips,
                          count(*) FILTER (WHERE s.slip_result = 'W')::int AS won,
                          count(*) FILTER (WHERE s.slip_result = 'L')::int AS lost,
                          sum(CASE s.slip_result WHEN 'W' THEN s.settled_accumulator - 1 WHEN 'L' THEN -1 ELSE 0 END) AS profit,
                          sum(CASE WHEN s.slip_result IN ('W', 'L') THEN s.accumulator ELSE 0 END) AS odds_sum
                     FROM slip s WHERE s.slip_result IS NOT NULL AND s.settled_at >= $1 AND NOT s.jackpot
                    GROUP BY s.user_id) w
             JOIN app_user u ON u.id = w.user_id
            WHERE w.won + w.lost >= ${WEEKLY_MIN_SETTLED}
            ORDER BY round(100.0 * w.won / (w.won + w.lost), 2) DESC, w.won + w.lost DESC, w.profit DESC, w.user_id
            LIMIT ${LEADERBOARD_PAGE_SIZE + 1} OFFSET ${offset}`,
          [isoWeekStart(this.clock.now())],
        )
      : await this.ds.query(
          `SELECT u.username, u.avatar_file, st.tips, st.won, st.lost, st.profit::text, st.odds_sum::text
             FROM tipster_stat st JOIN app_user u ON u.id = st.user_id
            WHERE st.won + st.lost >= ${LEADERBOARD_MIN_SETTLED}
            ORDER BY st.rating DESC, st.won + st.lost DESC, st.profit DESC, st.user_id
            LIMIT ${LEADERBOARD_PAGE_SIZE + 1} OFFSET ${offset}`,
        );
    if (page > 1 && rows.length === 0) throw new SlipError(SlipErrorCode.INVALID_PAGE);
    const more = rows.length > LEADERBOARD_PAGE_SIZE;
    const results = rows.slice(0, LEADERBOARD_PAGE_SIZE).map((r) => {
      const settled = r.won + r.lost;
      const profit = Number(r.profit);
      return {
        username: r.username,
        profile_image: avatarUrl(this.config.publicUrl, AVATAR_URL_PATH, r.avatar_file),
        tips: r.tips,
        won: r.won,
        lost: r.lost,
        rating: ratingOf(r.won, r.lost),
        profit: Math.round(profit * 100) / 100,
        roi: roiOf(profit, settled),
        average_odds: averageOdds(Number(r.odds_sum), settled),
      };
    });
    const next = more
      ? `${this.config.publicUrl}/v2/api/tipster/data/?all=1${weekly ? '&weekly=1' : ''}&p=${page + 1}`
      : null;
    return { results, next };
  }

  private async slipsOf(userId: number, owner: boolean): Promise<TipsterSlipLists> {
    return this.query.profileLists(userId, owner);
  }
}
