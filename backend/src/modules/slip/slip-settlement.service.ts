import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CLOCK, Clock } from '../../common/clock/clock';
import { TransactionRunner } from '../../database/transaction-runner';
import { marketById } from '../fixtures/domain/markets';
import { slipOutcome, tipOutcome, TipResult } from '../fixtures/domain/settlement';
import { FixtureEvents } from '../fixtures/fixture-events';
import { FixturesService } from '../fixtures/fixtures.service';
import { SlipsSettledEvent } from '../tipster-stats/slips-settled.event';
import { TipsterStatService } from '../tipster-stats/tipster-stat.service';
import { SettlementRepository, SettlementTip } from './settlement.repository';
import { SlipEvents, SlipSettled } from './slip-events';

/**
 * Slips settled per transaction (one batch): a busy Saturday's 10,000 slips go in ten set-based
 * transactions instead of 10,000 (docs/PERFORMANCE.md, "Settlement"). Overridable for tests.
 */
export const SETTLE_BATCH = 1_000;

/**
 * Settlement (docs/PRODUCT-RULES.md "Settlement"; docs/ARCHITECTURE.md, the settlement flow): a
 * slip settles when the last of its games is decided, each tip W/L/V from the real scores
 * (`tipOutcome`), the slip W/L/C with its settled accumulator (`slipOutcome`), and the tipsters'
 * counters (the tipster-stats module). Slips are settled in batches of up to SETTLE_BATCH: one transaction
 * locks the batch's unsettled slip rows (in id order), writes every tip and slip in set-based
 * statements, hands the batch to the tipster statistics as one "slips settled" event
 * (`TipsterStatService.onSlipsSettled`, same transaction), and `slip.settled` is emitted once for
 * the batch after commit (sale shares released in one UPDATE, list caches dropped once). The
 * outcome is exactly that of settling the slips one by one (tested both ways). Idempotent: a settled slip is skipped, so a
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
    private readonly stats: TipsterStatService,
    private readonly fixtures: FixturesService,
    private readonly fixtureEvents: FixtureEvents,
    private readonly events: SlipEvents,
    @Inject(CLOCK) private readonly clock: Clock,
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
   * the pure rules, then one UPDATE for the tips, one for the slips, and the batch as one "slips
   * settled" event to the tipster counters (which leave jackpot slips out). Emits
   * `slip.settled` for the batch after commit. Returns the settled slips' events (others are skipped).
   * @throws when a tip names an unknown market (the batch is rolled back).
   */
  async settleBatch(slipIds: number[]): Promise<SlipSettled[]> {
    if (!slipIds.length) return [];
    const events = await this.tx.run(async (em) => {
      const slips = await this.repo.lockUnsettled(em, slipIds);
      if (!slips.length) return [];
      const tips = await this.repo.tipsOf(
        em,
        slips.map((s) => s.id),
      );
      const tipsOf = new Map<number, SettlementTip[]>();
      for (const t of tips)
        tipsOf.set(Number(t.slip_id), [...(tipsOf.get(Number(t.slip_id)) ?? []), t]);
      const results = new Map(
        (await this.fixtures.results([...new Set(tips.map((t) => t.fixture_id))])).map((r) => [
          r.fixtureId,
          r,
        ]),
      );
      const settledAt = this.clock.now();
      const tipResults: { id: number; result: TipResult }[] = [];
      const settled: SlipSettled[] = [];
      const forStats: SlipsSettledEvent = { slips: [] };
      for (const slip of slips) {
        const own = tipsOf.get(slip.id) ?? [];
        if (!own.length || own.some((t) => !results.get(t.fixture_id)?.decided)) continue;
        const legs = own.map((t) => {
          const r = results.get(t.fixture_id)!;
          const market = marketById(t.market_id);
          if (!market) throw new Error(`tip ${t.id}: unknown market ${t.market_id}`);
          return {
            id: t.id,
            result: tipOutcome(market.type, market.value, r.ft, r.ht),
            odd: t.odd,
          };
        });
        const outcome = slipOutcome(legs);
        if (!outcome.result || !outcome.accumulator) continue;
        for (const leg of legs) tipResults.push({ id: leg.id, result: leg.result });
        settled.push({
          slipId: slip.id,
          userId: slip.user_id,
          result: outcome.result,
          moneyBack: slip.money_back,
          accumulator: outcome.accumulator,
          settledAt,
        });
        forStats.slips.push({
          userId: slip.user_id,
          result: outcome.result,
          settledAccumulator: outcome.accumulator,
          accumulator: slip.accumulator,
          jackpot: slip.jackpot,
        });
      }
      if (!settled.length) return [];
      await this.repo.writeResults(em, tipResults, settled, settledAt);
      await this.stats.onSlipsSettled(em, forStats);
      return settled;
    });
    if (events.length) await this.events.emitSettledBatch(events);
    return events;
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
        this.logger.warn(
          { err, slips: chunk.length },
          'settlement batch failed; settling its slips one by one',
        );
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
