import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { accumulatorOf } from '../../../src/common/decimal/decimal';
import { isoWeekStart, nairobiMonthStart } from '../../../src/common/time/nairobi';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { SlipListCache } from '../../../src/modules/slip/slip-list-cache';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(300_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-18T09:00:00+03:00');
/** More of each list than the profile shows (20 each). */
const SETTLED_SLIPS = 24;
const ACTIVE_SLIPS = 22;

/** A small deterministic PRNG (mulberry32). */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** The test's own rating: 100 × won / (won + lost), 2 decimals, 0 without a settled slip. */
const pct = (won: number, lost: number): number =>
  won + lost === 0 ? 0 : Math.round((10_000 * won) / (won + lost)) / 100;

/** '2.97' → 297 (the test's own parsing of a positive decimal odd). */
const hundredths = (odd: string): number => {
  const [i, f = ''] = odd.split('.');
  return Number(i) * 100 + Number(f.padEnd(2, '0'));
};

/**
 * Profiles of a tipster with active and finished slips (docs/PRODUCT-RULES.md R117;
 * docs/PERFORMANCE.md): each route answers in at most two SQL statements, and its body is the same
 * bytes the profile gave before it was read in one statement — the slips exactly as GET
 * /api/slip/get/{id} renders them for the same reader, the figures as counted by hand from the
 * slips.
 */
describe('profiles in two SQL statements', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let tipster: Awaited<ReturnType<typeof createUser>>;
  let end = '';

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-18' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games: TippableGame[] = await tippableGames(t.ds, DATA_NOW, 80);
    const cut = games[0].kickoff.getTime() + 12 * 3600_000;
    const early = games.filter((g) => g.kickoff.getTime() < cut);
    const late = games.filter((g) => g.kickoff.getTime() > cut + 8 * 3600_000);
    expect(early.length).toBeGreaterThanOrEqual(4);
    expect(late.length).toBeGreaterThanOrEqual(4);
    const { offsetMs } = await t.get(ReplayClock).frame();
    end = new Date(cut + offsetMs + 6 * 3600_000).toISOString();

    tipster = await createUser(t.ds, {
      username: 'Prof_Tipster',
      phoneNumber: '0700920001',
      role: 'tipster',
      name: 'Achieng',
      city: 'Kisumu',
    });
    const rnd = prng(7);
    const write = async (pool: TippableGame[], jackpot = false) => {
      const picked = new Set<number>();
      while (picked.size < 2) picked.add(Math.floor(rnd() * pool.length));
      const legs = [...picked].map((gi) => {
        const g = pool[gi];
        const markets = Object.entries(g.odds)
          .filter(([, odd]) => Number(odd) <= 2.6)
          .map(([m]) => Number(m))
          .sort((a, b) => a - b);
        const market = markets[Math.floor(rnd() * markets.length)];
        return { game: g.id, market, odd: g.odds[market] };
      });
      const [s] = await t.ds.query(
        `INSERT INTO slip (user_id, price_ksh, accumulator, jackpot, date_created) VALUES ($1, $2, $3, $4, now()) RETURNING id`,
        [
          tipster.user.id,
          [50, 100, 250.5][Math.floor(rnd() * 3)],
          accumulatorOf(legs.map((l) => l.odd)),
          jackpot,
        ],
      );
      for (const [pos, l] of legs.entries()) {
        await t.ds.query(
          `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position) VALUES ($1, $2, $3, $4, $5)`,
          [s.id, l.game, l.market, l.odd, pos],
        );
      }
    };
    for (let i = 0; i < SETTLED_SLIPS; i++) await write(early);
    for (let i = 0; i < ACTIVE_SLIPS; i++) await write(late);
    await write(early, true); // a jackpot slip: in no list and no figure
    await write(late, true);
    await t.ds.query(`INSERT INTO tipster_stat (user_id, tips) VALUES ($1, $2)`, [
      tipster.user.id,
      SETTLED_SLIPS + ACTIVE_SLIPS,
    ]);
    pinClock(t, end);
    await t.get(ResultSyncService).syncResults();
    await t.get(SlipSettlementService).sweep();
    // Some slips settled in earlier weeks and months, so the three ratings differ.
    await t.ds.query(
      `UPDATE slip SET settled_at = settled_at - (CASE WHEN id % 3 = 0 THEN interval '40 days' ELSE interval '9 days' END)
        WHERE user_id = $1 AND slip_result IS NOT NULL AND id % 3 <> 1`,
      [tipster.user.id],
    );
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  /** The profile as it was answered before: the same fields in the same order, each computed by hand. */
  const expected = async (owner: boolean): Promise<string> => {
    const id = tipster.user.id;
    const ids = async (cond: string, order: string): Promise<number[]> =>
      (
        await t.ds.query(
          `SELECT id FROM slip WHERE user_id = $1 AND NOT jackpot AND ${cond} ORDER BY ${order} LIMIT 20`,
          [id],
        )
      ).map((r: { id: number }) => r.id);
    const active = await ids('slip_result IS NULL', 'date_created DESC, id DESC');
    const finished = await ids('slip_result IS NOT NULL', 'settled_at DESC, id DESC');
    const render = async (slipIds: number[]) =>
      Promise.all(
        slipIds.map(
          async (s) =>
            (
              await t.request('GET', `/api/slip/get/${s}`, {
                token: owner ? tipster.token : undefined,
              })
            ).body,
        ),
      );
    const settled: { slip_result: string; settled_at: Date }[] = await t.ds.query(
      `SELECT slip_result, settled_at FROM slip WHERE user_id = $1 AND slip_result IS NOT NULL`,
      [id],
    );
    const since = (from: Date, r: string) =>
      settled.filter((s) => s.slip_result === r && new Date(s.settled_at) >= from).length;
    const now = new Date(end);
    const [st] = await t.ds.query(`SELECT tips, won, lost FROM tipster_stat WHERE user_id = $1`, [
      id,
    ]);
    const rating = pct(st.won, st.lost);
    // The figures by hand over every settled W / L slip in settlement order: W adds settled accumulator − 1, L −1.
    const decided: { slip_result: 'W' | 'L'; acc: string; odds: string; settled_at: Date }[] =
      await t.ds.query(
        `SELECT slip_result, settled_accumulator::text AS acc, accumulator::text AS odds, settled_at FROM slip
        WHERE user_id = $1 AND NOT jackpot AND slip_result IN ('W', 'L') ORDER BY settled_at, id`,
        [id],
      );
    let cumulative = 0;
    const curve = decided.map((s) => {
      cumulative += s.slip_result === 'W' ? hundredths(s.acc) - 100 : -100;
      return { date: new Date(s.settled_at).toISOString(), profit: cumulative / 100 };
    });
    const oddsSum = decided.reduce((sum, s) => sum + hundredths(s.odds), 0);
    const monthly = pct(since(nairobiMonthStart(now), 'W'), since(nairobiMonthStart(now), 'L'));
    const week = pct(since(isoWeekStart(now), 'W'), since(isoWeekStart(now), 'L'));
    const profile = {
      profile_image_url: null,
      monthly_rating: monthly,
      subscribed: false,
      email_verified: false,
      country: 'KE',
      city: 'Kisumu',
      ...(owner ? { phone_number: '0700920001' } : {}),
    };
    return JSON.stringify({
      user: {
        username: 'Prof_Tipster',
        first_name: 'Achieng',
        ...(owner ? { email: tipster.user.email } : {}),
      },
      profile,
      stats: [st.tips, st.won, st.lost, rating],
      stats2: { week_rating: week },
      dash: { rating },
      active_tips: await render(active),
      finished_tips: await render(finished),
      figures: {
        settled: decided.length,
        profit: cumulative / 100,
        roi: decided.length ? Math.round((cumulative * 100) / decided.length) / 100 : 0,
        average_odds: decided.length ? Math.round(oddsSum / decided.length) / 100 : 0,
        profit_series: curve.slice(-100),
      },
    });
  };

  it('has active and finished slips, more than a profile shows, and three different ratings', async () => {
    const [c] = await t.ds.query(
      `SELECT count(*) FILTER (WHERE slip_result IS NULL)::int AS active, count(*) FILTER (WHERE slip_result IS NOT NULL)::int AS finished,
              count(*) FILTER (WHERE slip_result = 'W')::int AS won, count(*) FILTER (WHERE slip_result = 'L')::int AS lost
         FROM slip WHERE user_id = $1 AND NOT jackpot`,
      [tipster.user.id],
    );
    expect(c).toMatchObject({ active: ACTIVE_SLIPS, finished: SETTLED_SLIPS });
    expect(c.won).toBeGreaterThan(0);
    expect(c.lost).toBeGreaterThan(0);
    const body = (await t.request('GET', '/api/account/profile/prof_tipster')).body;
    expect(body.active_tips).toHaveLength(20);
    expect(body.finished_tips).toHaveLength(20);
    expect(
      new Set([body.dash.rating, body.profile.monthly_rating, body.stats2.week_rating]).size,
    ).toBeGreaterThan(1);
  });

  it('public profile: the same bytes as before (no picks of the active slips, finished ones with results)', async () => {
    await t.get(SlipListCache).clear(); // read by the one statement, not from the cache
    const res = await t.request('GET', '/api/account/profile/PROF_TIPSTER');
    expect(res.status).toBe(200);
    expect(res.text).toBe(await expected(false));
    expect(res.body.active_tips[0].tips[0]).not.toHaveProperty('market_type');
    expect(res.body.finished_tips[0].tips[0]).toHaveProperty('result_source');
  });

  it("own profile: the same bytes as before (the tipster's own picks shown)", async () => {
    await t.get(SlipListCache).clear();
    const res = await t.request('GET', '/api/account/profile', { token: tipster.token });
    expect(res.status).toBe(200);
    expect(res.text).toBe(await expected(true));
    expect(res.body.active_tips[0].tips[0]).toHaveProperty('market_type');
  });

  /** The SQL statements `url` runs (transaction control and the sandboxes' own timer left out). */
  const statementsOf = async (url: string, token: string | undefined): Promise<string[]> => {
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      const res = await t.request('GET', url, { token });
      expect(res.status).toBe(200);
      // The development sandboxes' sweeper polls on its own timer: not the request's.
      return spy.mock.calls
        .map(([q]) => String(q))
        .filter((q) => !/^(START TRANSACTION|COMMIT|ROLLBACK|SET )|sandbox_/i.test(q.trim()));
    } finally {
      spy.mockRestore();
    }
  };

  it('public profile: two SQL statements whatever the number of slips, one while its lists are cached', async () => {
    const url = '/api/account/profile/prof_tipster';
    expect((await t.request('GET', url)).status).toBe(200); // warm-up (connection, replay clock)
    await t.get(SlipListCache).clear(); // as a publish or a settlement does
    const cold = await statementsOf(url, undefined);
    expect(cold).toHaveLength(2);
    expect(cold[0]).toMatch(/app_user/);
    expect(cold[1]).toMatch(/tipster_stat[\s\S]*FROM tip[\s\S]*FROM fixture/);
    const warm = await statementsOf(url, undefined);
    expect(warm).toHaveLength(1);
    expect(warm[0]).toMatch(/app_user/);
  });

  it("own profile: two SQL statements (the user row carries its phone's running subscription), one while its lists are cached", async () => {
    const url = '/api/account/profile';
    expect((await t.request('GET', url, { token: tipster.token })).status).toBe(200);
    await t.get(SlipListCache).clear();
    const cold = await statementsOf(url, tipster.token);
    expect(cold).toHaveLength(2);
    expect(cold[0]).toMatch(/FROM subscription[\s\S]*FROM "app_user"/);
    expect(cold[1]).toMatch(/tipster_stat[\s\S]*FROM tip[\s\S]*FROM fixture/);
    const warm = await statementsOf(url, tipster.token);
    expect(warm).toHaveLength(1);
    expect(warm[0]).toMatch(/FROM subscription[\s\S]*FROM "app_user"/);
  });

  it('a settlement shows at once: the cached lists are dropped with the list cache', async () => {
    const before = (await t.request('GET', '/api/account/profile/prof_tipster')).body;
    const slipId = before.active_tips[0].id;
    // Settled by hand as a settlement batch leaves it; the batch's listener then drops the list cache.
    await t.ds.query(
      `UPDATE slip SET slip_result = 'C', settled_accumulator = '1.00', settled_at = $2 WHERE id = $1`,
      [slipId, end],
    );
    expect(
      (await t.request('GET', '/api/account/profile/prof_tipster')).body.active_tips[0].id,
    ).toBe(slipId); // still cached
    await t.get(SlipListCache).clear();
    const after = (await t.request('GET', '/api/account/profile/prof_tipster')).body;
    expect(after.active_tips.map((s: { id: number }) => s.id)).not.toContain(slipId);
    expect(after.finished_tips[0].id).toBe(slipId);
  });
});
