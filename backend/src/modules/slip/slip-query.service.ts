import { Injectable } from '@nestjs/common';
import { JsonBytes, TimedJson, timedJson } from '../../common/cache/hot-json-cache';
import { AppConfig } from '../../config/app-config';
import { AVATAR_URL_PATH } from '../account/account.constants';
import { avatarUrl } from '../account/account.mapper';
import { AccountService } from '../account/account.service';
import { FixturesService, GameView, ResultProvenance } from '../fixtures/fixtures.service';
import { ReplayClock } from '../fixtures/replay-clock.service';
import { ratingOf } from '../tipster-stats/domain/tipster-stats';
import { unchangedForMs } from './domain/list-freshness';
import { SlipListQueryDto } from './dto/slip-list-query.dto';
import { ACTIVE_PAGE_SIZE, FINISHED_PAGE_SIZE, HOME_ACTIVE_SIZE, PROFILE_LIST_SIZE, PROFIT_SERIES_SIZE } from './slip.constants';
import { SlipError, SlipErrorCode } from './slip.errors';
import { SlipResponse, toSlipResponse } from './slip.mapper';
import { ActiveFilter, PageRow, ProfileRows, SlipRepository, SlipRow, TipRow } from './slip.repository';
import { SlipListCache } from './slip-list-cache';
import { SlipPageIndex } from './slip-page-index';

/** A page of the active list (docs/PRODUCT-RULES.md R142: GET /v2/api/slip/data/). */
export interface ActivePage {
  results: SlipResponse[];
  next: string | null;
  previous: string | null;
  num_pages: number;
}

/** A page of the finished list (docs/PRODUCT-RULES.md R142: GET /v2/api/slip/data/finished/). */
export interface FinishedPage {
  results: SlipResponse[];
  next: string | null;
  count: number;
  num_pages: number;
}

/** Who is asking: a visitor (undefined) or a logged-in user. */
export type Viewer = { id: number } | undefined;

const PAGE = /^\d{1,9}$/;

/** 1 when absent; else a positive integer. @throws SlipError BAD_PAGE (400). */
export const parsePage = (p: string | undefined): number => {
  if (p === undefined || p === '') return 1;
  if (!PAGE.test(p) || Number(p) < 1) throw new SlipError(SlipErrorCode.BAD_PAGE);
  return Number(p);
};

/**
 * Read side of slips: lists, home tabs, one slip, profile lists. Every response goes through the
 * mapper, which hides picks and per-game odds of unsettled slips from everyone but their tipster.
 */
@Injectable()
export class SlipQueryService {
  constructor(
    private readonly repo: SlipRepository,
    private readonly fixtures: FixturesService,
    private readonly config: AppConfig,
    private readonly cache: SlipListCache,
    private readonly pages: SlipPageIndex,
    private readonly clock: ReplayClock,
    private readonly accounts: AccountService,
  ) {}

  /**
   * GET /v2/api/slip/data/: active slips newest first, 10 a page; `account=1` (auth) the viewer's
   * own with picks; `username` one tipster's; `home=1` 12 for the home tab; `top=1` top tipsters';
   * `home_team`/`away_team` (or `team_a`/`team_b`) slips with a game of those teams.
   * Visitors, and logged-in readers with no slip of their own on the page (their answer is the
   * same bytes), get the list cache's bytes; a tipster's own slips are rendered with their picks.
   * @throws SlipError BAD_PAGE (400), INVALID_PAGE (404), USER_NOT_FOUND (404); 401 for account=1 without token.
   */
  async active(q: SlipListQueryDto, viewer: Viewer, requireViewer: () => never): Promise<ActivePage | JsonBytes<ActivePage>> {
    const visitorsPage = () =>
      this.cache.get(`active:${this.cacheKey(q)}`, async () => this.activeResponse(q, await this.activeSlice(q, undefined, requireViewer), undefined));
    if (!viewer && q.account !== '1') return visitorsPage();
    const slice = await this.activeSlice(q, viewer, requireViewer);
    if (q.account !== '1' && !slice.rows.some((r) => r.userId === viewer!.id)) return visitorsPage();
    return (await this.activeResponse(q, slice, viewer)).value;
  }

