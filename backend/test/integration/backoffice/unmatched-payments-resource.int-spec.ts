import { createUser, CreatedUser } from '../../factories/account';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';

/**
 * Back office `unmatched-payments` (admin, read-only; docs/PRODUCT-RULES.md R203): paybill money
 * that paid nothing, as the C2B confirmation recorded it, filtered and sorted; tipsters are
 * refused and no verb writes.
 */
describe('Back office: unmatched-payments', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let tipster: CreatedUser;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin', username: 'unmatched_admin' });
    tipster = await createUser(t.ds, { role: 'tipster', username: 'unmatched_tipster' });
    await sql(
      t.db.url,
      `INSERT INTO unmatched_payment (trans_id, bill_ref_number, amount, reason, msisdn, first_name, business_short_code, trans_time, created_at) VALUES
        ('RKTQDM7W6S', 'INVOICE008', 10, 'unknown-reference', '25470****149', 'John', '600984', '20191122063845', '2026-11-26T08:00:00Z'),
        ('RKTQDM7W6T', 'ACD3FG7K', 60, 'amount-mismatch', '25470****150', 'Jane', '600984', '20191122063846', '2026-11-26T09:00:00Z')`,
    );
  });
  afterAll(() => t?.close());

  it('lists the unmatched money newest first, amounts in Ksh', async () => {
    const res = await listResource(t, admin.token, 'unmatched-payments');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('unmatched-payments 0-1/2');
    expect(res.body.map((r: { trans_id: string }) => r.trans_id)).toEqual([
      'RKTQDM7W6T',
      'RKTQDM7W6S',
    ]);
    expect(res.body[1]).toEqual({
      id: expect.any(Number),
      provider: 'c2b',
      trans_id: 'RKTQDM7W6S',
      bill_ref_number: 'INVOICE008',
      amount: '10.00',
      reason: 'unknown-reference',
      purchase_id: null,
      msisdn: '25470****149',
      first_name: 'John',
      business_short_code: '600984',
      trans_time: '20191122063845',
      created_at: '2026-11-26T08:00:00.000Z',
    });
  });

  it('filters by reason and amount, searches the account number, refuses an unknown sort', async () => {
    const byReason = await listResource(t, admin.token, 'unmatched-payments', {
      filter: { reason: 'amount-mismatch' },
    });
    expect(byReason.body.map((r: { trans_id: string }) => r.trans_id)).toEqual(['RKTQDM7W6T']);
    const small = await listResource(t, admin.token, 'unmatched-payments', {
      filter: { amount_lte: 20 },
    });
    expect(small.body.map((r: { trans_id: string }) => r.trans_id)).toEqual(['RKTQDM7W6S']);
    const q = await listResource(t, admin.token, 'unmatched-payments', { filter: { q: 'acd3' } });
    expect(q.body.map((r: { trans_id: string }) => r.trans_id)).toEqual(['RKTQDM7W6T']);
    expect(
      (await listResource(t, admin.token, 'unmatched-payments', { sort: ['msisdn', 'ASC'] }))
        .status,
    ).toBe(400);
  });

  it('refuses tipsters and every write', async () => {
    expect((await listResource(t, tipster.token, 'unmatched-payments')).status).toBe(403);
    const [{ id }] = await sql<{ id: string }>(
      t.db.url,
      `SELECT id FROM unmatched_payment WHERE trans_id = 'RKTQDM7W6S'`,
    );
    expect(
      (
        await t.request('PUT', `/api/backoffice/unmatched-payments/${id}`, {
          token: admin.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(405);
    expect(
      (
        await t.request('DELETE', `/api/backoffice/unmatched-payments/${id}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(405);
    expect(
      (
        await t.request('POST', '/api/backoffice/unmatched-payments', {
          token: admin.token,
          body: {},
        })
      ).status,
    ).toBe(405);
  });
});
