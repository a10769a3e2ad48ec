import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { createUser, CreatedUser } from '../../factories/account';
import { pinClock } from '../../factories/fixtures';
import type { TippableGame } from '../../factories/slip';
import type { TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';
import { fixturesBetween, marketContext, NOW } from './market-data';

jest.setTimeout(120_000);

describe('Back office: free-tips', () => {
  let t: TestContext;
  let games: TippableGame[];
  let remove: () => void;
  let admin: CreatedUser;

  beforeAll(async () => {
    ({ t, games, remove } = await marketContext(5));
    admin = await createUser(t.ds, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    remove?.();
  });
  beforeEach(() => pinClock(t, NOW));

  const audits = () => t.ds.getRepository(AdminAudit).find({ order: { id: 'ASC' } });
  const create = (body: unknown, token = admin.token) =>
    t.request('POST', '/api/backoffice/free-tips', { token, body });
  const publicFree = async () =>
    (await t.request('GET', '/api/slip/free')).body.data as {
      fixture: { home_team: string };
      m_market: { type: string; value: string };
    }[];
  const homeOf = (g: TippableGame) => g.name.split(' v ')[0];

  it('POST adds a free tip on an upcoming fixture with an odd; GET /api/slip/free shows it; audited', async () => {
    const res = await create({ fixture: Number(games[0].id), market: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      fixture: Number(games[0].id),
      market: 1,
      market_type: '1X2',
      market_value: 'HOME WIN',
      home_team: homeOf(games[0]),
      kickoff: games[0].kickoff.toISOString(),
    });
    expect((await audits()).at(-1)).toMatchObject({
      action: 'create',
      resource: 'free-tips',
      recordId: String(res.body.id),
      before: null,
      after: res.body,
    });
    expect(await publicFree()).toContainEqual(
      expect.objectContaining({
        fixture: expect.objectContaining({ home_team: homeOf(games[0]) }),
        m_market: { type: '1X2', value: 'HOME WIN' },
      }),
    );

    const repeat = await create({ fixture: games[0].id, market: 1 });
    expect(repeat.status).toBe(400);
    expect(repeat.body.message).toBe('This free tip already exists');
  });

  it('refuses a started fixture, a market without odds, an unknown market or fixture, writing nothing', async () => {
    const [started] = await fixturesBetween(
      t.ds,
      '2026-04-19T00:00:00+03:00',
      '2026-04-20T00:00:00+03:00',
      1,
    );
    await t.ds.query(`DELETE FROM fixture_odds WHERE fixture_id = $1 AND market_id = 5`, [
      games[1].id,
    ]);
    const before = (await audits()).length;
    const [{ n: tipsBefore }] = await t.ds.query(`SELECT count(*)::int AS n FROM free_tip`);
    const cases: [unknown, number, string][] = [
      [{ fixture: started, market: 1 }, 400, 'This game has already started'],
      [{ fixture: games[1].id, market: 5 }, 400, 'No odds for this market'],
      [{ fixture: games[1].id, market: 999 }, 400, 'Unknown market'],
      [{ fixture: '999999999', market: 1 }, 404, 'Game not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({
        body,
        status,
        message,
      });
    }
    const invalid = await create({ fixture: 'abc', market: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      fixture: ['fixture must be a fixture id'],
      market: ['market must be a market id'],
    });
    expect((await audits()).length).toBe(before);
    expect((await t.ds.query(`SELECT count(*)::int AS n FROM free_tip`))[0].n).toBe(tipsBefore);
  });

  it('lists with sort, range, filter and Content-Range; 400 for an unknown sort; 403 for a tipster', async () => {
    await create({ fixture: games[2].id, market: 2 });
    await create({ fixture: games[3].id, market: 3 });
    const res = await listResource(t, admin.token, 'free-tips', {
      sort: ['kickoff', 'ASC'],
      range: [0, 1],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('free-tips 0-1/3');
    expect(res.body.map((f: { fixture: number }) => String(f.fixture))).toEqual([
      games[0].id,
      games[2].id,
    ]);
    const byMarket = await listResource(t, admin.token, 'free-tips', {
      filter: { market: [2, 3] },
      sort: ['market', 'DESC'],
    });
    expect(byMarket.body.map((f: { market: number }) => f.market)).toEqual([3, 2]);
    const q = await listResource(t, admin.token, 'free-tips', { filter: { q: homeOf(games[3]) } });
    expect(q.body.map((f: { fixture: number }) => String(f.fixture))).toContain(games[3].id);
    expect((await listResource(t, admin.token, 'free-tips', { sort: ['odd', 'ASC'] })).status).toBe(
      400,
    );
    const tipster = await createUser(t.ds, { role: 'tipster' });
    expect((await listResource(t, tipster.token, 'free-tips')).status).toBe(403);
    expect((await create({ fixture: games[4].id, market: 1 }, tipster.token)).status).toBe(403);
  });

  it('PUT moves a tip to another market (checked again), DELETE removes it; both audited and public', async () => {
    const { body: tip } = await create({ fixture: games[4].id, market: 1 });
    const moved = await t.request('PUT', `/api/backoffice/free-tips/${tip.id}`, {
      token: admin.token,
      body: { ...tip, market: 4 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: tip.id,
      market: 4,
      market_type: 'OU',
      market_value: 'OVER 2.5',
    });
    const upd = (await audits()).at(-1)!;
    expect(upd).toMatchObject({
      action: 'update',
      resource: 'free-tips',
      recordId: String(tip.id),
    });
    expect(upd.before).toMatchObject({ market: 1 });
    expect(upd.after).toMatchObject({ market: 4 });
    expect(await publicFree()).toContainEqual(
      expect.objectContaining({
        fixture: expect.objectContaining({ home_team: homeOf(games[4]) }),
        m_market: { type: 'OU', value: 'OVER 2.5' },
      }),
    );

    const noOdds = await t.request('PUT', `/api/backoffice/free-tips/${tip.id}`, {
      token: admin.token,
      body: { fixture: games[1].id, market: 5 },
    });
    expect(noOdds.status).toBe(400);

    const del = await t.request('DELETE', `/api/backoffice/free-tips/${tip.id}`, {
      token: admin.token,
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual(moved.body);
    expect((await audits()).at(-1)).toMatchObject({
      action: 'delete',
      resource: 'free-tips',
      before: moved.body,
      after: null,
    });
    expect((await publicFree()).some((f) => f.fixture.home_team === homeOf(games[4]))).toBe(false);
  });
});
