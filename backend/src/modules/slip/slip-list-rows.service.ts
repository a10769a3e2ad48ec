import { Injectable } from '@nestjs/common';
import { AccountService } from '../account/account.service';
import { ReplayClock } from '../fixtures/replay-clock.service';
import { SlipListQueryDto } from './dto/slip-list-query.dto';
import { ACTIVE_PAGE_SIZE, FINISHED_PAGE_SIZE, HOME_ACTIVE_SIZE } from './slip.constants';
import { SlipError, SlipErrorCode } from './slip.errors';
import { ActiveFilter, PageRow, SlipRepository } from './slip.repository';
import { SlipPageIndex } from './slip-page-index';
import type { Viewer } from './slip-render.service';

/** One page of a slip list: its number, the page count (at least 1) and its rows. */
export interface ListSlice {
  page: number;
  numPages: number;
  rows: PageRow[];
}

const PAGE = /^\d{1,9}$/;

/** 1 when absent; else a positive integer. @throws SlipError BAD_PAGE (400). */
export const parsePage = (p: string | undefined): number => {
  if (p === undefined || p === '') return 1;
  if (!PAGE.test(p) || Number(p) < 1) throw new SlipError(SlipErrorCode.BAD_PAGE);
  return Number(p);
};

/**
 * Which slips a public list page shows (docs/PRODUCT-RULES.md R142, R98): the query's filters,
 * page and tipster resolved to rows through SlipPageIndex (no count, no OFFSET) or
 * SlipRepository; SlipQueryService renders them.
 */
@Injectable()
export class SlipListRowsService {
  constructor(
    private readonly repo: SlipRepository,
    private readonly pages: SlipPageIndex,
    private readonly accounts: AccountService,
    private readonly clock: ReplayClock,
  ) {}

  /**
   * The page of the active list `q` asks for: its number, the page count and its rows.
   * @throws SlipError BAD_PAGE (400), INVALID_PAGE (404), USER_NOT_FOUND (404); `requireViewer`'s error for account=1 without a viewer.
   */
  async active(
    q: SlipListQueryDto,
    viewer: Viewer,
    requireViewer: () => never,
  ): Promise<ListSlice> {
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
      if (Object.keys(filter).length === 0)
        return { page, numPages: 1, rows: await this.popular() };
      return {
        page,
        numPages: 1,
        rows: await this.repo.page('active', filter, null, HOME_ACTIVE_SIZE),
      };
    }
    const slice = await this.pages.page('active', filter, ACTIVE_PAGE_SIZE, page);
    if (page > slice.numPages) throw new SlipError(SlipErrorCode.INVALID_PAGE);
    return { page, numPages: slice.numPages, rows: slice.rows };
  }

  /**
   * The page of the finished list `q` asks for, with the list's size (`total`).
   * @throws SlipError BAD_PAGE (400), INVALID_PAGE (404), USER_NOT_FOUND (404).
   */
  async finished(q: SlipListQueryDto): Promise<ListSlice & { total: number }> {
    const page = parsePage(q.p);
    const userId = q.username ? await this.userId(q.username) : undefined;
    const { rows, total, numPages } = await this.pages.page(
      'finished',
      { userId },
      FINISHED_PAGE_SIZE,
      page,
    );
    if (page > numPages) throw new SlipError(SlipErrorCode.INVALID_PAGE);
    return { page, numPages, rows, total };
  }

  /** The HOME_ACTIVE_SIZE Popular active slips (SlipRepository.popular, on the fixtures clock). */
  popular(): Promise<PageRow[]> {
    return this.repo.popular(HOME_ACTIVE_SIZE, this.clock.now());
  }

  /** Ids of the HOME_ACTIVE_SIZE latest settled slips. */
  async latestFinishedIds(): Promise<number[]> {
    return (await this.repo.pageFinished(undefined, HOME_ACTIVE_SIZE, 0)).ids;
  }

  /** @throws SlipError USER_NOT_FOUND (404). */
  private async userId(username: string): Promise<number> {
    const id = await this.accounts.idByUsername(username);
    if (id === null) throw new SlipError(SlipErrorCode.USER_NOT_FOUND);
    return id;
  }
}
