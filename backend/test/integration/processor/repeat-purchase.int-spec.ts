import { jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { parseC2bPayment } from '../../../src/providers/daraja/daraja-c2b';
import { C2bRail } from '../../../src/modules/processor/rails/c2b/c2b.rail';
import { UssdBuyService } from '../../../src/modules/ussd/ussd-buy.service';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually, jobsFinished, purchasesOf } from './support';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const ALREADY_BOUGHT =
  'You have already bought this slip, so you were not charged again. Its picks are in the message we sent you.';

/** A C2B validation / confirmation body exactly as Daraja documents it (docs/PROVIDERS.md "Daraja C2B"). */
const c2bBody = (transId: string, account: string, amount: string) => ({
  TransactionType: 'Pay Bill',
  TransID: transId,
  TransTime: '20261123121500',
  TransAmount: amount,
  BusinessShortCode: '600984',
  BillRefNumber: account,
  InvoiceNumber: '',
  OrgAccountBalance: '',
  ThirdPartyTransID: '',
  MSISDN: '25470****149',
  FirstName: 'John',
  MiddleName: '',
  LastName: 'Doe',
});

/**
 * A buyer pays for a slip once (docs/PRODUCT-RULES.md R284), with real PostgreSQL and Redis and
 * the provider sandboxes: once a phone or an e-mail has paid for a slip, every rail refuses a
 * second purchase of it before any prompt, reference or checkout, and a paybill reference issued
 * before the slip was paid another way takes no more money (refused at validation, kept for
 * refund at confirmation).
 */
