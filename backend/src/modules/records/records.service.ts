import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
  OnModuleInit,
} from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { TransactionRunner } from '../../database/transaction-runner';
import { AccountService } from '../account/account.service';
import { USERNAME_PATTERN } from '../account/account.constants';
import { MARKET_TYPES, marketById } from '../fixtures/domain/markets';
import { SettledSlip, SettledSlipsRepository } from '../slip/settled-slips.repository';
import { SlipEvents } from '../slip/slip-events';
import {
  applySlip,
  BreakdownFigures,
  breakdownFigures,
  buyerDelta,
  BuyerReturn,
  buyerReturn,
  clvOf,
  EMPTY_STREAKS,
  legClv,
  legDelta,
  MoneyBackCount,
  moneyBackDelta,
  totalsFigures,
  trustRating,
} from './domain/records';
import { RecordsError, RecordsErrorCode } from './records.errors';
import { BreakdownChange, RecordsRepository, TipsterRecordState } from './records.repository';

/** Stake of the buyer-return figure when the request names none (Ksh). */
export const DEFAULT_STAKE = 100;
/** Highest stake accepted (Ksh). */
export const MAX_STAKE = 1_000_000;
/** Settled slips counted per transaction by the catch-up. */
const CATCH_UP_BATCH = 1_000;

/** A breakdown row as answered: its key (market type, or league id with the league's name) and figures. */
export type BreakdownEntry = BreakdownFigures & {
  market?: string;
  league_id?: number;
  league?: string | null;
};

/** `GET /api/records/tipster/{username}` (docs/PRODUCT-RULES.md "Records and responsible gambling"). */
export interface TipsterRecord {
  username: string;
  settled: number;
  won: number;
  lost: number;
  void: number;
  hit_rate: number;
  profit_units: number;
  roi: number;
  rating: number;
  trust_rating: { value: number | null; method: string };
  /** Settled money-back slips and the lost ones, whose buyers were refunded (docs/PRODUCT-RULES.md R279). */
  money_back: MoneyBackCount;
  buyer_return: BuyerReturn;
  clv: { legs: number; mean: number | null; without_closing: number };
  streaks: { current: number; longest_losing: number; max_drawdown_units: number; last10: string };
  legs: { legs: number; won: number; lost: number; void: number; profit_units: number };
  markets: BreakdownEntry[];
  leagues: BreakdownEntry[];
}

const EMPTY_STATE: TipsterRecordState = {
  won: 0,
  lost: 0,
  cancelled: 0,
  streaks: EMPTY_STREAKS,
  paidCents: 0,
  payoutHundredths: 0,
  clvLegs: 0,
  clvSum: 0,
  moneyBack: 0,
  moneyBackRefunded: 0,
};

/**
 * Tipster records (docs/PRODUCT-RULES.md "Records and responsible gambling"): every figure is
 * precomputed when slip's settlement emits `slip.settled` (docs/ARCHITECTURE.md "Layers": slip
 * emits, records listens), so a read is two statements whatever the number of slips. Recording is
 * idempotent: each slip is claimed once in `record_slip`, in the transaction that adds it.
 */
