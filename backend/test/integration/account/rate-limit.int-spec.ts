import Redis from 'ioredis';
import { createTestContext, TestContext } from '../../setup/test-app';
import { TEST_REDIS_URL } from '../../setup/test-env';
import { createUser } from '../../factories/account';
import { LOGIN_LOCK, RATE_LIMITS } from '../../../src/modules/account/account.constants';
import { freshIp, registration, req, tokenFromLink, waitForMail } from './account-helpers';

const TOO_MANY = { message: 'Too many attempts. Try again later.' };
const LOCKED =
  /^Too many failed logins for this account\. Try again in 15 minutes, or reset your password\.$/;

/** The device cookie a registration answer sets, as a Cookie header value. */
const deviceCookie = (setCookie: unknown): string => {
  const line = (Array.isArray(setCookie) ? setCookie : [setCookie])
    .map(String)
    .find((c) => c.startsWith('device='));
  if (!line) throw new Error(`no device cookie in ${JSON.stringify(setCookie)}`);
  return line.split(';')[0];
};

describe('rate limits (Redis-backed @nestjs/throttler)', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  it('blocks the 11th login for one e-mail from one address with 429 and Retry-After', async () => {
    const { user, password } = await createUser(t.ds);
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.login['address+email'].limit; i++) {
      const res = await req(t, 'POST', '/api/account/email-login', {
        ip,
        body: { email: user.email, password: 'wrong-guess' },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await req(t, 'POST', '/api/account/email-login', {
      ip,
      body: { email: user.email, password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await req(t, 'POST', '/api/account/email-login', { body: { email: user.email, password } }))
        .status,
    ).toBe(200);
  });

  it(`locks an account's password login after ${LOGIN_LOCK.failures} wrong passwords from many addresses, until a password reset`, async () => {
    const { user, password } = await createUser(t.ds);
    for (let i = 0; i < LOGIN_LOCK.failures; i++) {
      const res = await req(t, 'POST', '/api/account/email-login', {
        body: { email: user.email, password: `guess-${i}-wrong` },
      });
      expect(res.status).toBe(401);
    }
    // The right password from yet another address: locked.
    const locked = await req(t, 'POST', '/api/account/email-login', {
      body: { email: user.email.toUpperCase(), password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(LOCKED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The mailbox's owner resets the password: the lock ends.
    expect(
      (await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } }))
        .status,
    ).toBe(200);
    const token = tokenFromLink((await waitForMail(t, user.email))[0].text, 'change_password');
    expect(
      (
        await req(t, 'POST', '/api/account/reset-password/confirm/', {
          body: { password: 'new-pass-word-9', token },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await req(t, 'POST', '/api/account/email-login', {
          body: { email: user.email, password: 'new-pass-word-9' },
        })
      ).status,
    ).toBe(200);
  });

  it('locks an unknown e-mail the same way (the lock tells nothing about which accounts exist)', async () => {
    const email = `nobody.${Date.now()}@example.com`;
    for (let i = 0; i < LOGIN_LOCK.failures; i++) {
      expect(
        (
          await req(t, 'POST', '/api/account/email-login', {
            body: { email, password: 'wrong-guess-1' },
          })
        ).status,
      ).toBe(401);
    }
    const res = await req(t, 'POST', '/api/account/email-login', {
      body: { email, password: 'wrong-guess-1' },
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(LOCKED);
  });

  it('a successful login forgets earlier wrong passwords', async () => {
    const { user, password } = await createUser(t.ds);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_LOCK.failures - 1; i++) {
        expect(
          (
            await req(t, 'POST', '/api/account/email-login', {
              body: { email: user.email, password: 'wrong-guess' },
            })
          ).status,
        ).toBe(401);
      }
      expect(
        (
          await req(t, 'POST', '/api/account/email-login', {
            body: { email: user.email, password },
          })
        ).status,
      ).toBe(200);
    }
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

  it('lets 30 different people sign up from one shared (carrier NAT) address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await req(t, 'POST', '/api/account/register', { ip, body: registration() });
      expect(res.status).toBe(201);
    }
  });

  it(`limits sign-up attempts per e-mail (${RATE_LIMITS.register.email.limit} an hour), whatever the address`, async () => {
    const body = registration();
    for (let i = 0; i < RATE_LIMITS.register.email.limit; i++) {
      const res = await req(t, 'POST', '/api/account/register', {
        body: { ...registration(), email: body.email },
      });
      expect(res.status).toBe(i === 0 ? 201 : 400); // then 'email taken': attempts count
    }
    const res = await req(t, 'POST', '/api/account/register', {
      body: { ...registration(), email: String(body.email).toUpperCase() },
    });
    expect(res).toMatchObject({ status: 429, body: TOO_MANY });
  });

  it(`limits sign-ups per phone (${RATE_LIMITS.register.phone.limit} an hour), whatever the address`, async () => {
    const phone = registration().phone_number as string;
    for (let i = 0; i < RATE_LIMITS.register.phone.limit; i++) {
      expect(
        (
          await req(t, 'POST', '/api/account/register', {
            body: registration({ phone_number: phone }),
          })
        ).status,
      ).toBe(201);
    }
    expect(
      (
        await req(t, 'POST', '/api/account/register', {
          body: registration({ phone_number: phone }),
        })
      ).status,
    ).toBe(429);
  });

  it(`limits sign-ups per browser (device cookie, ${RATE_LIMITS.register.device.limit} an hour), whatever the address`, async () => {
    const first = await req(t, 'POST', '/api/account/register', { body: registration() });
    expect(first.status).toBe(201);
    const cookie = deviceCookie(first.headers['set-cookie']);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    for (let i = 0; i < RATE_LIMITS.register.device.limit; i++) {
      const res = await req(t, 'POST', '/api/account/register', {
        body: registration(),
        headers: { cookie },
      });
      expect(res.status).toBe(201);
      expect(String(res.headers['set-cookie'] ?? '')).not.toContain('device='); // the browser keeps its id
    }
    expect(
      (await req(t, 'POST', '/api/account/register', { body: registration(), headers: { cookie } }))
        .status,
    ).toBe(429);
    // Another browser on the same addresses is not affected.
    expect((await req(t, 'POST', '/api/account/register', { body: registration() })).status).toBe(
      201,
    );
  });

  it('limits reset requests per e-mail address whatever the client address', async () => {
    const { user } = await createUser(t.ds);
    for (let i = 0; i < RATE_LIMITS.resetRequest.email.limit; i++) {
      expect(
        (await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } }))
          .status,
      ).toBe(200);
    }
    const res = await req(t, 'POST', '/api/account/reset-password/', {
      body: { email: user.email.toUpperCase() },
    });
    expect(res.status).toBe(429);
    expect(
      (
        await req(t, 'POST', '/api/account/reset-password/', {
          body: { email: 'someone.else@example.com' },
        })
      ).status,
    ).toBe(200);
  });

  it('limits reset confirmations per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.resetConfirm.address.limit; i++) {
      await req(t, 'POST', '/api/account/reset-password/confirm/', {
        ip,
        body: { password: 'long-enough-1', token: 'B'.repeat(43) },
      });
    }
    expect(
      (
        await req(t, 'POST', '/api/account/reset-password/confirm/', {
          ip,
          body: { password: 'long-enough-1', token: 'B'.repeat(43) },
        })
      ).status,
    ).toBe(429);
  });

  it('limits verification e-mails and attempts per user', async () => {
    const { token } = await createUser(t.ds);
    for (let i = 0; i < RATE_LIMITS.sendVerification.user.limit; i++) {
      expect(
        (await req(t, 'GET', '/api/account/send-email-verification-code', { token })).status,
      ).toBe(200);
    }
    expect(
      (await req(t, 'GET', '/api/account/send-email-verification-code', { token })).status,
    ).toBe(429);

    for (let i = 0; i < RATE_LIMITS.verifyEmail.user.limit; i++) {
      expect(
        (
          await req(t, 'POST', '/api/account/verify-email-verification/wrong-code-000000000000', {
            token,
          })
        ).status,
      ).toBe(400);
    }
    expect(
      (
        await req(t, 'POST', '/api/account/verify-email-verification/wrong-code-000000000000', {
          token,
        })
      ).status,
    ).toBe(429);
  });

  it('does not limit routes without @RateLimit', async () => {
    const { token } = await createUser(t.ds);
    const ip = freshIp();
    for (let i = 0; i < 70; i++)
      expect((await req(t, 'GET', '/api/account/profile', { token, ip })).status).toBe(200);
  });
});

describe('rate limits when Redis is unreachable', () => {
  let t: TestContext;
  beforeAll(
    async () => (t = await createTestContext({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })),
  );
  afterAll(() => t?.close());

  it('let logins through (fail open) rather than answer 500', async () => {
    const { user, password } = await createUser(t.ds);
    const res = await req(t, 'POST', '/api/account/email-login', {
      body: { email: user.email, password },
    });
    expect(res.status).toBe(200);
  });
});
