import { Injectable } from '@nestjs/common';
import { FixturesService } from '../fixtures/fixtures.service';
import { ratingOf } from '../tipster-stats/domain/tipster-stats';
import { PROFILE_LIST_SIZE, PROFIT_SERIES_SIZE } from './slip.constants';
import { SlipResponse } from './slip.mapper';
import { ProfileRows, SlipRepository } from './slip.repository';
import { SlipRenderService } from './slip-render.service';

/** A tipster's profile as ProfileSlipsService reads it (TipsterStatsService adds the figures). */
export type ProfileSlips = Pick<ProfileRows, 'counters' | 'sums' | 'series'> & {
  ratings: { rating: number; monthly: number; week: number };
  active: SlipResponse[];
  finished: SlipResponse[];
  /** How long the lists stay exactly as rendered as far as their games go (unchangedForMs). */
  freshForMs: number;
};

/**
 * The slips and counters of a tipster's profile (docs/PRODUCT-RULES.md "Tipster statistics"), read
 * in one statement (SlipRepository.profile) and rendered as the lists render their slips.
 */
@Injectable()
export class ProfileSlipsService {
  constructor(
    private readonly repo: SlipRepository,
    private readonly fixtures: FixturesService,
    private readonly renderer: SlipRenderService,
  ) {}

  /**
   * A tipster's profile in one statement (SlipRepository.profile): stored counters and sums, the
   * last PROFIT_SERIES_SIZE settled W / L slips (the profit curve's), the ratings
   * (overall, since `monthStart`, since `weekStart`; percent, 2 decimals; tipster-stats' `ratingOf` over
   * the counters and the period's W / L counts) and their first
   * PROFILE_LIST_SIZE active and finished slips, picks only for the owner (`owner`), and how long
   * those cards stay as rendered (`freshForMs`, as the lists' cache keeps a page).
   */
  async profile(
    userId: number,
    owner: boolean,
    monthStart: Date,
    weekStart: Date,
  ): Promise<ProfileSlips> {
    const rows = await this.repo.profile(
      userId,
      monthStart,
      weekStart,
      PROFILE_LIST_SIZE,
      PROFIT_SERIES_SIZE,
    );
    const { games, sources } = await this.fixtures.fromRows(rows.fixtures);
    const byId = new Map(rows.slips.map((s) => [s.id, s]));
    const inOrder = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
    const render = this.renderer.renderer(
      rows.tips,
      games,
      sources,
      owner ? { id: userId } : undefined,
    );
    return {
      counters: rows.counters,
      sums: rows.sums,
      series: rows.series,
      ratings: {
        rating: ratingOf(rows.counters.won, rows.counters.lost),
        monthly: ratingOf(rows.periods.mw, rows.periods.ml),
        week: ratingOf(rows.periods.ww, rows.periods.wl),
      },
      active: inOrder(rows.activeIds).map(render),
      finished: inOrder(rows.finishedIds).map(render),
      freshForMs: this.renderer.freshForMs(games.values()),
    };
  }
}