describe('a slip is bought once per buyer (R284)', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];
  let token: string;
  let seq = 0;
  let tipsterN = 0;
  const run = String(Date.now()).slice(-5);
  const nextPhone = (): { local: string; msisdn: string } => {
    const tail = `${run}${String(++seq).padStart(3, '0')}`;
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };
  /** A slip on sale at Ksh 50 by a fresh tipster (can-post: 2 slips per tipster per day). */
  const newSlip = async (): Promise<number> => {
    const tipster = await createUser(t.ds, { username: `rebuy_tipster_${run}_${++tipsterN}` });
    const start = (tipsterN * 3) % (games.length - 3);
    return (await publishSlip(t, tipster.user.id, games.slice(start, start + 3), { amount: 50 }))
      .id;
  };

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        FOOTBALL_DATA_DIR: data.dir,
        REPLAY_ANCHOR: '2026-04-20',
        SANDBOX_AUTO_ACCEPT: '1',
        SANDBOX_AUTO_ACCEPT_DELAY_MS: '0',
        SANDBOX_AT_REPORT_DELAY_MS: '50',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 12);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    token = t.get(AppConfig).mpesa.callbackToken;
  });
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const buy = (phone: string, slip: number) =>
    t.request('POST', '/api/processor/buy', { body: { phone, slip } });
  const paybill = (phone: string, slip: number) =>
    t.request('POST', '/api/processor/buy-paybill', { body: { phone, slip } });
  const paidBy = (msisdn: string) =>
    eventually(
      async () => {
        const rows = await purchasesOf(t.ds, msisdn);
        return rows.find((p) => p.status === 'paid') ?? null;
      },
      { timeoutMs: 30_000 },
    );
  const saleShares = async (msisdn: string): Promise<number> =>
    Number(
      (
        await t.ds.query(
          `SELECT count(*) AS n FROM ledger_entry l JOIN purchase p ON p.id = l.purchase_id
            WHERE p.phone = $1 AND l.kind = 'sale_share'`,
          [msisdn],
        )
      )[0].n,
    );

  it('refuses a second STK push, paybill reference or USSD purchase of a paid slip, with no purchase row; others still buy', async () => {
    const phone = nextPhone();
    const slip = await newSlip();
    expect(await buy(phone.local, slip)).toMatchObject({
      status: 200,
      body: { message: 'Request Sent' },
    });
    await paidBy(phone.msisdn);

    expect(await buy(phone.local, slip)).toMatchObject({
      status: 409,
      body: { message: ALREADY_BOUGHT },
    });
    expect(await paybill(phone.local, slip)).toMatchObject({
      status: 409,
      body: { message: ALREADY_BOUGHT },
    });
    // The USSD menu ends before promising a prompt, and so do its paybill and voucher choices.
    const ussd = t.get(UssdBuyService);
    const ended = `END You have already bought slip ${slip}. Get its tips again by SMS with 2 Find my tips.`;
    expect(await ussd.confirm(`ATUid_rebuy_${run}`, phone.msisdn, slip)).toBe(ended);
    expect(await ussd.paybill(phone.msisdn, slip)).toBe(ended);
    expect(await ussd.push({ msisdn: phone.msisdn, slipId: slip, sessionId: 'x' })).toEqual({
      outcome: 'refused',
      reason: ALREADY_BOUGHT,
    });
    expect((await purchasesOf(t.ds, phone.msisdn)).map((p) => p.status)).toEqual(['paid']);
    expect(await saleShares(phone.msisdn)).toBe(1);

    // Another phone buys the same slip; the same phone buys another slip.
    expect((await buy(nextPhone().local, slip)).status).toBe(200);
    expect((await buy(phone.local, await newSlip())).status).toBe(200);
  });

  it('a paybill reference issued before the phone paid by STK takes no more money: refused at validation, kept for refund at confirmation', async () => {
    const phone = nextPhone();
    const slip = await newSlip();
    const ref = await paybill(phone.local, slip);
    expect(ref.status).toBe(200);
    const account: string = ref.body.account;
    // The same slip by STK (R282 admits it while the reference is pending), paid at once.
    expect((await buy(phone.local, slip)).status).toBe(200);
    const paid = await paidBy(phone.msisdn);
    expect(paid.provider).toBe('mpesa');
    const rows = await purchasesOf(t.ds, phone.msisdn);
    const reference = rows.find((p) => p.code === account);

    const transId = `RB${run}${String(seq).padStart(3, '0')}`;
    const body = c2bBody(transId, account, '50.00');
    expect(
      await t.request('POST', `/api/processor/c2b/validation/${token}`, { body }),
    ).toMatchObject({ status: 200, body: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' } });
    // With validation off, Safaricom confirms anyway: the money is recorded for refund, not credited.
    expect(
      await t.request('POST', `/api/processor/c2b/confirmation/${token}`, { body }),
    ).toMatchObject({ status: 200, body: { ResultCode: '0' } });
    await jobsFinished(t, QUEUE.PAYMENTS, [jobId('c2b', transId)], 30_000);
    expect(
      await t.ds.query(
        `SELECT reason, amount::text, purchase_id::text FROM unmatched_payment WHERE trans_id = $1`,
        [transId],
      ),
    ).toEqual([{ reason: 'closed-reference', amount: '50.00', purchase_id: reference.id }]);
    expect((await purchasesOf(t.ds, phone.msisdn)).map((p) => [p.provider, p.status])).toEqual([
      ['mpesa', 'paid'],
      ['c2b', 'pending'],
    ]);
    expect(await saleShares(phone.msisdn)).toBe(1);
    // Asked again, the reference is refused too.
    expect((await paybill(phone.local, slip)).status).toBe(409);
  });

  it('two references of one phone and slip confirmed in one batch: the first pays, the second is kept for refund', async () => {
    const phone = nextPhone();
    const slip = await newSlip();
    // Two parallel buy-paybill requests can each issue a reference: made here directly.
    const accounts = [`RBA${run}`, `RBB${run}`];
    for (const code of accounts) {
      const [{ id }] = await t.ds.query(
        `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code)
         VALUES ('slip', $1, $2, 50, 'c2b', $3) RETURNING id::text`,
        [slip, phone.msisdn, code],
      );
      await t.ds.query(
        `INSERT INTO c2b_reference (purchase_id, expires_at) VALUES ($1, now() + interval '1 day')`,
        [id],
      );
    }
    const payments = accounts.map((a, i) => parseC2bPayment(c2bBody(`RBT${run}${i}`, a, '50.00')));
    expect(await t.get(C2bRail).confirmBatch(payments)).toEqual(['paid', 'flagged']);
    expect(
      await t.ds.query(`SELECT reason FROM unmatched_payment WHERE trans_id = $1`, [`RBT${run}1`]),
    ).toEqual([{ reason: 'closed-reference' }]);
    expect(await saleShares(phone.msisdn)).toBe(1);
  });

  it('refuses an e-mail that paid for a slip by card another checkout of it, in any letter case', async () => {
    const email = `rebuy.${run}@example.com`;
    const slip = await newSlip();
    const res = await t.request('POST', '/api/processor/buy-flw', {
      body: { email, slip_id: slip },
    });
    expect(res.status).toBe(200);
    await fetch(`${res.body.link}/pay`, { method: 'POST', redirect: 'manual' });
    await eventually(
      async () => {
        const [p] = await t.ds.query(`SELECT status FROM purchase WHERE email = $1`, [email]);
        return p?.status === 'paid' || null;
      },
      { timeoutMs: 30_000 },
    );
    for (const route of ['/api/processor/buy-flw', '/api/processor/buy-flw-ug']) {
      expect(
        await t.request('POST', route, { body: { email: email.toUpperCase(), slip_id: slip } }),
      ).toMatchObject({ status: 409, body: { message: ALREADY_BOUGHT } });
    }
    expect(
      await t.ds.query(`SELECT count(*)::int AS n FROM purchase WHERE lower(email) = $1`, [email]),
    ).toEqual([{ n: 1 }]);
  });
});
