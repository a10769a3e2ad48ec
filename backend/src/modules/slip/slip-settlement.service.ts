import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { FIXTURES_CLOCK } from '../fixtures/fixtures.constants';
import { marketById } from '../fixtures/domain/markets';
import { slipOutcome, tipOutcome, TipResult } from '../fixtures/domain/settlement';
import { FixtureEvents } from '../fixtures/fixture-events';
import { FixturesService } from '../fixtures/fixtures.service';
import { statsDelta } from './domain/tipster-stats';
import { SlipEvents, SlipSettled } from './slip-events';

/** Slips settled per catch-up sweep. */
const SWEEP_BATCH = 500;

/**
 * Settlement (product.md "Settlement"; architecture.md step 6): a slip settles when the last of its
 * games is decided, each tip W/L/V from the real scores, the slip W/L/C with its settled
 * accumulator, in one transaction holding the slip's row lock, with the tipster's counters.
 * Idempotent: a settled slip is skipped, so a replayed `fixture.finished` changes nothing.
 * Runs on `fixture.finished` (the result sync in the worker) and sweeps every unsettled slip whose
 * games are all decided after each batch (catch-up after a failed run); `sweep()` is also exported.
 */
@Injectable()
export class SlipSettlementService implements OnModuleInit {
  private readonly logger = new Logger(SlipSettlementService.name);

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
    return this.settleEach(rows.map((r) => r.id));
  }

  /** Catch-up: settles every unsettled slip whose games are all decided (in batches). Returns how many settled. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows: { id: number }[] = await this.ds.query(
        `SELECT s.id FROM slip s
          WHERE s.slip_result IS NULL
            AND EXISTS (SELECT 1 FROM tip t WHERE t.slip_id = s.id)
            AND NOT EXISTS (SELECT 1 FROM tip t JOIN fixture f ON f.id = t.fixture_id
                             WHERE t.slip_id = s.id AND f.finished_at IS NULL)
          ORDER BY s.id LIMIT ${SWEEP_BATCH}`,
      );
      const settled = await this.settleEach(rows.map((r) => r.id));
      total += settled;
      if (rows.length < SWEEP_BATCH || settled === 0) return total;
    }
  }

  /**
   * Settles one slip when every game is decided; null when already settled, unknown or not yet
   * decided. One transaction: lock the slip row, re-check, write tips, slip and counters (not for
   * jackpot slips, which belong to no tipster's record); emit
   * `slip.settled` after commit.
   */
  async settleSlip(slipId: number): Promise<SlipSettled | null> {
    const event = await this.ds.transaction(async (em) => {
      const [slip] = await em.query(
        `SELECT id, user_id, accumulator::text AS accumulator, slip_result, jackpot FROM slip WHERE id = $1 FOR UPDATE`,
        [slipId],
      );
      if (!slip || slip.slip_result !== null) return null;
      const tips: { id: number; fixture_id: string; market_id: number; odd: string }[] = await em.query(
        `SELECT id, fixture_id::text, market_id, odd::text FROM tip WHERE slip_id = $1 ORDER BY position`,
        [slipId],
      );
      const results = new Map((await this.fixtures.results(tips.map((t) => t.fixture_id))).map((r) => [r.fixtureId, r]));
      if (tips.some((t) => !results.get(t.fixture_id)?.decided)) return null;
      const legs = tips.map((t) => {
        const r = results.get(t.fixture_id)!;
        const market = marketById(t.market_id);
        if (!market) throw new Error(`tip ${t.id}: unknown market ${t.market_id}`);
        const result: TipResult = tipOutcome(market.type, market.value, r.ft, r.ht);
        return { id: t.id, result, odd: t.odd };
      });
      const outcome = slipOutcome(legs);
      if (!outcome.result || !outcome.accumulator) return null;
      const settledAt = this.clock.now();
      for (const leg of legs) await em.query(`UPDATE tip SET result = $2 WHERE id = $1`, [leg.id, leg.result]);
      await em.query(
        `UPDATE slip SET slip_result = $2, settled_accumulator = $3, settled_at = $4 WHERE id = $1`,
        [slipId, outcome.result, outcome.accumulator, settledAt],
      );
      // A jackpot slip is the platform's weekly prediction, not a tipster's record: no leaderboard counters.
      const d = statsDelta(outcome.result, outcome.accumulator, slip.accumulator);
      if (!slip.jackpot) await em.query(
        `WITH d AS (SELECT $1::int AS user_id, $2::int AS won, $3::int AS lost, $4::int AS cancelled,
                           $5::numeric / 100 AS profit, $6::numeric / 100 AS odds)
         INSERT INTO tipster_stat AS s (user_id, won, lost, cancelled, profit, odds_sum, rating)
         SELECT user_id, won, lost, cancelled, profit, odds,
                CASE WHEN won + lost = 0 THEN 0 ELSE round(100.0 * won / (won + lost), 2) END FROM d
         ON CONFLICT (user_id) DO UPDATE SET
           won = s.won + excluded.won, lost = s.lost + excluded.lost, cancelled = s.cancelled + excluded.cancelled,
           profit = s.profit + excluded.profit, odds_sum = s.odds_sum + excluded.odds_sum,
           rating = CASE WHEN s.won + s.lost + excluded.won + excluded.lost = 0 THEN 0
                         ELSE round(100.0 * (s.won + excluded.won) / (s.won + s.lost + excluded.won + excluded.lost), 2) END,
           updated_at = now()`,
        [slip.user_id, d.won, d.lost, d.cancelled, d.profitHundredths, d.oddsHundredths],
      );
      return { slipId, userId: slip.user_id as number, result: outcome.result, accumulator: outcome.accumulator, settledAt };
    });
    if (event) await this.events.emitSettled(event);
    return event;
  }

  private async settleEach(ids: number[]): Promise<number> {
    let settled = 0;
    for (const id of ids) {
      try {
        if (await this.settleSlip(id)) settled += 1;
      } catch (err) {
        this.logger.error({ err, slipId: id }, 'settlement failed');
      }
    }
    return settled;
  }
}
