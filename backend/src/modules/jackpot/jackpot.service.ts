import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { isoWeekStart, nairobiDayKey } from '../../common/time/nairobi';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountService } from '../account/account.service';
import { FIXTURES_CLOCK } from '../fixtures/fixtures.constants';
import { FixturesError } from '../fixtures/fixtures.errors';
import { FixturesService } from '../fixtures/fixtures.service';
import { slipHasOpenPurchase } from '../processor/purchase-queries';
import { firstDuplicate, slipAccumulator } from '../slip/domain/slip-rules';
import { JackpotSlipsRepository } from '../slip/jackpot-slips.repository';
import { SlipQueryService } from '../slip/slip-query.service';
import { JackpotCompany, JackpotType } from './domain/jackpot-slug';
import { jackpotOddsFit, jackpotOrder, jackpotTipCountProblem, parseJackpotPrice } from './domain/jackpot-rules';
import { JackpotTipInput } from './dto/jackpot-input.dto';
import { Jackpot } from './entities/jackpot.entity';
import { JackpotError, JackpotErrorCode } from './jackpot.errors';
import { JackpotRepository } from './jackpot.repository';
import { JackpotResponse, toJackpotResponse } from './jackpot.mapper';

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
 * Jackpots (spec §3 Jackpot; docs/PRODUCT-RULES.md "Jackpots"): builds each week's jackpot slip from
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
    @Inject(FIXTURES_CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * GET /api/jackpot/get-all-jackpots: the current jackpot of each company and type (SP MG, SP MW,
   * BT MG, BT MW; missing ones left out). `slip` in the spec §3 shape, picks and per-game odds hidden
   * until settled; `todaysOdd` the slip's total odds and `price` Ksh, both decimal strings;
   * `next_match` the earliest kick-off still to come (Nairobi ISO time) or null.
   */
  async currentAll(): Promise<JackpotResponse[]> {
    const rows = (await this.repo.current()).sort(
      (a, b) => jackpotOrder(a.company, a.type) - jackpotOrder(b.company, b.type),
    );
    if (!rows.length) return [];
    const slips = new Map((await this.slips.byIds(rows.map((r) => r.slipId))).map((s) => [s.id, s]));
    const fixtureIds = [...new Set([...slips.values()].flatMap((s) => s.tips.map((t) => String(t.fixture))))];
    const games = await this.fixtures.games(fixtureIds);
    const kickoffs = new Map(games.filter((g) => g.state.phase === 'upcoming').map((g) => [g.id, g.gameDate]));
    return rows.flatMap((r) => {
      const slip = slips.get(r.slipId);
      if (!slip) return [];
      const upcoming = slip.tips.flatMap((t) => kickoffs.get(String(t.fixture)) ?? []);
      const next = upcoming.length ? new Date(Math.min(...upcoming.map((d) => d.getTime()))) : null;
      return [toJackpotResponse(r, slip, next)];
    });
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
  async create(input: JackpotInput, opts: JackpotWriteOptions & { ownerId: number }): Promise<Jackpot> {
    const tips = Array.isArray(input.tips) ? input.tips : [];
    const problem = jackpotTipCountProblem(tips.length);
    if (problem === 'few') throw new JackpotError(JackpotErrorCode.TOO_FEW_TIPS, { game: null });
    if (problem === 'many') throw new JackpotError(JackpotErrorCode.TOO_MANY_TIPS, { game: null });
    const selections = tips.map((t) => {
      const game = t && typeof t === 'object' ? String(t.game ?? '') : '';
      const market = t && typeof t === 'object' ? Number(t.market) : NaN;
      if (!ID.test(game) || !Number.isSafeInteger(market) || market <= 0) throw new JackpotError(JackpotErrorCode.BAD_TIP, { game: null });
      return { fixtureId: game, marketId: market };
    });
    const duplicate = firstDuplicate(selections.map((s) => s.fixtureId));
    if (duplicate !== undefined) {
      const [game] = await this.fixtures.games([duplicate]);
      throw new JackpotError(JackpotErrorCode.DUPLICATE_GAME, { game: game ? `${game.homeTeam} v ${game.awayTeam}` : duplicate });
    }
    const priceKsh = parseJackpotPrice(input.price);
    if (priceKsh === null) throw new JackpotError(JackpotErrorCode.PRICE_OUT_OF_RANGE, { game: null });
    const quotes = await this.fixtures.quote(selections).catch((err: unknown) => {
      if (err instanceof FixturesError) throw new JackpotError(JackpotErrorCode.GAME_UNAVAILABLE, { game: err.extra.game ?? null }, err.message);
      throw err;
    });
    const accumulator = slipAccumulator(quotes.map((q) => q.odd));
    if (!jackpotOddsFit(accumulator)) throw new JackpotError(JackpotErrorCode.ODDS_TOO_HIGH, { game: null });

    const [owner] = await this.accounts.findSummaries([opts.ownerId]);
    if (owner?.role !== 'admin') throw new JackpotError(JackpotErrorCode.OWNER_NOT_ADMIN, { game: null });

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
    const priceKsh = patch.price === undefined || patch.price === null ? undefined : parseJackpotPrice(patch.price);
    if (priceKsh === null) throw new JackpotError(JackpotErrorCode.PRICE_OUT_OF_RANGE, { game: null });
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
      if (await slipHasOpenPurchase(em, jackpot.slipId)) throw new JackpotError(JackpotErrorCode.JACKPOT_SOLD, { game: null });
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
