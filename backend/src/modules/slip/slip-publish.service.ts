import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CLOCK, Clock } from '../../common/clock/clock';
import { Money } from '../../common/money/money';
import { nairobiDayStart } from '../../common/time/nairobi';
import { TransactionRunner } from '../../database/transaction-runner';
import { FixturesError } from '../fixtures/fixtures.errors';
import { AccountService } from '../account/account.service';
import { FixturesService, Quote } from '../fixtures/fixtures.service';
import {
  accumulatorInRange,
  canPostAnother,
  canPostMoneyBack,
  parseMoneyBack,
  firstDuplicate,
  parsePriceKsh,
  remainingToday,
  slipAccumulator,
  tipCountProblem,
} from './domain/slip-rules';
import { CreateSlipDto } from './dto/create-slip.dto';
import { TipsterStatService } from '../tipster-stats/tipster-stat.service';
import { SlipEvents } from './slip-events';
import { SlipError, SlipErrorCode } from './slip.errors';
import { SlipRepository } from './slip.repository';

/** Answer of GET /api/slip/can-post. */
export interface CanPost {
  can_post: boolean;
  remaining: number;
}

/**
 * Answer of POST /api/slip/quote: the odds the server would quote for the tips now and their total
 * odds (docs/PRODUCT-RULES.md "Slips and what a visitor may see"), so the slip builder shows the
 * server's figure and computes none.
 */
export interface SlipQuote {
  /** Product of the quoted odds truncated to 2 decimals (slipAccumulator), e.g. '4.32'. */
  accumulator: string;
  /** Whether `accumulator` lies within the publishable range (accumulatorInRange: 1.60 to 100.00). */
  accumulator_in_range: boolean;
  /** Each tip as quoted, in the order given: fixture id, market id and the decimal odd. */
  tips: { game: number; market: number; odd: string }[];
}

const ID = /^[1-9]\d{0,17}$/;

/**
 * Publishing slips (docs/PRODUCT-RULES.md R135, "Slips"): validates the tips, quotes every
 * odd on the server, enforces the two-slips-per-Nairobi-day limit and stores slip and tips in one
 * transaction. Time is the fixtures clock (the replayed calendar's wall time).
 */
