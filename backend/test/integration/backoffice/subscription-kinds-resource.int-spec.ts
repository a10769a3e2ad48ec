import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';

describe('Back office: subscription-kinds', () => {
  let t: TestContext;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin' });
  });
  afterAll(() => t?.close());

  const lastAudit = async () =>
    (await t.ds.getRepository(AdminAudit).find({ order: { id: 'DESC' }, take: 1 }))[0];

  it('lists the three kinds with sort, range, filter and Content-Range', async () => {
    const res = await listResource(t, admin.token, 'subscription-kinds', {
      sort: ['price', 'ASC'],
      range: [0, 1],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('subscription-kinds 0-1/3');
    expect(res.body).toEqual([
      {
        id: 'bronze',
        type: 'bronze',
        title: 'Bronze',
        description: expect.any(String),
        price: '200.00',
        days: 7,
        updated_at: expect.any(String),
      },
      {
        id: 'silver',
        type: 'silver',
        title: 'Silver',
        description: expect.any(String),
        price: '500.00',
        days: 30,
        updated_at: expect.any(String),
      },
    ]);
    const dear = await listResource(t, admin.token, 'subscription-kinds', {
      filter: { price_gte: '500' },
      sort: ['days', 'ASC'],
    });
    expect(dear.body.map((k: { id: string }) => k.id)).toEqual(['silver', 'gold']);
    expect(dear.headers['content-range']).toBe('subscription-kinds 0-1/2');
    expect(
      (await t.request('GET', '/api/backoffice/subscription-kinds/gold', { token: admin.token }))
        .body,
    ).toMatchObject({ id: 'gold', days: 1000 });
    expect(
      (
        await t.request('GET', '/api/backoffice/subscription-kinds/platinum', {
          token: admin.token,
        })
      ).status,
    ).toBe(404);
  });

  it('PUT edits price, days, title and description; the public route shows it at once; audited', async () => {
    const current = (
      await t.request('GET', '/api/backoffice/subscription-kinds/silver', { token: admin.token })
    ).body;
    const res = await t.request('PUT', '/api/backoffice/subscription-kinds/silver', {
      token: admin.token,
      body: {
        ...current,
        type: 'gold',
        price: 450.5,
        days: 31,
        title: ' Silver Plus ',
        description: 'A month and a day of premium slips',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'silver',
      type: 'silver',
      price: '450.50',
      days: 31,
      title: 'Silver Plus',
      description: 'A month and a day of premium slips',
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'update',
      resource: 'subscription-kinds',
      recordId: 'silver',
      actorId: admin.user.id,
    });
    expect(audit.before).toMatchObject({ price: '500.00', days: 30 });
    expect(audit.after).toEqual(res.body);

    const pub = await t.request('GET', '/api/manage/get-subscription-kind');
    expect(pub.body.silver).toEqual({
      price: '450.50',
      type: 'silver',
      title: 'Silver Plus',
      description: 'A month and a day of premium slips',
      days: 31,
    });
    expect(pub.body.gold).toMatchObject({ price: '2000.00', days: 1000 });
  });

  it.each([
    [{ price: '0' }, 'price'],
    [{ price: '12.345' }, 'price'],
    [{ price: 'free' }, 'price'],
    [{ price: -5 }, 'price'],
    [{ days: 0 }, 'days'],
    [{ days: 1001 }, 'days'],
    [{ days: 2.5 }, 'days'],
    [{ title: '   ' }, 'title'],
  ])('answers 400 for %j and changes nothing', async (body, field) => {
    const before = (
      await t.request('GET', '/api/backoffice/subscription-kinds/bronze', { token: admin.token })
    ).body;
    const res = await t.request('PUT', '/api/backoffice/subscription-kinds/bronze', {
      token: admin.token,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual(expect.any(Array));
    expect(
      (await t.request('GET', '/api/backoffice/subscription-kinds/bronze', { token: admin.token }))
        .body,
    ).toEqual(before);
  });

  it('answers 400 for an unknown sort, 403 for users and tipsters, 405 for create and delete', async () => {
    expect(
      (await listResource(t, admin.token, 'subscription-kinds', { sort: ['description', 'ASC'] }))
        .status,
    ).toBe(400);
    for (const role of ['user', 'tipster'] as const) {
      const { token } = await createUser(t.ds, { role });
      expect((await listResource(t, token, 'subscription-kinds')).status).toBe(403);
      expect(
        (
          await t.request('PUT', '/api/backoffice/subscription-kinds/gold', {
            token,
            body: { price: '1' },
          })
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await t.request('POST', '/api/backoffice/subscription-kinds', {
          token: admin.token,
          body: { type: 'platinum' },
        })
      ).status,
    ).toBe(405);
    expect(
      (await t.request('DELETE', '/api/backoffice/subscription-kinds/gold', { token: admin.token }))
        .status,
    ).toBe(405);
  });
});
