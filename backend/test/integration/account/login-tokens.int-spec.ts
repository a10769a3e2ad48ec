import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser, signTestAccessToken } from '../../factories/account';
import { expectNoSecrets, freshIp, req } from './account-helpers';

const claimsOf = (jwt: string): Record<string, any> =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

describe('e-mail login, tokens, refresh rotation and logout', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  describe('POST /api/account/email-login', () => {
    it('answers { access, refresh } for the right e-mail (any case) and password', async () => {
      const { user, password } = await createUser(t.ds, { email: 'login.ok@example.com' });
      const res = await req(t, 'POST', '/api/account/email-login', {
        body: { email: ' Login.OK@example.com ', password },
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh']);
      expect(claimsOf(res.body.access)).toMatchObject({
        sub: String(user.id),
        role: 'user',
        typ: 'access',
      });
      expect(claimsOf(res.body.access).exp - claimsOf(res.body.access).iat).toBe(900);
      const refreshClaims = claimsOf(res.body.refresh);
      expect(refreshClaims.exp - refreshClaims.iat).toBe(30 * 24 * 3600);
      expect(refreshClaims.typ).toBe('refresh');
      expectNoSecrets(res.body, [password]);
    });

    it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
      const { user } = await createUser(t.ds);
      const wrong = await req(t, 'POST', '/api/account/email-login', {
        body: { email: user.email, password: 'wrong-password' },
      });
      const unknown = await req(t, 'POST', '/api/account/email-login', {
        body: { email: 'nobody@example.com', password: 'wrong-password' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ message: 'Invalid email or password' });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
    });

    it('spends argon2 work on an unknown e-mail too (no timing shortcut)', async () => {
      const { user } = await createUser(t.ds);
      const time = async (email: string): Promise<number> => {
        const start = process.hrtime.bigint();
        await req(t, 'POST', '/api/account/email-login', {
          body: { email, password: 'wrong-password' },
        });
        return Number(process.hrtime.bigint() - start) / 1e6;
      };
      await time('warm-up@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        known.push(await time(user.email));
        unknown.push(await time(`nobody${i}@example.com`));
      }
      const median = (xs: number[]): number => xs.sort((a, b) => a - b)[1];
      // Both paths run one argon2id verification: the unknown path may not be a fraction of the known one.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    });

    it('answers 400 naming missing fields', async () => {
      const res = await req(t, 'POST', '/api/account/email-login', { body: {} });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        email: ['This field is required.'],
        password: ['This field is required.'],
      });
    });

    it('refuses a banned user with 403 after the right password, and 401 with a wrong one', async () => {
      const { user, password } = await createUser(t.ds, { banned: true });
      const right = await req(t, 'POST', '/api/account/email-login', {
        body: { email: user.email, password },
      });
      expect(right.status).toBe(403);
      expect(right.body).toEqual({ message: 'This account has been suspended' });
      const wrong = await req(t, 'POST', '/api/account/email-login', {
        body: { email: user.email, password: 'nope-nope' },
      });
      expect(wrong.status).toBe(401);
    });
  });

  describe('access token', () => {
    it('is accepted as a bearer token and, without a header, from the token cookie', async () => {
      const { token } = await createUser(t.ds);
      expect((await req(t, 'GET', '/api/account/profile', { token })).status).toBe(200);
      expect(
        (await req(t, 'GET', '/api/account/profile', { headers: { cookie: `token=${token}` } }))
          .status,
      ).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const res = await req(t, 'GET', '/api/account/profile');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Authentication credentials were not provided' });
    });

    it.each([
      [
        'expired',
        () =>
          signTestAccessToken(
            { sub: '1', username: 'x', role: 'user', sid: null, typ: 'access' },
            { expiresInSeconds: -10 },
          ),
      ],
      [
        'signed with another secret',
        () =>
          signTestAccessToken(
            { sub: '1', username: 'x', role: 'user', typ: 'access' },
            { secret: 'another-secret-of-16+chars' },
          ),
      ],
      [
        'a refresh token',
        () => signTestAccessToken({ sub: '1', username: 'x', role: 'user', typ: 'refresh' }),
      ],
      ['garbage', () => 'not.a.jwt'],
    ])('answers 401 to a token that is %s, in the header or the cookie', async (_name, make) => {
      const token = make();
      const viaHeader = await req(t, 'GET', '/api/account/profile', { token });
      expect(viaHeader.status).toBe(401);
      expect(viaHeader.body).toEqual({ message: 'Token is invalid or expired' });
      expect(
        (await req(t, 'GET', '/api/account/profile', { headers: { cookie: `token=${token}` } }))
          .status,
      ).toBe(401);
    });

    it('refuses an "alg: none" token', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(
        JSON.stringify({ sub: '1', username: 'x', role: 'admin', typ: 'access', exp: 9e9 }),
      ).toString('base64url');
      expect(
        (await req(t, 'GET', '/api/account/profile', { token: `${header}.${payload}.` })).status,
      ).toBe(401);
    });

    it('answers 401 when the account behind a valid token is gone', async () => {
      const { user, token } = await createUser(t.ds);
      await sql(t.db.url, 'DELETE FROM app_user WHERE id = $1', [user.id]);
      const res = await req(t, 'GET', '/api/account/profile', { token });
      expect(res.status).toBe(401);
    });

    it('lets a public route through with an invalid token', async () => {
      const { user } = await createUser(t.ds);
      const res = await req(t, 'GET', `/api/account/profile/${user.username}`, {
        token: 'broken.token.here',
      });
      expect(res.status).toBe(200);
    });
  });

  describe('POST /api/account/token/refresh', () => {
    it('rotates: a new pair every time, the old refresh token stops working', async () => {
      const { refresh } = await createUser(t.ds);
      const first = await req(t, 'POST', '/api/account/token/refresh', { body: { refresh } });
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['access', 'refresh']);
      expect(first.body.refresh).not.toBe(refresh);
      expect(
        (await req(t, 'GET', '/api/account/profile', { token: first.body.access })).status,
      ).toBe(200);

      const second = await req(t, 'POST', '/api/account/token/refresh', {
        body: { refresh: first.body.refresh },
      });
      expect(second.status).toBe(200);
      expectNoSecrets(second.body, [refresh, first.body.refresh]);
    });

    it('revokes the whole family when an already-used refresh token comes back (reuse detection)', async () => {
      const { user, refresh: stolen } = await createUser(t.ds);
      const legit = await req(t, 'POST', '/api/account/token/refresh', {
        body: { refresh: stolen },
      });
      expect(legit.status).toBe(200);

      // Moments later the replaced token is refused but the session survives (two tabs racing)...
      const racing = await req(t, 'POST', '/api/account/token/refresh', {
        body: { refresh: stolen },
      });
      expect(racing.status).toBe(401);
      const [live] = await sql(
        t.db.url,
        'SELECT revoked_at FROM refresh_token_family WHERE user_id = $1',
        [user.id],
      );
      expect(live).toEqual({ revoked_at: null });

      // ...past the grace period the same replay is a reuse.
      await sql(
        t.db.url,
        `UPDATE refresh_token_family SET rotated_at = now() - interval '1 minute' WHERE user_id = $1`,
        [user.id],
      );
      const replay = await req(t, 'POST', '/api/account/token/refresh', {
        body: { refresh: stolen },
      });
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ message: 'Token is invalid or expired' });

      // The legitimate holder's newer token is dead too: the family is revoked.
      const after = await req(t, 'POST', '/api/account/token/refresh', {
        body: { refresh: legit.body.refresh },
      });
      expect(after.status).toBe(401);
      const rows = await sql(
        t.db.url,
        'SELECT revoked_reason FROM refresh_token_family WHERE user_id = $1',
        [user.id],
      );
      expect(rows).toEqual([{ revoked_reason: 'reuse' }]);
    });

    it('lets only one of two simultaneous uses of the same refresh token succeed, and keeps its session', async () => {
      const { refresh } = await createUser(t.ds);
      const results = await Promise.all([
        req(t, 'POST', '/api/account/token/refresh', { body: { refresh } }),
        req(t, 'POST', '/api/account/token/refresh', { body: { refresh } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
      const winner = results.find((r) => r.status === 200)!;
      expect(
        (
          await req(t, 'POST', '/api/account/token/refresh', {
            body: { refresh: winner.body.refresh },
          })
        ).status,
      ).toBe(200);
    });

    it('treats a token two generations old as reuse at once', async () => {
      const { user, refresh: gen0 } = await createUser(t.ds);
      const gen1 = await req(t, 'POST', '/api/account/token/refresh', { body: { refresh: gen0 } });
      const gen2 = await req(t, 'POST', '/api/account/token/refresh', {
        body: { refresh: gen1.body.refresh },
      });
      expect(gen2.status).toBe(200);
      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh: gen0 } })).status,
      ).toBe(401);
      const [row] = await sql(
        t.db.url,
        'SELECT revoked_reason FROM refresh_token_family WHERE user_id = $1',
        [user.id],
      );
      expect(row).toEqual({ revoked_reason: 'reuse' });
    });

    it('reads the refresh cookie when the body has none', async () => {
      const { refresh } = await createUser(t.ds);
      const res = await req(t, 'POST', '/api/account/token/refresh', {
        body: {},
        headers: { cookie: `refresh=${refresh}` },
      });
      expect(res.status).toBe(200);
    });

    it('answers 400 without a token and 401 for a bad, expired or access token', async () => {
      const missing = await req(t, 'POST', '/api/account/token/refresh', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        message: 'This field is required.',
        refresh: ['This field is required.'],
      });
      const { token, refresh, user } = await createUser(t.ds);
      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh: 'x.y.z' } })).status,
      ).toBe(401);
      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh: token } })).status,
      ).toBe(401);
      await sql(
        t.db.url,
        `UPDATE refresh_token_family SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [user.id],
      );
      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh } })).status,
      ).toBe(401);
    });

    it('refuses a banned user with 403 and ends the session', async () => {
      const { user, refresh } = await createUser(t.ds);
      await sql(t.db.url, 'UPDATE app_user SET banned_at = now() WHERE id = $1', [user.id]);
      const res = await req(t, 'POST', '/api/account/token/refresh', { body: { refresh } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'This account has been suspended' });
      const [row] = await sql(
        t.db.url,
        'SELECT revoked_reason FROM refresh_token_family WHERE user_id = $1',
        [user.id],
      );
      expect(row).toEqual({ revoked_reason: 'banned' });
    });

    it('stores only a hash of the refresh token', async () => {
      const { user, refresh } = await createUser(t.ds);
      const rows = await sql(t.db.url, 'SELECT * FROM refresh_token_family WHERE user_id = $1', [
        user.id,
      ]);
      expect(JSON.stringify(rows)).not.toContain(refresh);
      expect(String(rows[0].token_hash)).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('POST /api/account/logout', () => {
    it('revokes the session of the given refresh token and clears the cookies', async () => {
      const { refresh } = await createUser(t.ds);
      const res = await req(t, 'POST', '/api/account/logout', { body: { refresh } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Logged out' });
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
      expect(cookies.some((c) => /^token=;/.test(c))).toBe(true);
      expect(cookies.some((c) => /^refresh=;/.test(c))).toBe(true);
      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh } })).status,
      ).toBe(401);
    });

    it('with only an access token, ends every session of the caller', async () => {
      const a = await createUser(t.ds);
      const ip = freshIp();
      const second = await req(t, 'POST', '/api/account/email-login', {
        body: { email: a.user.email, password: a.password },
        ip,
      });
      const res = await req(t, 'POST', '/api/account/logout', { token: a.token, body: {} });
      expect(res.status).toBe(200);
      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh: a.refresh } }))
          .status,
      ).toBe(401);
      expect(
        (
          await req(t, 'POST', '/api/account/token/refresh', {
            body: { refresh: second.body.refresh },
          })
        ).status,
      ).toBe(401);
    });

    it('answers 200 to a visitor without any token (idempotent)', async () => {
      expect((await req(t, 'POST', '/api/account/logout', { body: {} })).status).toBe(200);
      expect(
        (await req(t, 'POST', '/api/account/logout', { body: { refresh: 'garbage' } })).status,
      ).toBe(200);
    });
  });
});
