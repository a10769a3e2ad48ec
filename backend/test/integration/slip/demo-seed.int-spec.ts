import { demoMarketplaceSeedStep, DEMO_TIPSTERS, seedDemoMarketplace } from '../../../src/database/seed/demo-marketplace.seed';
import { SEED_STEPS } from '../../../src/database/seed/seed-steps';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';

describe('demo marketplace seed', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let summary: string;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    t = await createTestContext({ env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' } });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    await t.get(ResultSyncService).syncResults();
    summary = await seedDemoMarketplace(t.app, { restore: () => pinClock(t, NOW) });
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('is registered after the fixtures step', () => {
    expect(SEED_STEPS.map((s) => s.name).slice(0, 2)).toEqual(['fixtures', demoMarketplaceSeedStep.name]);
  });

  it('creates 30 tipsters with past slips settled from real scores and open slips', async () => {
    expect(summary).toMatch(/^30 tipsters, \d+ past slips \(\d+ settled\), \d+ open slips$/);
    const [{ users }] = await t.ds.query(`SELECT count(*)::int AS users FROM app_user WHERE role = 'tipster'`);
    expect(users).toBe(DEMO_TIPSTERS.length);
    const [c] = await t.ds.query(
      `SELECT count(*) FILTER (WHERE slip_result IS NOT NULL)::int AS settled,
              count(*) FILTER (WHERE slip_result IS NULL)::int AS open,
              count(*) FILTER (WHERE slip_result = 'W')::int AS won,
              count(*) FILTER (WHERE slip_result = 'L')::int AS lost FROM slip`,
    );
    expect(c.settled).toBeGreaterThan(100);
    expect(c.open).toBeGreaterThan(5);
    const winRate = c.won / (c.won + c.lost);
    expect(winRate).toBeGreaterThan(0.05);
    expect(winRate).toBeLessThan(0.8);
    // Every settled tip's result matches its fixture's real score; no open slip has a decided game.
    const [bad] = await t.ds.query(
      `SELECT count(*)::int AS n FROM tip t JOIN slip s ON s.id = t.slip_id
        WHERE s.slip_result IS NOT NULL AND (t.result IS NULL OR (t.market_id = 1 AND t.result <> CASE WHEN
          (SELECT home_goals > away_goals FROM fixture f WHERE f.id = t.fixture_id) THEN 'W' ELSE 'L' END))`,
    );
    expect(bad.n).toBe(0);
  });

  it('keeps every spec §5 rule on every slip', async () => {
    const [v] = await t.ds.query(`
      SELECT
        (SELECT count(*) FROM (SELECT slip_id FROM tip GROUP BY slip_id HAVING count(*) NOT BETWEEN 3 AND 5 OR count(DISTINCT fixture_id) <> count(*)) x)::int AS size,
        (SELECT count(*) FROM slip WHERE accumulator NOT BETWEEN 1.6 AND 100 OR price_ksh NOT BETWEEN 50 AND 1000)::int AS ranges,
        (SELECT count(*) FROM (SELECT user_id FROM slip GROUP BY user_id, (date_created AT TIME ZONE 'Africa/Nairobi')::date HAVING count(*) > 2) x)::int AS per_day,
        (SELECT count(*) FROM slip s JOIN tip t ON t.slip_id = s.id JOIN fixture f ON f.id = t.fixture_id
          WHERE s.date_created >= f.kickoff + make_interval(secs => $1::double precision / 1000))::int AS late`,
      [(await t.get(ReplayClock).frame()).offsetMs]);
    expect(v).toEqual({ size: 0, ranges: 0, per_day: 0, late: 0 });
    const odds = await t.ds.query(
      `SELECT count(*)::int AS n FROM tip t JOIN fixture_odds o ON o.fixture_id = t.fixture_id AND o.market_id = t.market_id WHERE o.odd <> t.odd`,
    );
    expect(odds[0].n).toBe(0);
  });

  it('fills the finished list, the leaderboard and the free tips', async () => {
    const finished = await t.request('GET', '/v2/api/slip/data/finished/');
    expect(finished.status).toBe(200);
    expect(finished.body.results).toHaveLength(100);
    expect(finished.body.next).toBe(`${t.baseUrl}/v2/api/slip/data/finished/?p=2`);
    const board = await t.request('GET', '/v2/api/tipster/data/?all=1');
    expect(board.body.results.length).toBeGreaterThan(10);
    const ratings = board.body.results.map((r: { rating: number }) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(board.body.results[0]).toEqual({
      username: expect.any(String), profile_image: null, tips: expect.any(Number), won: expect.any(Number), lost: expect.any(Number),
      rating: expect.any(Number), profit: expect.any(Number), roi: expect.any(Number), average_odds: expect.any(Number),
    });
    expect(board.body.results.every((r: { won: number; lost: number }) => r.won + r.lost >= 5)).toBe(true);
    const free = await t.request('GET', '/api/slip/free');
    expect(free.body.data.length).toBeGreaterThan(0);
    expect(free.body.data[0]).toEqual({
      fixture: { game_date: expect.any(String), home_team: expect.any(String), away_team: expect.any(String), league: expect.any(String) },
      m_market: { type: expect.any(String), value: expect.any(String) },
    });
  });

  it('ranks the weekly board, pages the leaderboard and lists top tipsters\' open slips', async () => {
    const weekly = await t.request('GET', '/v2/api/tipster/data/?all=1&weekly=1');
    expect(weekly.status).toBe(200);
    expect(weekly.body.results.every((r: { won: number; lost: number }) => r.won + r.lost >= 2)).toBe(true);
    const wr = weekly.body.results.map((r: { rating: number }) => r.rating);
    expect(wr).toEqual([...wr].sort((a, b) => b - a));
    expect((await t.request('GET', '/v2/api/tipster/data/?all=1&p=abc')).status).toBe(400);
    expect(await t.request('GET', '/v2/api/tipster/data/?all=1&p=99')).toMatchObject({ status: 404, body: { message: 'Invalid page' } });
    const board = (await t.request('GET', '/v2/api/tipster/data/?all=1')).body.results.slice(0, 20).map((r: { username: string }) => r.username);
    const top = await t.request('GET', '/v2/api/slip/data/?top=1');
    expect(top.body.results.length).toBeGreaterThan(0);
    for (const slip of top.body.results) expect(board).toContain(slip.user.username);
  });

  it('fills the profile stats from the counters', async () => {
    const [row] = await t.ds.query(
      `SELECT u.username, s.tips, s.won, s.lost, s.rating::float AS rating FROM tipster_stat s JOIN app_user u ON u.id = s.user_id
        ORDER BY s.won DESC LIMIT 1`,
    );
    const res = await t.request('GET', `/api/account/profile/${row.username}`);
    expect(res.status).toBe(200);
    expect(res.body.stats).toEqual([row.tips, row.won, row.lost, row.rating]);
    expect(res.body.finished_tips.length).toBeGreaterThan(0);
  });

  it('does nothing on a second run', async () => {
    const [before] = await t.ds.query(`SELECT count(*)::int AS n FROM slip`);
    expect(await seedDemoMarketplace(t.app, { restore: () => pinClock(t, NOW) })).toBe('slips exist, nothing to do');
    const [after] = await t.ds.query(`SELECT count(*)::int AS n FROM slip`);
    expect(after.n).toBe(before.n);
  });
});
