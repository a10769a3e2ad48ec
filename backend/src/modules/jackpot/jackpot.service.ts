import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { isoWeekStart, nairobiDayKey } from '../../common/time/nairobi';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountService } from '../account/account.service';
import { FixturesError } from '../fixtures/fixtures.errors';
import { FixturesService } from '../fixtures/fixtures.service';
import { PurchaseLookupRepository } from '../processor/purchase-lookup.repository';
import { firstDuplicate, slipAccumulator } from '../slip/domain/slip-rules';
import { JackpotSlipResult, JackpotSlipsRepository } from '../slip/jackpot-slips.repository';
import { SlipQueryService } from '../slip/slip-query.service';
import { JackpotScore, jackpotScore } from './domain/jackpot-score';
import {
  JACKPOT_COMPANIES,
  JACKPOT_TYPES,
  JackpotCompany,
  JackpotType,
} from './domain/jackpot-slug';
import {
  jackpotOddsFit,
  jackpotOrder,
  jackpotTipCountProblem,
  parseJackpotPrice,
} from './domain/jackpot-rules';
import { JackpotTipInput } from './dto/jackpot-input.dto';
import { Jackpot } from './entities/jackpot.entity';
import { JackpotError, JackpotErrorCode } from './jackpot.errors';
import { JackpotRepository } from './jackpot.repository';
import {
  JackpotHistoryItem,
  JackpotResponse,
  toJackpotHistoryItem,
  toJackpotResponse,
} from './jackpot.mapper';
import { HISTORY_LIMIT, MAX_HISTORY_LIMIT } from './jackpot.constants';

/** What an admin enters for a week's jackpot (back office `jackpots` create, the seed). */
export interface JackpotInput {
  company: JackpotCompany;
  type: JackpotType;
  title: string;
  description?: string;
  /** Whole Ksh 50-1000 (number, digit string or '199.00'). */
  price: unknown;
  tips: JackpotTipInput[];
}

/** Fields an admin may change once a jackpot is entered. */
export interface JackpotPatch {
  title?: string;
  description?: string;
  price?: unknown;
}

/** Write options: `manager` joins the caller's transaction (the back office's audit transaction). */
export interface JackpotWriteOptions {
  manager?: EntityManager;
}

const ID = /^[1-9]\d{0,17}$/;

/**
 * Jackpots (docs/PRODUCT-RULES.md R118, "Jackpots"): builds each week's jackpot slip from
 * an admin's picks, keeps one current jackpot per company and type, and answers the public list.
 * A jackpot slip is an ordinary slip with `jackpot = true` owned by an admin account: bought like
 * any slip (POST /api/processor/buy), settled like any slip, left out of the tipster lists.
 * Time is the fixtures clock (the replayed calendar's wall time), as for slip publishing.
 */
