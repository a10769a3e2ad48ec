import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually, purchasesOf } from '../processor/support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * The money a tipster and a buyer see, computed by the server
 * (docs/PRODUCT-RULES.md R109, R119, R24, R25): a Ksh 50 slip sold through the Daraja sandbox gives
 * the dashboard figures (the 60% share once, no second fee), and every slip answer carries price_ng
 * and price_ug as buy-flw and buy-flw-ug charge them, at rates other than the defaults (NGN with 4
 * decimals, UGX not 30).
 */
describe('money shown to tipsters and buyers', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let tipster: CreatedUser;
  let slipId: number;
  const run = String(Date.now()).slice(-5);

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        FOOTBALL_DATA_DIR: data.dir,
        REPLAY_ANCHOR: '2026-04-20',
        SANDBOX_AUTO_ACCEPT: '1',
        SANDBOX_FLW_WEBHOOK_URL: 'http://127.0.0.1:9/nowhere',
        NGN_PER_KSH: '12.3456',
        UGX_PER_KSH: '37',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games = await tippableGames(t.ds, DATA_NOW, 3);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    tipster = await createUser(t.ds, { username: `money_${run}` });
    slipId = (await publishSlip(t, tipster.user.id, games, { amount: 50 })).id;
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('sends price_ng and price_ug with the slip in every list, and charges exactly those', async () => {
    const expected = { id: slipId, price: 50, price_ng: 617.28, price_ug: 1850 };
    expect(await t.request('GET', `/api/slip/get/${slipId}`)).toMatchObject({
      status: 200,
      body: expected,
    });
    const listed = await t.request('GET', '/v2/api/slip/data/?p=1');
    expect(listed.status).toBe(200);
    expect(listed.body.results.find((s: { id: number }) => s.id === slipId)).toMatchObject(
      expected,
    );
    const home = await t.request('GET', '/api/home/active');
    expect(home.body.slips.find((s: { id: number }) => s.id === slipId)).toMatchObject(expected);
    const profile = await t.request('GET', `/api/account/profile/${tipster.user.username}`);
    expect(profile.body.active_tips.find((s: { id: number }) => s.id === slipId)).toMatchObject(
      expected,
    );

    const ng = `ng${run}@example.com`;
    const ug = `ug${run}@example.com`;
    expect(
      await t.request('POST', '/api/processor/buy-flw', { body: { email: ng, slip_id: slipId } }),
    ).toMatchObject({ status: 200 });
    expect(
      await t.request('POST', '/api/processor/buy-flw-ug', {
        body: { email: ug, slip_id: slipId },
      }),
    ).toMatchObject({ status: 200 });
    const charged = async (email: string) =>
      (await t.ds.query(`SELECT currency, amount FROM purchase WHERE email = $1`, [email]))[0];
    expect(await charged(ng)).toEqual({ currency: 'NGN', amount: '617.28' });
    expect(await charged(ug)).toEqual({ currency: 'UGX', amount: '1850.00' });
  });

  it('after one Ksh 50 sale: pending Ksh 30 and today / this month Ksh 30 (the 60% share, no second fee)', async () => {
    const local = `07${run}999`;
    const msisdn = `2547${run}999`;
    expect(
      await t.request('POST', '/api/processor/buy', { body: { phone: local, slip: slipId } }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Request Sent' },
    });
    const purchase = await eventually(
      async () => {
        const [p] = await purchasesOf(t.ds, msisdn);
        return p?.status === 'paid' ? p : null;
      },
      { timeoutMs: 20_000 },
    );
    const [share] = await t.ds.query(
      `SELECT amount::text FROM ledger_entry WHERE purchase_id = $1 AND kind = 'sale_share'`,
      [purchase.id],
    );
    expect(share.amount).toBe('30.00');
    // The app's clock is pinned at NOW (the replay needs a fixed day) while PostgreSQL stamps the
    // ledger rows with the machine's time: date the sale's rows a minute before NOW, as the sale
    // would be on that day, so "today" and "this month" hold whatever the machine's date.
    await t.ds.query(
      `UPDATE ledger_entry SET created_at = $2::timestamptz - interval '1 minute' WHERE purchase_id = $1`,
      [purchase.id, NOW],
    );

    const res = await t.request('GET', '/api/finance/pending_amount', { token: tipster.token });
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      pending_amount: '30.00',
      account_balance: '0.00',
      total_earnings: '0.00',
      today_earnings: '30.00',
      month_earnings: '30.00',
      withdrawable_amount: '0.00',
      can_withdraw: false,
    });
  });
});
