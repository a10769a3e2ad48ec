import { Injectable } from '@nestjs/common';
import { JsonBytes, TimedJson } from '../../common/cache/hot-json-cache';
import { AppConfig } from '../../config/app-config';
import { SlipListQueryDto } from './dto/slip-list-query.dto';
import { SlipError, SlipErrorCode } from './slip.errors';
import { SlipResponse } from './slip.mapper';
import { SlipListCache } from './slip-list-cache';
import { ListSlice, SlipListRowsService } from './slip-list-rows.service';
import { SlipRenderService, Viewer } from './slip-render.service';

export type { Viewer } from './slip-render.service';

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

/**
 * Read side of slips: lists, home tabs, one slip. The rows of a page come from
 * SlipListRowsService, the cards from SlipRenderService, whose mapper hides picks and per-game
 * odds of unsettled slips from everyone but their tipster; visitors' pages are kept as bytes by
 * the list cache. A tipster's profile is ProfileSlipsService's.
 */
@Injectable()
export class SlipQueryService {
  constructor(
    private readonly rows: SlipListRowsService,
    private readonly renderer: SlipRenderService,
    private readonly cache: SlipListCache,
    private readonly config: AppConfig,
  ) {}

  /**
   * GET /v2/api/slip/data/: active slips newest first, 10 a page; `account=1` (auth) the viewer's
   * own with picks; `username` one tipster's; `home=1` 12 for the home tab; `top=1` top tipsters';
   * `home_team`/`away_team` (or `team_a`/`team_b`) slips with a game of those teams.
   * Visitors, and logged-in readers with no slip of their own on the page (their answer is the
   * same bytes), get the list cache's bytes; a tipster's own slips are rendered with their picks.
   * @throws SlipError BAD_PAGE (400), INVALID_PAGE (404), USER_NOT_FOUND (404); 401 for account=1 without token.
   */
  async active(
    q: SlipListQueryDto,
    viewer: Viewer,
    requireViewer: () => never,
  ): Promise<ActivePage | JsonBytes<ActivePage>> {
    const visitorsPage = () =>
      this.cache.get(`active:${this.cacheKey(q)}`, async () =>
        this.activeResponse(q, await this.rows.active(q, undefined, requireViewer), undefined),
      );
    if (!viewer && q.account !== '1') return visitorsPage();
    const slice = await this.rows.active(q, viewer, requireViewer);
    if (q.account !== '1' && !slice.rows.some((r) => r.userId === viewer!.id))
      return visitorsPage();
    return (await this.activeResponse(q, slice, viewer)).value;
  }

  /** The page's response, kept by the list cache as long as its games cannot change (timedFor). */
  private async activeResponse(
    q: SlipListQueryDto,
    slice: ListSlice,
    viewer: Viewer,
  ): Promise<TimedJson<ActivePage>> {
    const { page, numPages, rows } = slice;
    const { slips, games } = await this.renderer.renderWithGames(
      rows.map((r) => r.id),
      viewer,
    );
    return this.renderer.timedFor(games, {
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
    const { page, numPages, rows, total } = await this.rows.finished(q);
    const { slips, games } = await this.renderer.renderWithGames(
      rows.map((r) => r.id),
      undefined,
    );
    return this.renderer.timedFor(games, {
      results: slips,
      next: page < numPages ? this.url('/v2/api/slip/data/finished/', q, page + 1) : null,
      count: total,
      num_pages: numPages,
    });
  }

  /** GET /api/home/active: the 12 Popular active slips (SlipRepository.popular; JSON bytes from the list cache). */
  homeActive(): Promise<JsonBytes<{ slips: SlipResponse[] }>> {
    return this.cache.get('home-active', async () => {
      const rows = await this.rows.popular();
      return {
        slips: await this.renderer.render(
          rows.map((r) => r.id),
          undefined,
        ),
      };
    });
  }

  /** GET /api/home/finished: the 12 latest settled slips (JSON bytes from the list cache). */
  homeFinished(): Promise<JsonBytes<{ slips: SlipResponse[] }>> {
    return this.cache.get('home-finished', async () => {
      const ids = await this.rows.latestFinishedIds();
      return { slips: await this.renderer.render(ids, undefined) };
    });
  }

  /**
   * Slip `id` as a visitor sees it (JSON bytes of `one(id, undefined)`) from the list cache, dropped with the lists on
   * publish and settlement (docs/PRODUCT-RULES.md "Lists and caches"): a hit runs no SQL (USSD "buy by code", R176).
   * @throws SlipError SLIP_NOT_FOUND (404; never cached).
   */
  visitorCard(id: number): Promise<JsonBytes<SlipResponse>> {
    return this.cache.get(`slip:${id}`, async () => {
      const { slips, games } = await this.renderer.renderWithGames([id], undefined);
      if (!slips.length) throw new SlipError(SlipErrorCode.SLIP_NOT_FOUND);
      return this.renderer.timedFor(games, slips[0]);
    });
  }

  /** GET /api/slip/get/{id}. @throws SlipError SLIP_NOT_FOUND (404). */
  async one(id: number, viewer: Viewer): Promise<SlipResponse> {
    const [slip] = await this.renderer.render([id], viewer);
    if (!slip) throw new SlipError(SlipErrorCode.SLIP_NOT_FOUND);
    return slip;
  }

  /**
   * Slips by id in the order given (unknown ids left out), as a visitor sees them: picks and
   * per-game odds hidden until settled. Used by the jackpot module to show jackpot slips.
   */
  byIds(ids: number[]): Promise<SlipResponse[]> {
    return this.renderer.render(ids, undefined);
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
    for (const [k, v] of Object.entries(q))
      if (v !== undefined && k !== 'p') params.set(k, String(v));
    params.set('p', String(page));
    return `${this.config.publicUrl}${path}?${params.toString()}`;
  }
}