@Injectable()
export class RecordsService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RecordsService.name);
  private bootCatchUp: Promise<unknown> | null = null;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repo: RecordsRepository,
    private readonly settled: SettledSlipsRepository,
    private readonly events: SlipEvents,
    private readonly accounts: AccountService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.onSettledBatch(async (batch) => {
      try {
        await this.record(batch.map((e) => e.slipId));
      } catch (err) {
        // The slips stay unclaimed: `catchUp()` counts them later; settlement itself is done.
        this.logger.error({ err, slips: batch.length }, 'records: recording settled slips failed');
      }
    });
  }

  /**
   * A worker process counts, once at boot and in the background, the settled slips no record holds
   * yet (those settled before the records existed): idempotent, so several workers may run it.
   */
  onApplicationBootstrap(): void {
    if (!this.config.runsWorker) return;
    this.bootCatchUp = this.catchUp().then(
      (n) => n && this.logger.log(`records: counted ${n} earlier settled slip(s)`),
      (err) => this.logger.error({ err }, 'records: catch-up failed'),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.bootCatchUp;
  }

  /**
   * Counts the settled tipster slips of `slipIds` not counted yet (jackpot slips never), in
   * settlement order, in one transaction. Returns how many were counted.
   */
  async record(slipIds: number[]): Promise<number> {
    const slips = await this.settled.details(slipIds);
    if (!slips.length) return 0;
    return this.tx.run(async (em) => {
      const fresh = await this.repo.claim(em, slips);
      const todo = slips.filter((s) => fresh.has(s.id));
      if (!todo.length) return 0;
      const states = await this.repo.lockTipsters(
        em,
        todo.map((s) => s.user_id),
      );
      const markets = new Map<string, BreakdownChange>();
      const leagues = new Map<string, BreakdownChange>();
      for (const slip of todo) {
        states.set(slip.user_id, this.apply(states.get(slip.user_id) ?? EMPTY_STATE, slip));
        for (const leg of slip.legs) {
          const market = marketById(leg.market_id);
          if (!market) throw new Error(`slip ${slip.id}: unknown market ${leg.market_id}`);
          const d = legDelta(leg.result as 'W' | 'L' | 'V', leg.odd);
          add(markets, slip.user_id, market.type, d);
          add(leagues, slip.user_id, Number(leg.league_id), d);
        }
        // A money-back slip counts once in each market-type and league row it has a leg in (R279).
        const mb = moneyBackDelta(slip.result, slip.money_back);
        if (mb.slips) {
          for (const type of new Set(slip.legs.map((l) => marketById(l.market_id)?.type as string)))
            addMoneyBack(markets, slip.user_id, type, mb);
          for (const league of new Set(slip.legs.map((l) => Number(l.league_id))))
            addMoneyBack(leagues, slip.user_id, league, mb);
        }
      }
      await this.repo.writeTipsters(em, states);
      await this.repo.addBreakdown(em, 'market', [...markets.values()]);
      await this.repo.addBreakdown(em, 'league', [...leagues.values()]);
      return todo.length;
    });
  }

  /** Counts every settled tipster slip not counted yet (slips settled before records existed, or a failed listener). Returns how many. */
  async catchUp(): Promise<number> {
    let total = 0;
    for (let after = 0; ;) {
      const ids = await this.settled.settledIdsAfter(after, CATCH_UP_BATCH);
      if (!ids.length) return total;
      total += await this.record(ids);
      after = ids[ids.length - 1];
    }
  }

  /**
   * The record of `username` (case-insensitive) with the buyer return at `stake` whole Ksh (text
   * from the query string; DEFAULT_STAKE when absent). Two statements: the user id, then the record.
   * @throws RecordsError BAD_STAKE (400) for a stake that is not 1…MAX_STAKE whole Ksh, USER_NOT_FOUND (404).
   */
  async tipster(username: string, stakeText?: string): Promise<TipsterRecord> {
    const stake =
      stakeText === undefined || stakeText === ''
        ? DEFAULT_STAKE
        : /^\d{1,7}$/.test(stakeText)
          ? Number(stakeText)
          : NaN;
    if (!Number.isSafeInteger(stake) || stake < 1 || stake > MAX_STAKE)
      throw new RecordsError(RecordsErrorCode.BAD_STAKE);
    if (!USERNAME_PATTERN.test(username)) throw new RecordsError(RecordsErrorCode.USER_NOT_FOUND);
    const userId = await this.accounts.idByUsername(username);
    if (userId === null) throw new RecordsError(RecordsErrorCode.USER_NOT_FOUND);
    const read = await this.repo.read(userId);
    const s = read.state ?? EMPTY_STATE;
    const markets = read.markets
      .map((m) => ({ market: m.key, ...breakdownFigures(m) }))
      .sort(
        (a, b) => MARKET_TYPES.indexOf(a.market as never) - MARKET_TYPES.indexOf(b.market as never),
      );
    const leagues = read.leagues.map((l) => ({
      league_id: Number(l.key),
      league: l.name,
      ...breakdownFigures(l),
    }));
    const legs = markets.reduce(
      (t, m) => ({
        legs: t.legs + m.legs,
        won: t.won + m.won,
        lost: t.lost + m.lost,
        void: t.void + m.void,
        hundredths: t.hundredths + Math.round(m.profit_units * 100),
      }),
      { legs: 0, won: 0, lost: 0, void: 0, hundredths: 0 },
    );
    return {
      username: read.username ?? username,
      ...totalsFigures(s.won, s.lost, s.streaks.profitHundredths),
      won: s.won,
      lost: s.lost,
      void: s.cancelled,
      trust_rating: trustRating(s.won, s.lost),
      money_back: { slips: s.moneyBack, refunded: s.moneyBackRefunded },
      buyer_return: buyerReturn(
        stake,
        s.won + s.lost + s.cancelled,
        s.paidCents,
        s.payoutHundredths,
      ),
      clv: clvOf(s.clvLegs, s.clvSum, legs.legs - s.clvLegs),
      streaks: {
        current: s.streaks.current,
        longest_losing: s.streaks.longestLosing,
        max_drawdown_units: s.streaks.maxDrawdownHundredths / 100,
        last10: s.streaks.last10,
      },
      legs: {
        legs: legs.legs,
        won: legs.won,
        lost: legs.lost,
        void: legs.void,
        profit_units: legs.hundredths / 100,
      },
      markets,
      leagues,
    };
  }

  /** The state after one more settled slip: counters, streaks, buyer-return sums and money-back counts. */
  private apply(s: TipsterRecordState, slip: SettledSlip): TipsterRecordState {
    const b = buyerDelta(slip.result, slip.settled_accumulator, slip.price);
    const mb = moneyBackDelta(slip.result, slip.money_back);
    return {
      won: s.won + (slip.result === 'W' ? 1 : 0),
      lost: s.lost + (slip.result === 'L' ? 1 : 0),
      cancelled: s.cancelled + (slip.result === 'C' ? 1 : 0),
      streaks: applySlip(s.streaks, slip.result, slip.settled_accumulator),
      paidCents: s.paidCents + b.priceCents,
      payoutHundredths: s.payoutHundredths + b.payoutHundredths,
      clvLegs: s.clvLegs + slip.legs.filter((l) => l.closing).length,
      clvSum:
        s.clvSum +
        slip.legs.reduce((sum, l) => sum + (l.closing ? legClv(l.odd, l.closing) : 0), 0),
      moneyBack: s.moneyBack + mb.slips,
      moneyBackRefunded: s.moneyBackRefunded + mb.refunded,
    };
  }
}

