import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';

describe('Back office: users', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let amina: CreatedUser;
  let brian: CreatedUser;
  let chebet: CreatedUser;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, {
      role: 'admin',
      username: 'zz_admin',
      email: 'admin@tips.test',
    });
    amina = await createUser(t.ds, {
      username: 'amina_k',
      email: 'amina@tips.test',
      phoneNumber: '0712000001',
      country: 'KE',
    });
    brian = await createUser(t.ds, {
      role: 'tipster',
      username: 'brian_odds',
      email: 'brian@tips.test',
      phoneNumber: '0712000002',
      country: 'NG',
    });
    chebet = await createUser(t.ds, {
      role: 'tipster',
      username: 'chebet_tips',
      email: 'chebet@tips.test',
      phoneNumber: '0712000003',
      banned: true,
    });
  });
  afterAll(() => t?.close());

  const lastAudit = async () =>
    (await t.ds.getRepository(AdminAudit).find({ order: { id: 'DESC' }, take: 1 }))[0];
  const auditCount = () => t.ds.getRepository(AdminAudit).count();

  it('lists with sort, range and Content-Range, never showing hashes or tokens', async () => {
    const res = await listResource(t, admin.token, 'users', {
      sort: ['username', 'ASC'],
      range: [0, 1],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('users 0-1/4');
    expect(res.body.map((u: { username: string }) => u.username)).toEqual([
      'amina_k',
      'brian_odds',
    ]);
    expect(res.body[1]).toEqual({
      id: brian.user.id,
      username: 'brian_odds',
      email: 'brian@tips.test',
      phone: '0712000002',
      role: 'tipster',
      country: 'NG',
      status: 'active',
      is_active: true,
      banned: false,
      banned_at: null,
      erased_at: null,
      email_verified: expect.any(Boolean),
      date_joined: expect.any(String),
    });
    expect(res.text).not.toMatch(/password|hash|\$argon2/i);

    const page2 = await listResource(t, admin.token, 'users', {
      sort: ['username', 'ASC'],
      range: [2, 3],
    });
    expect(page2.headers['content-range']).toBe('users 2-3/4');
    expect(page2.body.map((u: { username: string }) => u.username)).toEqual([
      'chebet_tips',
      'zz_admin',
    ]);
  });

  it('filters by role, banned, q and country', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ role: 'tipster' }, ['brian_odds', 'chebet_tips']],
      [{ role: ['admin', 'user'] }, ['amina_k', 'zz_admin']],
      [{ banned: true }, ['chebet_tips']],
      [{ banned: false, role: 'tipster' }, ['brian_odds']],
      [{ is_active: false }, ['chebet_tips']],
      [{ q: 'AMINA' }, ['amina_k']],
      [{ q: '0712000003' }, ['chebet_tips']],
      [{ country: 'NG' }, ['brian_odds']],
      [{ status: 'banned' }, ['chebet_tips']],
      [{ status: ['active'], role: 'tipster' }, ['brian_odds']],
    ];
    for (const [filter, names] of cases) {
      const res = await listResource(t, admin.token, 'users', {
        filter,
        sort: ['username', 'ASC'],
      });
      expect({
        filter,
        status: res.status,
        names: res.body.map((u: { username: string }) => u.username),
      }).toEqual({ filter, status: 200, names });
      expect(res.headers['content-range']).toBe(`users 0-${names.length - 1}/${names.length}`);
    }
  });

  it.each([
    [{ sort: ['password_hash', 'ASC'] }, "Cannot sort users by 'password_hash'"],
    [{ filter: { password_hash: 'x' } }, "Cannot filter users by 'password_hash'"],
    [{ filter: { banned: 'yes' } }, expect.stringContaining("Invalid value for filter 'banned'")],
  ])('answers 400 for %j', async (params, message) => {
    const res = await listResource(t, admin.token, 'users', params);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(message);
  });

  it('refuses users and tipsters (403)', async () => {
    for (const who of [amina, brian]) {
      expect((await listResource(t, who.token, 'users')).status).toBe(403);
      expect(
        (await t.request('GET', `/api/backoffice/users/${amina.user.id}`, { token: who.token }))
          .status,
      ).toBe(403);
      expect(
        (
          await t.request('PUT', `/api/backoffice/users/${who.user.id}`, {
            token: who.token,
            body: { role: 'admin' },
          })
        ).status,
      ).toBe(403);
    }
  });

  it('changes the role and audits before and after', async () => {
    const res = await t.request('PUT', `/api/backoffice/users/${amina.user.id}`, {
      token: admin.token,
      body: {
        id: 999,
        username: 'renamed',
        email: 'x@y.z',
        role: 'tipster',
        date_joined: '2000-01-01',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: amina.user.id,
      username: 'amina_k',
      email: 'amina@tips.test',
      role: 'tipster',
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'update',
      resource: 'users',
      recordId: String(amina.user.id),
      actorId: admin.user.id,
    });
    expect(audit.before).toMatchObject({ role: 'user' });
    expect(audit.after).toEqual(res.body);

    const bad = await t.request('PUT', `/api/backoffice/users/${amina.user.id}`, {
      token: admin.token,
      body: { role: 'superuser' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ role: ['role must be one of user, tipster, admin'] });
  });

  it('bans: the user is logged out (refresh refused) and cannot log in; unban lets them log in again', async () => {
    const victim = await createUser(t.ds, { username: 'dan_banned_soon' });
    expect(
      (
        await t.request('POST', '/api/account/email-login', {
          body: { email: victim.user.email, password: victim.password },
        })
      ).status,
    ).toBe(200);

    const res = await t.request('PUT', `/api/backoffice/users/${victim.user.id}`, {
      token: admin.token,
      body: { banned: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      banned: true,
      is_active: false,
      banned_at: expect.any(String),
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ resource: 'users', recordId: String(victim.user.id) });
    expect(audit.before).toMatchObject({ banned: false });
    expect(audit.after).toMatchObject({ banned: true });

    const [{ live }] = await t.ds.query(
      `SELECT count(*)::int AS live FROM refresh_token_family WHERE user_id = $1 AND revoked_at IS NULL`,
      [victim.user.id],
    );
    expect(live).toBe(0);
    const refresh = await t.request('POST', '/api/account/token/refresh', {
      body: { refresh: victim.refresh },
    });
    expect(refresh.status).toBe(401);
    const login = await t.request('POST', '/api/account/email-login', {
      body: { email: victim.user.email, password: victim.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('This account has been suspended');

    const unban = await t.request('PUT', `/api/backoffice/users/${victim.user.id}`, {
      token: admin.token,
      body: { banned: false },
    });
    expect(unban.body).toMatchObject({ banned: false, is_active: true, banned_at: null });
    expect(
      (
        await t.request('POST', '/api/account/email-login', {
          body: { email: victim.user.email, password: victim.password },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses to ban an admin or change the caller themselves, writing no audit row', async () => {
    const other = await createUser(t.ds, { role: 'admin' });
    const before = await auditCount();
    const banAdmin = await t.request('PUT', `/api/backoffice/users/${other.user.id}`, {
      token: admin.token,
      body: { banned: true },
    });
    expect(banAdmin.status).toBe(400);
    expect(banAdmin.body.message).toBe('An administrator cannot be banned');
    const self = await t.request('PUT', `/api/backoffice/users/${admin.user.id}`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot change your own role or ban yourself');
    expect(await auditCount()).toBe(before);
    expect(
      (await t.request('POST', '/api/backoffice/users', { token: admin.token, body: {} })).status,
    ).toBe(405);
    expect(
      (await t.request('DELETE', `/api/backoffice/users/${amina.user.id}`, { token: admin.token }))
        .status,
    ).toBe(405);
  });

  it('shows a closed account as erased, with no e-mail or phone, and filters by status (R281)', async () => {
    const dawit = await createUser(t.ds, {
      role: 'tipster',
      username: 'dawit_picks',
      email: 'dawit@tips.test',
      phoneNumber: '0712000004',
      country: 'KE',
    });
    const closed = await t.request('DELETE', '/api/account', {
      token: dawit.token,
      body: { password: dawit.password, confirmation: 'DELETE' },
    });
    expect(closed.status).toBe(200);

    const erased = await listResource(t, admin.token, 'users', { filter: { status: 'erased' } });
    expect(erased.status).toBe(200);
    expect(erased.headers['content-range']).toBe('users 0-0/1');
    expect(erased.body[0]).toEqual({
      id: dawit.user.id,
      username: 'deleted tipster',
      email: null,
      phone: null,
      role: 'tipster',
      country: 'KE',
      status: 'erased',
      is_active: false,
      banned: false,
      banned_at: null,
      erased_at: expect.any(String),
      email_verified: false,
      date_joined: expect.any(String),
    });
    expect(erased.text).not.toMatch(/dawit|0712000004|erased\.invalid/);
    const one = await t.request('GET', `/api/backoffice/users/${dawit.user.id}`, {
      token: admin.token,
    });
    expect(one.body).toMatchObject({ status: 'erased', email: null, phone: null });

    const live = await listResource(t, admin.token, 'users', {
      filter: { status: ['active', 'banned'] },
      sort: ['username', 'ASC'],
    });
    expect(live.body.map((u: { id: number }) => u.id)).not.toContain(dawit.user.id);
    const inactive = await listResource(t, admin.token, 'users', {
      filter: { is_active: false },
      sort: ['username', 'ASC'],
    });
    expect(inactive.body.map((u: { status: string }) => u.status).sort()).toEqual([
      'banned',
      'erased',
    ]);
    const bySince = await listResource(t, admin.token, 'users', {
      filter: { erased_at_gte: '2000-01-01T00:00:00Z' },
    });
    expect(bySince.body.map((u: { id: number }) => u.id)).toEqual([dawit.user.id]);
  });
});
