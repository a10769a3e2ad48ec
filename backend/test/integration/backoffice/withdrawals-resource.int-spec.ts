import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { insertSaleShare, insertSlip, withdrawalLedger } from '../finance/finance-support';
import { listResource } from './backoffice-helpers';

/**
 * Back office `withdrawals` (README.md): tipster own rows read-only, admin all with approve /
 * reject through PUT {status}, audited. (The B2C payout after approval: test/integration/finance/payouts.)
 */
describe('Back office: withdrawals', () => {
  let t: TestContext;
  let admin: CreatedUser;
  let wanjiru: CreatedUser;
  let otieno: CreatedUser;
  const ids: number[] = [];

  const request = async (tipster: CreatedUser, paid: string, phone: string): Promise<number> => {
    await insertSaleShare(
      t.ds,
      tipster.user.id,
      await insertSlip(t.ds, tipster.user.id),
      paid,
      'P',
    );
    const res = await t.request('POST', '/api/finance/withdraw_request', {
      token: tipster.token,
      body: { phone_number: phone },
    });
    expect(res.status).toBe(200);
    return res.body.withdrawal.id;
  };

  beforeAll(async () => {
    t = await createTestContext();
    admin = await createUser(t.ds, { role: 'admin' });
    wanjiru = await createUser(t.ds, { role: 'tipster' });
    otieno = await createUser(t.ds, { role: 'tipster' });
    ids.push(await request(wanjiru, '600.00', '0712000001'));
    ids.push(await request(otieno, '2500.00', '0712000002'));
    ids.push(await request(wanjiru, '900.00', '0712000003'));
  });
  afterAll(() => t?.close());

  it('lists every withdrawal for an admin, with sort, range, filter and Content-Range', async () => {
    const res = await listResource(t, admin.token, 'withdrawals', {
      sort: ['amount', 'DESC'],
      range: [0, 1],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('withdrawals 0-1/3');
    expect(res.body.map((w: { amount: string }) => w.amount)).toEqual(['2500.00', '900.00']);
    expect(res.body[0]).toEqual({
      id: ids[1],
      user_id: otieno.user.id,
      username: otieno.user.username,
      amount: '2500.00',
      total_paid: '0.00',
      status: 'P',
      phone_number: '254712000002',
      approved_at: null,
      approved_by: null,
      approved_by_username: null,
      rejected_by: null,
      rejected_by_username: null,
      failure_reason: null,
      date: expect.any(String),
    });
    // The tipster's username is in the allowlist: sortable and searchable like user_id.
    const byName = await listResource(t, admin.token, 'withdrawals', {
      filter: { username: wanjiru.user.username },
      sort: ['username', 'ASC'],
    });
    expect(
      byName.body.map((w: { id: number; username: string }) => [w.id, w.username]).sort(),
    ).toEqual(
      [
        [ids[0], wanjiru.user.username],
        [ids[2], wanjiru.user.username],
      ].sort(),
    );
    const mine = await listResource(t, admin.token, 'withdrawals', {
      filter: { user_id: wanjiru.user.id, status: ['P'] },
      sort: ['id', 'ASC'],
    });
    expect(mine.body.map((w: { id: number }) => w.id)).toEqual([ids[0], ids[2]]);
    expect(
      (await listResource(t, admin.token, 'withdrawals', { filter: { amount_gte: 5000 } })).headers[
        'content-range'
      ],
    ).toBe('withdrawals */0');
  });

  it("shows a tipster only their own withdrawals; another's is 404; an unknown sort is 400", async () => {
    const res = await listResource(t, wanjiru.token, 'withdrawals');
    expect(res.headers['content-range']).toBe('withdrawals 0-1/2');
    expect(res.body.map((w: { id: number }) => w.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(
      (await t.request('GET', `/api/backoffice/withdrawals/${ids[1]}`, { token: wanjiru.token }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('GET', `/api/backoffice/withdrawals/${ids[0]}`, { token: wanjiru.token }))
        .body,
    ).toMatchObject({ id: ids[0], amount: '600.00' });
    expect(
      await listResource(t, wanjiru.token, 'withdrawals', { sort: ['secret', 'ASC'] }),
    ).toMatchObject({ status: 400, body: { message: expect.stringContaining('secret') } });
    const user = await createUser(t.ds);
    expect((await listResource(t, user.token, 'withdrawals')).status).toBe(403);
  });

  it("lets only an admin decide: a tipster gets 403 on their own row and 404 on another's", async () => {
    expect(
      (
        await t.request('PUT', `/api/backoffice/withdrawals/${ids[0]}`, {
          token: wanjiru.token,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request('PUT', `/api/backoffice/withdrawals/${ids[1]}`, {
          token: wanjiru.token,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', '/api/backoffice/withdrawals', {
          token: admin.token,
          body: { amount: '1.00' },
        })
      ).status,
    ).toBe(405);
    expect(
      (await t.request('DELETE', `/api/backoffice/withdrawals/${ids[0]}`, { token: admin.token }))
        .status,
    ).toBe(405);
    expect(
      await t.ds.query(`SELECT status, approved_at FROM withdrawal WHERE id = $1`, [ids[0]]),
    ).toEqual([{ status: 'P', approved_at: null }]);
  });

  it('rejects (R, amount back to the balance) with an audit row holding before and after', async () => {
    const res = await t.request('PUT', `/api/backoffice/withdrawals/${ids[2]}`, {
      token: admin.token,
      body: { ...{ id: ids[2], amount: '900.00' }, status: 'rejected' },
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        id: ids[2],
        status: 'R',
        rejected_by: admin.user.id,
        rejected_by_username: admin.user.username,
      },
    });
    expect(await withdrawalLedger(t.ds, ids[2])).toEqual([
      { kind: 'withdrawal', amount: '-900.00' },
      { kind: 'withdrawal_reversal', amount: '900.00' },
    ]);
    expect(
      (await t.request('GET', '/api/finance/pending_amount', { token: wanjiru.token })).body
        .account_balance,
    ).toBe('900.00');
    const [audit] = await t.ds.query(
      `SELECT action, before, after FROM admin_audit WHERE resource = 'withdrawals' AND record_id = $1`,
      [String(ids[2])],
    );
    expect(audit).toMatchObject({
      action: 'update',
      before: { status: 'P' },
      after: { status: 'R' },
    });
    expect(
      (
        await t.request('PUT', `/api/backoffice/withdrawals/${ids[2]}`, {
          token: admin.token,
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(409);
  });

  it('approves: approved_at and approved_by set, still pending until the B2C Result', async () => {
    const res = await t.request('PUT', `/api/backoffice/withdrawals/${ids[1]}`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        id: ids[1],
        status: 'P',
        username: otieno.user.username,
        approved_by: admin.user.id,
        approved_by_username: admin.user.username,
        approved_at: expect.any(String),
      },
    });
    const [listed] = (await listResource(t, admin.token, 'withdrawals', { filter: { id: ids[1] } }))
      .body;
    expect(listed).toMatchObject({
      username: otieno.user.username,
      approved_by_username: admin.user.username,
    });
    expect(
      (
        await t.request('PUT', `/api/backoffice/withdrawals/${ids[1]}`, {
          token: admin.token,
          body: { status: 'rejected' },
        })
      ).status,
    ).toBe(409);
  });
});
