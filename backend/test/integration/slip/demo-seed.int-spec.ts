import { createHash } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import sharp from 'sharp';
import { Readable } from 'stream';
import {
  demoMarketplaceSeedStep,
  initialsOf,
  seedDemoMarketplace,
} from '../../../src/seed/demo-marketplace.seed';
import { DEMO_TIPSTERS } from '../../../src/seed/demo-tipsters';
import { AVATAR_STORE, AvatarStore } from '../../../src/modules/account/avatar/avatar-storage';
import { SEED_STEPS } from '../../../src/seed/seed-steps';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { createTestContext, TestContext } from '../../setup/test-app';

// The demo marketplace seed: under a minute alone, over 2 min on a busy 2-core machine.
jest.setTimeout(600_000);

const NOW = '2026-11-23T12:00:00+03:00';

describe('demo marketplace seed', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let summary: string;
  let storage: string;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv', 'SP1-2025-26.csv']);
    storage = mkdtempSync(join(tmpdir(), 'tips-demo-avatars-'));
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20', STORAGE_DIR: storage },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    await t.get(ResultSyncService).syncResults();
    summary = await seedDemoMarketplace(t.app, { restore: () => pinClock(t, NOW) });
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
    if (storage) rmSync(storage, { recursive: true, force: true });
  });

  it('is registered after the fixtures step', () => {
    expect(SEED_STEPS.map((s) => s.name).slice(0, 2)).toEqual([
      'fixtures',
      demoMarketplaceSeedStep.name,
    ]);
  });

  it('creates 30 tipsters with past slips settled from real scores and open slips', async () => {
    expect(summary).toMatch(/^30 tipsters, \d+ past slips \(\d+ settled\), \d+ open slips$/);
    const [{ users }] = await t.ds.query(
      `SELECT count(*)::int AS users FROM app_user WHERE role = 'tipster'`,
    );
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

  it('keeps every slip rule of docs/PRODUCT-RULES.md R4, R5, R6, R8 on every slip', async () => {
    const [v] = await t.ds.query(
      `
      SELECT
        (SELECT count(*) FROM (SELECT slip_id FROM tip GROUP BY slip_id HAVING count(*) NOT BETWEEN 3 AND 5 OR count(DISTINCT fixture_id) <> count(*)) x)::int AS size,
        (SELECT count(*) FROM slip WHERE accumulator NOT BETWEEN 1.6 AND 100 OR price_ksh NOT BETWEEN 50 AND 1000)::int AS ranges,
        (SELECT count(*) FROM (SELECT user_id FROM slip GROUP BY user_id, (date_created AT TIME ZONE 'Africa/Nairobi')::date HAVING count(*) > 2) x)::int AS per_day,
        (SELECT count(*) FROM slip s JOIN tip t ON t.slip_id = s.id JOIN fixture f ON f.id = t.fixture_id
          WHERE s.date_created >= f.kickoff + make_interval(secs => $1::double precision / 1000))::int AS late`,
      [(await t.get(ReplayClock).frame()).offsetMs],
    );
    expect(v).toEqual({ size: 0, ranges: 0, per_day: 0, late: 0 });
    const odds = await t.ds.query(
      `SELECT count(*)::int AS n FROM tip t JOIN fixture_odds o ON o.fixture_id = t.fixture_id AND o.market_id = t.market_id WHERE o.odd <> t.odd`,
    );
    expect(odds[0].n).toBe(0);
    // Every demo slip is committed to its picks like a published one
    // (docs/PRODUCT-RULES.md "Records and responsible gambling").
    const [c] = await t.ds.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE commitment ~ '^[0-9a-f]{64}$' AND commit_salt ~ '^[0-9a-f]{64}$')::int AS committed FROM slip`,
    );
    expect(c.committed).toBe(c.n);
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
      username: expect.any(String),
      profile_image: expect.stringMatching(/\/media\/avatars\/[0-9a-f-]{36}\.webp$/),
      tips: expect.any(Number),
      won: expect.any(Number),
      lost: expect.any(Number),
      rating: expect.any(Number),
      profit: expect.any(Number),
      roi: expect.any(Number),
      average_odds: expect.any(Number),
    });
    expect(
      board.body.results.every((r: { won: number; lost: number }) => r.won + r.lost >= 5),
    ).toBe(true);
    const free = await t.request('GET', '/api/slip/free');
    expect(free.body.data.length).toBeGreaterThan(0);
    expect(free.body.data[0]).toEqual({
      fixture: {
        game_date: expect.any(String),
        home_team: expect.any(String),
        away_team: expect.any(String),
        league: expect.any(String),
      },
      m_market: { type: expect.any(String), value: expect.any(String) },
    });
  });

  it("ranks the weekly board, pages the leaderboard and lists top tipsters' open slips", async () => {
    const weekly = await t.request('GET', '/v2/api/tipster/data/?all=1&weekly=1');
    expect(weekly.status).toBe(200);
    expect(
      weekly.body.results.every((r: { won: number; lost: number }) => r.won + r.lost >= 2),
    ).toBe(true);
    const wr = weekly.body.results.map((r: { rating: number }) => r.rating);
    expect(wr).toEqual([...wr].sort((a, b) => b - a));
    expect((await t.request('GET', '/v2/api/tipster/data/?all=1&p=abc')).status).toBe(400);
    expect(await t.request('GET', '/v2/api/tipster/data/?all=1&p=99')).toMatchObject({
      status: 404,
      body: { message: 'Invalid page' },
    });
    const board = (await t.request('GET', '/v2/api/tipster/data/?all=1')).body.results
      .slice(0, 20)
      .map((r: { username: string }) => r.username);
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

  it('gives every demo tipster a distinct 256×256 WebP avatar, served and shown on the leaderboard and slips', async () => {
    expect(initialsOf('Brian Otieno')).toBe('BO');
    expect(initialsOf('Ngozi')).toBe('N');
    const rows: { username: string; avatar_file: string | null }[] = await t.ds.query(
      `SELECT username, avatar_file FROM app_user WHERE role = 'tipster' ORDER BY id`,
    );
    expect(rows).toHaveLength(DEMO_TIPSTERS.length);
    expect(rows.every((r) => /^[0-9a-f-]{36}\.webp$/.test(r.avatar_file ?? ''))).toBe(true);
    const store = t.get<AvatarStore>(AVATAR_STORE as never);
    const hashes = new Set<string>();
    for (const r of rows) {
      const opened = await store.open(r.avatar_file!);
      expect(opened).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const c of opened!.stream as Readable) chunks.push(Buffer.from(c));
      const bytes = Buffer.concat(chunks);
      hashes.add(createHash('sha256').update(bytes).digest('hex'));
      expect(await sharp(bytes).metadata()).toMatchObject({
        format: 'webp',
        width: 256,
        height: 256,
      });
    }
    expect(hashes.size).toBe(rows.length);
    const served = await t.request('GET', `/media/avatars/${rows[0].avatar_file}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const byName = new Map(
      rows.map((r) => [r.username, `${t.baseUrl}/media/avatars/${r.avatar_file}`]),
    );
    const board = (await t.request('GET', '/v2/api/tipster/data/?all=1')).body.results as {
      username: string;
      profile_image: string;
    }[];
    for (const r of board) expect(r.profile_image).toBe(byName.get(r.username));
    const active = (await t.request('GET', '/v2/api/slip/data/?p=1')).body.results as {
      user: { username: string };
      meta: { profile_image: string };
    }[];
    expect(active.length).toBeGreaterThan(0);
    for (const s of active) expect(s.meta.profile_image).toBe(byName.get(s.user.username));
  });

  it("shows on every slip card the tipster's settled slips, profit and ROI as the leaderboard has them", async () => {
    type Row = {
      username: string;
      won: number;
      lost: number;
      profit: number;
      roi: number;
      rating: number;
    };
    const board = (await t.request('GET', '/v2/api/tipster/data/?all=1')).body.results as Row[];
    const byName = new Map(board.map((r) => [r.username, r]));
    const active = (await t.request('GET', '/v2/api/slip/data/?p=1')).body.results as {
      user: { username: string };
      meta: { rating: number; settled: number; profit: number; roi: number };
    }[];
    const ranked = active.filter((s) => byName.has(s.user.username));
    expect(ranked.length).toBeGreaterThan(0);
    for (const s of ranked) {
      const r = byName.get(s.user.username) as Row;
      expect(s.meta).toMatchObject({
        rating: r.rating,
        settled: r.won + r.lost,
        profit: r.profit,
        roi: r.roi,
      });
    }
  });

  it('adds only the avatars demo tipsters lack when run again', async () => {
    const [first] = await t.ds.query(
      `SELECT id, avatar_file FROM app_user WHERE role = 'tipster' ORDER BY id LIMIT 1`,
    );
    const kept: { id: number; avatar_file: string }[] = await t.ds.query(
      `SELECT id, avatar_file FROM app_user WHERE role = 'tipster' AND id <> $1`,
      [first.id],
    );
    await t.ds.query(`UPDATE app_user SET avatar_file = NULL WHERE id = $1`, [first.id]);
    expect(await seedDemoMarketplace(t.app, { restore: () => pinClock(t, NOW) })).toBe(
      'slips exist; 1 demo avatars added',
    );
    const [after] = await t.ds.query(`SELECT avatar_file FROM app_user WHERE id = $1`, [first.id]);
    expect(after.avatar_file).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(after.avatar_file).not.toBe(first.avatar_file);
    const again: { id: number; avatar_file: string }[] = await t.ds.query(
      `SELECT id, avatar_file FROM app_user WHERE role = 'tipster' AND id <> $1`,
      [first.id],
    );
    expect(again).toEqual(kept);
  });

  it('does nothing on a second run', async () => {
    const [before] = await t.ds.query(`SELECT count(*)::int AS n FROM slip`);
    expect(await seedDemoMarketplace(t.app, { restore: () => pinClock(t, NOW) })).toBe(
      'slips exist, nothing to do',
    );
    const [after] = await t.ds.query(`SELECT count(*)::int AS n FROM slip`);
    expect(after.n).toBe(before.n);
  });
});
