import { randomInt } from 'crypto';
import { RATE_LIMIT_PER_IP } from '../../../src/common/guards/rate-limit.constants';
import { RATE_LIMITED_MESSAGE } from '../../../src/common/guards/rate-limit.guard';
import { RATE_LIMITS } from '../../../src/modules/account/account.constants';
import {
  BUYER_CODE_RATE_LIMITS,
  BUYER_PURCHASES_RATE_LIMITS,
} from '../../../src/modules/buyer/buyer.controller';
import { STK_PUSH_RATE_LIMITS } from '../../../src/modules/processor/stk-push.limits';
import { FIND_SLIP_LIMIT } from '../../../src/modules/slip/slip-sales.controller';
import { SUBSCRIPTION_SLIPS_LIMIT } from '../../../src/modules/subscription/subscription.controller';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext, TestResponse } from '../../setup/test-app';

/** A random public-looking IPv4 address, as an attacker would put in X-Forwarded-For. */
const randomIp = (): string =>
  `${randomInt(11, 223)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
/** A random Kenyan phone, local form. */
const randomPhone = (): string => `07${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const b64 = (s: string): string => Buffer.from(s).toString('base64');

interface Attempt {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/**
 * One abuse case: `attempt(i)` is the i-th request of an attacker who sends every request with a
 * new X-Forwarded-For (and, where it helps, a new phone or e-mail) from one connection address.
 * `allowed` requests may pass; the next must be refused with 429.
 */
interface AbuseCase {
  name: string;
  allowed: number;
  attempt: (i: number) => Attempt;
  /** The 429 message (RATE_LIMITED_MESSAGE unless the route has its own). */
  message?: RegExp;
}

/**
 * Rate limits under rotating X-Forwarded-For: with TRUST_PROXY unset (the default) the header is
 * not the client's address, so a client cannot walk past the per-address limits by making up a
 * new one per request. One table of routes: login, register, find-slip, find-slip-ng,
 * get-subscription-slips, a buyer's history, buy and subscribe.
 */
describe('rate limits under rotating X-Forwarded-For (no trusted proxy)', () => {
  let t: TestContext;
  let email: string;

  beforeAll(async () => {
    // Listening, so find-slip-ng's Flutterwave check reaches the sandbox (a quick 'not found').
    t = await createTestContext({ listen: true });
    email = (await createUser(t.ds)).user.email;
  });
  afterAll(() => t?.close());

  const perAddress = RATE_LIMIT_PER_IP.limit;
  const cases: AbuseCase[] = [
    {
      name: 'email-login: one account, wrong passwords',
      allowed: RATE_LIMITS.login['address+email'].limit,
      attempt: () => ({
        method: 'POST',
        url: '/api/account/email-login',
        body: { email, password: 'wrong-guess-1' },
      }),
    },
    {
      name: 'register: a new sign-up each time',
      allowed: Math.min(perAddress, RATE_LIMITS.register.address.limit),
      attempt: () => ({ method: 'POST', url: '/api/account/register', body: { username: 'x' } }),
    },
    {
      name: 'find-slip: one phone, guessed codes',
      allowed: FIND_SLIP_LIMIT.limit,
      attempt: (i) => ({
        method: 'POST',
        url: `/api/manage/find-slip/0712000001/GUESS${String(i).padStart(3, '0')}`,
      }),
    },
    {
      name: 'find-slip: guessed phones and codes',
      allowed: perAddress,
      attempt: () => ({ method: 'POST', url: `/api/manage/find-slip/${randomPhone()}/ACDEFGHJ` }),
    },
    {
      name: 'find-slip-ng: guessed e-mails',
      allowed: perAddress,
      attempt: (i) => ({
        method: 'POST',
        url: `/api/manage/find-slip-ng/buyer${i}%40example.com/${b64('NGN-SLIP-ACDEFGHJ')}`,
      }),
    },
    {
      name: 'get-subscription-slips: one phone, guessed codes',
      allowed: SUBSCRIPTION_SLIPS_LIMIT.limit,
      attempt: (i) => ({
        method: 'GET',
        url: `/api/manage/get-subscription-slips/0712000002?code=GUESS${i}`,
      }),
    },
    {
      name: 'get-subscription-slips: guessed phones',
      allowed: perAddress,
      attempt: () => ({
        method: 'GET',
        url: `/api/manage/get-subscription-slips/${randomPhone()}?code=ACDEFGHJ`,
      }),
    },
    {
      name: 'buyer purchases: one phone, guessed codes',
      allowed: BUYER_PURCHASES_RATE_LIMITS.phone.limit,
      attempt: (i) => ({
        method: 'GET',
        url: `/api/buyer/purchases?phone=0712000005&code=${String(i).padStart(6, '0')}`,
      }),
    },
    {
      name: 'buyer purchases: guessed phones',
      allowed: perAddress,
      attempt: () => ({
        method: 'GET',
        url: `/api/buyer/purchases?phone=${randomPhone()}&code=123456`,
      }),
    },
    {
      name: 'buyer code: SMS codes to many phones',
      allowed: Math.min(perAddress, BUYER_CODE_RATE_LIMITS.address.limit),
      attempt: () => ({ method: 'POST', url: '/api/buyer/code', body: { phone: randomPhone() } }),
    },
    {
      name: 'buy: STK pushes to one phone',
      allowed: STK_PUSH_RATE_LIMITS.phone.limit,
      attempt: () => ({
        method: 'POST',
        url: '/api/processor/buy',
        body: { phone: '0712000003', slip: 999_999 },
      }),
      message: /^Too many payment requests for this phone number\. Try again in 10 minutes\.$/,
    },
    {
      name: 'buy: STK pushes to many phones',
      allowed: Math.min(perAddress, STK_PUSH_RATE_LIMITS.address.limit),
      attempt: () => ({
        method: 'POST',
        url: '/api/processor/buy',
        body: { phone: randomPhone(), slip: 999_999 },
      }),
    },
    {
      name: 'subscribe: STK pushes to one phone',
      allowed: STK_PUSH_RATE_LIMITS.phone.limit,
      attempt: () => ({
        method: 'POST',
        url: '/api/processor/subscribe',
        body: { phone: '0712000004', type: 'platinum', days: 30 },
      }),
      message: /^Too many payment requests for this phone number\./,
    },
    {
      name: 'subscribe: STK pushes to many phones',
      allowed: Math.min(perAddress, STK_PUSH_RATE_LIMITS.address.limit),
      attempt: () => ({
        method: 'POST',
        url: '/api/processor/subscribe',
        body: { phone: randomPhone(), type: 'platinum', days: 30 },
      }),
    },
  ];

  it.each(cases.map((c, row) => [c.name, c, row] as const))('%s', async (_name, c, row) => {
    // Each row from its own connection address, so rows on one route do not share counters.
    const remoteAddress = `198.51.100.${row + 1}`;
    const send = (i: number): Promise<TestResponse> => {
      const { method, url, body } = c.attempt(i);
      return t.request(method, url, {
        body,
        remoteAddress,
        headers: { 'x-forwarded-for': randomIp() },
      });
    };
    const statuses: number[] = [];
    for (let i = 0; i < c.allowed; i++) statuses.push((await send(i)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);

    const refused = await send(c.allowed);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      c.message ?? new RegExp(`^${RATE_LIMITED_MESSAGE.replace(/\./g, '\\.')}$`),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // And it stays refused, whatever address the next request claims.
    expect((await send(c.allowed + 1)).status).toBe(429);
  });
});

/**
 * With TRUST_PROXY naming the proxy (here the test client's own address, 127.0.0.1), the address
 * it forwards is the client's: one client's guesses do not block another behind the same proxy.
 * A connection from any other address still has its X-Forwarded-For ignored.
 */
describe('rate limits behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext({ env: { TRUST_PROXY: '127.0.0.1' } })));
  afterAll(() => t?.close());

  const login = (
    email: string,
    password: string,
    opts: { forwardedFor: string; remoteAddress?: string },
  ) =>
    t.request('POST', '/api/account/email-login', {
      body: { email, password },
      remoteAddress: opts.remoteAddress,
      headers: { 'x-forwarded-for': opts.forwardedFor },
    });

  it('counts per forwarded address when the connection comes from the proxy', async () => {
    const { user, password } = await createUser(t.ds);
    const limit = RATE_LIMITS.login['address+email'].limit;
    for (let i = 0; i < limit; i++)
      expect(
        (await login(user.email, 'wrong-guess-1', { forwardedFor: '41.90.10.1' })).status,
      ).toBe(401);
    expect((await login(user.email, password, { forwardedFor: '41.90.10.1' })).status).toBe(429);
    // Another client behind the same proxy.
    expect((await login(user.email, password, { forwardedFor: '41.90.10.2' })).status).toBe(200);
    // The proxy appends the address it saw: the client's own X-Forwarded-For entries do not count.
    expect(
      (await login(user.email, password, { forwardedFor: '41.90.10.2, 41.90.10.1' })).status,
    ).toBe(429);
  });

  it('ignores X-Forwarded-For from a connection that is not the proxy', async () => {
    const { user, password } = await createUser(t.ds);
    const limit = RATE_LIMITS.login['address+email'].limit;
    const remoteAddress = '203.0.113.9';
    for (let i = 0; i < limit; i++) {
      expect(
        (await login(user.email, 'wrong-guess-1', { forwardedFor: randomIp(), remoteAddress }))
          .status,
      ).toBe(401);
    }
    expect(
      (await login(user.email, password, { forwardedFor: randomIp(), remoteAddress })).status,
    ).toBe(429);
  });
});
