import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { insertSaleShare, insertSlip } from '../finance/finance-support';
import { listResource } from './backoffice-helpers';

/** Back office `earnings` (README.md): tipsters' sale shares from the ledger; tipster own rows, admin all; read-only. */
describe('Back office: earnings', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let wanjiru: CreatedUser;
  let otieno: CreatedUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin' });
    wanjiru = await createUser(t.ds, { role: 'tipster' });
    otieno = await createUser(t.ds, { role: 'tipster' });
    const s1 = await insertSlip(t.ds, wanjiru.user.id);
    const s2 = await insertSlip(t.ds, otieno.user.id);
    ids.w1 = Number(
      (
        await insertSaleShare(
          t.ds,
          wanjiru.user.id,
          s1,
          '120.00',
          'W',
          new Date('2026-11-20T09:00:00+03:00'),
        )
      ).ledgerId,
    );
    ids.w2 = Number(
      (
        await insertSaleShare(
          t.ds,
          wanjiru.user.id,
          s1,
          '300.00',
          'P',
          new Date('2026-11-21T09:00:00+03:00'),
        )
      ).ledgerId,
    );
    ids.w3 = Number(
      (
        await insertSaleShare(
          t.ds,
          wanjiru.user.id,
          s1,
          '60.00',
          'U',
          new Date('2026-11-22T09:00:00+03:00'),
        )
      ).ledgerId,
    );
    ids.o1 = Number(
      (
        await insertSaleShare(
          t.ds,
          otieno.user.id,
          s2,
          '90.00',
          'P',
          new Date('2026-11-21T12:00:00+03:00'),
        )
      ).ledgerId,
    );
    // Platform fee rows and withdrawal rows are not earnings.
    await t.ds.query(
      `INSERT INTO ledger_entry (account, kind, amount, status) VALUES ('platform', 'platform_fee', 80.00, 'P')`,
    );
  });
  afterAll(() => t?.close());

  it('shows a tipster only their own sale shares, newest first, with Content-Range', async () => {
    const res = await listResource(t, wanjiru.token, 'earnings');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('earnings 0-2/3');
    expect(res.body).toEqual([
      {
        id: ids.w3,
        user_id: wanjiru.user.id,
        amount: '60.00',
        status: 'U',
        purchase_id: expect.any(Number),
        date: '2026-11-22T06:00:00.000Z',
      },
      expect.objectContaining({ id: ids.w2, amount: '300.00', status: 'P' }),
      expect.objectContaining({ id: ids.w1, amount: '120.00', status: 'W' }),
    ]);
  });

  it('sorts, ranges and filters for an admin across tipsters', async () => {
    const res = await listResource(t, admin.token, 'earnings', {
      sort: ['amount', 'ASC'],
      range: [0, 1],
      filter: { status: 'P' },
    });
    expect(res.headers['content-range']).toBe('earnings 0-1/2');
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([ids.o1, ids.w2]);
    const day = await listResource(t, admin.token, 'earnings', {
      filter: { date_gte: '2026-11-21', date_lte: '2026-11-21', user_id: otieno.user.id },
    });
    expect(day.body.map((r: { id: number }) => r.id)).toEqual([ids.o1]);
    const none = await listResource(t, admin.token, 'earnings', { filter: { amount_gte: 1000 } });
    expect(none.headers['content-range']).toBe('earnings */0');
  });

  it("answers 400 to an unknown sort or filter field, 404 to another tipster's row, 403 to a plain user, 405 to writes", async () => {
    expect(await listResource(t, admin.token, 'earnings', { sort: ['kind', 'ASC'] })).toMatchObject(
      { status: 400, body: { message: expect.stringContaining('kind') } },
    );
    expect(
      (await listResource(t, admin.token, 'earnings', { filter: { account: 'platform' } })).status,
    ).toBe(400);
    expect(
      (await t.request('GET', `/api/backoffice/earnings/${ids.o1}`, { token: wanjiru.token }))
        .status,
    ).toBe(404);
    expect(
      await t.request('GET', `/api/backoffice/earnings/${ids.w2}`, { token: wanjiru.token }),
    ).toMatchObject({ status: 200, body: { id: ids.w2, amount: '300.00' } });
    const user = await createUser(t.ds);
    expect((await listResource(t, user.token, 'earnings')).status).toBe(403);
    expect(
      (
        await t.request('PUT', `/api/backoffice/earnings/${ids.w2}`, {
          token: admin.token,
          body: { amount: '1.00' },
        })
      ).status,
    ).toBe(405);
    expect(
      (await t.request('DELETE', `/api/backoffice/earnings/${ids.w2}`, { token: admin.token }))
        .status,
    ).toBe(405);
  });
});
