import { createUser } from '../../factories/account';
import { pinClock } from '../../factories/fixtures';
import type { TippableGame } from '../../factories/slip';
import type { TestContext } from '../../setup/test-app';
import { marketContext, NOW } from '../backoffice/market-data';

jest.setTimeout(120_000);

const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

/**
 * The first published slip makes a user a tipster (docs/PRODUCT-RULES.md R55): the back office lets
 * them reach their own slips and earnings with the token they logged in with, and the publish
 * answer carries a fresh access token that says `tipster`.
 */
describe('First slip: a user becomes a tipster at once', () => {
  let t: TestContext;
  let games: TippableGame[];
  let remove: () => void;

  beforeAll(async () => {
    ({ t, games, remove } = await marketContext(6));
  });
  afterAll(async () => {
    await t?.close();
    remove?.();
  });
  beforeEach(() => pinClock(t, NOW));

  const login = async (
    email: string,
    password: string,
  ): Promise<{ access: string; refresh: string }> => {
    const res = await t.request('POST', '/api/account/email-login', { body: { email, password } });
    expect(res.status).toBe(200);
    return res.body;
  };
  const publish = (token: string, slice: TippableGame[]) =>
    t.request('POST', '/api/slip/create', {
      token,
      body: {
        published: true,
        tip_id: null,
        amount: 100,
        tips: slice.map((g) => ({ game: Number(g.id), market: 1 })),
      },
    });

  it('reads their own slips, earnings and withdrawals in the back office with the login token', async () => {
    const { user, password } = await createUser(t.ds);
    const { access } = await login(user.email, password);
    expect(claimsOf(access).role).toBe('user');
    expect((await t.request('GET', '/api/backoffice/slips', { token: access })).status).toBe(403);

    const published = await publish(access, games.slice(0, 3));
    expect(published.status).toBe(201);

    const slips = await t.request('GET', '/api/backoffice/slips', { token: access });
    expect(slips.status).toBe(200);
    expect(slips.body.map((s: { id: number }) => s.id)).toEqual([published.body.id]);
    expect(slips.headers['content-range']).toBe('slips 0-0/1');
    const one = await t.request('GET', `/api/backoffice/slips/${published.body.id}`, {
      token: access,
    });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: published.body.id, username: user.username });
    for (const resource of ['earnings', 'withdrawals']) {
      const res = await t.request('GET', `/api/backoffice/${resource}`, { token: access });
      expect({ resource, status: res.status }).toEqual({ resource, status: 200 });
    }
    // Still no administrator's resource for them.
    const users = await t.request('GET', '/api/backoffice/users', { token: access });
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ message: 'You do not have permission to perform this action' });
  });

  it('answers the first publish with a fresh tipster access token of the same session; later ones without', async () => {
    const { user, password } = await createUser(t.ds);
    const { access } = await login(user.email, password);
    const first = await publish(access, games.slice(3, 6));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      message: 'Successfully Published Tips',
      id: expect.any(Number),
      access: expect.any(String),
    });
    const fresh = claimsOf(first.body.access);
    expect(fresh).toMatchObject({
      sub: String(user.id),
      username: user.username,
      role: 'tipster',
      sid: claimsOf(access).sid,
      typ: 'access',
    });
    const earnings = await t.request('GET', '/api/backoffice/earnings', {
      token: first.body.access,
    });
    expect(earnings.status).toBe(200);

    const second = await publish(first.body.access, games.slice(0, 3));
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ message: 'Successfully Published Tips', id: expect.any(Number) });
  });
});