  /** The page `q` asks for: its number, the page count and its rows (from SlipPageIndex: no count, no OFFSET). */
  private async activeSlice(q: SlipListQueryDto, viewer: Viewer, requireViewer: () => never): Promise<{ page: number; numPages: number; rows: PageRow[] }> {
    const page = parsePage(q.p);
    const filter: ActiveFilter = {};
    if (q.account === '1') {
      if (!viewer) requireViewer();
      filter.userId = viewer!.id;
    } else if (q.username) {
      filter.userId = await this.userId(q.username);
    }
    const homeTeam = q.home_team ?? q.team_a;
    const awayTeam = q.away_team ?? q.team_b;
    if (homeTeam) filter.homeTeam = homeTeam;
    if (awayTeam) filter.awayTeam = awayTeam;
    if (q.top === '1') filter.top = true;
    if (q.home === '1') {
      if (page > 1) throw new SlipError(SlipErrorCode.INVALID_PAGE);
      // Popular (docs/PRODUCT-RULES.md R98): best sellers of the last 7 days first, then the
      // tipster's rating.
      if (Object.keys(filter).length === 0) return { page, numPages: 1, rows: await this.repo.popular(HOME_ACTIVE_SIZE, this.clock.now()) };
      return { page, numPages: 1, rows: await this.repo.page('active', filter, null, HOME_ACTIVE_SIZE) };
    }
    const slice = await this.pages.page('active', filter, ACTIVE_PAGE_SIZE, page);
    if (page > slice.numPages) throw new SlipError(SlipErrorCode.INVALID_PAGE);
    return { page, numPages: slice.numPages, rows: slice.rows };
  }

  /** The page's response, kept by the list cache as long as its games cannot change (timedFor). */
  private async activeResponse(q: SlipListQueryDto, slice: { page: number; numPages: number; rows: PageRow[] }, viewer: Viewer): Promise<TimedJson<ActivePage>> {
    const { page, numPages, rows } = slice;
    const { slips, games } = await this.renderWithGames(rows.map((r) => r.id), viewer);
    return this.timedFor(games, {
      results: slips,
      next: page < numPages ? this.url('/v2/api/slip/data/', q, page + 1) : null,
      previous: page > 1 ? this.url('/v2/api/slip/data/', q, page - 1) : null,
      num_pages: numPages,
    });
  }

  /**
   * GET /v2/api/slip/data/finished/: settled slips, latest settled first, 100 a page, with picks
   * and results; `next` an absolute URL (PUBLIC_URL). The same bytes for everyone (settled slips
   * show their picks to all), so logged-in readers get the list cache's bytes too.
   * `_viewer` does not change the answer.
   * @throws SlipError BAD_PAGE (400), INVALID_PAGE (404), USER_NOT_FOUND (404).
   */
  finished(q: SlipListQueryDto, _viewer?: Viewer): Promise<JsonBytes<FinishedPage>> {
    return this.cache.get(`finished:${this.cacheKey(q)}`, () => this.finishedUncached(q));
  }

  private async finishedUncached(q: SlipListQueryDto): Promise<TimedJson<FinishedPage>> {
    const page = parsePage(q.p);
    const userId = q.username ? await this.userId(q.username) : undefined;
    const { rows, total, numPages } = await this.pages.page('finished', { userId }, FINISHED_PAGE_SIZE, page);
    if (page > numPages) throw new SlipError(SlipErrorCode.INVALID_PAGE);
    const { slips, games } = await this.renderWithGames(rows.map((r) => r.id), undefined);
    return this.timedFor(games, {
      results: slips,
      next: page < numPages ? this.url('/v2/api/slip/data/finished/', q, page + 1) : null,
      count: total,
      num_pages: numPages,
    });
  }

  /** GET /api/home/active: the 12 Popular active slips (SlipRepository.popular; JSON bytes from the list cache). */
  homeActive(): Promise<JsonBytes<{ slips: SlipResponse[] }>> {
    return this.cache.get('home-active', async () => {
      const rows = await this.repo.popular(HOME_ACTIVE_SIZE, this.clock.now());
      return { slips: await this.render(rows.map((r) => r.id), undefined) };
    });
  }

  /** GET /api/home/finished: the 12 latest settled slips (JSON bytes from the list cache). */
  homeFinished(): Promise<JsonBytes<{ slips: SlipResponse[] }>> {
    return this.cache.get('home-finished', async () => {
      const { ids } = await this.repo.pageFinished(undefined, HOME_ACTIVE_SIZE, 0);
      return { slips: await this.render(ids, undefined) };
    });
  }

