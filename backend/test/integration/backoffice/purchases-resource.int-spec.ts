import { AdminAudit } from '../../../src/modules/backoffice/audit/admin-audit.entity';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';

describe('Back office: purchases', () => {
  let t: TestContext;
  let admin: CreatedUser;
  const ids: Record<string, number> = {};

  const insert = async (key: string, values: Record<string, unknown>) => {
    const cols = Object.keys(values);
    const [row] = await t.ds.query(
      `INSERT INTO purchase (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(values),
    );
    ids[key] = Number(row.id);
  };

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin', username: 'finance_desk' });
    await insert('paid', {
      kind: 'subscription',
      subscription_type: 'silver',
      phone: '254712000101',
      amount: '500',
      provider: 'mpesa',
      code: 'PA0001',
      status: 'paid',
      receipt: 'TKE4H7Q2ZP',
      paid_amount: '500',
      created_at: '2026-11-20T10:00:00+03:00',
      paid_at: '2026-11-20T10:01:00+03:00',
    });
    await insert('mismatch', {
      kind: 'subscription',
      subscription_type: 'gold',
      phone: '254712000102',
      amount: '2000',
      provider: 'mpesa',
      code: 'PA0002',
      status: 'paid',
      receipt: 'TKE4H7Q2ZQ',
      paid_amount: '200',
      review_reason: 'paid 200.00, expected 2000.00',
      created_at: '2026-11-21T10:00:00+03:00',
    });
    await insert('ng', {
      kind: 'subscription',
      subscription_type: 'bronze',
      email: 'ade@example.ng',
      amount: '200',
      currency: 'NGN',
      provider: 'flutterwave',
      code: 'PA0003',
      status: 'pending',
      tx_ref: 'tx-ng-1',
      created_at: '2026-11-22T10:00:00+03:00',
    });
    await insert('failed', {
      kind: 'subscription',
      subscription_type: 'bronze',
      phone: '254712000104',
      amount: '200',
      provider: 'mpesa',
      code: 'PA0004',
      status: 'failed',
      created_at: '2026-11-23T10:00:00+03:00',
    });
  });
  afterAll(() => t?.close());

  const lastAudit = async () =>
    (await t.ds.getRepository(AdminAudit).find({ order: { id: 'DESC' }, take: 1 }))[0];
  const money = async (id: number) =>
    (
      await t.ds.query(
        `SELECT amount::text, paid_amount::text, status FROM purchase WHERE id = $1`,
        [id],
      )
    )[0];

  it('lists with sort, range and Content-Range, amounts as 2-decimal strings', async () => {
    const res = await listResource(t, admin.token, 'purchases', {
      sort: ['amount', 'DESC'],
      range: [0, 1],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('purchases 0-1/4');
    expect(res.body.map((p: { id: number }) => p.id)).toEqual([ids.mismatch, ids.paid]);
    expect(res.body[0]).toMatchObject({
      id: ids.mismatch,
      kind: 'subscription',
      slip: null,
      phone: '254712000102',
      email: null,
      amount: '2000.00',
      paid_amount: '200.00',
      currency: 'KES',
      provider: 'mpesa',
      status: 'paid',
      receipt: 'TKE4H7Q2ZQ',
      flagged: true,
      review_reason: 'paid 200.00, expected 2000.00',
      review_note: null,
      created_at: '2026-11-21T07:00:00.000Z',
    });
  });

  it('filters by status, provider, kind, flagged, date and q', async () => {
    const cases: [Record<string, unknown>, number[]][] = [
      [{ status: 'paid' }, [ids.paid, ids.mismatch]],
      [{ provider: 'flutterwave' }, [ids.ng]],
      [{ kind: 'slip' }, []],
      [{ flagged: true }, [ids.mismatch]],
      [{ flagged: false, status: ['pending', 'failed'] }, [ids.ng, ids.failed]],
      [{ created_at_gte: '2026-11-22', created_at_lte: '2026-11-23' }, [ids.ng, ids.failed]],
      [{ q: 'TKE4H7Q2ZP' }, [ids.paid]],
      [{ q: 'ade@' }, [ids.ng]],
    ];
    for (const [filter, expected] of cases) {
      const res = await listResource(t, admin.token, 'purchases', { filter, sort: ['id', 'ASC'] });
      expect({ filter, ids: res.body.map((p: { id: number }) => p.id) }).toEqual({
        filter,
        ids: expected,
      });
      expect(res.headers['content-range']).toBe(
        expected.length ? `purchases 0-${expected.length - 1}/${expected.length}` : 'purchases */0',
      );
    }
  });

  it('answers 400 for an unknown sort field and 403 for users and tipsters', async () => {
    const bad = await listResource(t, admin.token, 'purchases', {
      sort: ['checkout_request_id', 'ASC'],
    });
    expect(bad.status).toBe(400);
    for (const role of ['user', 'tipster'] as const) {
      const { token } = await createUser(t.ds, { role });
      expect((await listResource(t, token, 'purchases')).status).toBe(403);
      expect(
        (
          await t.request('PUT', `/api/backoffice/purchases/${ids.paid}`, {
            token,
            body: { flagged: true, reason: 'x' },
          })
        ).status,
      ).toBe(403);
    }
  });

  it('PUT flags a purchase for review with a reason, audited; no money changes', async () => {
    const before = await money(ids.paid);
    const res = await t.request('PUT', `/api/backoffice/purchases/${ids.paid}`, {
      token: admin.token,
      body: {
        flagged: true,
        reason: ' Customer reports a double charge ',
        amount: '1.00',
        status: 'failed',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      flagged: true,
      review_reason: 'Customer reports a double charge',
      review_note: 'Customer reports a double charge',
      reviewed_by: 'finance_desk',
      reviewed_at: expect.any(String),
      amount: '500.00',
      status: 'paid',
    });
    expect(await money(ids.paid)).toEqual(before);
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'update',
      resource: 'purchases',
      recordId: String(ids.paid),
      actorId: admin.user.id,
    });
    expect(audit.before).toMatchObject({ flagged: false, review_reason: null });
    expect(audit.after).toEqual(res.body);
  });

  it('PUT clears a flag with a reason; the reason is kept as the note', async () => {
    const before = await money(ids.mismatch);
    const res = await t.request('PUT', `/api/backoffice/purchases/${ids.mismatch}`, {
      token: admin.token,
      body: { flagged: false, reason: 'Customer paid the balance by cash at the office' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      flagged: false,
      review_reason: null,
      review_note: 'Customer paid the balance by cash at the office',
    });
    expect(await money(ids.mismatch)).toEqual(before);
    expect((await lastAudit()).before).toMatchObject({
      flagged: true,
      review_reason: 'paid 200.00, expected 2000.00',
    });
  });

  it('needs flagged and a reason; no create or delete', async () => {
    const count = await t.ds.getRepository(AdminAudit).count();
    const noReason = await t.request('PUT', `/api/backoffice/purchases/${ids.ng}`, {
      token: admin.token,
      body: { flagged: true, reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ reason: ['A reason is required'] });
    const noFlag = await t.request('PUT', `/api/backoffice/purchases/${ids.ng}`, {
      token: admin.token,
      body: { reason: 'x' },
    });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body).toMatchObject({ flagged: ['flagged must be true or false'] });
    expect(await t.ds.getRepository(AdminAudit).count()).toBe(count);
    expect(
      (await t.request('POST', '/api/backoffice/purchases', { token: admin.token, body: {} }))
        .status,
    ).toBe(405);
    expect(
      (await t.request('DELETE', `/api/backoffice/purchases/${ids.ng}`, { token: admin.token }))
        .status,
    ).toBe(405);
  });
});
