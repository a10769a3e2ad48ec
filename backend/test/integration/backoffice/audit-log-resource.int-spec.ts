import { AuthUser } from '../../../src/common/guards/auth-user';
import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { AccountService } from '../../../src/modules/account/account.service';
import { AdminAuditService } from '../../../src/modules/backoffice/audit/admin-audit.service';
import { BackofficeService } from '../../../src/modules/backoffice/backoffice.service';
import { defineResource } from '../../../src/modules/backoffice/resource-definition';
import { ResourceRegistry } from '../../../src/modules/backoffice/resource-registry';
import { ResourceRepository } from '../../../src/modules/backoffice/resource.repository';
import { TransactionRunner } from '../../../src/database/transaction-runner';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';

describe('Back office: audit-log', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let other: CreatedUser;

  /** Audit rows written directly, at fixed times (newest last). */
  const seed = async (
    actor: CreatedUser,
    action: string,
    resource: string,
    recordId: string,
    at: string,
  ) => {
    const repo = t.ds.getRepository(AdminAudit);
    return repo.save(
      repo.create({
        actorId: actor.user.id,
        actorUsername: actor.user.username,
        actorRole: actor.user.role,
        action,
        resource,
        recordId,
        before: null,
        after: { id: Number(recordId) },
        at: new Date(at),
      }),
    );
  };

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin', username: 'auditor' });
    other = await createUser(t.ds, { role: 'admin', username: 'second_admin' });
    await seed(admin, 'create', 'posts', '1', '2026-04-01T10:00:00Z');
    await seed(admin, 'update', 'posts', '1', '2026-04-02T10:00:00Z');
    await seed(other, 'ban', 'users', '7', '2026-04-03T10:00:00Z');
    await seed(other, 'delete', 'posts', '1', '2026-04-04T10:00:00Z');
  });
  afterAll(() => t.close());

  it('lists newest first by default with Content-Range', async () => {
    const res = await listResource(t, admin.token, 'audit-log');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('audit-log 0-3/4');
    expect(res.body.map((a: { action: string }) => a.action)).toEqual([
      'delete',
      'ban',
      'update',
      'create',
    ]);
    expect(res.body[1]).toEqual({
      id: expect.any(Number),
      at: '2026-04-03T10:00:00.000Z',
      actor_id: other.user.id,
      actor_username: 'second_admin',
      actor_role: 'admin',
      action: 'ban',
      resource: 'users',
      record_id: '7',
      before: null,
      after: { id: 7 },
    });
  });

  it('sorts, pages and filters', async () => {
    const page = await listResource(t, admin.token, 'audit-log', {
      sort: ['at', 'ASC'],
      range: [1, 2],
    });
    expect(page.body.map((a: { action: string }) => a.action)).toEqual(['update', 'ban']);
    expect(page.headers['content-range']).toBe('audit-log 1-2/4');

    const cases: [Record<string, unknown>, string[]][] = [
      [{ resource: 'posts' }, ['create', 'update', 'delete']],
      [{ actor_id: other.user.id }, ['ban', 'delete']],
      [{ action: ['ban', 'create'] }, ['create', 'ban']],
      [
        { resource: 'posts', record_id: '1', at_gte: '2026-04-02', at_lte: '2026-04-03' },
        ['update'],
      ],
      [{ actor_username: 'auditor', action: 'delete' }, []],
    ];
    for (const [filter, actions] of cases) {
      const res = await listResource(t, admin.token, 'audit-log', {
        filter,
        sort: ['id', 'ASC'],
        range: [0, 9],
      });
      expect({ filter, actions: res.body.map((a: { action: string }) => a.action) }).toEqual({
        filter,
        actions,
      });
      expect(res.headers['content-range']).toBe(
        actions.length ? `audit-log 0-${actions.length - 1}/${actions.length}` : 'audit-log */0',
      );
    }
  });

  it('answers 400 for unknown sort and filter fields', async () => {
    const sort = await listResource(t, admin.token, 'audit-log', { sort: ['before', 'ASC'] });
    expect(sort.status).toBe(400);
    expect(sort.body).toEqual({ message: "Cannot sort audit-log by 'before'" });
    const filter = await listResource(t, admin.token, 'audit-log', { filter: { q: 'x' } });
    expect(filter.status).toBe(400);
    expect(filter.body).toEqual({ message: "Cannot filter audit-log by 'q'" });
  });

  it('reads one row and refuses writes (405)', async () => {
    const [first] = (
      await listResource(t, admin.token, 'audit-log', { sort: ['id', 'ASC'], range: [0, 0] })
    ).body;
    const one = await t.request('GET', `/api/backoffice/audit-log/${first.id}`, {
      token: admin.token,
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);

    for (const [method, url] of [
      ['POST', '/api/backoffice/audit-log'],
      ['PUT', `/api/backoffice/audit-log/${first.id}`],
      ['DELETE', `/api/backoffice/audit-log/${first.id}`],
    ]) {
      const res = await t.request(method, url, {
        token: admin.token,
        body: method === 'DELETE' ? undefined : { action: 'forged' },
      });
      expect({ method, status: res.status }).toEqual({ method, status: 405 });
    }
    expect(await t.ds.getRepository(AdminAudit).count()).toBe(4);
  });

  it('refuses a non-admin (403)', async () => {
    const { token } = await createUser(t.ds, { role: 'tipster' });
    const res = await listResource(t, token, 'audit-log');
    expect(res.status).toBe(403);
  });

  /**
   * Owner scoping, as tipster resources (slips, earnings, withdrawals) will use it: a resource
   * over admin_audit scoped by actor_id stands in for them until they exist.
   */
  describe('ownerColumn scoping', () => {
    const scoped = defineResource<AdminAudit>({
      name: 'my-actions',
      entity: AdminAudit,
      alias: 'a',
      roles: ['tipster'],
      ownerColumn: 'a.actor_id',
      fields: {
        id: { column: 'a.id', type: 'bigint', sortable: true, filter: ['eq', 'in'] },
        action: { column: 'a.action', type: 'text', sortable: true, filter: ['eq'] },
      },
      defaultSort: ['id', 'ASC'],
      serialize: (a) => ({ id: Number(a.id), action: a.action, actor_id: a.actorId }),
    });
    let service: BackofficeService;
    let tipsterA: AuthUser;
    let tipsterB: AuthUser;
    let rowOfB: AdminAudit;

    beforeAll(async () => {
      service = new BackofficeService(
        new ResourceRepository(t.ds),
        new TransactionRunner(t.ds),
        new ResourceRegistry([scoped]),
        t.get(AdminAuditService),
        t.get(AccountService),
      );
      const a = await createUser(t.ds, { role: 'tipster', username: 'tipster_a' });
      const b = await createUser(t.ds, { role: 'tipster', username: 'tipster_b' });
      tipsterA = { id: a.user.id, username: a.user.username, role: 'tipster', sessionId: null };
      tipsterB = { id: b.user.id, username: b.user.username, role: 'tipster', sessionId: null };
      await seed(a, 'publish', 'slips', '100', '2026-04-05T10:00:00Z');
      await seed(a, 'publish', 'slips', '101', '2026-04-06T10:00:00Z');
      rowOfB = await seed(b, 'publish', 'slips', '200', '2026-04-07T10:00:00Z');
    });

    it('lists only the caller’s rows, with their own total', async () => {
      const page = await service.list(tipsterA, 'my-actions', {});
      expect(page.records).toEqual([
        expect.objectContaining({ actor_id: tipsterA.id }),
        expect.objectContaining({ actor_id: tipsterA.id }),
      ]);
      expect(page.contentRange).toBe('my-actions 0-1/2');
      const filtered = await service.list(tipsterA, 'my-actions', {
        filter: JSON.stringify({ id: [Number(rowOfB.id)] }),
      });
      expect(filtered.records).toEqual([]);
    });

    it('answers 404 for another tipster’s row, and the row to its owner and to an admin', async () => {
      await expect(service.getOne(tipsterA, 'my-actions', rowOfB.id)).rejects.toMatchObject({
        status: 404,
      });
      await expect(service.getOne(tipsterB, 'my-actions', rowOfB.id)).resolves.toMatchObject({
        id: Number(rowOfB.id),
      });
      const adminUser: AuthUser = {
        id: admin.user.id,
        username: 'auditor',
        role: 'admin',
        sessionId: null,
      };
      await expect(service.getOne(adminUser, 'my-actions', rowOfB.id)).resolves.toMatchObject({
        id: Number(rowOfB.id),
      });
      expect((await service.list(adminUser, 'my-actions', {})).contentRange).toBe(
        `my-actions 0-${(await t.ds.getRepository(AdminAudit).count()) - 1}/${await t.ds.getRepository(AdminAudit).count()}`,
      );
    });

    it('refuses a role the resource does not list (403)', async () => {
      // An account whose role is `user` in the database too (the back office reads it when the token's is refused).
      const plain = await createUser(t.ds, { role: 'user', username: 'plain_user' });
      const user: AuthUser = {
        id: plain.user.id,
        username: plain.user.username,
        role: 'user',
        sessionId: null,
      };
      await expect(service.list(user, 'my-actions', {})).rejects.toMatchObject({ status: 403 });
    });
  });
});
