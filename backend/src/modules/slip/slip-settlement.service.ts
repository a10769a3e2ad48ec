import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { TransactionRunner } from '../../database/transaction-runner';
import { FIXTURES_CLOCK } from '../fixtures/fixtures.constants';
import { marketById } from '../fixtures/domain/markets';
import { slipOutcome, tipOutcome, TipResult } from '../fixtures/domain/settlement';
import { FixtureEvents } from '../fixtures/fixture-events';
import { FixturesService } from '../fixtures/fixtures.service';
import { ratingOf, statsDelta } from './domain/tipster-stats';
import { SettlementRepository, SettlementTip } from './settlement.repository';
import { SlipEvents, SlipSettled } from './slip-events';
import { CountersChange, TipsterStatRepository } from './tipster-stat.repository';

/**
 * Slips settled per transaction (one batch): a busy Saturday's 10,000 slips go in ten set-based
 * transactions instead of 10,000 (docs/PERFORMANCE.md, "Settlement"). Overridable for tests.
 */
export const SETTLE_BATCH = 1_000;

/**
 * Settlement (docs/PRODUCT-RULES.md "Settlement"; docs/ARCHITECTURE.md, the settlement flow): a
 * slip settles when the last of its games is decided, each tip W/L/V from the real scores
 * (`tipOutcome`), the slip W/L/C with its settled accumulator (`slipOutcome`), with the tipster's
 * counters (`statsDelta`). Slips are settled in batches of up to SETTLE_BATCH: one transaction
 * locks the batch's unsettled slip rows (in id order), writes every tip, slip and tipster counter
 * in set-based statements, and `slip.settled` is emitted once for the batch after commit (sale
 * shares released in one UPDATE, list caches dropped once). The outcome is exactly that of
 * settling the slips one by one (tested both ways). Idempotent: a settled slip is skipped, so a
 * replayed `fixture.finished` changes nothing. A batch that fails is retried slip by slip, so one
 * bad slip never holds back the others.
 * Runs on `fixture.finished` (the result sync in the worker) and sweeps every unsettled slip whose
 * games are all decided after each batch (catch-up after a failed run); `sweep()` is also exported.
 */
@Injectable()
export class SlipSettlementService implements OnModuleInit {
  private readonly logger = new Logger(SlipSettlementService.name);
  /** Slips per transaction (SETTLE_BATCH; 1 settles one by one). */
  batchSize = SETTLE_BATCH;

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repo: SettlementRepository,
    private readonly stats: TipsterStatRepository,
    private readonly fixtures: FixturesService,
    private readonly fixtureEvents: FixtureEvents,
    private readonly events: SlipEvents,
    @Inject(FIXTURES_CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.fixtureEvents.onFinished(async (batch) => {
      await this.settleFixtures(batch.map((f) => f.fixtureId));
      await this.sweep();
    });
  }

  /** Settles the unsettled slips with a tip on one of `fixtureIds` whose games are all decided. Returns how many settled. */
  async settleFixtures(fixtureIds: string[]): Promise<number> {
    if (!fixtureIds.length) return 0;
    return this.settleInBatches(await this.repo.unsettledWithTipsOn(fixtureIds));
  }

  /** Catch-up: settles every unsettled slip whose games are all decided (in batches). Returns how many settled. */
  async sweep(): Promise<number> {
    let total = 0;
    let after = 0;
    for (;;) {
      const ids = await this.repo.decidedUnsettled(after, SETTLE_BATCH);
      if (!ids.length) return total;
      total += await this.settleInBatches(ids);
      after = ids[ids.length - 1];
      if (ids.length < SETTLE_BATCH) return total;
    }
  }

  /**
   * Settles one slip when every game is decided; null when already settled, unknown or not yet
   * decided. Emits `slip.settled` after commit.
   */
  async settleSlip(slipId: number): Promise<SlipSettled | null> {
    const [event] = await this.settleBatch([slipId]);
    return event ?? null;
  }

