import { Money } from '../../../src/common/money/money';
import { LedgerService } from '../../../src/modules/ledger/ledger.service';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { SlipEvents } from '../../../src/modules/slip/slip-events';
import { SlipPublishService } from '../../../src/modules/slip/slip-publish.service';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(300_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-18T09:00:00+03:00');
/** Two slips per tipster: the most a tipster may publish in a day (MAX_SLIPS_PER_DAY). */
const TIPSTERS = 160;
const SLIPS = 2 * TIPSTERS;

/** A small deterministic PRNG (mulberry32): both databases get the same "random" day. */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/**
 * Batch settlement (docs/PERFORMANCE.md, "Settlement"): the same seeded day — 320 slips of 160
 * tipsters over a weekend's real fixtures of two leagues, with mixed markets, some sold — is
 * settled in two databases, one slip per transaction (batch size 1, the former way) and in
 * set-based batches, by the real result sync. Every slip, tip, tipster statistic, ledger row and
 * buyer SMS must come out identical.
 */
describe('batch settlement equals slip-by-slip settlement', () => {
  let data: ReturnType<typeof dataDirWith>;
  const contexts: TestContext[] = [];
  let end = '';
  let published = 0;
  let sold = 0;
  const batches: number[][] = [[], []];

  /** Seeds one database with the day (same calls in the same order: same ids). */
  const seedDay = async (t: TestContext): Promise<void> => {
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games: TippableGame[] = await tippableGames(t.ds, DATA_NOW, 40);
    expect(games.length).toBe(40);
    const last = games[games.length - 1];
    const { offsetMs } = await t.get(ReplayClock).frame();
    end = new Date(last.kickoff.getTime() + offsetMs + 6 * 3600_000).toISOString();
    const rnd = prng(20261123);
    const tipsters: number[] = [];
    for (let i = 0; i < TIPSTERS; i++)
      tipsters.push(
        (
          await createUser(t.ds, {
            username: `batch_${i}`,
            phoneNumber: `07009${String(10000 + i)}`,
            role: 'tipster',
          })
        ).user.id,
      );
    let ok = 0;
    let buys = 0;
    for (let i = 0; i < SLIPS; i++) {
      const size = 3 + Math.floor(rnd() * 3);
      const picked = new Set<number>();
      while (picked.size < size) picked.add(Math.floor(rnd() * games.length));
      const tips = [...picked].map((gi) => {
        const g = games[gi];
        // Markets quoted at most 2.40, so that most accumulators stay within the publishing bounds.
        const markets = Object.entries(g.odds)
          .filter(([, odd]) => Number(odd) <= 2.4)
          .map(([m]) => Number(m))
          .sort((a, b) => a - b);
        return { game: g.id, market: markets[Math.floor(rnd() * markets.length)] };
      });
      const userId = tipsters[i >> 1];
      const amount = [50, 100, 150, 200][Math.floor(rnd() * 4)];
      const sell = rnd() < 0.3;
      let slipId: number;
      try {
        slipId = (await t.get(SlipPublishService).publish(userId, { tips, amount })).id;
      } catch {
        continue; // a slip the publishing rules refuse (e.g. total odds out of bounds): the same in both databases
      }
      ok += 1;
      if (!sell) continue;
      // A paid M-Pesa sale: the purchase row as the payment callback leaves it, shares through finance's LedgerService.
      buys += 1;
      await t.ds.transaction(async (em) => {
        const [p] = await em.query(
          `INSERT INTO purchase (kind, slip_id, phone, amount, provider, checkout_request_id, receipt, code, status, paid_amount, paid_at)
           VALUES ('slip', $1, $2, $3, 'mpesa', $4, $5, $6, 'paid', $3, now()) RETURNING id::text`,
          [
            slipId,
            `2547110${String(10000 + buys)}`,
            `${amount}.00`,
            `ws_CO_batch_${buys}`,
            `TBATCH${String(buys).padStart(4, '0')}`,
            `BC${String(buys).padStart(6, '0')}`,
          ],
        );
        await t
          .get(LedgerService)
          .recordSaleShares(em, [
            { purchaseId: p.id, amount: Money.ofUnits(amount), tipsterUserId: userId },
          ]);
      });
    }
    published = ok;
    sold = buys;
  };

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    for (let i = 0; i < 2; i++) {
      const t = await createTestContext({
        env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-18' },
      });
      contexts.push(t);
      await seedDay(t);
      t.get(SlipEvents).onSettledBatch((events) => void batches[i].push(events.length));
    }
    contexts[0].get(SlipSettlementService).batchSize = 1;
  });
  // Every scenario leaves the money consistent in both databases (docs/PRODUCT-RULES.md "Money").
  afterEach(async () => {
    for (const t of contexts) await expectMoneyInvariants(t.ds);
  });
  afterAll(async () => {
    for (const t of contexts) await t.close();
    data?.remove();
  });

  /** Everything settlement writes, in a stable order (times excluded where the clock differs). */
  const snapshot = async (t: TestContext) => ({
    slips: await t.ds.query(
      `SELECT id, user_id, slip_result, settled_accumulator::text, settled_at FROM slip ORDER BY id`,
    ),
    tips: await t.ds.query(`SELECT id, slip_id, result FROM tip ORDER BY id`),
    stats: await t.ds.query(
      `SELECT user_id, tips, won, lost, cancelled, profit::text, odds_sum::text, rating::text FROM tipster_stat ORDER BY user_id`,
    ),
    // Refunds by voucher (docs/PRODUCT-RULES.md R245) write rows in another order when batched, and
    // voucher codes are random: rows compared by content, codes masked.
    ledger: await t.ds.query(
      `SELECT user_id, account, kind, amount::text, status, purchase_id FROM ledger_entry ORDER BY kind, purchase_id, amount, user_id`,
    ),
    sms: await t.ds.query(
      `SELECT to_msisdn, regexp_replace(body, '\\d{4} \\d{4} \\d{4}', 'CODE') AS body, purpose FROM sms_outbox WHERE purpose IN ('slip-cancelled', 'voucher') ORDER BY to_msisdn, body`,
    ),
  });

  it('settles the seeded day both ways to the same slips, tips, statistics, ledger rows and messages', async () => {
    expect(published).toBeGreaterThan(250);
    expect(sold).toBeGreaterThan(50);
    for (const t of contexts) {
      pinClock(t, end);
      await t.get(ResultSyncService).syncResults();
      await t.get(SlipSettlementService).sweep();
    }
    const [oneByOne, batched] = [await snapshot(contexts[0]), await snapshot(contexts[1])];
    const settled = batched.slips.filter(
      (s: { slip_result: string | null }) => s.slip_result !== null,
    );
    expect(settled.length).toBe(published);
    const results = new Set(settled.map((s: { slip_result: string }) => s.slip_result));
    expect(results.has('W') && results.has('L')).toBe(true);
    expect(new Set(batched.ledger.map((l: { status: string }) => l.status))).toEqual(
      new Set(['P', ...(results.has('C') ? ['U'] : [])]),
    );
    expect(batched).toEqual(oneByOne);
    // One by one: a transaction and an event per slip; batched: a few batches for the whole day.
    expect(batches[0].reduce((a, b) => a + b, 0)).toBe(published);
    expect(Math.max(...batches[0])).toBe(1);
    expect(batches[1].length).toBeLessThanOrEqual(5);
    expect(Math.max(...batches[1])).toBeGreaterThan(50);
  });

  it('is idempotent: a replayed result sync and sweep change nothing', async () => {
    const t = contexts[1];
    const before = await snapshot(t);
    await t.get(ResultSyncService).syncResults();
    await t.get(SlipSettlementService).sweep();
    expect(
      await t.get(SlipSettlementService).settleBatch(before.slips.map((s: { id: number }) => s.id)),
    ).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  });
});
