import { createUser, CreatedUser } from '../../factories/account';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { listResource } from './backoffice-helpers';

/**
 * Back office `rg-limits` (admin, read-only; docs/PRODUCT-RULES.md "Records and responsible
 * gambling"): the phones' caps and exclusions as the RG routes stored them, filtered and sorted;
 * tipsters are refused and no verb writes.
 */
describe('Back office: rg-limits', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let tipster: CreatedUser;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin', username: 'rg_admin' });
    tipster = await createUser(t.ds, { role: 'tipster', username: 'rg_tipster' });
    await sql(
      t.db.url,
      `INSERT INTO rg_limit (phone, daily_cap_ksh, next_cap_ksh, next_cap_from, excluded_until, updated_at) VALUES
        ('254711000001', 500, 900, '2026-11-27T07:00:00Z', NULL, '2026-11-26T08:00:00Z'),
        ('254711000002', NULL, NULL, NULL, '2027-05-26T09:00:00Z', '2026-11-26T09:00:00Z'),
        ('2348031234567', 200, NULL, NULL, NULL, '2026-11-25T09:00:00Z')`,
    );
  });
  afterAll(() => t?.close());

  it('lists every phone, last changed first, with caps in Ksh and instants in ISO', async () => {
    const res = await listResource(t, admin.token, 'rg-limits');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('rg-limits 0-2/3');
    expect(res.body.map((r: { phone: string }) => r.phone)).toEqual([
      '254711000002',
      '254711000001',
      '2348031234567',
    ]);
    expect(res.body[1]).toEqual({
      id: '254711000001',
      phone: '254711000001',
      daily_cap_ksh: '500.00',
      next_cap_ksh: '900.00',
      next_cap_from: '2026-11-27T07:00:00.000Z',
      excluded_until: null,
      created_at: expect.any(String),
      updated_at: '2026-11-26T08:00:00.000Z',
    });
  });

  it('filters by cap and exclusion and reads one by phone', async () => {
    const capped = await listResource(t, admin.token, 'rg-limits', {
      filter: { daily_cap_ksh_lte: 300 },
    });
    expect(capped.body.map((r: { phone: string }) => r.phone)).toEqual(['2348031234567']);
    const excluded = await listResource(t, admin.token, 'rg-limits', {
      filter: { excluded_until_gte: '2027-01-01' },
    });
    expect(excluded.body.map((r: { phone: string }) => r.phone)).toEqual(['254711000002']);
    const one = await t.request<any>('GET', '/api/backoffice/rg-limits/254711000002', {
      token: admin.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.excluded_until).toBe('2027-05-26T09:00:00.000Z');
  });

  it('refuses tipsters and every write', async () => {
    expect((await listResource(t, tipster.token, 'rg-limits')).status).toBe(403);
    const put = await t.request<any>('PUT', '/api/backoffice/rg-limits/254711000002', {
      token: admin.token,
      body: { excluded_until: null },
    });
    expect(put.status).toBe(405);
    const del = await t.request<any>('DELETE', '/api/backoffice/rg-limits/254711000002', {
      token: admin.token,
    });
    expect(del.status).toBe(405);
    const [row] = await sql<{ excluded_until: Date }>(
      t.db.url,
      `SELECT excluded_until FROM rg_limit WHERE phone = '254711000002'`,
    );
    expect(row.excluded_until.toISOString()).toBe('2027-05-26T09:00:00.000Z');
  });
});