  /**
   * Settles the slips of `slipIds` whose games are all decided, in one transaction: lock the
   * unsettled rows (id order), read their tips and the games' results once, decide each slip with
   * the pure rules, then one UPDATE for the tips, one for the slips and one for the tipster
   * counters (jackpot slips belong to no tipster's record: no counters). Emits `slip.settled` for
   * the batch after commit. Returns the settled slips' events (others are skipped).
   * @throws when a tip names an unknown market (the batch is rolled back).
   */
  async settleBatch(slipIds: number[]): Promise<SlipSettled[]> {
    if (!slipIds.length) return [];
    const events = await this.tx.run(async (em) => {
      const slips = await this.repo.lockUnsettled(em, slipIds);
      if (!slips.length) return [];
      const tips = await this.repo.tipsOf(em, slips.map((s) => s.id));
      const tipsOf = new Map<number, SettlementTip[]>();
      for (const t of tips) tipsOf.set(Number(t.slip_id), [...(tipsOf.get(Number(t.slip_id)) ?? []), t]);
      const results = new Map((await this.fixtures.results([...new Set(tips.map((t) => t.fixture_id))])).map((r) => [r.fixtureId, r]));
      const settledAt = this.clock.now();
      const tipResults: { id: number; result: TipResult }[] = [];
      const settled: SlipSettled[] = [];
      const counters = new Map<number, { won: number; lost: number; cancelled: number; profit: number; odds: number }>();
      for (const slip of slips) {
        const own = tipsOf.get(slip.id) ?? [];
        if (!own.length || own.some((t) => !results.get(t.fixture_id)?.decided)) continue;
        const legs = own.map((t) => {
          const r = results.get(t.fixture_id)!;
          const market = marketById(t.market_id);
          if (!market) throw new Error(`tip ${t.id}: unknown market ${t.market_id}`);
          return { id: t.id, result: tipOutcome(market.type, market.value, r.ft, r.ht), odd: t.odd };
        });
        const outcome = slipOutcome(legs);
        if (!outcome.result || !outcome.accumulator) continue;
        for (const leg of legs) tipResults.push({ id: leg.id, result: leg.result });
        settled.push({ slipId: slip.id, userId: slip.user_id, result: outcome.result, accumulator: outcome.accumulator, settledAt });
        if (slip.jackpot) continue;
        const d = statsDelta(outcome.result, outcome.accumulator, slip.accumulator);
        const c = counters.get(slip.user_id) ?? { won: 0, lost: 0, cancelled: 0, profit: 0, odds: 0 };
        counters.set(slip.user_id, {
          won: c.won + d.won,
          lost: c.lost + d.lost,
          cancelled: c.cancelled + d.cancelled,
          profit: c.profit + d.profitHundredths,
          odds: c.odds + d.oddsHundredths,
        });
      }
      if (!settled.length) return [];
      await this.repo.writeResults(em, tipResults, settled, settledAt);
      if (counters.size) await this.addCounters(em, counters);
      return settled;
    });
    if (events.length) await this.events.emitSettledBatch(events);
    return events;
  }

  /**
   * Adds settled slips to the tipsters' counters (won, lost, cancelled, profit and odds sums in
   * hundredths: integer sums, so a batch adds exactly what its slips one by one would) and stores
   * each rating of the new totals by `ratingOf` (the counter rows locked first, in user id order).
   */
  private async addCounters(
    em: EntityManager,
    counters: Map<number, { won: number; lost: number; cancelled: number; profit: number; odds: number }>,
  ): Promise<void> {
    const totals = await this.stats.lockWonLost(em, [...counters.keys()]);
    const changes: CountersChange[] = [...counters.entries()]
      .sort(([a], [b]) => a - b)
      .map(([userId, c]) => {
        const now = totals.get(userId) ?? { won: 0, lost: 0 };
        return {
          userId,
          won: c.won,
          lost: c.lost,
          cancelled: c.cancelled,
          profitHundredths: c.profit,
          oddsHundredths: c.odds,
          rating: ratingOf(now.won + c.won, now.lost + c.lost),
        };
      });
    await this.stats.addCounters(em, changes);
  }

  /** Settles `ids` in batches of `batchSize`; a failed batch is retried slip by slip. Returns how many settled. */
  private async settleInBatches(ids: number[]): Promise<number> {
    let settled = 0;
    for (let i = 0; i < ids.length; i += this.batchSize) {
      const chunk = ids.slice(i, i + this.batchSize);
      try {
        settled += (await this.settleBatch(chunk)).length;
      } catch (err) {
        if (chunk.length === 1) {
          this.logger.error({ err, slipId: chunk[0] }, 'settlement failed');
          continue;
        }
        this.logger.warn({ err, slips: chunk.length }, 'settlement batch failed; settling its slips one by one');
        for (const id of chunk) {
          try {
            if (await this.settleSlip(id)) settled += 1;
          } catch (e) {
            this.logger.error({ err: e, slipId: id }, 'settlement failed');
          }
        }
      }
    }
    return settled;
  }
}
