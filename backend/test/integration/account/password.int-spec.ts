import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { expectNoSecrets, req, tokenFromLink, waitForMail } from './account-helpers';

describe('password change and reset', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  const login = (email: string, password: string) =>
    req(t, 'POST', '/api/account/email-login', { body: { email, password } });
  /** E-mails to `to` in the outbox (each is written there before it is sent). */
  const outboxTo = (to: string) =>
    t.ds.query(`SELECT kind FROM email_outbox WHERE to_address = $1`, [to.toLowerCase()]);

  describe('PUT /api/account/change-password', () => {
    it('changes the password, keeps the current session and ends the others', async () => {
      const { user, token, refresh, password } = await createUser(t.ds);
      const other = await login(user.email, password);
      const res = await req(t, 'PUT', '/api/account/change-password', {
        token,
        body: { old_password: password, new_password: 'brand-new-pass' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Saved' });
      expect((await login(user.email, password)).status).toBe(401);
      expect((await login(user.email, 'brand-new-pass')).status).toBe(200);
      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh } })).status,
      ).toBe(200);
      expect(
        (
          await req(t, 'POST', '/api/account/token/refresh', {
            body: { refresh: other.body.refresh },
          })
        ).status,
      ).toBe(401);
    });

    it("answers 400 { old_password: ['Wrong password'] } for a wrong old password", async () => {
      const { token } = await createUser(t.ds);
      const res = await req(t, 'PUT', '/api/account/change-password', {
        token,
        body: { old_password: 'not-mine-1', new_password: 'brand-new-pass' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Wrong password', old_password: ['Wrong password'] });
    });

    it('answers 400 { new_password: [...] } for a new password under 8 characters', async () => {
      const { token, password } = await createUser(t.ds);
      const res = await req(t, 'PUT', '/api/account/change-password', {
        token,
        body: { old_password: password, new_password: 'short' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ new_password: ['Password should be 8 characters or more'] });
    });

    it('answers 400 naming missing fields and 401 without a token', async () => {
      const { token } = await createUser(t.ds);
      const res = await req(t, 'PUT', '/api/account/change-password', { token, body: {} });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        old_password: ['This field is required.'],
        new_password: ['This field is required.'],
      });
      expect(
        (
          await req(t, 'PUT', '/api/account/change-password', {
            body: { old_password: 'a', new_password: 'bbbbbbbb' },
          })
        ).status,
      ).toBe(401);
    });
  });

  describe('reset by e-mail', () => {
    it('sends a /change_password/{token} link; the token sets a new password once and ends every session', async () => {
      const { user, refresh, password } = await createUser(t.ds, { email: 'Reset.Me@example.com' });
      const ask = await req(t, 'POST', '/api/account/reset-password/', {
        body: { email: 'RESET.me@example.com' },
      });
      expect(ask.status).toBe(200);
      expect(ask.body).toEqual({ message: 'Check your email for the link' });

      const [mail] = await waitForMail(t, 'reset.me@example.com');
      expect(mail.kind).toBe('password-reset');
      expect(mail.subject).toBe('Reset your password');
      const token = tokenFromLink(mail.text, 'change_password');
      expect(mail.text).toContain(`http://localhost/change_password/${token}`);

      const [row] = await sql(
        t.db.url,
        'SELECT token_hash FROM password_reset_token WHERE user_id = $1',
        [user.id],
      );
      expect(row.token_hash).not.toBe(token);
      expect(String(row.token_hash)).toMatch(/^[0-9a-f]{64}$/);

      const done = await req(t, 'POST', '/api/account/reset-password/confirm/', {
        body: { password: 'after-reset-1', token },
      });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ message: 'Password set successfully.' });
      expect((await login(user.email, 'after-reset-1')).status).toBe(200);
      expect((await login(user.email, password)).status).toBe(401);
      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh } })).status,
      ).toBe(401);

      const again = await req(t, 'POST', '/api/account/reset-password/confirm/', {
        body: { password: 'second-try-1', token },
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: 'Invalid token', token: ['Invalid token'] });
    });

    it('answers the same 200 for an unknown e-mail and sends nothing', async () => {
      const res = await req(t, 'POST', '/api/account/reset-password/', {
        body: { email: 'ghost@example.com' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Check your email for the link' });
      // A reset e-mail is written to the outbox before the answer: none there, none ever sent.
      expect(await outboxTo('ghost@example.com')).toEqual([]);
      const box = await t.request('GET', '/sandbox/api/mail?to=ghost@example.com');
      expect(box.body).toEqual([]);
    });

    it('works without the trailing slash too', async () => {
      const res = await req(t, 'POST', '/api/account/reset-password', {
        body: { email: 'ghost2@example.com' },
      });
      expect(res.status).toBe(200);
    });

    it("answers 400 { email: ['Enter a valid email address'] } for a bad format", async () => {
      const res = await req(t, 'POST', '/api/account/reset-password/', { body: { email: 'nope' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ email: ['Enter a valid email address'] });
    });

    it('refuses an expired token (older than 1 hour)', async () => {
      const { user } = await createUser(t.ds);
      await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } });
      const token = tokenFromLink((await waitForMail(t, user.email))[0].text, 'change_password');
      await sql(
        t.db.url,
        `UPDATE password_reset_token SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [user.id],
      );
      const res = await req(t, 'POST', '/api/account/reset-password/confirm/', {
        body: { password: 'after-reset-1', token },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid token', token: ['Invalid token'] });
    });

    it('sets expiry one hour after the request', async () => {
      const { user } = await createUser(t.ds);
      await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } });
      const [row] = await sql<{ secs: string }>(
        t.db.url,
        'SELECT extract(epoch FROM expires_at - created_at) AS secs FROM password_reset_token WHERE user_id = $1',
        [user.id],
      );
      expect(Math.round(Number(row.secs))).toBe(3600);
    });

    it('keeps only the newest link valid', async () => {
      const { user } = await createUser(t.ds);
      await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } });
      const first = tokenFromLink((await waitForMail(t, user.email, 1))[0].text, 'change_password');
      await req(t, 'POST', '/api/account/reset-password/', { body: { email: user.email } });
      const second = tokenFromLink(
        (await waitForMail(t, user.email, 2))[0].text,
        'change_password',
      );
      expect(second).not.toBe(first);
      expect(
        (
          await req(t, 'POST', '/api/account/reset-password/confirm/', {
            body: { password: 'xxxxxxxx1', token: first },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await req(t, 'POST', '/api/account/reset-password/confirm/', {
            body: { password: 'xxxxxxxx1', token: second },
          })
        ).status,
      ).toBe(200);
    });

    it('answers 400 { password: [...] } for a short password and { token: [...] } for a bad token', async () => {
      const short = await req(t, 'POST', '/api/account/reset-password/confirm/', {
        body: { password: 'short', token: 'whatever-token-value-123' },
      });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ password: ['At least 8 characters'] });
      const bad = await req(t, 'POST', '/api/account/reset-password/confirm/', {
        body: { password: 'long-enough-1', token: 'A'.repeat(43) },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'Invalid token', token: ['Invalid token'] });
      const weird = await req(t, 'POST', '/api/account/reset-password/confirm/', {
        body: { password: 'long-enough-1', token: "'; DROP TABLE app_user; --" },
      });
      expect(weird.status).toBe(400);
      const missing = await req(t, 'POST', '/api/account/reset-password/confirm/', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        password: ['This field is required.'],
        token: ['This field is required.'],
      });
    });

    it('sends no link to a banned account', async () => {
      const { user } = await createUser(t.ds, { banned: true });
      const res = await req(t, 'POST', '/api/account/reset-password/', {
        body: { email: user.email },
      });
      expect(res.status).toBe(200);
      expect(await outboxTo(user.email)).toEqual([]);
      expect((await t.request('GET', `/sandbox/api/mail?to=${user.email}`)).body).toEqual([]);
    });

    it('leaks no token or hash in answers', async () => {
      const { user } = await createUser(t.ds);
      const res = await req(t, 'POST', '/api/account/reset-password/', {
        body: { email: user.email },
      });
      const token = tokenFromLink((await waitForMail(t, user.email))[0].text, 'change_password');
      expectNoSecrets(res.body, [token]);
    });
  });
});
