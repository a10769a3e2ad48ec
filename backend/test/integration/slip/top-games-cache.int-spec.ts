import Redis from 'ioredis';
import { FixtureEvents } from '../../../src/modules/fixtures/fixture-events';
import { TOP_GAMES_CACHE_TTL_S } from '../../../src/modules/fixtures/top-games-cache';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, tippableGames } from '../../factories/slip';
import { TEST_REDIS_URL } from '../../setup/test-env';
import { createTestContext, TestContext } from '../../setup/test-app';
import { advanceClock } from '../../support/clock';

jest.setTimeout(120_000);

interface TopGame {
  home_team: string;
  away_team: string;
  tips: number;
}

describe('GET /api/home/top-games cache', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;

  const top = async (): Promise<{ games: TopGame[]; contentType: string }> => {
    const res = await t.request('GET', '/api/home/top-games');
    expect(res.status).toBe(200);
    return { games: res.body.games, contentType: String(res.headers['content-type']) };
  };
  const tipsOf = (games: TopGame[], name: string): number | undefined =>
    games.find((g) => `${g.home_team} v ${g.away_team}` === name)?.tips;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, '2026-11-23T12:00:00+03:00', '2026-11-23');
    await importFixtures(t);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('serves the same JSON from Redis, shows a published slip at once and a change behind its back after the TTL', async () => {
    const games = (await tippableGames(t.ds, new Date('2026-04-20T12:00:00+03:00'), 3)).slice(0, 3);
    const first = await top();
    expect(first.contentType).toBe('application/json; charset=utf-8');
    expect(first.games.length).toBeGreaterThan(0);
    expect(tipsOf(first.games, games[0].name)).toBe(0);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // One entry per replay-clock minute (the clock is pinned here).
      expect(await redis.keys(`${t.redisPrefix}:fixtures:top:list:games:*`)).toHaveLength(1);
    } finally {
      redis.disconnect();
    }

    // A publish drops the cache: the tipped games lead the list with their count.
    const { user } = await createUser(t.ds);
    await publishSlip(t, user.id, games);
    const after = await top();
    for (const g of games) expect(tipsOf(after.games, g.name)).toBe(1);
    expect(after.games.slice(0, 3).map((g) => g.tips)).toEqual([1, 1, 1]);

    // A row changed behind the service's back is not seen while the entry lives (the clock is
    // pinned: the entry was stored at this instant)...
    await t.ds.query(`UPDATE fixture SET tips_count = tips_count + 5 WHERE id = $1`, [games[1].id]);
    expect(tipsOf((await top()).games, games[1].name)).toBe(1);
    advanceClock(t, TOP_GAMES_CACHE_TTL_S * 1000 - 1);
    expect(tipsOf((await top()).games, games[1].name)).toBe(1);
    // ...and is once two TTLs have passed (within the second one, one stale answer while it reloads).
    advanceClock(t, TOP_GAMES_CACHE_TTL_S * 1000 + 1);
    expect(tipsOf((await top()).games, games[1].name)).toBe(6);
  });

  it('drops the cache when fixtures are decided (fixture.finished)', async () => {
    const [game] = await tippableGames(t.ds, new Date('2026-04-20T12:00:00+03:00'), 1);
    const before = tipsOf((await top()).games, game.name);
    await t.ds.query(`UPDATE fixture SET tips_count = tips_count + 2 WHERE id = $1`, [game.id]);
    expect(tipsOf((await top()).games, game.name)).toBe(before);
    await t
      .get(FixtureEvents)
      .emitFinished([
        { fixtureId: '0', status: 'FT', ft: { home: 1, away: 0 }, ht: { home: 0, away: 0 } },
      ]);
    expect(tipsOf((await top()).games, game.name)).toBe((before ?? 0) + 2);
  });
});