@Injectable()
export class SlipPublishService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly slips: SlipRepository,
    private readonly stats: TipsterStatService,
    private readonly fixtures: FixturesService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly events: SlipEvents,
    private readonly accounts: AccountService,
  ) {}

  /** Whether `userId` may publish another slip this Nairobi day, and how many remain. */
  async canPost(userId: number): Promise<CanPost> {
    const count = await this.publishedToday(userId);
    return { can_post: canPostAnother(count), remaining: remainingToday(count) };
  }

  /**
   * Publishes a slip for `userId`. Checks, in order: daily limit, 3-5 tips, one tip per game, the
   * price (Ksh 50-1000), every game and market (quoted by the fixtures module: not started, odds
   * present), total odds 1.6-100; a money-back slip (`money_back: true`) at most
   * MAX_MONEY_BACK_SLIPS_PER_DAY a Nairobi day (docs/PRODUCT-RULES.md R240, R248). Returns the new slip id.
   * Marks the user a tipster (accounts) in the same transaction.
   * @throws SlipError (400 `{error, game}`) with the spec's message, GAME_UNAVAILABLE with the
   *   fixtures module's reason for a game that cannot be tipped (naming it); AccountError for a banned user.
   */
  async publish(userId: number, body: CreateSlipDto): Promise<{ id: number }> {
    await this.accounts.assertActive(userId); // a banned account cannot publish (tokens live 15 minutes)
    if (!(await this.canPost(userId)).can_post)
      throw new SlipError(SlipErrorCode.DAILY_LIMIT_REACHED, { game: null });
    const moneyBack = parseMoneyBack(body.money_back);
    if (moneyBack === null) throw new SlipError(SlipErrorCode.BAD_MONEY_BACK, { game: null });
    const tips = Array.isArray(body.tips) ? body.tips : [];
    const problem = tipCountProblem(tips.length);
    if (problem === 'few') throw new SlipError(SlipErrorCode.TOO_FEW_TIPS, { game: null });
    if (problem === 'many') throw new SlipError(SlipErrorCode.TOO_MANY_TIPS, { game: null });
    const selections = await this.selections(tips);
    const priceKsh = parsePriceKsh(body.amount);
    if (priceKsh === null) throw new SlipError(SlipErrorCode.PRICE_OUT_OF_RANGE, { game: null });
    const quotes = await this.quoteOdds(selections);
    const accumulator = slipAccumulator(quotes.map((q) => q.odd));
    if (!accumulatorInRange(accumulator))
      throw new SlipError(SlipErrorCode.ACCUMULATOR_OUT_OF_RANGE, { game: null });

    const id = await this.tx.run(async (em) => {
      await this.slips.lockPublisher(em, userId);
      if (!canPostAnother(await this.publishedToday(userId, em))) {
        throw new SlipError(SlipErrorCode.DAILY_LIMIT_REACHED, { game: null });
      }
      const dayStart = nairobiDayStart(this.clock.now());
      if (
        moneyBack &&
        !canPostMoneyBack(await this.slips.moneyBackPublishedSince(userId, dayStart, em))
      ) {
        throw new SlipError(SlipErrorCode.MONEY_BACK_LIMIT_REACHED, { game: null });
      }
      const slipId = await this.slips.insertWithTips(
        em,
        {
          userId,
          price: Money.ofUnits(priceKsh),
          accumulator,
          dateCreated: this.clock.now(),
          moneyBack,
        },
        quotes.map((q: Quote) => ({ fixtureId: q.game.id, marketId: q.market.id, odd: q.odd })),
      );
      await this.stats.onPublished(em, userId);
      await this.fixtures.recordTips(
        quotes.map((q) => q.game.id),
        em,
      );
      await this.accounts.markTipster(userId, em);
      return slipId;
    });
    await this.events.emitPublished(id);
    return { id };
  }

  /**
   * Quotes a slip being built (POST /api/slip/quote): the odds of `body.tips` as publishing would
   * quote them now and their total odds, with whether that total may be published. Any number of
   * tips from 1 to the maximum (the builder shows the total as games are added); the price, the
   * daily limit and the minimum number of tips are publishing's checks, not the quote's.
   * @throws SlipError (400 `{error, game}`) TOO_FEW_TIPS without a tip, TOO_MANY_TIPS, BAD_TIP,
   *   DUPLICATE_GAME, GAME_UNAVAILABLE naming the game, as publish does.
   */
  async quote(body: Pick<CreateSlipDto, 'tips'>): Promise<SlipQuote> {
    const tips = Array.isArray(body.tips) ? body.tips : [];
    if (tips.length === 0) throw new SlipError(SlipErrorCode.TOO_FEW_TIPS, { game: null });
    if (tipCountProblem(tips.length) === 'many')
      throw new SlipError(SlipErrorCode.TOO_MANY_TIPS, { game: null });
    const quotes = await this.quoteOdds(await this.selections(tips));
    const accumulator = slipAccumulator(quotes.map((q) => q.odd));
    return {
      accumulator,
      accumulator_in_range: accumulatorInRange(accumulator),
      tips: quotes.map((q) => ({ game: Number(q.game.id), market: q.market.id, odd: q.odd })),
    };
  }

  /**
   * The fixture and market ids of `tips` as sent, each game at most once.
   * @throws SlipError BAD_TIP for a malformed tip, DUPLICATE_GAME naming a repeated game.
   */
  private async selections(tips: unknown[]): Promise<{ fixtureId: string; marketId: number }[]> {
    const selections = tips.map((t) => {
      const tip = t && typeof t === 'object' ? (t as { game?: unknown; market?: unknown }) : null;
      const game = tip ? String(tip.game ?? '') : '';
      const market = tip ? Number(tip.market) : NaN;
      if (!ID.test(game) || !Number.isSafeInteger(market) || market <= 0) {
        throw new SlipError(SlipErrorCode.BAD_TIP, { game: null });
      }
      return { fixtureId: game, marketId: market };
    });
    const duplicate = firstDuplicate(selections.map((s) => s.fixtureId));
    if (duplicate !== undefined) {
      const [game] = await this.fixtures.games([duplicate]);
      throw new SlipError(SlipErrorCode.DUPLICATE_GAME, {
        game: game ? `${game.homeTeam} v ${game.awayTeam}` : duplicate,
      });
    }
    return selections;
  }

  /** The fixtures module's quotes of `selections`. @throws SlipError GAME_UNAVAILABLE with its reason, naming the game. */
  private quoteOdds(selections: { fixtureId: string; marketId: number }[]): Promise<Quote[]> {
    return this.fixtures.quote(selections).catch((err: unknown) => {
      // Started, unknown, unpriced or not offered: the fixtures module names the game.
      if (err instanceof FixturesError)
        throw new SlipError(
          SlipErrorCode.GAME_UNAVAILABLE,
          { game: err.extra.game ?? null },
          err.message,
        );
      throw err;
    });
  }

  /**
   * Commits slip `slipId` (inserted with its tips in the caller's transaction `em`, e.g. a jackpot
   * slip) to its picks: a fresh salt and the SHA-256 commitment (docs/PRODUCT-RULES.md "Records and
   * responsible gambling"). A slip already committed keeps its commitment.
   */
  seal(em: EntityManager, slipId: number): Promise<void> {
    return this.slips.seal(em, slipId);
  }

  /**
   * Appends the commitments of slips committed before the transparency log existed, oldest
   * published first (SlipRepository.appendUnlogged; docs/PRODUCT-RULES.md "Transparency log").
   * Returns how many were appended.
   */
  appendUnloggedToLog(): Promise<number> {
    return this.slips.appendUnlogged();
  }

  private publishedToday(userId: number, em?: EntityManager): Promise<number> {
    return this.slips.publishedSince(userId, nairobiDayStart(this.clock.now()), em);
  }
}
