import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { insertSaleShare, insertSlip, withdrawalLedger } from './finance-support';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { pinClock } from '../../support/clock';

/**
 * /api/finance (docs/PRODUCT-RULES.md R140, "Money") on the real PostgreSQL: the summary from known
 * ledger rows, the payments and withdrawals lists, and withdraw requests (validation, minimum,
 * whole balance, concurrency).
 */
describe('finance: summary, payments, withdraw request', () => {
  let t: TestContext;
  const NOW = '2026-11-23T00:30:00+03:00'; // 30 minutes into a Nairobi day (21:30 UTC the day before)

  beforeAll(async () => {
    t = await createTestContext();
    pinClock(t, NOW);
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(() => t?.close());

  const summary = (token: string) => t.request('GET', '/api/finance/pending_amount', { token });
  const withdraw = (token: string, phone_number: unknown) =>
    t.request('POST', '/api/finance/withdraw_request', { token, body: { phone_number } });
  /** A tipster with `paid` Ksh in the balance (one paid share). */
  const tipsterWithBalance = async (paid: string): Promise<CreatedUser> => {
    const u = await createUser(t.ds, { role: 'tipster' });
    await insertSaleShare(
      t.ds,
      u.user.id,
      await insertSlip(t.ds, u.user.id),
      paid,
      'P',
      new Date('2026-10-01T10:00:00+03:00'),
    );
    return u;
  };

  it('sums pending, paid and unpaid shares apart; today and this month start at 00:00 Nairobi', async () => {
    const tipster = await createUser(t.ds, { role: 'tipster' });
    const other = await createUser(t.ds, { role: 'tipster' });
    const slip = await insertSlip(t.ds, tipster.user.id);
    const id = tipster.user.id;
    await insertSaleShare(t.ds, id, slip, '120.00', 'W', new Date('2026-11-23T00:10:00+03:00')); // today, pending
    await insertSaleShare(t.ds, id, slip, '30.60', 'P', new Date('2026-11-23T00:00:00+03:00')); // today at midnight, paid
    await insertSaleShare(t.ds, id, slip, '90.00', 'P', new Date('2026-11-22T23:59:59+03:00')); // yesterday (21:00 UTC on the 22nd... still the 22nd in Nairobi)
    await insertSaleShare(t.ds, id, slip, '45.00', 'U', new Date('2026-11-23T00:20:00+03:00')); // today, unpaid (cancelled slip)
    await insertSaleShare(t.ds, id, slip, '600.00', 'P', new Date('2026-11-01T00:00:00+03:00')); // first instant of the month
    await insertSaleShare(t.ds, id, slip, '300.00', 'P', new Date('2026-10-31T23:59:59+03:00')); // last month
    await insertSaleShare(
      t.ds,
      other.user.id,
      await insertSlip(t.ds, other.user.id),
      '999.00',
      'P',
      new Date('2026-11-23T00:05:00+03:00'),
    );

    const res = await summary(tipster.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pending_amount: '120.00',
      account_balance: '1020.60',
      total_earnings: '1020.60',
      today_earnings: '150.60',
      month_earnings: '840.60',
      withdrawable_amount: '1020.00',
      can_withdraw: true,
    });
    expect((await summary(other.token)).body).toMatchObject({
      account_balance: '999.00',
      today_earnings: '999.00',
      pending_amount: '0.00',
    });
  });

  it('answers zeros for a user without sales, and 401 without a token', async () => {
    const user = await createUser(t.ds);
    expect((await summary(user.token)).body).toEqual({
      pending_amount: '0.00',
      account_balance: '0.00',
      total_earnings: '0.00',
      today_earnings: '0.00',
      month_earnings: '0.00',
      withdrawable_amount: '0.00',
      can_withdraw: false,
    });
    expect((await t.request('GET', '/api/finance/pending_amount')).status).toBe(401);
    expect(
      (
        await t.request('POST', '/api/finance/withdraw_request', {
          body: { phone_number: '0712345678' },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a bad phone with the spec message and stores nothing', async () => {
    const tipster = await tipsterWithBalance('800.00');
    for (const phone of ['07123', '07123456789', 'abcdefghij', '', null, { a: 1 }]) {
      expect(await withdraw(tipster.token, phone)).toMatchObject({
        status: 400,
        body: { message: 'Enter a valid phone number' },
      });
    }
    expect(
      await t.request('POST', '/api/finance/withdraw_request', {
        token: tipster.token,
        body: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
    ).toMatchObject({ status: 400 });
    expect(
      await t.ds.query(`SELECT id FROM withdrawal WHERE user_id = $1`, [tipster.user.id]),
    ).toEqual([]);
  });

  it('refuses a balance under Ksh 500 with the exact message', async () => {
    const tipster = await tipsterWithBalance('499.99');
    // A pending share does not count: only what is paid into the balance.
    await insertSaleShare(
      t.ds,
      tipster.user.id,
      await insertSlip(t.ds, tipster.user.id),
      '800.00',
      'W',
    );
    // The dashboard opens no withdraw dialog: the server says so.
    expect((await summary(tipster.token)).body).toMatchObject({
      account_balance: '499.99',
      withdrawable_amount: '0.00',
      can_withdraw: false,
    });
    expect(await withdraw(tipster.token, '0712345678')).toMatchObject({
      status: 400,
      body: {
        message:
          'Minimum withdrawal amount is Ksh. 500. Account Balance should be at least Ksh. 500',
      },
    });
    expect(
      await t.ds.query(`SELECT id FROM withdrawal WHERE user_id = $1`, [tipster.user.id]),
    ).toEqual([]);
  });

  it('withdraws the whole balance (whole Ksh) to the normalised number; the balance is then the cents, a second request refused', async () => {
    const tipster = await tipsterWithBalance('1250.40');
    // The dashboard's withdraw dialog states this amount before the request (server-computed).
    expect((await summary(tipster.token)).body).toMatchObject({
      withdrawable_amount: '1250.00',
      can_withdraw: true,
    });
    const res = await withdraw(tipster.token, '712345678');
    expect(res).toMatchObject({
      status: 200,
      body: {
        withdrawal: {
          amount: '1250.00',
          status: 'P',
          phone_number: '254712345678',
          total_paid: '0.00',
          balance: '1250.00',
        },
      },
    });
    const id = res.body.withdrawal.id;
    expect(await withdrawalLedger(t.ds, id)).toEqual([{ kind: 'withdrawal', amount: '-1250.00' }]);
    expect((await summary(tipster.token)).body).toMatchObject({
      account_balance: '0.40',
      total_earnings: '1250.40',
      withdrawable_amount: '0.00',
      can_withdraw: false,
    });
    expect((await withdraw(tipster.token, '0712345678')).status).toBe(400);

    const list = await t.request('GET', '/api/finance/withdrawals', { token: tipster.token });
    expect(list).toMatchObject({
      status: 200,
      body: {
        withdrawals: [
          {
            id,
            amount: '1250.00',
            status: 'P',
            phone_number: '254712345678',
            total_paid: '0.00',
            date: expect.any(String),
          },
        ],
        next: null,
        num_pages: 1,
      },
    });
  });

  it('withdraws a balance of exactly Ksh 500 and leaves 0', async () => {
    const tipster = await tipsterWithBalance('500.00');
    expect((await withdraw(tipster.token, '0712345678')).status).toBe(200);
    expect((await summary(tipster.token)).body.account_balance).toBe('0.00');
  });

  it('lets only one of two concurrent requests withdraw the balance', async () => {
    const tipster = await tipsterWithBalance('900.00');
    const answers = await Promise.all([
      withdraw(tipster.token, '0712345678'),
      withdraw(tipster.token, '0712345678'),
      withdraw(tipster.token, '0712345678'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    const rows = await t.ds.query(`SELECT amount::text FROM withdrawal WHERE user_id = $1`, [
      tipster.user.id,
    ]);
    expect(rows).toEqual([{ amount: '900.00' }]);
    expect((await summary(tipster.token)).body.account_balance).toBe('0.00');
  });

  it('lists the own sale shares newest first, 10 a page, with slip id and status', async () => {
    const tipster = await createUser(t.ds, { role: 'tipster' });
    const slip = await insertSlip(t.ds, tipster.user.id);
    for (let i = 0; i < 12; i++) {
      await insertSaleShare(
        t.ds,
        tipster.user.id,
        slip,
        `${100 + i}.00`,
        i % 3 === 0 ? 'P' : i % 3 === 1 ? 'W' : 'U',
        new Date(Date.UTC(2026, 10, 1, 8, i)),
      );
    }
    const first = await t.request('GET', '/api/finance/get_payments', { token: tipster.token });
    expect(first.status).toBe(200);
    expect(first.body.payments).toHaveLength(10);
    expect(first.body.payments[0]).toEqual({
      id: expect.any(Number),
      slip,
      amount: '111.00',
      status: 'U',
      date: '2026-11-01T08:11:00.000Z',
    });
    expect(first.body.payments[1]).toMatchObject({ amount: '110.00', status: 'W' });
    expect(first.body).toMatchObject({
      num_pages: 2,
      count: 12,
      next: expect.stringMatching(/\/api\/finance\/get_payments\?p=2$/),
    });
    const second = await t.request('GET', '/api/finance/get_payments?p=2', {
      token: tipster.token,
    });
    expect(second.body.payments.map((p: { amount: string }) => p.amount)).toEqual([
      '101.00',
      '100.00',
    ]);
    expect(second.body.next).toBeNull();
    expect(
      await t.request('GET', '/api/finance/get_payments?p=3', { token: tipster.token }),
    ).toMatchObject({ status: 404, body: { message: 'Invalid page' } });
    expect(
      await t.request('GET', '/api/finance/get_payments?p=x', { token: tipster.token }),
    ).toMatchObject({ status: 400, body: { message: 'Invalid page number' } });
    // Another user sees none of them.
    const other = await createUser(t.ds);
    expect(
      (await t.request('GET', '/api/finance/get_payments', { token: other.token })).body,
    ).toMatchObject({ payments: [], next: null, num_pages: 1 });
  });
});
