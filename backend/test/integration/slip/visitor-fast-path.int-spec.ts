import Redis from 'ioredis';
import { gunzipSync } from 'zlib';
import { ANONYMOUS_URL_TTL_MS } from '../../../src/common/cache/visitor-response-cache';
import {
  TOP_GAMES_CACHE_TTL_S,
  TopGamesCache,
} from '../../../src/modules/fixtures/top-games-cache';
import {
  LIST_CACHE_MAX_TTL_S,
  LIST_CACHE_TTL_S,
  SlipListCache,
} from '../../../src/modules/slip/slip-list-cache';
import { SlipQueryService } from '../../../src/modules/slip/slip-query.service';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { TEST_REDIS_URL } from '../../setup/test-env';
import { advanceClock } from '../../support/clock';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const ORIGIN = 'https://tips.example.com';
/** The visitors' hot reads on the fast path (docs/PRODUCT-RULES.md "Lists and caches"). */
const ROUTES = [
  '/v2/api/slip/data/?p=1',
  '/v2/api/slip/data',
  '/v2/api/slip/data/finished/',
  '/api/home/active',
  '/api/home/finished',
  '/v2/api/tipster/data/?all=1',
  '/api/home/top-games',
];
/** Headers a hit must repeat as the handler's answer had them. */
const SAME_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'vary',
  'access-control-allow-origin',
];

/**
 * The visitors' fast path (registerVisitorFastPath): a visitor's URL answered while its
 * list cache entry is fresh comes back byte for byte without Nest (a cross-origin request still gets Nest's CORS answer),
 * compressed when asked, yet never stale
 * after a publish, never for bad input, never for a logged-in user.
 */