  /**
   * Slip `id` as a visitor sees it (JSON bytes of `one(id, undefined)`) from the list cache, dropped with the lists on
   * publish and settlement (docs/PRODUCT-RULES.md "Lists and caches"): a hit runs no SQL (USSD "buy by code", R176).
   * @throws SlipError SLIP_NOT_FOUND (404; never cached).
   */
  visitorCard(id: number): Promise<JsonBytes<SlipResponse>> {
    return this.cache.get(`slip:${id}`, async () => {
      const { slips, games } = await this.renderWithGames([id], undefined);
      if (!slips.length) throw new SlipError(SlipErrorCode.SLIP_NOT_FOUND);
      return this.timedFor(games, slips[0]);
    });
  }

  /** GET /api/slip/get/{id}. @throws SlipError SLIP_NOT_FOUND (404). */
  async one(id: number, viewer: Viewer): Promise<SlipResponse> {
    const [slip] = await this.render([id], viewer);
    if (!slip) throw new SlipError(SlipErrorCode.SLIP_NOT_FOUND);
    return slip;
  }

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
  ): Promise<
    Pick<ProfileRows, 'counters' | 'sums' | 'series'> & {
      ratings: { rating: number; monthly: number; week: number };
      active: SlipResponse[];
      finished: SlipResponse[];
      /** How long the lists stay exactly as rendered as far as their games go (unchangedForMs). */
      freshForMs: number;
    }
  > {
    const rows = await this.repo.profile(userId, monthStart, weekStart, PROFILE_LIST_SIZE, PROFIT_SERIES_SIZE);
    const { games, sources } = await this.fixtures.fromRows(rows.fixtures);
    const byId = new Map(rows.slips.map((s) => [s.id, s]));
    const inOrder = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
    const render = this.renderer(rows.tips, games, sources, owner ? { id: userId } : undefined);
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
      freshForMs: unchangedForMs(games.values(), this.clock.now().getTime()),
    };
  }

  /**
   * Slips by id in the order given (unknown ids left out), as a visitor sees them: picks and
   * per-game odds hidden until settled. Used by the jackpot module to show jackpot slips.
   */
  byIds(ids: number[]): Promise<SlipResponse[]> {
    return this.render(ids, undefined);
  }

  private async userId(username: string): Promise<number> {
    const id = await this.accounts.idByUsername(username);
    if (id === null) throw new SlipError(SlipErrorCode.USER_NOT_FOUND);
    return id;
  }

  private async render(ids: number[], viewer: Viewer): Promise<SlipResponse[]> {
    return (await this.renderWithGames(ids, viewer)).slips;
  }

  /**
   * `value` for the list cache, kept as long as the games it shows cannot change (unchangedForMs on
   * the fixtures clock, which game states are computed with: until the first kick-off; the cache
   * clamps it to 5-60 s and publish/settlement drop it sooner).
   */
  private timedFor<T>(games: Map<string, GameView>, value: T): TimedJson<T> {
    return timedJson(value, unchangedForMs(games.values(), this.clock.now().getTime()));
  }

  private async renderWithGames(ids: number[], viewer: Viewer): Promise<{ slips: SlipResponse[]; games: Map<string, GameView> }> {
    const { slips, tips } = await this.repo.load(ids);
    if (!slips.length) return { slips: [], games: new Map() };
    const settledIds = new Set(slips.filter((s) => s.slipResult !== null).map((s) => s.id));
    const [gameList, sources] = await Promise.all([
      this.fixtures.games([...new Set(tips.map((t) => t.fixtureId))]),
      this.fixtures.resultSources([...new Set(tips.filter((t) => settledIds.has(t.slipId)).map((t) => t.fixtureId))]),
    ]);
    const games = new Map(gameList.map((g) => [g.id, g]));
    return { slips: slips.map(this.renderer(tips, games, sources, viewer)), games };
  }

  /** Maps a slip row to its response for `viewer`, with its tips among `tips` (in slip order), their games and result provenance. */
  private renderer(
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

  /** A stable cache key of a visitor's list query (lower-cased names; errors are never cached). */
  private cacheKey(q: SlipListQueryDto): string {
    return Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${String(v).toLowerCase()}`)
      .sort()
      .join('&');
  }

  private url(path: string, q: SlipListQueryDto, page: number): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && k !== 'p') params.set(k, String(v));
    params.set('p', String(page));
    return `${this.config.publicUrl}${path}?${params.toString()}`;
  }
}
