import { publishSlip, TippableGame } from '../../factories/slip';
import { createUser, CreatedUser } from '../../factories/account';
import { pinClock } from '../../factories/fixtures';
import type { TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';
import { insertSlip, marketContext, NOW } from './market-data';

jest.setTimeout(120_000);

describe('Back office: slips (tipster, own rows)', () => {
  let t: TestContext;
  let games: TippableGame[];
  let remove: () => void;
  let admin: CreatedUser;
  let otieno: CreatedUser;
  let wanjiku: CreatedUser;
  let mine: number[];
  let theirs: number;

  beforeAll(async () => {
    ({ t, games, remove } = await marketContext(9));
    admin = await createUser(t.ds, { role: 'admin' });
    otieno = await createUser(t.ds, { role: 'tipster', username: 'otieno_odds' });
    wanjiku = await createUser(t.ds, { role: 'tipster', username: 'wanjiku_tips' });
    mine = [
      await insertSlip(t.ds, otieno.user.id, [games[6].id, games[7].id, games[8].id], {
        dateCreated: '2026-11-20T09:00:00+03:00',
        price: '50',
        result: 'L',
      }),
      (await publishSlip(t, otieno.user.id, games.slice(0, 3), { amount: 300 })).id,
    ];
    theirs = (await publishSlip(t, wanjiku.user.id, games.slice(3, 6), { amount: 200 })).id;
  });
  afterAll(async () => {
    await t?.close();
    remove?.();
  });
  beforeEach(() => pinClock(t, NOW));

  it("lists only the tipster's own slips with picks, total odds, price and result", async () => {
    const res = await listResource(t, otieno.token, 'slips', {
      sort: ['date_created', 'DESC'],
      range: [0, 9],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('slips 0-1/2');
    expect(res.body.map((s: { id: number }) => s.id)).toEqual([mine[1], mine[0]]);
    expect(res.body[0]).toMatchObject({
      id: mine[1],
      username: 'otieno_odds',
      price: '300.00',
      slip_result: null,
      accumulator: expect.stringMatching(/^\d+\.\d{2}$/),
      tips: games
        .slice(0, 3)
        .map((g) => expect.objectContaining({ fixture: g.id, market_type: 1, odd: g.odds[1] })),
    });
    expect(res.body[1]).toMatchObject({ id: mine[0], slip_result: 'L', price: '50.00' });

    const page = await listResource(t, otieno.token, 'slips', {
      sort: ['price', 'ASC'],
      range: [1, 1],
    });
    expect(page.headers['content-range']).toBe('slips 1-1/2');
    expect(page.body.map((s: { id: number }) => s.id)).toEqual([mine[1]]);

    const filtered = await listResource(t, otieno.token, 'slips', { filter: { slip_result: 'L' } });
    expect(filtered.body.map((s: { id: number }) => s.id)).toEqual([mine[0]]);
    expect(filtered.headers['content-range']).toBe('slips 0-0/1');
    // A filter naming another tipster does not widen the scope.
    const sneaky = await listResource(t, otieno.token, 'slips', {
      filter: { user_id: wanjiku.user.id },
    });
    expect(sneaky.body).toEqual([]);
    expect(sneaky.headers['content-range']).toBe('slips */0');
  });

  it("answers 404 for another tipster's slip, and the admin sees every slip", async () => {
    const other = await t.request('GET', `/api/backoffice/slips/${theirs}`, {
      token: otieno.token,
    });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: `slips ${theirs} not found` });
    expect(
      (await t.request('GET', `/api/backoffice/slips/${mine[1]}`, { token: otieno.token })).body,
    ).toMatchObject({ id: mine[1] });

    const all = await listResource(t, admin.token, 'slips', { sort: ['id', 'ASC'] });
    expect(all.headers['content-range']).toBe('slips 0-2/3');
    expect(
      (await t.request('GET', `/api/backoffice/slips/${theirs}`, { token: admin.token })).body,
    ).toMatchObject({ id: theirs, username: 'wanjiku_tips' });
  });

  it('answers 400 for an unknown sort field, 403 for a plain user, 405 for writes', async () => {
    const bad = await listResource(t, otieno.token, 'slips', { sort: ['odd', 'ASC'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Cannot sort slips by 'odd'");
    const user = await createUser(t.ds);
    expect((await listResource(t, user.token, 'slips')).status).toBe(403);
    expect(
      (
        await t.request('PUT', `/api/backoffice/slips/${mine[1]}`, {
          token: otieno.token,
          body: { price: 1000 },
        })
      ).status,
    ).toBe(405);
    expect(
      (await t.request('DELETE', `/api/backoffice/slips/${mine[1]}`, { token: otieno.token }))
        .status,
    ).toBe(405);
    expect(
      (await t.request('POST', '/api/backoffice/slips', { token: otieno.token, body: {} })).status,
    ).toBe(405);
  });
});