@Injectable()
export class JackpotService {
  constructor(
    private readonly repo: JackpotRepository,
    private readonly tx: TransactionRunner,
    private readonly fixtures: FixturesService,
    private readonly slips: SlipQueryService,
    private readonly jackpotSlips: JackpotSlipsRepository,
    private readonly accounts: AccountService,
    private readonly purchaseLookup: PurchaseLookupRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * GET /api/jackpot/get-all-jackpots: the current jackpot of each company and type (SP MG, SP MW,
   * BT MG, BT MW; missing ones left out). `slip` in the slip shape of docs/PRODUCT-RULES.md R114,
   * picks and per-game odds hidden until settled; `todaysOdd` the slip's total odds and `price`
   * Ksh, both decimal strings; `next_match` the earliest kick-off still to come (Nairobi ISO time)
   * or null; `score` once every game is decided ('11/17', `jackpotScore`), else null.
   */
  async currentAll(): Promise<JackpotResponse[]> {
    const rows = (await this.repo.current()).sort(
      (a, b) => jackpotOrder(a.company, a.type) - jackpotOrder(b.company, b.type),
    );
    if (!rows.length) return [];
    const slips = new Map(
      (await this.slips.byIds(rows.map((r) => r.slipId))).map((s) => [s.id, s]),
    );
    const fixtureIds = [
      ...new Set([...slips.values()].flatMap((s) => s.tips.map((t) => String(t.fixture)))),
    ];
    const games = await this.fixtures.games(fixtureIds);
    const kickoffs = new Map(
      games.filter((g) => g.state.phase === 'upcoming').map((g) => [g.id, g.gameDate]),
    );
    const results = await this.jackpotSlips.results(rows.map((r) => r.slipId));
    return rows.flatMap((r) => {
      const slip = slips.get(r.slipId);
      if (!slip) return [];
      const upcoming = slip.tips.flatMap((t) => kickoffs.get(String(t.fixture)) ?? []);
      const next = upcoming.length ? new Date(Math.min(...upcoming.map((d) => d.getTime()))) : null;
      return [
        toJackpotResponse(
          r,
          slip,
          next,
          jackpotScore((results.get(r.slipId) ?? []).map((g) => g.result)),
        ),
      ];
    });
  }

  /**
   * GET /api/jackpot/history: past rounds (every game decided, so scored by `jackpotScore`), newest
   * first (the order they were entered), optionally of one `company` ('SP'|'BT') and `type`
   * ('MG'|'MW'); keyset paging: `before` a jackpot id (the last one of the previous page), `limit`
   * 1-50 (default 20). Reads only the listed jackpots' tips (docs/PRODUCT-RULES.md "Jackpots"): at
   * most `limit` × 17 results per page plus the few rounds still being played.
   * Returns `{data, next_before}`, next_before null on the last page.
   * @throws JackpotError BAD_HISTORY_QUERY (400) for any other company, type, before or limit.
   */
  async history(query: {
    company?: string;
    type?: string;
    before?: string;
    limit?: string;
  }): Promise<{ data: JackpotHistoryItem[]; next_before: number | null }> {
    const blank = (v: string | undefined) => v === undefined || v === '';
    const company = blank(query.company) ? undefined : String(query.company).toUpperCase();
    const type = blank(query.type) ? undefined : String(query.type).toUpperCase();
    const before = blank(query.before)
      ? undefined
      : /^[1-9]\d{0,9}$/.test(String(query.before))
        ? Number(query.before)
        : NaN;
    const limit = blank(query.limit)
      ? HISTORY_LIMIT
      : /^\d{1,3}$/.test(String(query.limit))
        ? Number(query.limit)
        : NaN;
    if (
      (company !== undefined && !(JACKPOT_COMPANIES as readonly string[]).includes(company)) ||
      (type !== undefined && !(JACKPOT_TYPES as readonly string[]).includes(type)) ||
      Number.isNaN(before) ||
      !(limit >= 1 && limit <= MAX_HISTORY_LIMIT)
    ) {
      throw new JackpotError(JackpotErrorCode.BAD_HISTORY_QUERY, { game: null });
    }
    const scored: { jackpot: Jackpot; games: JackpotSlipResult[]; score: JackpotScore }[] = [];
    let cursor = before;
    for (;;) {
      const page = await this.repo.page({ company, type, before: cursor, limit });
      const results = await this.jackpotSlips.results(page.map((j) => j.slipId));
      for (const jackpot of page) {
        const games = results.get(jackpot.slipId) ?? [];
        const score = jackpotScore(games.map((g) => g.result));
        if (score && scored.length < limit) scored.push({ jackpot, games, score });
      }
      if (scored.length >= limit || page.length < limit) break;
      cursor = page[page.length - 1].id;
    }
    const kickoffs = new Map(
      (
        await this.fixtures.games([
          ...new Set(scored.flatMap((s) => s.games.map((g) => g.fixtureId))),
        ])
      ).map((g) => [g.id, g.gameDate.getTime()]),
    );
    const data = scored.map(({ jackpot, games, score }) => {
      const times = games.flatMap((g) => kickoffs.get(g.fixtureId) ?? []);
      return toJackpotHistoryItem(
        jackpot,
        games.length,
        times.length ? new Date(Math.min(...times)) : null,
        score,
      );
    });
    return { data, next_before: data.length === limit ? data[data.length - 1].id : null };
  }

  /**
   * Enters a week's jackpot: builds its slip owned by `ownerId` (an admin account) from 10-17 tips,
   * one per fixture, each fixture not started with an odd for the market (odds quoted on the server
   * by the fixtures module, as slip publishing does), total odds = product truncated to 2 decimals;
   * the new jackpot becomes the current one of its company and type (the previous one stays, no
   * longer current). Slip, tips and jackpot are written in one transaction.
   * @throws JackpotError (400 `{message, error, game}`): TOO_FEW_TIPS, TOO_MANY_TIPS, BAD_TIP,
   *   DUPLICATE_GAME, PRICE_OUT_OF_RANGE, GAME_UNAVAILABLE (the fixtures module's reason: started,
   *   unknown, no odds for the market...), ODDS_TOO_HIGH, OWNER_NOT_ADMIN.
   */
  async create(
    input: JackpotInput,
    opts: JackpotWriteOptions & { ownerId: number },
  ): Promise<Jackpot> {
    const tips = Array.isArray(input.tips) ? input.tips : [];
    const problem = jackpotTipCountProblem(tips.length);
    if (problem === 'few') throw new JackpotError(JackpotErrorCode.TOO_FEW_TIPS, { game: null });
    if (problem === 'many') throw new JackpotError(JackpotErrorCode.TOO_MANY_TIPS, { game: null });
    const selections = tips.map((t) => {
      const game = t && typeof t === 'object' ? String(t.game ?? '') : '';
      const market = t && typeof t === 'object' ? Number(t.market) : NaN;
      if (!ID.test(game) || !Number.isSafeInteger(market) || market <= 0)
        throw new JackpotError(JackpotErrorCode.BAD_TIP, { game: null });
      return { fixtureId: game, marketId: market };
    });
    const duplicate = firstDuplicate(selections.map((s) => s.fixtureId));
    if (duplicate !== undefined) {
      const [game] = await this.fixtures.games([duplicate]);
      throw new JackpotError(JackpotErrorCode.DUPLICATE_GAME, {
        game: game ? `${game.homeTeam} v ${game.awayTeam}` : duplicate,
      });
    }
    const priceKsh = parseJackpotPrice(input.price);
    if (priceKsh === null)
      throw new JackpotError(JackpotErrorCode.PRICE_OUT_OF_RANGE, { game: null });
    const quotes = await this.fixtures.quote(selections).catch((err: unknown) => {
      if (err instanceof FixturesError)
        throw new JackpotError(
          JackpotErrorCode.GAME_UNAVAILABLE,
          { game: err.extra.game ?? null },
          err.message,
        );
      throw err;
    });
    const accumulator = slipAccumulator(quotes.map((q) => q.odd));
    if (!jackpotOddsFit(accumulator))
      throw new JackpotError(JackpotErrorCode.ODDS_TOO_HIGH, { game: null });

    const [owner] = await this.accounts.findSummaries([opts.ownerId]);
    if (owner?.role !== 'admin')
      throw new JackpotError(JackpotErrorCode.OWNER_NOT_ADMIN, { game: null });

    return this.tx.run(async (em) => {
      // One writer per company and type, so exactly one jackpot ends up current.
      await this.repo.retireCurrent(em, input.company, input.type);
      const now = this.clock.now();
      const price = Money.ofUnits(priceKsh);
      const slipId = await this.jackpotSlips.create(em, {
        ownerId: opts.ownerId,
        price,
        accumulator,
        now,
        tips: quotes.map((q) => ({ fixtureId: q.game.id, marketId: q.market.id, odd: q.odd })),
      });
      return this.repo.save(em, {
        company: input.company,
        type: input.type,
        slipId,
        todaysOdd: accumulator,
        price,
        title: input.title.trim(),
        description: (input.description ?? '').trim(),
        weekStart: nairobiDayKey(isoWeekStart(now)),
        isCurrent: true,
        createdAt: now,
        updatedAt: now,
      });
    }, opts.manager);
  }

  /**
   * Changes title, description and/or price of jackpot `id`; a new price is also the slip's (the
   * amount a buyer pays; purchases already started keep their amount).
   * @throws JackpotError JACKPOT_NOT_FOUND (404), PRICE_OUT_OF_RANGE (400).
   */
  async update(id: number, patch: JackpotPatch, opts: JackpotWriteOptions = {}): Promise<Jackpot> {
    const priceKsh =
      patch.price === undefined || patch.price === null
        ? undefined
        : parseJackpotPrice(patch.price);
    if (priceKsh === null)
      throw new JackpotError(JackpotErrorCode.PRICE_OUT_OF_RANGE, { game: null });
    return this.tx.run(async (em) => {
      const jackpot = await this.lock(em, id);
      if (patch.title !== undefined) jackpot.title = patch.title.trim();
      if (patch.description !== undefined) jackpot.description = patch.description.trim();
      if (priceKsh !== undefined) {
        jackpot.price = Money.ofUnits(priceKsh);
        await this.jackpotSlips.setPrice(em, jackpot.slipId, jackpot.price);
      }
      jackpot.updatedAt = this.clock.now();
      return this.repo.save(em, jackpot);
    }, opts.manager);
  }

  /**
   * Deletes jackpot `id` with its slip and tips, only while no purchase of the slip is paid or
   * pending (a buyer's money or picks are never lost). Returns the jackpot as it was.
   * @throws JackpotError JACKPOT_NOT_FOUND (404), JACKPOT_SOLD (400).
   */
  async remove(id: number, opts: JackpotWriteOptions = {}): Promise<Jackpot> {
    return this.tx.run(async (em) => {
      const jackpot = await this.lock(em, id);
      await this.jackpotSlips.lock(em, jackpot.slipId);
      if (await this.purchaseLookup.slipHasOpenPurchase(em, jackpot.slipId))
        throw new JackpotError(JackpotErrorCode.JACKPOT_SOLD, { game: null });
      await this.repo.delete(em, id);
      await this.jackpotSlips.remove(em, jackpot.slipId);
      return jackpot;
    }, opts.manager);
  }

  private async lock(em: EntityManager, id: number): Promise<Jackpot> {
    const jackpot = await this.repo.lock(em, id);
    if (!jackpot) throw new JackpotError(JackpotErrorCode.JACKPOT_NOT_FOUND, { game: null });
    return jackpot;
  }
}
