import { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { createHttpApp } from '../../../src/app.setup';
import { AppConfig } from '../../../src/config/app-config';
import { ClosedAccounts } from '../../../src/modules/account/auth/closed-accounts';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { TEST_REDIS_URL } from '../../setup/test-env';
import { eventually } from '../../support/eventually';

jest.setTimeout(180_000);

/** Routes that trust the token's claims and never read the account row (the authorization matrix's READ_WITHIN_TOKEN_LIFE). */
const NO_ACCOUNT_READ = [
  { method: 'GET', url: '/api/finance/pending_amount' },
  { method: 'GET', url: '/api/slip/can-post' },
] as const;
type Route = (typeof NO_ACCOUNT_READ)[number];

/** Another api process on the same database and Redis prefix: a second Nest app with its own memory. */
const startReplica = async (): Promise<NestFastifyApplication> => {
  const app = await createHttpApp('api');
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
};

/** The status `app` answers `user`'s token on `route`. */
const statusOn = async (
  app: NestFastifyApplication,
  user: CreatedUser,
  route: Route,
): Promise<number> =>
  (
    await app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method: route.method,
        url: route.url,
        headers: { authorization: `Bearer ${user.token}` },
      })
  ).statusCode;

/**
 * A closed account's access token (docs/PRODUCT-RULES.md R264, docs/ARCHITECTURE.md "Closed
 * accounts' tokens"): refused at once on routes that never read the account by the process that
 * closed it, by an api process started after the closing (the Redis set) and by one running when
 * another process closes an account (Redis pub/sub); never through a database read per request.
 * Passport keeps one `jwt` strategy per Node process, so once the second app is up both apps
 * check tokens with the second app's ClosedAccounts: the tests run in that order on purpose.
 */
describe(ClosedAccounts.name, () => {
  let t: TestContext;
  let replica: NestFastifyApplication | undefined;
  let other: ClosedAccounts | undefined;
  let redis: Redis;
  let closedUser: CreatedUser;
  let openUser: CreatedUser;

  beforeAll(async () => {
    t = await createTestContext();
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    closedUser = await createUser(t.ds, { role: 'tipster' });
    openUser = await createUser(t.ds, { role: 'tipster' });
  });
  afterAll(async () => {
    other?.onApplicationShutdown();
    redis?.disconnect();
    await replica?.close();
    await t?.close();
  });

  it('refuses the token that closed the account at once, on routes that never read it', async () => {
    for (const route of NO_ACCOUNT_READ)
      expect({ ...route, status: await statusOn(t.app, closedUser, route) }).toEqual({
        ...route,
        status: 200,
      });

    const closed = await t.request('DELETE', '/api/account', {
      token: closedUser.token,
      body: { password: closedUser.password, confirmation: 'DELETE' },
    });
    expect(closed).toMatchObject({ status: 200, body: { message: 'Your account is closed' } });

    for (const route of NO_ACCOUNT_READ)
      expect({ ...route, status: await statusOn(t.app, closedUser, route) }).toEqual({
        ...route,
        status: 401,
      });
    const quote = await t.request('POST', '/api/slip/quote', { token: closedUser.token, body: {} });
    expect(quote.status).toBe(401);
    // A repeated closing with the same token is refused too (R262); a public route sees a visitor.
    expect(
      (await t.request('DELETE', '/api/account', { token: closedUser.token, body: {} })).status,
    ).toBe(401);
    expect((await t.request('GET', '/api/slip/free', { token: closedUser.token })).status).toBe(
      200,
    );
    expect(await statusOn(t.app, openUser, NO_ACCOUNT_READ[0])).toBe(200);
    expect(await redis.sismember(`${t.redisPrefix}:auth:closed`, String(closedUser.user.id))).toBe(
      1,
    );
  });

  it('is refused by an api process started after the closing', async () => {
    replica = await startReplica();
    for (const route of NO_ACCOUNT_READ)
      expect({ ...route, status: await statusOn(replica, closedUser, route) }).toEqual({
        ...route,
        status: 401,
      });
    expect(await statusOn(replica, openUser, NO_ACCOUNT_READ[0])).toBe(200);
  });

  it('is refused by a running api process when another process closes the account', async () => {
    const later = await createUser(t.ds, { role: 'tipster' });
    expect(await statusOn(replica!, later, NO_ACCOUNT_READ[0])).toBe(200);
    // What another api process does after committing its closing of `later`.
    other = new ClosedAccounts(t.get(AppConfig));
    await other.markClosed(later.user.id);
    for (const route of NO_ACCOUNT_READ)
      await eventually(async () => (await statusOn(replica!, later, route)) === 401, {
        timeoutMs: 5_000,
        intervalMs: 20,
        what: `the running process refusing the token on ${route.url} after another process's closing`,
      });
    expect(await statusOn(replica!, openUser, NO_ACCOUNT_READ[0])).toBe(200);
  });
});
