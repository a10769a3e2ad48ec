import Redis from 'ioredis';
import { AppConfig } from '../../../src/config/app-config';
import { ClosedAccounts } from '../../../src/modules/account/auth/closed-accounts';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { TEST_REDIS_URL } from '../../setup/test-env';
import { eventually } from '../../support/eventually';

/** Routes that trust the token's claims and never read the account row (as the authorization matrix lists them). */
const NO_ACCOUNT_READ = [
  { method: 'GET', url: '/api/finance/pending_amount' },
  { method: 'GET', url: '/api/slip/can-post' },
] as const;

/**
 * A closed account's access token (docs/PRODUCT-RULES.md R264, docs/ARCHITECTURE.md "Closed
 * accounts' tokens"): refused at once on routes that never read the account, by this process and
 * by any other API process, through the Redis set and its pub/sub channel; never by a database read.
 */
describe(ClosedAccounts.name, () => {
  let t: TestContext;
  let redis: Redis;
  const others: ClosedAccounts[] = [];
  /** Another API process on the same Redis prefix: its own ClosedAccounts, not this app's. */
  const anotherProcess = async (): Promise<ClosedAccounts> => {
    const other = new ClosedAccounts(t.get(AppConfig));
    others.push(other);
    await other.listen();
    return other;
  };
  const statusOf = async (user: CreatedUser, route: (typeof NO_ACCOUNT_READ)[number]) =>
    (await t.request(route.method, route.url, { token: user.token })).status;

  beforeAll(async () => {
    t = await createTestContext();
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(async () => {
    for (const o of others) o.onApplicationShutdown();
    redis?.disconnect();
    await t?.close();
  });

  it('refuses the token that closed the account on routes that never read it, at once', async () => {
    const a = await createUser(t.ds, { role: 'tipster' });
    for (const route of NO_ACCOUNT_READ) expect({ ...route, status: await statusOf(a, route) }).toEqual({ ...route, status: 200 });

    const closed = await t.request('DELETE', '/api/account', {
      token: a.token,
      body: { password: a.password, confirmation: 'DELETE' },
    });
    expect(closed).toMatchObject({ status: 200, body: { message: 'Your account is closed' } });

    for (const route of NO_ACCOUNT_READ) expect({ ...route, status: await statusOf(a, route) }).toEqual({ ...route, status: 401 });
    expect((await t.request('POST', '/api/slip/quote', { token: a.token, body: {} })).status).toBe(401);
    // A repeated closing with the same token is refused too (R262); a public route sees a visitor.
    expect((await t.request('DELETE', '/api/account', { token: a.token, body: {} })).status).toBe(401);
    expect((await t.request('GET', '/api/slip/free', { token: a.token })).status).toBe(200);
    // The closing is in Redis for every other process, not only in this one's memory.
    expect(await redis.sismember(`${t.redisPrefix}:auth:closed`, String(a.user.id))).toBe(1);
  });

  it("refuses a token whose account another process closed (pub/sub), and keeps others' tokens", async () => {
    const b = await createUser(t.ds, { role: 'tipster' });
    const c = await createUser(t.ds, { role: 'tipster' });
    const route = NO_ACCOUNT_READ[0];
    expect(await statusOf(b, route)).toBe(200);

    // What another API process does after committing B's closing.
    await (await anotherProcess()).markClosed(b.user.id);

    await eventually(async () => (await statusOf(b, route)) === 401, {
      timeoutMs: 5_000,
      intervalMs: 25,
      what: "this process refusing B's token after another process closed B",
    });
    expect(await statusOf(c, route)).toBe(200);
  });

  it('knows every earlier closing in a process started after them', async () => {
    const d = await createUser(t.ds, { role: 'user' });
    const closed = await t.request('DELETE', '/api/account', {
      token: d.token,
      body: { password: d.password, confirmation: 'DELETE' },
    });
    expect(closed.status).toBe(200);
    const open = await createUser(t.ds, { role: 'user' });

    const late = await anotherProcess();
    expect(late.isClosed(d.user.id)).toBe(true);
    expect(late.isClosed(open.user.id)).toBe(false);
  });
});
