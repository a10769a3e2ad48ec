import { readFileSync } from 'fs';
import { join } from 'path';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { accumulatorOf } from '../../../src/common/decimal/decimal';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { RecordsService } from '../../../src/modules/records/records.service';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(300_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-18T09:00:00+03:00');
/** Slips of the main tipster: more than the 30 the trust rating needs. */
const MAIN_SLIPS = 40;

/** A small deterministic PRNG (mulberry32). */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** '2.97' → 297 (test's own parsing, independent of the app's). */
const h = (decimal: string): number => {
  const [i, f = ''] = decimal.replace('-', '').split('.');
  return (decimal.startsWith('-') ? -1 : 1) * (Number(i) * 100 + Number(f.padEnd(2, '0')));
};

/**
 * Tipster records on a replayed weekend (docs/PRODUCT-RULES.md "Records and responsible
 * gambling"): a tipster's 40 slips over real fixtures of two leagues with mixed markets, settled by
 * the real result sync and settlement; the records are compared with hand computations over the
 * settled slips and tips.
 */
describe('GET /api/records/tipster/{username}', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let main = 0;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-18' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games: TippableGame[] = await tippableGames(t.ds, DATA_NOW, 40);
    expect(games.length).toBe(40);
    const { offsetMs } = await t.get(ReplayClock).frame();
    const end = new Date(
      games[games.length - 1].kickoff.getTime() + offsetMs + 6 * 3600_000,
    ).toISOString();
    main = (
      await createUser(t.ds, { username: 'rec_alpha', phoneNumber: '0700910001', role: 'tipster' })
    ).user.id;
    const few = (
      await createUser(t.ds, { username: 'rec_beta', phoneNumber: '0700910002', role: 'tipster' })
    ).user.id;
    // The main tipster's slips, written as publishing leaves them (more than a day's two publications).
    const rnd = prng(18);
    for (let i = 0; i < MAIN_SLIPS; i++) {
      const picked = new Set<number>();
      while (picked.size < 3) picked.add(Math.floor(rnd() * games.length));
      const legs = [...picked].map((gi) => {
        const g = games[gi];
        const markets = Object.entries(g.odds)
          .filter(([, odd]) => Number(odd) <= 2.6)
          .map(([m]) => Number(m))
          .sort((a, b) => a - b);
        const market = markets[Math.floor(rnd() * markets.length)];
        return { game: g.id, market, odd: g.odds[market] };
      });
      const price = [50, 100, 150, 250.5][Math.floor(rnd() * 4)];
      const [s] = await t.ds.query(
        `INSERT INTO slip (user_id, price_ksh, accumulator, jackpot, money_back, date_created) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
        // Every fourth slip is a money-back slip (docs/PRODUCT-RULES.md R240, R279).
        [main, price, accumulatorOf(legs.map((l) => l.odd)), i === MAIN_SLIPS - 1, i % 4 === 1],
      );
      for (const [pos, l] of legs.entries()) {
        await t.ds.query(
          `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position) VALUES ($1, $2, $3, $4, $5)`,
          [s.id, l.game, l.market, l.odd, pos],
        );
      }
    }
    // The other tipster publishes through the real service: two slips, far from 30.
    await publishSlip(t, few, games.slice(0, 3), { marketId: 1, amount: 50 });
    await publishSlip(t, few, games.slice(3, 6), { marketId: 1, amount: 70 });
    pinClock(t, end);
    await t.get(ResultSyncService).syncResults();
    await t.get(SlipSettlementService).sweep();
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  /** The main tipster's settled tipster slips (jackpot left out) in settlement order. */
  const settledSlips = (): Promise<
    { id: number; slip_result: 'W' | 'L' | 'C'; price: string; acc: string }[]
  > =>
    t.ds.query(
      `SELECT id, slip_result, price_ksh::text AS price, settled_accumulator::text AS acc FROM slip
        WHERE user_id = $1 AND NOT jackpot AND slip_result IS NOT NULL ORDER BY settled_at, id`,
      [main],
    );

  it('answers totals equal to the settled slips and the stored statistics, breakdowns summing to the leg totals', async () => {
    const slips = await settledSlips();
    expect(slips.length).toBe(MAIN_SLIPS - 1);
    const res = await t.request('GET', '/api/records/tipster/REC_ALPHA');
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.username).toBe('rec_alpha');
    const won = slips.filter((s) => s.slip_result === 'W').length;
    const lost = slips.filter((s) => s.slip_result === 'L').length;
    expect(won).toBeGreaterThan(0);
    expect(lost).toBeGreaterThan(0);
    expect([r.won, r.lost, r.void, r.settled]).toEqual([
      won,
      lost,
      slips.length - won - lost,
      won + lost,
    ]);
    const [stat] = await t.ds.query(
      `SELECT won, lost, profit::text, rating::float AS rating FROM tipster_stat WHERE user_id = $1`,
      [main],
    );
    expect([r.won, r.lost, r.rating, r.hit_rate]).toEqual([
      stat.won,
      stat.lost,
      stat.rating,
      stat.rating,
    ]);
    expect(Math.round(r.profit_units * 100)).toBe(h(stat.profit));

    // Leg totals by hand from the tips: W odd − 1, L −1, V 0 (1 unit a leg).
    const [legs] = await t.ds.query(
      `SELECT count(*)::int AS legs, count(*) FILTER (WHERE t.result = 'W')::int AS won, count(*) FILTER (WHERE t.result = 'L')::int AS lost,
              count(*) FILTER (WHERE t.result = 'V')::int AS void,
              sum(CASE t.result WHEN 'W' THEN t.odd - 1 WHEN 'L' THEN -1 ELSE 0 END)::text AS profit
         FROM tip t JOIN slip s ON s.id = t.slip_id WHERE s.user_id = $1 AND NOT s.jackpot`,
      [main],
    );
    expect(r.legs).toEqual({
      legs: legs.legs,
      won: legs.won,
      lost: legs.lost,
      void: legs.void,
      profit_units: h(legs.profit) / 100,
    });
    expect(r.legs.legs).toBe(3 * (MAIN_SLIPS - 1));
    for (const rows of [r.markets, r.leagues]) {
      const sum = (k: string) =>
        rows.reduce(
          (a: number, m: Record<string, number>) =>
            a + (k === 'profit_units' ? Math.round(m[k] * 100) : m[k]),
          0,
        );
      expect({
        legs: sum('legs'),
        won: sum('won'),
        lost: sum('lost'),
        void: sum('void'),
        profit: sum('profit_units'),
      }).toEqual({
        legs: legs.legs,
        won: legs.won,
        lost: legs.lost,
        void: legs.void,
        profit: h(legs.profit),
      });
    }
    expect(r.markets.length).toBeGreaterThan(1);
    expect(r.leagues.map((l: { league: string }) => l.league).sort()).toEqual(
      expect.arrayContaining([expect.any(String)]),
    );
    expect(r.leagues.length).toBe(2);
  });

  it('marketplace: every settled tipster slip (jackpots left out, as in every record), and the hit rate 100 × won ÷ (won + lost)', async () => {
    const [all] = await t.ds.query(
      `SELECT count(*) FILTER (WHERE slip_result = 'W')::int AS won, count(*) FILTER (WHERE slip_result = 'L')::int AS lost,
              count(*) FILTER (WHERE slip_result = 'C')::int AS void FROM slip WHERE NOT jackpot AND slip_result IN ('W', 'L', 'C')`,
    );
    const res = await t.request('GET', '/api/records/marketplace');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      settled: all.won + all.lost,
      won: all.won,
      lost: all.lost,
      void: all.void,
      hit_rate: Math.round((10_000 * all.won) / (all.won + all.lost)) / 100,
    });
  });

  it('counts the money-back slips and the refunded (lost) ones, in total and per market and league row (R279)', async () => {
    const mb: { id: number; slip_result: 'W' | 'L' | 'C'; types: string[]; leagues: number[] }[] =
      await t.ds.query(
        `SELECT s.id, s.slip_result, array_agg(DISTINCT m.type) AS types, array_agg(DISTINCT f.league_id::int) AS leagues
         FROM slip s JOIN tip t ON t.slip_id = s.id JOIN market m ON m.id = t.market_id JOIN fixture f ON f.id = t.fixture_id
        WHERE s.user_id = $1 AND NOT s.jackpot AND s.money_back AND s.slip_result IS NOT NULL GROUP BY s.id`,
        [main],
      );
    expect(mb.length).toBeGreaterThan(0);
    const r = (await t.request('GET', '/api/records/tipster/rec_alpha')).body;
    const lost = (rows: typeof mb) => rows.filter((x) => x.slip_result === 'L').length;
    expect(r.money_back).toEqual({ slips: mb.length, refunded: lost(mb) });
    for (const row of r.markets) {
      const inRow = mb.filter((x) => x.types.includes(row.market));
      expect([row.market, row.money_back]).toEqual([
        row.market,
        { slips: inRow.length, refunded: lost(inRow) },
      ]);
    }
    for (const row of r.leagues) {
      const inRow = mb.filter((x) => x.leagues.includes(row.league_id));
      expect([row.league_id, row.money_back]).toEqual([
        row.league_id,
        { slips: inRow.length, refunded: lost(inRow) },
      ]);
    }
    const beta = (await t.request('GET', '/api/records/tipster/rec_beta')).body;
    expect(beta.money_back).toEqual({ slips: 0, refunded: 0 });
  });

  it('buyer return equals a hand computation over the settled slips, in exact cents', async () => {
    const slips = await settledSlips();
    const res = await t.request('GET', '/api/records/tipster/rec_alpha?stake=250');
    expect(res.status).toBe(200);
    const paid = slips.reduce((a, s) => a + h(s.price), 0);
    const returned = slips.reduce(
      (a, s) => a + 250 * (s.slip_result === 'W' ? h(s.acc) : s.slip_result === 'C' ? 100 : 0),
      0,
    );
    const staked = 250 * slips.length * 100;
    const ksh = (cents: number) =>
      `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
    expect(res.body.buyer_return).toEqual({
      stake: 250,
      slips: slips.length,
      paid_ksh: ksh(paid),
      staked_ksh: ksh(staked),
      returned_ksh: ksh(returned),
      net_ksh: ksh(returned - paid - staked),
    });
    expect((await t.request('GET', '/api/records/tipster/rec_alpha')).body.buyer_return.stake).toBe(
      100,
    );
  });

  it('trust rating: the Wilson lower bound from 30 settled slips, null below', async () => {
    const r = (await t.request('GET', '/api/records/tipster/rec_alpha')).body;
    expect(r.settled).toBeGreaterThanOrEqual(30);
    const n = r.won + r.lost;
    const p = r.won / n;
    const z = 1.96;
    const bound =
      (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) /
      (1 + (z * z) / n);
    expect(r.trust_rating).toEqual({
      value: Math.round(bound * 10_000) / 100,
      method: '/how-ratings-work',
    });
    expect(r.trust_rating.value).toBeLessThan(r.rating);

    const beta = (await t.request('GET', '/api/records/tipster/rec_beta')).body;
    expect(beta.won + beta.lost + beta.void).toBe(2);
    expect(beta.trust_rating).toEqual({ value: null, method: '/how-ratings-work' });
  });

  it('streaks follow the slips in settlement order', async () => {
    const slips = await settledSlips();
    const seq = slips.map((s) => s.slip_result);
    let cum = 0;
    let peak = 0;
    let drawdown = 0;
    for (const s of slips) {
      cum += s.slip_result === 'W' ? h(s.acc) - 100 : s.slip_result === 'L' ? -100 : 0;
      peak = Math.max(peak, cum);
      drawdown = Math.max(drawdown, peak - cum);
    }
    const r = (await t.request('GET', '/api/records/tipster/rec_alpha')).body;
    const decided = seq.filter((x) => x !== 'C');
    let current = 0;
    for (let i = decided.length - 1; i >= 0 && decided[i] === decided[decided.length - 1]; i--)
      current += 1;
    const runs = decided
      .join('')
      .split('W')
      .map((run) => run.length);
    expect(r.streaks.last10).toBe(seq.slice(-10).join(''));
    expect(r.streaks.current).toBe(decided[decided.length - 1] === 'W' ? current : -current);
    expect(r.streaks.longest_losing).toBe(Math.max(...runs));
    expect(r.streaks.max_drawdown_units).toBe(drawdown / 100);
    expect(drawdown).toBeGreaterThan(0);
  });

  it('CLV: each leg quoted ÷ closing odd of the same selection, the closing price read from its CSV row', async () => {
    const legs: { odd: string; closing: string | null; market_id: number; source_ref: string }[] =
      await t.ds.query(
        `SELECT t.odd::text, o.closing::text AS closing, t.market_id, f.source_ref
         FROM tip t JOIN slip s ON s.id = t.slip_id JOIN fixture f ON f.id = t.fixture_id
         LEFT JOIN fixture_odds o ON o.fixture_id = t.fixture_id AND o.market_id = t.market_id
        WHERE s.user_id = $1 AND NOT s.jackpot ORDER BY t.id`,
        [main],
      );
    // The closing odds of real-market legs (1X2: markets 1-3, O/U 2.5: 4-5) straight from the file line.
    const columns: Record<number, string[]> = {
      1: ['B365CH', 'AvgCH'],
      2: ['B365CD', 'AvgCD'],
      3: ['B365CA', 'AvgCA'],
      4: ['B365C>2.5', 'AvgC>2.5'],
      5: ['B365C<2.5', 'AvgC<2.5'],
    };
    let checked = 0;
    for (const leg of legs.filter((l) => columns[l.market_id])) {
      const [file, line] = leg.source_ref.split(':');
      const text = readFileSync(join(data.dir, file), 'utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/);
      const header = text[0].split(',');
      const cells = text[Number(line) - 1].split(',');
      const family = columns[leg.market_id]
        .map((c) => cells[header.indexOf(c)])
        .find((v) => v !== undefined && v !== '');
      expect(leg.closing).toBe(Number(family).toFixed(2));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
    const withClosing = legs.filter((l) => l.closing !== null);
    expect(withClosing.length).toBeGreaterThan(0);
    // Per leg quoted ÷ closing in ten-thousandths (half up), then the mean to 4 decimals.
    const sum = withClosing.reduce(
      (a, l) => a + Math.floor((2 * h(l.odd) * 10_000 + h(l.closing!)) / (2 * h(l.closing!))),
      0,
    );
    const r = (await t.request('GET', '/api/records/tipster/rec_alpha')).body;
    expect(r.clv).toEqual({
      legs: withClosing.length,
      mean: Math.round(sum / withClosing.length) / 10_000,
      without_closing: legs.length - withClosing.length,
    });
    // One leg by hand: quoted ÷ closing.
    const first = withClosing[0];
    expect(
      Math.abs(
        Number(first.odd) / Number(first.closing) -
          Math.floor((2 * h(first.odd) * 10_000 + h(first.closing!)) / (2 * h(first.closing!))) /
            10_000,
      ),
    ).toBeLessThan(0.00006);
  });

  it('is idempotent: the settled slips recorded again, and a rebuild from nothing by catch-up, answer the same', async () => {
    const before = (await t.request('GET', '/api/records/tipster/rec_alpha')).body;
    const ids = (await t.ds.query(`SELECT id FROM slip WHERE slip_result IS NOT NULL`)).map(
      (s: { id: number }) => s.id,
    );
    expect(await t.get(RecordsService).record(ids)).toBe(0);
    expect(await t.get(RecordsService).catchUp()).toBe(0);
    expect((await t.request('GET', '/api/records/tipster/rec_alpha')).body).toEqual(before);
    await t.ds.query(`TRUNCATE record_slip, record_tipster, record_market, record_league`);
    expect(await t.get(RecordsService).catchUp()).toBe(ids.length - 1);
    expect((await t.request('GET', '/api/records/tipster/rec_alpha')).body).toEqual(before);
  });

  it('answers in two SQL statements whatever the number of slips', async () => {
    await t.request('GET', '/api/records/tipster/rec_alpha?stake=7'); // warm-up (connection set-up)
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      const res = await t.request('GET', '/api/records/tipster/rec_alpha?stake=9');
      expect(res.status).toBe(200);
      // The development sandboxes' sweeper polls on its own timer: not the request's.
      const statements = spy.mock.calls
        .map(([q]) => String(q))
        .filter((q) => !/^(START TRANSACTION|COMMIT|ROLLBACK|SET )|sandbox_/i.test(q.trim()));
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/app_user/);
      expect(statements[1]).toMatch(/record_tipster[\s\S]*record_market[\s\S]*record_league/);
    } finally {
      spy.mockRestore();
    }
  });

  it('404 {message} for an unknown user, 400 for a bad stake', async () => {
    for (const u of ['nobody_here', 'x']) {
      const res = await t.request('GET', `/api/records/tipster/${u}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('User not found');
    }
    for (const stake of ['abc', '0', '1.5', '-5', '10000000']) {
      const res = await t.request('GET', `/api/records/tipster/rec_alpha?stake=${stake}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/stake/);
    }
  });
});
