import type { FastifyInstance } from 'fastify';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

interface Boot {
  country: string;
  api: Record<string, unknown>;
}

/** Every boot script in `html`, parsed the way the app reads the element's text. */
const bootScripts = (html: string): Boot[] =>
  [...html.matchAll(/<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Boot,
  );

/*
 * The HTML of the home page and /active_tips carries their first data (docs/PERFORMANCE.md,
 * "Slow networks") and every page the visitor's country by IP (docs/PRODUCT-RULES.md R143).
 * Requests are made through Fastify's inject with a socket address, so request.ip is that address
 * whatever the proxy settings.
 */
describe('page HTML with boot data and the visitor country', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let fastify: FastifyInstance;
  const HOSTILE_NAME = 'FC </script><script>alert(1)</script><!--';

  /** GET `url` from `ip` as a visitor (no credentials). */
  const get = (url: string, ip = '127.0.0.1', headers: Record<string, string> = {}) =>
    fastify.inject({ method: 'GET', url, remoteAddress: ip, headers });

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    fastify = t.app.getHttpAdapter().getInstance();
    await startReplay(t, '2026-11-23T12:00:00+03:00', '2026-11-23');
    await importFixtures(t);
    const games = await tippableGames(t.ds, new Date('2026-04-22T12:00:00+03:00'), 40);
    // 11 slips (two a tipster a day at most): two pages of /active_tips (10 a page).
    for (let i = 0; i < 11; i += 1) {
      const { user } =
        i % 2
          ? { user: (await t.ds.query(`SELECT max(id) AS id FROM app_user`))[0] as { id: number } }
          : await createUser(t.ds, { role: 'tipster', username: `shell_tipster_${i}` });
      await publishSlip(t, user.id, games.slice(i * 3, i * 3 + 3), { marketId: 4 });
    }
    // A team name from a hostile data feed: it must not break out of the script.
    await t.ds.query(`UPDATE fixture SET home_team = $1 WHERE id = $2`, [
      HOSTILE_NAME,
      games[0].id,
    ]);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('GET / inlines top games, free tips and the Popular slips exactly as the API answers a visitor', async () => {
    const res = await get('/', '41.90.64.10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const boots = bootScripts(res.body);
    expect(boots).toHaveLength(1);
    const [boot] = boots;
    expect(boot.country).toBe('KE');
    expect(Object.keys(boot.api).sort()).toEqual([
      '/api/home/top-games',
      '/api/slip/free',
      '/v2/api/slip/data/?home=1',
    ]);
    for (const [url, body] of Object.entries(boot.api)) {
      const api = await get(url);
      expect(api.statusCode).toBe(200);
      expect(body).toEqual(JSON.parse(api.body));
    }
    const popular = boot.api['/v2/api/slip/data/?home=1'] as {
      results: { tips: Record<string, unknown>[] }[];
    };
    expect(popular.results.length).toBeGreaterThan(0);
    // What a visitor may see only: no pick and no per-game odd of a slip on sale.
    for (const slip of popular.results) {
      for (const tip of slip.tips) {
        expect(tip).not.toHaveProperty('market_type');
        expect(tip).not.toHaveProperty('odd');
      }
    }
    // The team's name reaches the app intact, and never as markup.
    expect(popular.results.flatMap((slip) => slip.tips.map((tip) => tip.home_team))).toContain(
      HOSTILE_NAME,
    );
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('GET /active_tips inlines the page of active slips the app asks for (page, top)', async () => {
    const first = bootScripts((await get('/active_tips')).body)[0];
    expect(Object.keys(first.api)).toEqual(['/v2/api/slip/data/']);
    expect(first.api['/v2/api/slip/data/']).toEqual(
      JSON.parse((await get('/v2/api/slip/data/')).body),
    );

    const second = bootScripts((await get('/active_tips?p=2')).body)[0];
    expect(Object.keys(second.api)).toEqual(['/v2/api/slip/data/?p=2']);
    expect((second.api['/v2/api/slip/data/?p=2'] as { results: unknown[] }).results).toHaveLength(
      1,
    );

    // A page past the last one is the API's 404: nothing inlined, the app shows its own error.
    const past = await get('/active_tips?p=99');
    expect(past.statusCode).toBe(200);
    expect(bootScripts(past.body)[0].api).toEqual({});
  });

  it('a logged-in user gets the same visitor data (no picks inlined for anyone)', async () => {
    const withCookie = bootScripts(
      (await get('/', '127.0.0.1', { cookie: 'token=whatever' })).body,
    )[0];
    const visitor = bootScripts((await get('/')).body)[0];
    expect(withCookie.api).toEqual(visitor.api);
  });

  it.each([
    ['41.90.64.10', 'KE'],
    ['102.89.32.1', 'NG'],
    ['41.210.130.5', 'UG'],
    ['8.8.8.8', 'KE'],
    ['10.1.2.3', 'KE'],
  ])(
    'the visitor at %s is preselected %s, in the page and by GET /api/geo/country',
    async (ip, country) => {
      const page = await get('/active_tips', ip);
      expect(bootScripts(page.body)[0].country).toBe(country);
      const api = await get('/api/geo/country', ip);
      expect(api.statusCode).toBe(200);
      expect(JSON.parse(api.body)).toEqual({ country });
      expect(api.headers['cache-control']).toBe('private, max-age=3600');
    },
  );

  it('the slip and blog pages carry the country too, with their own head tags', async () => {
    const [{ id }]: { id: number }[] = await t.ds.query(`SELECT id FROM slip ORDER BY id LIMIT 1`);
    const slip = await get(`/buy_tip/${id}`, '105.112.0.1');
    expect(slip.statusCode).toBe(200);
    expect(slip.body).toContain(`<title>Buy Tip #${id} | TipsKE</title>`);
    expect(bootScripts(slip.body)).toEqual([{ country: 'NG', api: {} }]);
    const missing = await get('/blog/no-such-post', '41.210.130.5');
    expect(missing.statusCode).toBe(404);
    expect(bootScripts(missing.body)).toEqual([{ country: 'UG', api: {} }]);
  });
});
