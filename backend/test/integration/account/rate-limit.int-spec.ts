import Redis from 'ioredis';
import { createTestContext, TestContext } from '../../setup/test-app';
import { TEST_REDIS_URL } from '../../setup/test-env';
import { createUser } from '../../factories/account';
import { RATE_LIMITS } from '../../../src/modules/account/account.constants';
import { freshIp, registration, req } from './account-helpers';

const TOO_MANY = { message: 'Too many attempts. Try again later.' };

describe('rate limits (Redis-backed @nestjs/throttler)', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  it('blocks the 11th failed login for one e-mail from one address with 429 and Retry-After', async () => {
    const { user, password } = await createUser(t.ds);
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.login.limit; i++) {
      const res = await req(t, 'POST', '/api/account/email-login', { ip, body: { email: user.email, password: 'wrong-guess' } });
      expect(res.status).toBe(401);
    }
    const blocked = await req(t, 'POST', '/api/account/email-login', { ip, body: { email: user.email, password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await req(t, 'POST', '/api/account/email-login', { body: { email: user.email, password } })).status).toBe(200);
  });

  it('keeps the counters in Redis under the REDIS_PREFIX', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${t.redisPrefix}:throttle:*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('blocks registrations past the hourly limit from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.register.limit; i++) {
      // invalid payloads count too: the limit is on attempts
      expect((await req(t, 'POST', '/api/account/register', { ip, body: { username: 'x' } })).status).toBe(400);
    }
    const res = await req(t, 'POST', '/api/account/register', { ip, body: registration() });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
  });

  it('limits reset requests per e-mail address whatever the client address', async () => {
    const { user } = await createUser(t.ds);
    for (let i = 0; i < RATE_LIMITS.resetRequest.limit; i++) {
      expect((await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } })).status).toBe(200);
    }
    const res = await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email.toUpperCase() } });
    expect(res.status).toBe(429);
    expect((await req(t, 'POST', '/api/account/reset-password/', { body: { email: 'someone.else@example.com' } })).status).toBe(200);
  });

  it('limits reset confirmations per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.resetConfirm.limit; i++) {
      await req(t, 'POST', '/api/account/reset-password/confirm/', { ip, body: { password: 'long-enough-1', token: 'B'.repeat(43) } });
    }
    expect((await req(t, 'POST', '/api/account/reset-password/confirm/', { ip, body: { password: 'long-enough-1', token: 'B'.repeat(43) } })).status).toBe(429);
  });

  it('limits verification e-mails and attempts per user', async () => {
    const { token } = await createUser(t.ds);
    for (let i = 0; i < RATE_LIMITS.sendVerification.limit; i++) {
      expect((await req(t, 'GET', '/api/account/send-email-verification-code', { token })).status).toBe(200);
    }
    expect((await req(t, 'GET', '/api/account/send-email-verification-code', { token })).status).toBe(429);

    for (let i = 0; i < RATE_LIMITS.verifyEmail.limit; i++) {
      expect((await req(t, 'POST', '/api/account/verify-email-verification/wrong-code-000000000000', { token })).status).toBe(400);
    }
    expect((await req(t, 'POST', '/api/account/verify-email-verification/wrong-code-000000000000', { token })).status).toBe(429);
  });

  it('does not limit routes without @RateLimit', async () => {
    const { token } = await createUser(t.ds);
    const ip = freshIp();
    for (let i = 0; i < 70; i++) expect((await req(t, 'GET', '/api/account/profile', { token, ip })).status).toBe(200);
  });
});

describe('rate limits when Redis is unreachable', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })));
  afterAll(() => t?.close());

  it('let logins through (fail open) rather than answer 500', async () => {
    const { user, password } = await createUser(t.ds);
    const res = await req(t, 'POST', '/api/account/email-login', { body: { email: user.email, password } });
    expect(res.status).toBe(200);
  });
});
