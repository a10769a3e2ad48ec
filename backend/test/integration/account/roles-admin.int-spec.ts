import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser, signTestAccessToken } from '../../factories/account';
import { AccountService } from '../../../src/modules/account/account.service';
import { createOrPromoteAdmin } from '../../../src/modules/account/cli/create-admin';
import { req } from './account-helpers';

const claimsOf = (jwt: string): Record<string, any> =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

describe('roles, admin and bans', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestContext()));
  afterAll(() => t?.close());

  describe('create-admin', () => {
    it('creates an admin who logs in with role admin in the token', async () => {
      const result = await createOrPromoteAdmin(t.ds, {
        email: 'Boss@Example.com',
        username: 'boss',
        password: 'boss-password-1',
      });
      expect(result).toMatchObject({
        action: 'created',
        user: { username: 'boss', email: 'boss@example.com' },
      });
      const login = await req(t, 'POST', '/api/account/email-login', {
        body: { email: 'boss@example.com', password: 'boss-password-1' },
      });
      expect(login.status).toBe(200);
      expect(claimsOf(login.body.access).role).toBe('admin');
      const [row] = await sql(
        t.db.url,
        `SELECT role, email_verified_at IS NOT NULL AS verified, password_hash FROM app_user WHERE email = 'boss@example.com'`,
      );
      expect(row).toMatchObject({ role: 'admin', verified: true });
      expect(String(row.password_hash)).toMatch(/^\$argon2id\$/);
    });

    it('derives a username from the e-mail when none is given', async () => {
      const result = await createOrPromoteAdmin(t.ds, {
        email: 'ops.team+1@example.com',
        password: 'ops-password-1',
      });
      expect(result.user.username).toMatch(/^ops\.team_1/);
    });

    it('promotes an existing user (and unbans), keeping the password unless one is given', async () => {
      const { user, password } = await createUser(t.ds, { banned: true });
      const result = await createOrPromoteAdmin(t.ds, { email: user.email });
      expect(result.action).toBe('promoted');
      const login = await req(t, 'POST', '/api/account/email-login', {
        body: { email: user.email, password },
      });
      expect(login.status).toBe(200);
      expect(claimsOf(login.body.access).role).toBe('admin');
    });

    it.each([
      [{ email: 'bad' }, 'Enter a valid email address'],
      [{ email: 'new.person@example.com' }, '--password is needed'],
      [
        { email: 'short@example.com', password: 'short' },
        'Password should be 8 characters or more',
      ],
      [
        { email: 'x1@example.com', username: 'a b', password: 'long-enough-1' },
        'Username may only contain',
      ],
      [
        { email: 'x2@example.com', username: 'boss', password: 'long-enough-1' },
        'A user with that username already exists.',
      ],
    ])('refuses %j', async (args, message) => {
      await expect(createOrPromoteAdmin(t.ds, args)).rejects.toThrow(message);
    });
  });

  describe('roles guard on admin routes', () => {
    it('lets an admin ban and unban a user; a ban ends sessions and refuses the account routes', async () => {
      const admin = await createUser(t.ds, { role: 'admin' });
      const target = await createUser(t.ds, { username: 'BadActor' });
      const ban = await req(t, 'POST', '/api/account/admin/users/badactor/ban', {
        token: admin.token,
      });
      expect(ban.status).toBe(200);
      expect(ban.body).toEqual({ username: 'BadActor', banned: true });

      expect(
        (await req(t, 'POST', '/api/account/token/refresh', { body: { refresh: target.refresh } }))
          .status,
      ).toBe(401);
      expect((await req(t, 'GET', '/api/account/profile', { token: target.token })).status).toBe(
        403,
      );
      expect(
        (
          await req(t, 'POST', '/api/account/user/details', {
            token: target.token,
            body: { name: 'x' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await req(t, 'POST', '/api/account/email-login', {
            body: { email: target.user.email, password: target.password },
          })
        ).status,
      ).toBe(403);
      await expect(t.get(AccountService).assertActive(target.user.id)).rejects.toMatchObject({
        status: 403,
      });

      const unban = await req(t, 'POST', '/api/account/admin/users/BadActor/unban', {
        token: admin.token,
      });
      expect(unban.body).toEqual({ username: 'BadActor', banned: false });
      expect(
        (
          await req(t, 'POST', '/api/account/email-login', {
            body: { email: target.user.email, password: target.password },
          })
        ).status,
      ).toBe(200);
    });

    it.each(['user', 'tipster'] as const)('answers 403 to a %s', async (role) => {
      const { token } = await createUser(t.ds, { role });
      const victim = await createUser(t.ds);
      const res = await req(t, 'POST', `/api/account/admin/users/${victim.user.username}/ban`, {
        token,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have permission to perform this action' });
    });

    it('answers 401 to a visitor and refuses a role forged with another secret', async () => {
      expect((await req(t, 'POST', '/api/account/admin/users/anyone/ban')).status).toBe(401);
      const forged = signTestAccessToken(
        { sub: '1', username: 'x', role: 'admin', typ: 'access' },
        { secret: 'not-the-server-secret!!' },
      );
      expect(
        (await req(t, 'POST', '/api/account/admin/users/anyone/ban', { token: forged })).status,
      ).toBe(401);
    });

    it('answers 404 for an unknown user and 400 when banning an admin', async () => {
      const admin = await createUser(t.ds, { role: 'admin' });
      const other = await createUser(t.ds, { role: 'admin' });
      expect(
        (await req(t, 'POST', '/api/account/admin/users/nobody_at_all/ban', { token: admin.token }))
          .status,
      ).toBe(404);
      const res = await req(t, 'POST', `/api/account/admin/users/${other.user.username}/ban`, {
        token: admin.token,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'An administrator cannot be banned' });
    });
  });

  describe('tipster role', () => {
    it('is set once by markTipster (first publish) and never demotes an admin', async () => {
      const accounts = t.get(AccountService);
      const u = await createUser(t.ds);
      const a = await createUser(t.ds, { role: 'admin' });
      await accounts.markTipster(u.user.id);
      await accounts.markTipster(u.user.id);
      await accounts.markTipster(a.user.id);
      const rows = await sql(
        t.db.url,
        'SELECT id, role FROM app_user WHERE id = ANY($1) ORDER BY id',
        [[u.user.id, a.user.id]],
      );
      expect(rows).toEqual([
        { id: u.user.id, role: 'tipster' },
        { id: a.user.id, role: 'admin' },
      ]);
      const login = await req(t, 'POST', '/api/account/email-login', {
        body: { email: u.user.email, password: u.password },
      });
      expect(claimsOf(login.body.access).role).toBe('tipster');
    });

    it('gives other modules public summaries only', async () => {
      const u = await createUser(t.ds, { username: 'SummaryUser' });
      const [summary] = await t.get(AccountService).findSummaries([u.user.id, u.user.id]);
      expect(summary).toEqual({
        id: u.user.id,
        username: 'SummaryUser',
        role: 'user',
        profileImageUrl: null,
      });
    });
  });
});
