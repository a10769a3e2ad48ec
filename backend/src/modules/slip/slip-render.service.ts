import { Injectable } from '@nestjs/common';
import { TimedJson, timedJson } from '../../common/cache/hot-json-cache';
import { AppConfig } from '../../config/app-config';
import { AVATAR_URL_PATH } from '../account/account.constants';
import { avatarUrl } from '../account/account.mapper';
import { FixturesService, GameView, ResultProvenance } from '../fixtures/fixtures.service';
import { ReplayClock } from '../fixtures/replay-clock.service';
import { unchangedForMs } from './domain/list-freshness';
import { SlipResponse, toSlipResponse } from './slip.mapper';
import { SlipRepository, SlipRow, TipRow } from './slip.repository';

/** Who is asking: a visitor (undefined) or a logged-in user. */
export type Viewer = { id: number } | undefined;

/**
 * Slip cards: slip rows with their tips, games and result provenance turned into the public slip
 * shape through the mapper, which hides picks and per-game odds of unsettled slips from everyone
 * but their tipster (docs/CONTRIBUTING.md §4); and how long a rendered list stays as it
 * is. Used by the lists (SlipQueryService) and the profile (ProfileSlipsService).
 */
@Injectable()
export class SlipRenderService {
  constructor(
    private readonly repo: SlipRepository,
    private readonly fixtures: FixturesService,
    private readonly config: AppConfig,
    private readonly clock: ReplayClock,
  ) {}

  /** Slips `ids` in the order given (unknown ids left out) as `viewer` sees them. */
  async render(ids: number[], viewer: Viewer): Promise<SlipResponse[]> {
    return (await this.renderWithGames(ids, viewer)).slips;
  }

  /** Slips `ids` as `viewer` sees them, with the games they show (for `timedFor`). */
  async renderWithGames(
    ids: number[],
    viewer: Viewer,
  ): Promise<{ slips: SlipResponse[]; games: Map<string, GameView> }> {
    const { slips, tips } = await this.repo.load(ids);
    if (!slips.length) return { slips: [], games: new Map() };
    const settledIds = new Set(slips.filter((s) => s.slipResult !== null).map((s) => s.id));
    const [gameList, sources] = await Promise.all([
      this.fixtures.games([...new Set(tips.map((t) => t.fixtureId))]),
      this.fixtures.resultSources([
        ...new Set(tips.filter((t) => settledIds.has(t.slipId)).map((t) => t.fixtureId)),
      ]),
    ]);
    const games = new Map(gameList.map((g) => [g.id, g]));
    return { slips: slips.map(this.renderer(tips, games, sources, viewer)), games };
  }

  /** Maps a slip row to its response for `viewer`, with its tips among `tips` (in slip order), their games and result provenance. */
  renderer(
    tips: TipRow[],
    games: Map<string, GameView>,
    sources: Map<string, ResultProvenance>,
    viewer: Viewer,
  ): (slip: SlipRow) => SlipResponse {
    const bySlip = new Map<number, TipRow[]>();
    for (const t of tips) {
      const list = bySlip.get(t.slipId);
      if (list) list.push(t);
      else bySlip.set(t.slipId, [t]);
    }
    const ctx = {
      games,
      rates: this.config.currency,
      avatarUrl: (file: string | null) => avatarUrl(this.config.publicUrl, AVATAR_URL_PATH, file),
      isOwner: (userId: number) => viewer?.id === userId,
      sources,
    };
    return (s) => toSlipResponse(s, bySlip.get(s.id) ?? [], ctx);
  }

  /**
   * How long cards showing `games` stay exactly as rendered as far as their games go, in ms
   * (unchangedForMs on the fixtures clock, which game states are computed with: until the first
   * kick-off).
   */
  freshForMs(games: Iterable<GameView>): number {
    return unchangedForMs(games, this.clock.now().getTime());
  }

  /**
   * `value` for the list cache, kept as long as the games it shows cannot change (`freshForMs`;
   * the cache clamps it to 5-60 s and publish/settlement drop it sooner).
   */
  timedFor<T>(games: Map<string, GameView>, value: T): TimedJson<T> {
    return timedJson(value, this.freshForMs(games.values()));
  }
}