describe("visitors' fast path", () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  /** Handler runs: every fast-path handler reads its data through one of these caches. */
  let loads: () => number;

  const raw = (url: string, headers: Record<string, string> = {}) =>
    t.app.getHttpAdapter().getInstance().inject({ method: 'GET', url, headers });
  const ids = async (url = '/v2/api/slip/data/?p=1'): Promise<number[]> => {
    const res = await t.request('GET', url);
    expect(res.status).toBe(200);
    return (res.body.results ?? res.body.slips).map((s: { id: number }) => s.id);
  };

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    // ORIGIN is one of the API's allowed origins (CORS_ORIGINS), so Nest's CORS hook answers it.
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20', CORS_ORIGINS: ORIGIN },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games = await tippableGames(t.ds, DATA_NOW, 12);
    for (const g of games) await setOdd(t.ds, g.id, 1, '1.50');
    const lists = jest.spyOn(t.get(SlipListCache), 'get');
    const top = jest.spyOn(t.get(TopGamesCache), 'get');
    loads = () => lists.mock.calls.length + top.mock.calls.length;
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });
  beforeEach(() => advanceClock(t, ANONYMOUS_URL_TTL_MS)); // no copy left by the previous test (the copies live by the pinned clock)

  it.each(ROUTES)(
    'answers %s again with the same bytes and headers, without the handler; cross-origin takes the normal path with CORS',
    async (url) => {
      const first = await raw(url);
      expect(first.statusCode).toBe(200);
      const before = loads();
      const second = await raw(url);
      expect(loads()).toBe(before);
      expect(second.statusCode).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      for (const h of SAME_HEADERS) expect([h, second.headers[h]]).toEqual([h, first.headers[h]]);

      // A request from another origin reaches Nest (its CORS hook), with the same bytes.
      const cross = await raw(url, { origin: ORIGIN });
      expect(loads()).toBe(before + 1);
      expect(cross.statusCode).toBe(200);
      expect(cross.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(cross.headers['access-control-allow-credentials']).toBe('true');
      expect(cross.rawPayload.equals(first.rawPayload)).toBe(true);
    },
  );

  it('compresses a hit for a client that accepts gzip, and stores the bytes before compression', async () => {
    const url = '/api/home/top-games';
    const gzipped = await raw(url, { 'accept-encoding': 'gzip' }); // the handler's answer, stored
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const before = loads();
    const plain = await raw(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024); // over the compression threshold
    const hit = await raw(url, { 'accept-encoding': 'gzip' });
    expect(loads()).toBe(before);
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(hit.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('shows a slip published through the API at once, on the lists and the home tab', async () => {
    const games = await tippableGames(t.ds, DATA_NOW, 12);
    const a = await createUser(t.ds);
    const first = await publishSlip(t, a.user.id, games.slice(0, 3));
    const listed = await ids();
    expect(listed[0]).toBe(first.id);
    expect((await ids('/api/home/active'))[0]).toBe(first.id);

    const b = await createUser(t.ds);
    const res = await t.request('POST', '/api/slip/create', {
      token: b.token,
      body: {
        published: true,
        tip_id: null,
        amount: 100,
        tips: games.slice(3, 6).map((g) => ({ game: Number(g.id), market: 1 })),
      },
    });
    expect(res.status).toBe(201);
    expect(await ids()).toEqual([res.body.id, ...listed]);
    expect((await ids('/api/home/active'))[0]).toBe(res.body.id);
  });

  it('answers from the copy while the cache entry it came from is fresh, then runs the handler again', async () => {
    // Top games: cached TOP_GAMES_CACHE_TTL_S, in the pinned clock's minute; a fresh entry to start from.
    const url = '/api/home/top-games';
    await t.get(TopGamesCache).clear();
    const first = await raw(url);
    const before = loads();
    // Past ANONYMOUS_URL_TTL_MS yet inside the cache entry's TTL: still the copy (a page visited
    // every few seconds keeps being answered without Nest).
    advanceClock(t, ANONYMOUS_URL_TTL_MS + 200);
    await raw(url);
    expect(loads()).toBe(before);
    advanceClock(t, TOP_GAMES_CACHE_TTL_S * 1000);
    const later = await raw(url);
    expect(loads()).toBe(before + 1);
    expect(later.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('never answers a request with a bearer token or a token cookie from the copy', async () => {
    const games = await tippableGames(t.ds, DATA_NOW, 12);
    const tipster = await createUser(t.ds);
    await publishSlip(t, tipster.user.id, games.slice(6, 9));
    const url = '/v2/api/slip/data/?account=1';
    expect((await t.request('GET', url)).status).toBe(401);
    expect((await t.request('GET', url)).status).toBe(401);

    // A visitor's copy of the plain list exists...
    const visitor = await t.request('GET', '/v2/api/slip/data/?p=1');
    for (const slip of visitor.body.results)
      for (const tip of slip.tips) expect(tip).not.toHaveProperty('market_type');
    // ...yet the tipster, by header or by cookie, reaches the handler every time: own picks.
    const handler = jest.spyOn(t.get(SlipQueryService), 'active');
    const credentials: Record<string, string>[] = [
      { authorization: `Bearer ${tipster.token}` },
      { cookie: `token=${tipster.token}` },
    ];
    for (const headers of credentials) {
      for (let i = 0; i < 2; i++) {
        const runs = handler.mock.calls.length;
        const own = await raw(url, headers);
        expect(own.statusCode).toBe(200);
        const body = JSON.parse(own.body);
        expect(body.results).toHaveLength(1);
        expect(body.results[0].tips[0]).toHaveProperty('market_type');
        expect((await raw('/v2/api/slip/data/?p=1', headers)).statusCode).toBe(200);
        expect(handler.mock.calls.length).toBe(runs + 2);
        expect(handler.mock.calls[runs + 1][1]).toEqual(
          expect.objectContaining({ id: tipster.user.id }),
        );
      }
    }
    handler.mockRestore();
    // Its answers were not stored for visitors either.
    const again = await t.request('GET', '/v2/api/slip/data/?p=1');
    for (const slip of again.body.results)
      for (const tip of slip.tips) expect(tip).not.toHaveProperty('market_type');
  });

  it('never stores a 4xx: a bad or missing page keeps its error', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.request('GET', '/v2/api/slip/data/?p=abc')).status).toBe(400);
      expect(await t.request('GET', '/v2/api/slip/data/?p=999')).toMatchObject({
        status: 404,
        body: { message: 'Invalid page' },
      });
      expect((await t.request('GET', '/v2/api/slip/data/finished/?p=abc')).status).toBe(400);
      expect((await t.request('GET', '/v2/api/tipster/data/?p=abc')).status).toBe(400);
    }
    const before = loads();
    expect((await t.request('GET', '/v2/api/slip/data/?p=999')).status).toBe(404);
    expect(loads()).toBe(before + 1); // the handler ran: no copy of the 404
  });

  it('keeps a page whose games are all upcoming until the first kick-off (at most a minute), a page with a live game 5 s', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const ttlOf = async (query: string) =>
        redis.pttl(`${t.redisPrefix}:slips:list:active:${query}`);
      const upcoming = await t.request('GET', '/v2/api/slip/data/?p=1&tips=upcoming');
      expect(upcoming.status).toBe(200);
      const pttl = await ttlOf('p=1&tips=upcoming');
      expect(pttl).toBeGreaterThan(LIST_CACHE_TTL_S * 1000);
      expect(pttl).toBeLessThanOrEqual(LIST_CACHE_MAX_TTL_S * 1000);
      // Ten minutes into the first slip's first game, the same page (another cache key) lives 5 s.
      pinClock(
        t,
        new Date(
          Date.parse(upcoming.body.results[0].tips[0].game_date) + 10 * 60_000,
        ).toISOString(),
      );
      expect((await t.request('GET', '/v2/api/slip/data/?p=1&tips=live')).status).toBe(200);
      const live = await ttlOf('p=1&tips=live');
      expect(live).toBeGreaterThan(0);
      expect(live).toBeLessThanOrEqual(LIST_CACHE_TTL_S * 1000);
    } finally {
      redis.disconnect();
      pinClock(t, NOW);
    }
  });

  it('counts its hits and misses, read at GET /api/health/cache', async () => {
    const read = async () => (await t.request('GET', '/api/health/cache')).body.caches;
    const before = await read();
    await raw('/v2/api/slip/data/?p=1&tips=count');
    await raw('/v2/api/slip/data/?p=1&tips=count');
    await raw('/v2/api/slip/data/?p=1&tips=count');
    const after = await read();
    expect(after.VisitorResponseCache.hits - before.VisitorResponseCache.hits).toBe(2);
    expect(after.VisitorResponseCache.misses - before.VisitorResponseCache.misses).toBe(1);
    expect(after.SlipListCache.loads - before.SlipListCache.loads).toBe(1);
    expect(after).toHaveProperty('SlipPageIndex');
    expect(after).toHaveProperty('SearchGamesCache');
  });
});
