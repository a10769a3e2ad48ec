import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { JsonBytes } from '../../common/cache/hot-json-cache';
import { CLOCK, Clock } from '../../common/clock/clock';
import { isoWeekStart, nairobiMonthStart } from '../../common/time/nairobi';
import { AppConfig } from '../../config/app-config';
import { AVATAR_URL_PATH } from '../account/account.constants';
import { avatarUrl } from '../account/account.mapper';
import {
  ProfileProviders,
  ProfileStatsProvider,
  TipsterProfile,
} from '../account/profile-providers';
import {
  averageOdds,
  batchDeltas,
  profitSeries,
  rankTipsters,
  ratingOf,
  roiOf,
  tipsterFigures,
  unitsToHundredths,
} from '../tipster-stats/domain/tipster-stats';
import { ProfileSlipsService } from './profile-slips.service';
import { parsePage } from './slip-list-rows.service';
import { LEADERBOARD_PAGE_SIZE, WEEKLY_MIN_SETTLED } from './slip.constants';
import { SlipError, SlipErrorCode } from './slip.errors';
import { ProfileCache } from './profile-cache';
import { SlipListCache } from './slip-list-cache';
import { TipsterFiguresRepository } from './tipster-figures.repository';

/** A leaderboard row before rendering: profit and odds sum in units (exact to the hundredth). */
interface RankedRow {
  username: string;
  avatar_file: string | null;
  tips: number;
  won: number;
  lost: number;
  profit: number;
  oddsSum: number;
}

/** One leaderboard row (docs/PRODUCT-RULES.md R142: /v2/api/tipster/data/). */
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
 * Tipster statistics as slip serves them (docs/PRODUCT-RULES.md "Tipster statistics"): the
 * counters the tipster-stats module keeps on publish and settlement (never recomputed from every
 * slip), monthly and weekly ratings from one tipster's slips settled this Nairobi month / ISO week,
 * the leaderboard, and the account profile's figures.
 */
@Injectable()
export class TipsterStatsService implements ProfileStatsProvider, OnModuleInit {
  constructor(
    private readonly repo: TipsterFiguresRepository,
    private readonly providers: ProfileProviders,
    private readonly profileSlips: ProfileSlipsService,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly cache: SlipListCache,
  ) {}

  /** Profiles already read (ProfileCache), dropped with the lists' generation. */
  private readonly profiles = new ProfileCache<TipsterProfile>(
    () => this.cache.generation,
    () => this.clock.now().getTime(),
  );

  onModuleInit(): void {
    this.providers.useStats(this);
  }

  /**
   * Profile of `userId`: tips, won, lost, rating, monthly and week rating (percent, 2 decimals; this
   * Nairobi month and ISO week on the fixtures clock), the all-time settled slips, profit, ROI and
   * average odds from the stored counters (tipster-stats' `tipsterFigures`), the profit curve of the latest
   * settled slips anchored at that profit (tipster-stats' `profitSeries`), and the active and finished
   * lists, picks only for the owner. One SQL statement (ProfileSlipsService.profile) on a miss of the
   * in-process ProfileCache, which keeps it with the lists' lifetime rules (dropped on publish and
   * settlement).
   */
  profile(userId: number, viewer: { owner: boolean }): Promise<TipsterProfile> {
    return this.profiles.get(`${userId}:${viewer.owner ? 'owner' : 'public'}`, async () => {
      const now = this.clock.now();
      const p = await this.profileSlips.profile(
        userId,
        viewer.owner,
        nairobiMonthStart(now),
        isoWeekStart(now),
      );
      const profitHundredths = unitsToHundredths(p.sums.profit);
      const figures = tipsterFigures({
        won: p.counters.won,
        lost: p.counters.lost,
        profitHundredths,
        oddsHundredths: unitsToHundredths(p.sums.oddsSum),
      });
      const series = p.series.map((s) => ({
        result: s.slipResult,
        settledAccumulator: s.settledAccumulator,
        settledAt: s.settledAt,
      }));
      const stats = {
        tips: p.counters.tips,
        won: p.counters.won,
        lost: p.counters.lost,
        rating: p.ratings.rating,
        monthlyRating: p.ratings.monthly,
        weekRating: p.ratings.week,
        ...figures,
        profitSeries: profitSeries(profitHundredths, series),
      };
      return {
        value: { stats, slips: { active: p.active, finished: p.finished } },
        freshForMs: p.freshForMs,
      };
    });
  }

