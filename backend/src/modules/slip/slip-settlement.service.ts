import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { FIXTURES_CLOCK } from '../fixtures/fixtures.constants';
import { marketById } from '../fixtures/domain/markets';
import { slipOutcome, tipOutcome, TipResult } from '../fixtures/domain/settlement';
import { FixtureEvents } from '../fixtures/fixture-events';
import { FixturesService } from '../fixtures/fixtures.service';
import { statsDelta } from './domain/tipster-stats';
import { SlipEvents, SlipSettled } from './slip-events';

/**
 * Slips settled per transaction (one batch): a busy Saturday's 10,000 slips go in ten set-based
 * transactions instead of 10,000 (docs/PERFORMANCE.md, "Settlement"). Overridable for tests.
 */
export const SETTLE_BATCH = 1_000;

/** A slip of a batch, as locked for settlement. */
interface SlipRow {
  id: number;
  user_id: number;
  accumulator: string;
  jackpot: boolean;
}

/** A tip of a batch. */
interface TipRow {
  id: number;
  slip_id: number;
  fixture_id: string;
  market_id: number;
  odd: string;
}

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
    @InjectDataSource() private readonly ds: DataSource,
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
    const rows: { id: number }[] = await this.ds.query(
      `SELECT DISTINCT s.id FROM tip t JOIN slip s ON s.id = t.slip_id
        WHERE t.fixture_id = ANY($1::bigint[]) AND s.slip_result IS NULL ORDER BY s.id`,
      [fixtureIds],
    );
    return this.settleInBatches(rows.map((r) => r.id));
  }

  /** Catch-up: settles every unsettled slip whose games are all decided (in batches). Returns how many settled. */
  async sweep(): Promise<number> {
    let total = 0;
    let after = 0;
    for (;;) {
      const rows: { id: number }[] = await this.ds.query(
        `SELECT s.id FROM slip s
          WHERE s.slip_result IS NULL AND s.id > $1
            AND EXISTS (SELECT 1 FROM tip t WHERE t.slip_id = s.id)
            AND NOT EXISTS (SELECT 1 FROM tip t JOIN fixture f ON f.id = t.fixture_id
                             WHERE t.slip_id = s.id AND f.finished_at IS NULL)
          ORDER BY s.id LIMIT ${SETTLE_BATCH}`,
        [after],
      );
      if (!rows.length) return total;
      total += await this.settleInBatches(rows.map((r) => r.id));
      after = rows[rows.length - 1].id;
      if (rows.length < SETTLE_BATCH) return total;
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
   * the pure rules, then one UPDATE for the tips, one for the slips and one upsert for the tipster
   * counters (jackpot slips belong to no tipster's record: no counters). Emits `slip.settled` for
   * the batch after commit. Returns the settled slips' events (others are skipped).
   * @throws when a tip names an unknown market (the batch is rolled back).
   */
  async settleBatch(slipIds: number[]): Promise<SlipSettled[]> {
    if (!slipIds.length) return [];
    const events = await this.ds.transaction(async (em) => {
      const slips: SlipRow[] = (
        await em.query(
          `SELECT id, user_id, accumulator::text AS accumulator, jackpot FROM slip
            WHERE id = ANY($1::bigint[]) AND slip_result IS NULL ORDER BY id FOR UPDATE`,
          [slipIds],
        )
      ).map((r: SlipRow) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id) }));
      if (!slips.length) return [];
      const tips: TipRow[] = await em.query(
        `SELECT id, slip_id, fixture_id::text, market_id, odd::text FROM tip
          WHERE slip_id = ANY($1::bigint[]) ORDER BY slip_id, position`,
        [slips.map((s) => s.id)],
      );
      const tipsOf = new Map<number, TipRow[]>();
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
      await em.query(
        `UPDATE tip SET result = v.result FROM unnest($1::bigint[], $2::text[]) AS v (id, result) WHERE tip.id = v.id`,
        [tipResults.map((t) => t.id), tipResults.map((t) => t.result)],
      );
      await em.query(
        `UPDATE slip SET slip_result = v.result, settled_accumulator = v.acc, settled_at = $4
           FROM unnest($1::bigint[], $2::text[], $3::numeric[]) AS v (id, result, acc) WHERE slip.id = v.id`,
        [settled.map((e) => e.slipId), settled.map((e) => e.result), settled.map((e) => e.accumulator), settledAt],
      );
      if (counters.size) await this.addCounters(em, counters);
      return settled;
    });
    if (events.length) await this.events.emitSettledBatch(events);
    return events;
  }

  /**
   * Adds settled slips to the tipsters' counters (won, lost, cancelled, profit and odds sums in
   * hundredths: integer sums, so a batch adds exactly what its slips one by one would) and
   * recomputes each rating from the totals (ratingOf's rule).
   */
  private async addCounters(
    em: EntityManager,
    counters: Map<number, { won: number; lost: number; cancelled: number; profit: number; odds: number }>,
  ): Promise<void> {
    const users = [...counters.keys()].sort((a, b) => a - b);
    const col = (k: 'won' | 'lost' | 'cancelled' | 'profit' | 'odds') => users.map((u) => counters.get(u)![k]);
    await em.query(
      `WITH d AS (
         SELECT user_id, won, lost, cancelled, profit::numeric / 100 AS profit, odds::numeric / 100 AS odds
           FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::bigint[], $6::bigint[])
             AS v (user_id, won, lost, cancelled, profit, odds))
       INSERT INTO tipster_stat AS s (user_id, won, lost, cancelled, profit, odds_sum, rating)
       SELECT user_id, won, lost, cancelled, profit, odds,
              CASE WHEN won + lost = 0 THEN 0 ELSE round(100.0 * won / (won + lost), 2) END FROM d
       ON CONFLICT (user_id) DO UPDATE SET
         won = s.won + excluded.won, lost = s.lost + excluded.lost, cancelled = s.cancelled + excluded.cancelled,
         profit = s.profit + excluded.profit, odds_sum = s.odds_sum + excluded.odds_sum,
         rating = CASE WHEN s.won + s.lost + excluded.won + excluded.lost = 0 THEN 0
                       ELSE round(100.0 * (s.won + excluded.won) / (s.won + s.lost + excluded.won + excluded.lost), 2) END,
         updated_at = now()`,
      [users, col('won'), col('lost'), col('cancelled'), col('profit'), col('odds')],
    );
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
