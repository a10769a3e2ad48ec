import { accumulatorOf } from '../../../src/common/decimal/decimal';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(300_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-18T09:00:00+03:00');
/** More settled slips than the first page of the finished list (100) holds. */
const SETTLED_SLIPS = 150;
const FIRST_PAGE = 100;

/** A small deterministic PRNG (mulberry32). */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** '2.97' → 297 (the test's own parsing of a positive decimal odd, independent of the app's). */
const hundredths = (odd: string): number => {
  const [i, f = ''] = odd.split('.');
  return Number(i) * 100 + Number(f.padEnd(2, '0'));
};

/** The rule by hand (docs/PRODUCT-RULES.md "Tipster statistics"): W adds settled accumulator − 1, L −1, C 0; hundredths of a unit. */
const slipProfitHundredths = (s: {
  slip_result: string;
  settled_accumulator: string | null;
}): number =>
  s.slip_result === 'W'
    ? hundredths(s.settled_accumulator!) - 100
    : s.slip_result === 'L'
      ? -100
      : 0;

/** ROI % by hand: profit / settled × 100, 2 decimals (halves up). */
const roiByHand = (profitHundredths: number, settled: number): number =>
  settled === 0 ? 0 : Math.round((profitHundredths * 100) / settled) / 100;

/**
 * The profile's profit is the tipster's all-time figure (docs/PRODUCT-RULES.md "Tipster
 * statistics"): a tipster with 150 slips settled by the real result sync and settlement shows on the
 * profile the profit and ROI of all 150 by the rule, the same figures as the records endpoint, and
 * not those of the first page of 100 finished slips the browser used to add up. The profit curve
 * ends on that figure, and a further settlement shows at once (the profile cache is dropped).
 */
describe('the profile profit of a tipster with more settled slips than a page', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let tipster: Awaited<ReturnType<typeof createUser>>;
  let late: TippableGame[] = [];
  let lateEnd = '';

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-18' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games = await tippableGames(t.ds, DATA_NOW, 80);
    const cut = games[0].kickoff.getTime() + 30 * 3600_000;
    const early = games.filter((g) => g.kickoff.getTime() < cut);
    late = games.filter((g) => g.kickoff.getTime() > cut + 8 * 3600_000);
    expect(early.length).toBeGreaterThanOrEqual(6);
    expect(late.length).toBeGreaterThanOrEqual(3);
    const { offsetMs } = await t.get(ReplayClock).frame();
    const end = new Date(cut + offsetMs + 6 * 3600_000).toISOString();
    lateEnd = new Date(
      late[late.length - 1].kickoff.getTime() + offsetMs + 6 * 3600_000,
    ).toISOString();

    tipster = await createUser(t.ds, {
      username: 'Many_Slips',
      phoneNumber: '0700930001',
      role: 'tipster',
    });
    // The slips as publishing leaves them (more than two a day: written directly), settled below by the real sync and settlement.
    const rnd = prng(150);
    for (let i = 0; i < SETTLED_SLIPS; i++) {
      const picked = new Set<number>();
      while (picked.size < 3) picked.add(Math.floor(rnd() * early.length));
      const legs = [...picked].map((gi) => {
        const g = early[gi];
        const markets = Object.entries(g.odds)
          .filter(([, odd]) => Number(odd) <= 2.6)
          .map(([m]) => Number(m))
          .sort((a, b) => a - b);
        const market = markets[Math.floor(rnd() * markets.length)];
        return { game: g.id, market, odd: g.odds[market] };
      });
      const [s] = await t.ds.query(
        `INSERT INTO slip (user_id, price_ksh, accumulator, jackpot, date_created) VALUES ($1, 100, $2, false, now()) RETURNING id`,
        [tipster.user.id, accumulatorOf(legs.map((l) => l.odd))],
      );
      for (const [pos, l] of legs.entries()) {
        await t.ds.query(
          `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position) VALUES ($1, $2, $3, $4, $5)`,
          [s.id, l.game, l.market, l.odd, pos],
        );
      }
    }
    await t.ds.query(`INSERT INTO tipster_stat (user_id, tips) VALUES ($1, $2)`, [
      tipster.user.id,
      SETTLED_SLIPS,
    ]);
    pinClock(t, end);
    await t.get(ResultSyncService).syncResults();
    await t.get(SlipSettlementService).sweep();
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  /** The tipster's settled slips in settlement order. */
  const settledSlips = (): Promise<
    {
      id: number;
      slip_result: 'W' | 'L' | 'C';
      settled_accumulator: string | null;
      settled_at: Date;
    }[]
  > =>
    t.ds.query(
      `SELECT id, slip_result, settled_accumulator::text AS settled_accumulator, settled_at FROM slip
        WHERE user_id = $1 AND NOT jackpot AND slip_result IS NOT NULL ORDER BY settled_at, id`,
      [tipster.user.id],
    );

  it('shows the profit and ROI of all 150 settled slips, as the records endpoint does, not those of the first page', async () => {
    const slips = await settledSlips();
    expect(slips).toHaveLength(SETTLED_SLIPS);
    const decided = slips.filter((s) => s.slip_result !== 'C');
    const won = decided.filter((s) => s.slip_result === 'W').length;
    expect(won).toBeGreaterThan(0);
    expect(decided.length - won).toBeGreaterThan(0);
    const total = slips.reduce((sum, s) => sum + slipProfitHundredths(s), 0);

    for (const [url, token] of [
      ['/api/account/profile/many_slips', undefined],
      ['/api/account/profile', tipster.token],
    ] as const) {
      const res = await t.request('GET', url, { token });
      expect(res.status).toBe(200);
      const f = res.body.figures;
      expect(f.settled).toBe(decided.length);
      expect(f.profit).toBe(total / 100);
      expect(f.roi).toBe(roiByHand(total, decided.length));
      expect(res.body.stats.slice(0, 3)).toEqual([SETTLED_SLIPS, won, decided.length - won]);
    }
    const profile = (await t.request('GET', '/api/account/profile/many_slips')).body;

    // The records endpoint: the same all-time figures.
    const record = (await t.request('GET', '/api/records/tipster/many_slips')).body;
    expect({ settled: record.settled, profit: record.profit_units, roi: record.roi }).toEqual({
      settled: profile.figures.settled,
      profit: profile.figures.profit,
      roi: profile.figures.roi,
    });

    // The first page of finished slips holds 100 of the 150: its profit is another figure.
    const page = (await t.request('GET', '/v2/api/slip/data/finished/?username=many_slips')).body;
    expect(page.count).toBe(SETTLED_SLIPS);
    expect(page.results).toHaveLength(FIRST_PAGE);
    const byId = new Map(slips.map((s) => [s.id, s]));
    const firstPage = page.results.reduce(
      (sum: number, s: { id: number }) => sum + slipProfitHundredths(byId.get(s.id)!),
      0,
    );
    expect(firstPage / 100).not.toBe(profile.figures.profit);
  });

  it('draws the profit curve over the latest 100 settled W / L slips, ending on the all-time profit', async () => {
    const slips = (await settledSlips()).filter((s) => s.slip_result !== 'C');
    const profile = (await t.request('GET', '/api/account/profile/many_slips')).body;
    const curve: { date: string; profit: number }[] = profile.figures.profit_series;
    expect(curve).toHaveLength(Math.min(100, slips.length));
    expect(curve[curve.length - 1].profit).toBe(profile.figures.profit);
    // Each step is the slip's own profit by the rule, oldest first, in settlement order.
    const shown = slips.slice(-curve.length);
    for (let i = 1; i < curve.length; i++) {
      expect(Math.round(curve[i].profit * 100) - Math.round(curve[i - 1].profit * 100)).toBe(
        slipProfitHundredths(shown[i]),
      );
      expect(curve[i].date).toBe(new Date(shown[i].settled_at).toISOString());
    }
    // The first point counts every slip settled before it too: the total less the later slips' profits.
    const before = slips
      .slice(0, -curve.length + 1)
      .reduce((sum, s) => sum + slipProfitHundredths(s), 0);
    expect(Math.round(curve[0].profit * 100)).toBe(before);
  });

  it('shows a further settlement at once: the profile cache is dropped when a slip settles', async () => {
    const before = (await t.request('GET', '/api/account/profile/many_slips')).body.figures;
    expect((await t.request('GET', '/api/account/profile/many_slips')).body.figures).toEqual(
      before,
    ); // from the cache
    const legs = late.slice(0, 3).map((g) => ({ game: g.id, market: 1, odd: g.odds[1] }));
    const [s] = await t.ds.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator, jackpot, date_created) VALUES ($1, 100, $2, false, now()) RETURNING id`,
      [tipster.user.id, accumulatorOf(legs.map((l) => l.odd))],
    );
    for (const [pos, l] of legs.entries()) {
      await t.ds.query(
        `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position) VALUES ($1, $2, $3, $4, $5)`,
        [s.id, l.game, l.market, l.odd, pos],
      );
    }
    pinClock(t, lateEnd);
    await t.get(ResultSyncService).syncResults();
    await t.get(SlipSettlementService).sweep();
    const [settled] = await t.ds.query(
      `SELECT slip_result, settled_accumulator::text AS settled_accumulator FROM slip WHERE id = $1`,
      [s.id],
    );
    expect(settled.slip_result).not.toBeNull();
    const profile = (await t.request('GET', '/api/account/profile/many_slips')).body;
    expect(profile.finished_tips[0].id).toBe(s.id);
    const after = profile.figures;
    const added = slipProfitHundredths(settled);
    expect(after.settled).toBe(before.settled + (settled.slip_result === 'C' ? 0 : 1));
    expect(Math.round(after.profit * 100)).toBe(Math.round(before.profit * 100) + added);
    const record = (await t.request('GET', '/api/records/tipster/many_slips')).body;
    expect([record.settled, record.profit_units, record.roi]).toEqual([
      after.settled,
      after.profit,
      after.roi,
    ]);
  });
});
