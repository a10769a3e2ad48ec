import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * The visitors' copy of the slip lists (AnonymousListInterceptor): answered before validation,
 * yet never stale after a publish, never for bad input, never for a logged-in user.
 */
describe('visitors\' copy of /v2/api/slip/data/', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({ env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' } });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('shows a slip published a moment after the last answer, and still refuses bad pages', async () => {
    const games = await tippableGames(t.ds, DATA_NOW, 12);
    for (const g of games) await setOdd(t.ds, g.id, 1, '1.50');
    const a = await createUser(t.ds);
    const b = await createUser(t.ds);
    const first = await publishSlip(t, a.user.id, games.slice(0, 3));
    const ids = async (): Promise<number[]> => {
      const res = await t.request('GET', '/v2/api/slip/data/?p=1');
      expect(res.status).toBe(200);
      return res.body.results.map((s: { id: number }) => s.id);
    };
    expect(await ids()).toEqual([first.id]);
    expect(await ids()).toEqual([first.id]);

    const second = await publishSlip(t, b.user.id, games.slice(3, 6));
    expect(await ids()).toEqual([second.id, first.id]);

    for (let i = 0; i < 2; i++) {
      expect((await t.request('GET', '/v2/api/slip/data/?p=abc')).status).toBe(400);
      expect((await t.request('GET', '/v2/api/slip/data/?p=9')).status).toBe(404);
    }
  });

  it('answers a logged-in tipster from the handler (own picks with account=1), a visitor with account=1 gets 401', async () => {
    const games = await tippableGames(t.ds, DATA_NOW, 12);
    const tipster = await createUser(t.ds);
    await publishSlip(t, tipster.user.id, games.slice(6, 9));
    expect((await t.request('GET', '/v2/api/slip/data/?account=1')).status).toBe(401);
    expect((await t.request('GET', '/v2/api/slip/data/?account=1')).status).toBe(401);
    const own = await t.request('GET', '/v2/api/slip/data/?account=1', { token: tipster.token });
    expect(own.status).toBe(200);
    expect(own.body.results).toHaveLength(1);
    expect(own.body.results[0].tips[0]).toHaveProperty('market_type');
    const visitor = await t.request('GET', '/v2/api/slip/data/?p=1');
    for (const slip of visitor.body.results) for (const tip of slip.tips) expect(tip).not.toHaveProperty('market_type');
  });
});