/** Adds one leg's delta to the change of (user, key). */
const add = (
  into: Map<string, BreakdownChange>,
  userId: number,
  key: string | number,
  d: { legs: number; won: number; lost: number; void: number; profitHundredths: number },
): void => {
  const id = `${userId}:${key}`;
  const c = into.get(id) ?? emptyChange(userId, key);
  into.set(id, {
    ...c,
    legs: c.legs + d.legs,
    won: c.won + d.won,
    lost: c.lost + d.lost,
    void: c.void + d.void,
    profitHundredths: c.profitHundredths + d.profitHundredths,
  });
};

/** Adds one money-back slip's counts to the change of (user, key) (docs/PRODUCT-RULES.md R279). */
const addMoneyBack = (
  into: Map<string, BreakdownChange>,
  userId: number,
  key: string | number,
  mb: MoneyBackCount,
): void => {
  const id = `${userId}:${key}`;
  const c = into.get(id) ?? emptyChange(userId, key);
  into.set(id, {
    ...c,
    moneyBack: c.moneyBack + mb.slips,
    moneyBackRefunded: c.moneyBackRefunded + mb.refunded,
  });
};

const emptyChange = (userId: number, key: string | number): BreakdownChange => ({
  userId,
  key,
  legs: 0,
  won: 0,
  lost: 0,
  void: 0,
  profitHundredths: 0,
  moneyBack: 0,
  moneyBackRefunded: 0,
});
