import { jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { offerPaybillJobId } from '../../../src/modules/slip/paybill-offer.service';
import { C2bRail } from '../../../src/modules/processor/rails/c2b/c2b.rail';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually, jobsFinished } from './support';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * A C2B validation / confirmation body exactly as Daraja's documentation shows it
 * (docs/PROVIDERS.md "Daraja C2B"), with the fields a case changes.
 */
const c2bBody = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  TransactionType: 'Pay Bill',
  TransID: 'RKTQDM7W6S',
  TransTime: '20191122063845',
  TransAmount: '10',
  BusinessShortCode: '600984',
  BillRefNumber: 'invoice008',
  InvoiceNumber: '',
  OrgAccountBalance: '',
  ThirdPartyTransID: '',
  MSISDN: '25470****149',
  FirstName: 'John',
  MiddleName: '',
  LastName: 'Doe',
  ...over,
});

/**
 * M-Pesa paybill (Daraja C2B) end to end with real PostgreSQL and Redis (docs/PRODUCT-RULES.md
 * R200-R204): reference → validation → confirmation → paid once, picks by SMS to the bound phone;
 * refusals at validation; unmatched money at confirmation; repeated TransIDs; bad bodies.
 */
describe('M-Pesa paybill (Daraja C2B)', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];
  let token: string;
  let seq = 0;
  let tipsterN = 0;
  let transN = 0;
  const run = String(Date.now()).slice(-5);
  const nextPhone = (): { local: string; msisdn: string } => {
    const tail = `${run}${String(++seq).padStart(3, '0')}`;
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };
  const nextTransId = (): string => `RK${run}${String(++transN).padStart(3, '0')}`;
  /** A slip on sale at Ksh 50 by a fresh tipster (can-post: 2 slips per tipster per day). */
  const newSlip = async (): Promise<number> => {
    const tipster = await createUser(t.ds, { username: `c2b_tipster_${run}_${++tipsterN}` });
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

  const reference = (phone: string, slip: unknown) =>
    t.request('POST', '/api/processor/buy-paybill', { body: { phone, slip } });
  const validate = (body: unknown, tk = token) =>
    t.request('POST', `/api/processor/c2b/validation/${tk}`, { body });
  const confirm = (body: unknown, tk = token) =>
    t.request('POST', `/api/processor/c2b/confirmation/${tk}`, { body });
  const inbox = async (msisdn: string): Promise<{ body: string }[]> =>
    (await t.request('GET', `/sandbox/api/phones/${msisdn}`)).body.messages;
  const purchase = async (account: string) =>
    (await t.ds.query(`SELECT * FROM purchase WHERE code = $1`, [account]))[0];
  const unmatched = (transId: string) =>
    t.ds.query(`SELECT * FROM unmatched_payment WHERE trans_id = $1`, [transId]);
  const confirmed = (transId: string) => jobsFinished(t, QUEUE.PAYMENTS, [jobId('c2b', transId)]);

  describe('reference', () => {
    it('issues a reference bound to the phone, the slip and its price for 24 h, the same one when asked again', async () => {
      const { local, msisdn } = nextPhone();
      const slip = await newSlip();
      const first = await reference(local, slip);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        paybill: '600984',
        account: expect.stringMatching(/^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/),
        amount: '50.00',
        expires_at: '2026-11-24T09:00:00.000Z',
      });
      expect((await reference(local, slip)).body).toEqual(first.body);
      expect(await purchase(first.body.account)).toMatchObject({
        provider: 'c2b',
        status: 'pending',
        phone: msisdn,
        slip_id: String(slip),
        amount: '50.00',
        stk_prompt_open: false,
      });
    });

    it('refuses what buy refuses: no slip, a bad phone, an unknown slip', async () => {
      expect(await reference('0712000000', '')).toMatchObject({ status: 400 });
      expect(await reference('12', await newSlip())).toMatchObject({ status: 400 });
      expect(await reference(nextPhone().local, 999_999)).toMatchObject({
        status: 400,
        body: { message: 'Slip not found' },
      });
    });

    it("refuses a self-excluded phone and a phone past its daily cap with the gate's 403, before any reference", async () => {
      const excluded = nextPhone();
      await t.ds.query(
        `INSERT INTO rg_limit (phone, excluded_until) VALUES ($1, '2027-01-01T00:00:00Z')`,
        [excluded.msisdn],
      );
      expect((await reference(excluded.local, await newSlip())).status).toBe(403);
      const capped = nextPhone();
      await t.ds.query(`INSERT INTO rg_limit (phone, daily_cap_ksh) VALUES ($1, 10)`, [
        capped.msisdn,
      ]);
      expect((await reference(capped.local, await newSlip())).status).toBe(403);
      expect(
        await t.ds.query(`SELECT id FROM purchase WHERE phone = ANY($1)`, [
          [excluded.msisdn, capped.msisdn],
        ]),
      ).toEqual([]);
    });
  });

  describe('validation (docs/PRODUCT-RULES.md R201)', () => {
    it('accepts the reference at its price, as a string or a number, any case', async () => {
      const { local } = nextPhone();
      const { account } = (await reference(local, await newSlip())).body;
      for (const body of [
        c2bBody({ BillRefNumber: account, TransAmount: '50' }),
        c2bBody({ BillRefNumber: account.toLowerCase(), TransAmount: 50 }),
        c2bBody({ BillRefNumber: ` ${account} `, TransAmount: '50.00', BusinessShortCode: 600984 }),
      ]) {
        expect(await validate(body)).toMatchObject({
          status: 200,
          body: { ResultCode: '0', ResultDesc: 'Accepted' },
        });
      }
    });

    it('refuses an unknown or expired reference (C2B00012), another amount (C2B00013), another paybill (C2B00015)', async () => {
      const { local } = nextPhone();
      const { account } = (await reference(local, await newSlip())).body;
      expect(
        (await validate(c2bBody({ BillRefNumber: 'ZZZZZZZZ', TransAmount: '50' }))).body,
      ).toEqual({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });
      expect(
        (await validate(c2bBody({ BillRefNumber: account, TransAmount: '49' }))).body.ResultCode,
      ).toBe('C2B00013');
      expect(
        (await validate(c2bBody({ BillRefNumber: account, TransAmount: 500 }))).body.ResultCode,
      ).toBe('C2B00013');
      expect(
        (
          await validate(
            c2bBody({ BillRefNumber: account, TransAmount: '50', BusinessShortCode: '600000' }),
          )
        ).body.ResultCode,
      ).toBe('C2B00015');
      const p = await purchase(account);
      await t.ds.query(
        `UPDATE c2b_reference SET expires_at = '2026-11-23T08:59:59Z' WHERE purchase_id = $1`,
        [p.id],
      );
      expect(
        (await validate(c2bBody({ BillRefNumber: account, TransAmount: '50' }))).body.ResultCode,
      ).toBe('C2B00012');
    });

    it.each([
      ['an empty object', {}, 'C2B00016'],
      ['no BillRefNumber', c2bBody({ BillRefNumber: undefined }), 'C2B00012'],
      ['an amount that is not one', c2bBody({ TransAmount: 'ten' }), 'C2B00013'],
      ['a zero amount', c2bBody({ TransAmount: 0 }), 'C2B00013'],
      ['a BusinessShortCode of letters', c2bBody({ BusinessShortCode: 'paybill' }), 'C2B00015'],
      ['a TransID of symbols', c2bBody({ TransID: '<script>' }), 'C2B00016'],
      ['an array', [c2bBody()], 'C2B00016'],
    ])('answers a body with %s by a documented rejection, never a 500', async (_, body, code) => {
      expect(await validate(body)).toMatchObject({
        status: 200,
        body: { ResultCode: code, ResultDesc: 'Rejected' },
      });
    });

    it('answers a body that is not JSON by a 4xx with a message, never a 500', async () => {
      const res = await validate('Pay Bill');
      expect(res.status).toBe(415);
      expect(res.body.message).toBeTruthy();
    });

    it('answers 403 to a wrong path token', async () => {
      expect((await validate(c2bBody(), 'wrong-token-0000000000')).status).toBe(403);
      expect((await confirm(c2bBody(), 'wrong-token-0000000000')).status).toBe(403);
    });
  });

  describe('paybill offered by SMS after a missed STK prompt (docs/PRODUCT-RULES.md R205)', () => {
    /** Daraja's STK callback of a prompt that did not pay (docs/PROVIDERS.md §1.6), as documented. */
    const unpaidCallback = (checkoutRequestId: string, resultCode: number, resultDesc: string) => ({
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: checkoutRequestId,
          ResultCode: resultCode,
          ResultDesc: resultDesc,
        },
      },
    });
    /** A web STK buy of a fresh slip, then Daraja's callback `resultCode` for it, applied. */
    const missedPrompt = async (resultCode: number, resultDesc: string) => {
      const phone = nextPhone();
      const slip = await newSlip();
      expect(
        (await t.request('POST', '/api/processor/buy', { body: { phone: phone.local, slip } }))
          .body,
      ).toEqual({ message: 'Request Sent' });
      const stk = await eventually(async () => {
        const [p] = await t.ds.query(
          `SELECT * FROM purchase WHERE phone = $1 AND provider = 'mpesa' AND checkout_request_id IS NOT NULL`,
          [phone.msisdn],
        );
        return p;
      });
      const res = await t.request('POST', `/api/processor/mpesa/callback/${token}`, {
        body: unpaidCallback(stk.checkout_request_id, resultCode, resultDesc),
      });
      expect(res.status).toBe(200);
      await jobsFinished(t, QUEUE.PAYMENTS, [jobId('mpesa', stk.checkout_request_id)]);
      return { ...phone, slip, stk: await purchase(stk.code) };
    };
    const offerSms = (msisdn: string) =>
      t.ds.query(
        `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'paybill-offer' ORDER BY id`,
        [msisdn],
      );

    it.each([
      [1037, 'DS timeout user cannot be reached', 'timeout'],
      [1032, 'Request cancelled by user', 'cancelled'],
    ])(
      'after %i texts "No prompt? Pay bill N, account R, Ksh P" once; the reference is buy-paybill\'s and a C2B confirmation pays it',
      async (code, desc, status) => {
        const { local, msisdn, slip, stk } = await missedPrompt(code, desc);
        expect(stk.status).toBe(status);
        await jobsFinished(t, QUEUE.SETTLEMENT, [offerPaybillJobId(String(stk.id))]);
        const sms = await eventually(async () =>
          (await inbox(msisdn)).find((m) => m.body.startsWith('No prompt?')),
        );
        const [, account] = new RegExp(
          `^No prompt\\? Pay bill 600984, account ([A-Z0-9]{8}), Ksh 50 on M-Pesa within 24 hours for slip ${slip}\\.`,
        ).exec(sms.body) as RegExpExecArray;
        expect(await offerSms(msisdn)).toEqual([{ body: sms.body }]);
        // The same reference the web's buy-paybill answers for this phone and slip.
        expect((await reference(local, slip)).body).toMatchObject({
          paybill: '600984',
          account,
          amount: '50.00',
        });
        // The callback again: nothing more.
        await t.request('POST', `/api/processor/mpesa/callback/${token}`, {
          body: unpaidCallback(stk.checkout_request_id, code, desc),
        });
        await jobsFinished(t, QUEUE.PAYMENTS, [jobId('mpesa', stk.checkout_request_id)]);
        expect(await offerSms(msisdn)).toHaveLength(1);

        const transId = nextTransId();
        await confirm(c2bBody({ BillRefNumber: account, TransAmount: '50', TransID: transId }));
        await confirmed(transId);
        expect(await purchase(account)).toMatchObject({ status: 'paid', receipt: transId });
        await eventually(async () =>
          (await inbox(msisdn)).some((m) => m.body.startsWith(`Slip ${slip} code ${account}`)),
        );
      },
    );

    it('sends nothing after a failed prompt (wrong PIN, 2001) nor for a phone self-excluded since', async () => {
      const failed = await missedPrompt(2001, 'The initiator information is invalid.');
      expect(failed.stk.status).toBe('failed');
      expect(
        await t
          .get(JobProducer)
          .queue(QUEUE.SETTLEMENT)
          .getJob(offerPaybillJobId(String(failed.stk.id))),
      ).toBeUndefined();

      const phone = nextPhone();
      const slip = await newSlip();
      await t.request('POST', '/api/processor/buy', { body: { phone: phone.local, slip } });
      const stk = await eventually(
        async () =>
          (
            await t.ds.query(
              `SELECT * FROM purchase WHERE phone = $1 AND checkout_request_id IS NOT NULL`,
              [phone.msisdn],
            )
          )[0],
      );
      await t.ds.query(
        `INSERT INTO rg_limit (phone, excluded_until) VALUES ($1, '2027-01-01T00:00:00Z')`,
        [phone.msisdn],
      );
      await t.request('POST', `/api/processor/mpesa/callback/${token}`, {
        body: unpaidCallback(stk.checkout_request_id, 1037, 'DS timeout user cannot be reached'),
      });
      await jobsFinished(t, QUEUE.PAYMENTS, [jobId('mpesa', stk.checkout_request_id)]);
      await jobsFinished(t, QUEUE.SETTLEMENT, [offerPaybillJobId(String(stk.id))]);
      const job = await t
        .get(JobProducer)
        .queue(QUEUE.SETTLEMENT)
        .getJob(offerPaybillJobId(String(stk.id)));
      expect(job?.returnvalue).toEqual({ outcome: 'refused' });
      expect(await offerSms(phone.msisdn)).toEqual([]);
      expect(
        await t.ds.query(`SELECT id FROM purchase WHERE phone = $1 AND provider = 'c2b'`, [
          phone.msisdn,
        ]),
      ).toEqual([]);
    });
  });

  describe('confirmation (docs/PRODUCT-RULES.md R202, R203)', () => {
    it('pays the purchase once through the payments queue and sends the picks to the bound phone', async () => {
      const { local, msisdn } = nextPhone();
      const { account } = (await reference(local, await newSlip())).body;
      const transId = nextTransId();
      expect(
        (await validate(c2bBody({ BillRefNumber: account, TransAmount: '50', TransID: transId })))
          .body.ResultCode,
      ).toBe('0');
      expect(
        await confirm(c2bBody({ BillRefNumber: account, TransAmount: '50', TransID: transId })),
      ).toMatchObject({ status: 200, body: { ResultCode: '0', ResultDesc: 'Success' } });
      await confirmed(transId);
      expect(await purchase(account)).toMatchObject({
        status: 'paid',
        receipt: transId,
        paid_amount: '50.00',
      });
      const sms = await eventually(async () =>
        (await inbox(msisdn)).find((m) => m.body.includes(account)),
      );
      expect(sms.body).toContain(account);
      const ledger = await t.ds.query(
        `SELECT kind, amount::text FROM ledger_entry WHERE purchase_id = $1 ORDER BY kind`,
        [(await purchase(account)).id],
      );
      expect(ledger).toEqual([
        { kind: 'platform_fee', amount: '20.00' },
        { kind: 'sale_share', amount: '30.00' },
      ]);
      // The reference is spent: validation now refuses it.
      expect(
        (await validate(c2bBody({ BillRefNumber: account, TransAmount: '50' }))).body.ResultCode,
      ).toBe('C2B00012');
    });

    it('credits once however many times, in whatever order, one TransID is confirmed', async () => {
      for (const copies of [1, 3, 10]) {
        const { local, msisdn } = nextPhone();
        const { account } = (await reference(local, await newSlip())).body;
        const transId = nextTransId();
        const bodies = Array.from({ length: copies }, (_, i) =>
          c2bBody({
            BillRefNumber: i % 2 ? account.toLowerCase() : account,
            TransAmount: i % 3 ? 50 : '50.00',
            TransID: transId,
          }),
        ).sort(() => Math.random() - 0.5);
        const answers = await Promise.all(bodies.map((b) => confirm(b)));
        expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
        await confirmed(transId);
        const p = await purchase(account);
        expect(p).toMatchObject({ status: 'paid', receipt: transId });
        expect(
          await t.ds.query(`SELECT count(*)::int AS n FROM ledger_entry WHERE purchase_id = $1`, [
            p.id,
          ]),
        ).toEqual([{ n: 2 }]);
        expect(await unmatched(transId)).toEqual([]);
        await eventually(async () => (await inbox(msisdn)).some((m) => m.body.includes(account)));
        expect((await inbox(msisdn)).filter((m) => m.body.includes(account))).toHaveLength(1);
      }
    });

    it('records an unknown reference (validation off) for refund, once', async () => {
      const transId = nextTransId();
      for (let i = 0; i < 3; i++)
        await confirm(c2bBody({ BillRefNumber: 'NOSUCHREF', TransAmount: '75', TransID: transId }));
      await confirmed(transId);
      expect(await unmatched(transId)).toEqual([
        expect.objectContaining({
          reason: 'unknown-reference',
          bill_ref_number: 'NOSUCHREF',
          amount: '75.00',
          purchase_id: null,
          msisdn: '25470****149',
          first_name: 'John',
        }),
      ]);
    });

    it('records an overpayment, an underpayment and a second payment of a paid reference; the purchase is paid only by its price', async () => {
      const { local } = nextPhone();
      const { account } = (await reference(local, await newSlip())).body;
      const over = nextTransId();
      const under = nextTransId();
      await confirm(c2bBody({ BillRefNumber: account, TransAmount: '60', TransID: over }));
      await confirm(c2bBody({ BillRefNumber: account, TransAmount: 10, TransID: under }));
      await confirmed(over);
      await confirmed(under);
      const p = await purchase(account);
      expect(p.status).toBe('pending');
      expect((await unmatched(over))[0]).toMatchObject({
        reason: 'amount-mismatch',
        amount: '60.00',
        purchase_id: p.id,
      });
      expect((await unmatched(under))[0]).toMatchObject({
        reason: 'amount-mismatch',
        amount: '10.00',
      });
      const good = nextTransId();
      const again = nextTransId();
      await confirm(c2bBody({ BillRefNumber: account, TransAmount: '50', TransID: good }));
      await confirmed(good);
      await confirm(c2bBody({ BillRefNumber: account, TransAmount: '50', TransID: again }));
      await confirmed(again);
      expect(await purchase(account)).toMatchObject({ status: 'paid', receipt: good });
      expect((await unmatched(again))[0]).toMatchObject({
        reason: 'closed-reference',
        purchase_id: p.id,
      });
    });

    it('records a payment to an expired reference, and reconciliation closes the reference as timed out', async () => {
      const { local } = nextPhone();
      const { account } = (await reference(local, await newSlip())).body;
      const p = await purchase(account);
      await t.ds.query(
        `UPDATE c2b_reference SET expires_at = '2026-11-23T08:00:00Z' WHERE purchase_id = $1`,
        [p.id],
      );
      const transId = nextTransId();
      await confirm(c2bBody({ BillRefNumber: account, TransAmount: '50', TransID: transId }));
      await confirmed(transId);
      expect((await unmatched(transId))[0]).toMatchObject({ reason: 'expired-reference' });
      const rail = t.get(C2bRail);
      expect(await rail.reconcile({ ...p, id: String(p.id) })).toBe('closed');
      expect(await purchase(account)).toMatchObject({
        status: 'timeout',
        result_code: 'c2b-expired',
      });
      expect((await reference(local, p.slip_id)).body.account).not.toBe(account);
    });

    it.each([
      ['an empty object', {}],
      ['no TransID', c2bBody({ TransID: undefined })],
      ['a negative amount', c2bBody({ TransAmount: '-50' })],
      ['an amount object', c2bBody({ TransAmount: { value: 50 } })],
      ['an array', [c2bBody()]],
      ['null', null],
    ])(
      'answers a body with %s by 400 naming the field, never a 500, and records nothing',
      async (_, body) => {
        const res = await confirm(body);
        expect(res.status).toBe(400);
        expect(typeof res.body.message).toBe('string');
      },
    );
  });
});