  /**
   * GET /v2/api/tipster/data/?all=1[&weekly=1]: rating desc, then settled slips, then profit;
   * at least 5 settled slips (weekly: 2 settled this ISO week), 100 a page.
   * @throws SlipError BAD_PAGE (400), INVALID_PAGE (404).
   */
  leaderboard(
    weekly: boolean,
    p: string | undefined,
  ): Promise<JsonBytes<{ results: LeaderboardRow[]; next: string | null }>> {
    const page = parsePage(p);
    return this.cache.get(`leaderboard:${weekly ? 'weekly' : 'all'}:${page}`, () =>
      this.leaderboardPage(weekly, page),
    );
  }

  private async leaderboardPage(
    weekly: boolean,
    page: number,
  ): Promise<{ results: LeaderboardRow[]; next: string | null }> {
    const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
    const rows = weekly
      ? await this.weeklyRows(LEADERBOARD_PAGE_SIZE + 1, offset)
      : (await this.repo.overallPage(LEADERBOARD_PAGE_SIZE + 1, offset)).map((r): RankedRow => ({
          ...r,
          profit: Number(r.profit),
          oddsSum: Number(r.odds_sum),
        }));
    if (page > 1 && rows.length === 0) throw new SlipError(SlipErrorCode.INVALID_PAGE);
    const more = rows.length > LEADERBOARD_PAGE_SIZE;
    const results = rows.slice(0, LEADERBOARD_PAGE_SIZE).map((r) => {
      const settled = r.won + r.lost;
      return {
        username: r.username,
        profile_image: avatarUrl(this.config.publicUrl, AVATAR_URL_PATH, r.avatar_file),
        tips: r.tips,
        won: r.won,
        lost: r.lost,
        rating: ratingOf(r.won, r.lost),
        profit: Math.round(r.profit * 100) / 100,
        roi: roiOf(r.profit, settled),
        average_odds: averageOdds(r.oddsSum, settled),
      };
    });
    const next = more
      ? `${this.config.publicUrl}/v2/api/tipster/data/?all=1${weekly ? '&weekly=1' : ''}&p=${page + 1}`
      : null;
    return { results, next };
  }

  /**
   * Weekly ranking rows `offset`…`offset + limit`: the tipster slips settled this ISO week (fixtures
   * clock), summed per tipster by tipster-stats' `batchDeltas` (tips = settled slips of the week, cancelled
   * included), at least WEEKLY_MIN_SETTLED W/L, in tipster-stats' `rankTipsters` order (rating, settled,
   * profit, user id).
   */
  private async weeklyRows(limit: number, offset: number): Promise<RankedRow[]> {
    const slips = await this.repo.settledSince(isoWeekStart(this.clock.now()));
    const users = new Map(slips.map((s) => [s.user_id, s]));
    const deltas = batchDeltas(
      slips.map((s) => ({
        userId: s.user_id,
        result: s.slip_result,
        settledAccumulator: s.settled_accumulator ?? s.accumulator,
        accumulator: s.accumulator,
        jackpot: false,
      })),
    );
    return rankTipsters(deltas, WEEKLY_MIN_SETTLED)
      .slice(offset, offset + limit)
      .map((t) => {
        const u = users.get(t.userId)!;
        return {
          username: u.username,
          avatar_file: u.avatar_file,
          tips: t.won + t.lost + t.cancelled,
          won: t.won,
          lost: t.lost,
          profit: t.profitHundredths / 100,
          oddsSum: t.oddsHundredths / 100,
        };
      });
  }
}
