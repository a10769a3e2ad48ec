import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { JOB, jobId, QUEUE } from '../../../src/common/queues/queues';
import { Money } from '../../../src/common/money/money';
import { AppConfig } from '../../../src/config/app-config';
import { LedgerService } from '../../../src/modules/ledger/ledger.service';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { AT_DELIVERY_REPORT_PATH } from '../../../src/sandbox/sandbox.constants';
import { createTestContext, TestContext } from '../../setup/test-app';
import { createUser } from '../../factories/account';
import { AtStub } from './at-stub';
import {
  eventually,
  jobsFinished,
  purchasesOf,
  sandboxDeliveries,
  stkCallbackBody,
} from './support';
import { expectMoneyInvariants } from '../../support/money-invariants';

/**
 * Subscriptions paid by M-Pesa (and Flutterwave) through the provider sandboxes, real PostgreSQL
 * and Redis (docs/PRODUCT-RULES.md "Purchases and provider callbacks"): STK push → sandbox phone →
 * callback → payments worker → subscription + ledger + SMS (sent to an Africa's Talking stub,
 * AtStub) → delivery report.
 */
describe('Subscription purchase by M-Pesa', () => {
  let t: TestContext;
  let token: string;
  let at: AtStub;
  let seq = 0;
  /** A fresh local phone number per test ('07…'), and its MSISDN. */
  const nextPhone = (): { local: string; msisdn: string } => {
    const tail = String(12_000_100 + ++seq).slice(-8);
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };

  beforeAll(async () => {
    at = await AtStub.start();
    t = await createTestContext({
      role: 'all',
      listen: true,
      // Prompts keep the sandbox's 60 s deadline, so no test races it on a busy machine; the
      // timeout test brings its prompt's deadline forward.
      env: { SANDBOX_AUTO_ACCEPT: '0', SANDBOX_CALLBACK_RETRY_MS: '100', AT_BASE_URL: at.origin },
    });
    token = t.get(AppConfig).mpesa.callbackToken;
    at.reportUrl = `${t.baseUrl}${AT_DELIVERY_REPORT_PATH}/${t.get(AppConfig).africasTalking.callbackToken}`;
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
    await at?.close();
  });

  const subscribe = (phone: string, type = 'silver', days = 30) =>
    t.request('POST', '/api/processor/subscribe', { body: { phone, type, days } });
  /** Subscribes and returns the pending purchase with its CheckoutRequestID. */
  const pendingPurchase = async (type = 'silver') => {
    const phone = nextPhone();
    const res = await subscribe(phone.local, type);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Request Sent' });
    const [purchase] = await purchasesOf(t.ds, phone.msisdn);
    expect(purchase).toMatchObject({
      kind: 'subscription',
      status: 'pending',
      checkout_request_id: expect.stringMatching(/^ws_CO_/),
    });
    return { phone, purchase };
  };
  const answer = (msisdn: string, id: string, action: string, body: unknown = {}) =>
    t.request('POST', `/sandbox/api/phones/${msisdn}/prompts/${id}/${action}`, { body });
  const purchaseById = async (id: string) =>
    (await t.ds.query(`SELECT * FROM purchase WHERE id = $1`, [id]))[0];
  const settled = (id: string) =>
    eventually(async () => {
      const p = await purchaseById(id);
      return p.status !== 'pending' ? p : null;
    });
  const count = async (sql: string, params: unknown[]) =>
    Number((await t.ds.query(sql, params))[0].n);
  const postCallback = (body: unknown, tok = token) =>
    t.request('POST', `/api/processor/mpesa/callback/${tok}`, { body });

  it('lists the seeded subscription kinds', async () => {
    const res = await t.request('GET', '/api/manage/get-subscription-kind');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      gold: {
        price: '2000.00',
        type: 'gold',
        title: 'Gold',
        description: expect.any(String),
        days: 1000,
      },
      silver: {
        price: '500.00',
        type: 'silver',
        title: 'Silver',
        description: expect.any(String),
        days: 30,
      },
      bronze: {
        price: '200.00',
        type: 'bronze',
        title: 'Bronze',
        description: expect.any(String),
        days: 7,
      },
    });
  });

  it('refuses a bad phone or an unknown type with 400 and the message, and no push', async () => {
    expect(await subscribe('07123')).toMatchObject({
      status: 400,
      body: { message: 'Enter a valid phone number' },
    });
    expect(await subscribe('0712345678', 'platinum')).toMatchObject({
      status: 400,
      body: { message: 'Choose a valid subscription' },
    });
    expect(await count(`SELECT count(*) n FROM purchase`, [])).toBe(0);
    expect(
      await t.request('GET', '/api/manage/get-subscription-slips/12345?code=ACDEFGHJ'),
    ).toMatchObject({ status: 400, body: { message: 'Enter Valid Phone Number' } });
  });

  it('pays end to end: prompt accepted → paid with receipt, active subscription, ledger, SMS delivered; a second one extends', async () => {
    const { phone, purchase } = await pendingPurchase('silver');
    const panel = (code: string) =>
      t.request(
        'GET',
        `/api/manage/get-subscription-slips/${phone.local}?code=${encodeURIComponent(code)}`,
      );
    expect(await panel(purchase.code)).toMatchObject({
      status: 404,
      body: { message: 'No active subscription matches this phone number and code' },
    });
    const prompt = (await t.request('GET', `/sandbox/api/phones/${phone.msisdn}`)).body.prompts[0];
    expect(prompt).toMatchObject({
      checkoutRequestId: purchase.checkout_request_id,
      amount: '500.00',
      accountReference: purchase.code,
    });

    const accepted = await answer(phone.msisdn, purchase.checkout_request_id, 'accept', {
      pin: '1234',
    });
    expect(accepted.status).toBe(200);
    const paid = await settled(purchase.id);
    expect(paid).toMatchObject({
      status: 'paid',
      receipt: accepted.body.receipt,
      result_code: '0',
      paid_amount: '500.00',
      review_reason: null,
    });

    const subs = await t.ds.query(`SELECT * FROM subscription WHERE phone = $1`, [phone.msisdn]);
    expect(subs).toHaveLength(1);
    expect(subs[0].ends_at.getTime() - subs[0].starts_at.getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(
      await t.ds.query(
        `SELECT account, kind, amount, status FROM ledger_entry WHERE purchase_id = $1`,
        [purchase.id],
      ),
    ).toEqual([{ account: 'platform', kind: 'subscription_sale', amount: '500.00', status: 'P' }]);
    const sms = await eventually(async () => {
      const rows = await t.ds.query(`SELECT * FROM sms_outbox WHERE to_msisdn = $1`, [
        phone.msisdn,
      ]);
      return rows[0]?.status === 'delivered' ? rows : null;
    });
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      purpose: 'subscription-confirm',
      attempts: 1,
      provider_message_id: expect.stringMatching(/^ATXid_/),
      delivery_status: 'Success',
    });
    expect(sms[0].body).toContain(`Silver subscription active until`);
    // The SMS tells the subscriber where premium tips are and the code that opens them.
    expect(sms[0].body).toContain(
      `${t.baseUrl}/subscriptions with your phone and code ${purchase.code}`,
    );
    expect(at.accepted.filter((m) => m.to === `+${phone.msisdn}`)).toEqual([
      { to: `+${phone.msisdn}`, message: sms[0].body, messageId: sms[0].provider_message_id },
    ]);

    expect(await panel(purchase.code)).toMatchObject({ status: 200, body: { data: [] } });
    expect(await panel(accepted.body.receipt)).toMatchObject({ status: 200, body: { data: [] } });

    // A second subscription extends the first.
    await subscribe(phone.local, 'bronze');
    const [second] = await purchasesOf(t.ds, phone.msisdn);
    expect(second.id).not.toBe(purchase.id);
    await answer(phone.msisdn, second.checkout_request_id, 'accept', { pin: '9999' });
    expect(await settled(second.id)).toMatchObject({ status: 'paid' });
    const both = await t.ds.query(`SELECT * FROM subscription WHERE phone = $1 ORDER BY ends_at`, [
      phone.msisdn,
    ]);
    expect(both).toHaveLength(2);
    expect(both[1].starts_at.getTime()).toBe(both[0].ends_at.getTime());
    expect(both[1].ends_at.getTime() - both[0].ends_at.getTime()).toBe(7 * 24 * 3600 * 1000);
  });

  it("shows subscribed on the account's own profile while a subscription of its phone runs (docs/PRODUCT-RULES.md R117)", async () => {
    const { phone, purchase } = await pendingPurchase('bronze');
    const { user, token: userToken } = await createUser(t.ds, { phoneNumber: phone.local });
    const { token: otherToken } = await createUser(t.ds);
    const own = async (tok: string) =>
      (await t.request('GET', '/api/account/profile', { token: tok })).body.profile.subscribed;
    expect(await own(userToken)).toBe(false);

    expect(
      (await answer(phone.msisdn, purchase.checkout_request_id, 'accept', { pin: '1234' })).status,
    ).toBe(200);
    expect(await settled(purchase.id)).toMatchObject({ status: 'paid' });
    expect(await own(userToken)).toBe(true);
    expect(await own(otherToken)).toBe(false);
    // Never disclosed on the public profile.
    expect(
      (await t.request('GET', `/api/account/profile/${user.username}`)).body.profile.subscribed,
    ).toBe(false);
  });

  it('answers 502 when M-Pesa refuses the push (purchase failed) or its outcome is unknown (kept pending, flagged)', async () => {
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'daraja.stkpush', count: 1, status: 400 },
    });
    const refused = nextPhone();
    const res = await subscribe(refused.local, 'gold');
    expect(res).toMatchObject({
      status: 502,
      body: { message: 'M-Pesa request failed. Try again' },
    });
    expect((await purchasesOf(t.ds, refused.msisdn))[0]).toMatchObject({
      status: 'failed',
      checkout_request_id: null,
      amount: '2000.00',
    });

    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'daraja.stkpush', count: 1, status: 500 },
    });
    const unknown = nextPhone();
    expect((await subscribe(unknown.local, 'gold')).status).toBe(502);
    expect((await purchasesOf(t.ds, unknown.msisdn))[0]).toMatchObject({
      status: 'pending',
      checkout_request_id: null,
      review_reason: expect.stringContaining('payment request outcome unknown'),
    });
  });

  it('declined (1032): cancelled, no subscription, no ledger, no SMS', async () => {
    const { phone, purchase } = await pendingPurchase('bronze');
    await answer(phone.msisdn, purchase.checkout_request_id, 'decline');
    expect(await settled(purchase.id)).toMatchObject({
      status: 'cancelled',
      result_code: '1032',
      receipt: null,
    });
    expect(
      await count(`SELECT count(*) n FROM subscription WHERE phone = $1`, [phone.msisdn]),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [purchase.id]),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) n FROM sms_outbox WHERE to_msisdn = $1`, [phone.msisdn]),
    ).toBe(0);
  });

  it('timed out (1037): the prompt left alone ends as timeout', async () => {
    const { phone, purchase } = await pendingPurchase('bronze');
    // Left alone until its deadline (the sandbox's sweeper reads it from the database).
    await t.ds.query(
      `UPDATE sandbox_stk_request SET expires_at = now() WHERE checkout_request_id = $1`,
      [purchase.checkout_request_id],
    );
    expect(await settled(purchase.id)).toMatchObject({ status: 'timeout', result_code: '1037' });
    expect(
      await count(`SELECT count(*) n FROM subscription WHERE phone = $1`, [phone.msisdn]),
    ).toBe(0);
  });

  it('credits once when the same callback arrives 5 times in a row and 5 times at once', async () => {
    const { phone, purchase } = await pendingPurchase('bronze');
    const body = stkCallbackBody(purchase.checkout_request_id, 0, 200, 'TKE4H7Q2Z1', phone.msisdn);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => postCallback(body)));
    expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(concurrent[0].body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    for (let i = 0; i < 5; i++) expect((await postCallback(body)).status).toBe(200);
    expect(await settled(purchase.id)).toMatchObject({ status: 'paid', receipt: 'TKE4H7Q2Z1' });

    // The worker's own guard, without BullMQ's jobId dedup: 5 concurrent confirmations of another purchase.
    const other = await pendingPurchase('bronze');
    const service = t.get(PurchaseService);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        service.confirmMpesa({
          merchantRequestId: 'm',
          checkoutRequestId: other.purchase.checkout_request_id,
          resultCode: '0',
          resultDesc: 'ok',
          outcome: 'paid',
          receipt: 'TKE4H7Q2Z2',
          amountKsh: '200.00',
        }),
      ),
    );
    expect(results.sort()).toEqual(['noop', 'noop', 'noop', 'noop', 'paid']);
    // Every copy of the callback shares one job (its CheckoutRequestID): once it has finished, nothing more comes.
    await jobsFinished(t, QUEUE.PAYMENTS, [jobId('mpesa', purchase.checkout_request_id)]);
    for (const p of [purchase, other.purchase]) {
      expect(
        await count(`SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [p.id]),
      ).toBe(1);
      expect(
        await count(`SELECT count(*) n FROM subscription WHERE purchase_id = $1`, [p.id]),
      ).toBe(1);
    }
    for (const ph of [phone, other.phone]) {
      expect(
        await count(`SELECT count(*) n FROM sms_outbox WHERE to_msisdn = $1`, [ph.msisdn]),
      ).toBe(1);
    }
  });

  it('applies a callback that arrives before the purchase is committed, once it is', async () => {
    const phone = nextPhone();
    const checkoutRequestId = `ws_CO_early${Date.now()}`;
    const qr = t.ds.createQueryRunner();
    await qr.connect();
    await qr.startTransaction();
    try {
      const [row] = await qr.query(
        `INSERT INTO purchase (kind, subscription_type, phone, amount, provider, checkout_request_id, code)
         VALUES ('subscription', 'bronze', $1, 200, 'mpesa', $2, 'EARLYCD3') RETURNING id`,
        [phone.msisdn, checkoutRequestId],
      );
      expect(
        (await postCallback(stkCallbackBody(checkoutRequestId, 0, 200, 'TKE4H7QEAR', phone.msisdn)))
          .status,
      ).toBe(200);
      // The first attempt finds nothing and is retried with backoff.
      const job = jobId('mpesa', checkoutRequestId);
      await eventually(
        async () =>
          ((await t.get(JobProducer).queue(QUEUE.PAYMENTS).getJob(job))?.attemptsMade ?? 0) >= 1,
      );
      expect(
        await count(`SELECT count(*) n FROM purchase WHERE checkout_request_id = $1`, [
          checkoutRequestId,
        ]),
      ).toBe(0);
      await qr.commitTransaction();
      expect(await settled(String(row.id))).toMatchObject({
        status: 'paid',
        receipt: 'TKE4H7QEAR',
      });
    } finally {
      if (qr.isTransactionActive) await qr.rollbackTransaction();
      await qr.release();
    }
  });

  it('flags an amount mismatch for review and credits nothing', async () => {
    const { phone, purchase } = await pendingPurchase('silver');
    await postCallback(
      stkCallbackBody(purchase.checkout_request_id, 0, 1, 'TKE4H7QMIS', phone.msisdn),
    );
    const p = await settled(purchase.id);
    expect(p).toMatchObject({
      status: 'failed',
      paid_amount: '1.00',
      receipt: 'TKE4H7QMIS',
      review_reason: 'amount mismatch: paid 1.00, expected 500.00',
    });
    expect(
      await count(`SELECT count(*) n FROM subscription WHERE phone = $1`, [phone.msisdn]),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [purchase.id]),
    ).toBe(0);
  });

  it('answers a wrong callback token with 404 and a bad callback body with 400, enqueueing nothing', async () => {
    const res = await postCallback(stkCallbackBody('ws_CO_x', 0, 200), 'wrong-token-1234567890');
    expect(res.status).toBe(404);
    expect((await postCallback({ Body: {} })).status).toBe(400);
  });

  it('answers a Flutterwave webhook with a wrong or missing verif-hash with 401', async () => {
    const body = {
      event: 'charge.completed',
      data: {
        id: 4817290,
        tx_ref: 'NG-SUB-1',
        status: 'successful',
        amount: 2500,
        currency: 'NGN',
      },
    };
    expect(
      (
        await t.request('POST', '/api/processor/flutterwave/webhook', {
          body,
          headers: { 'verif-hash': 'wrong' },
        })
      ).status,
    ).toBe(401);
    expect((await t.request('POST', '/api/processor/flutterwave/webhook', { body })).status).toBe(
      401,
    );
    const ok = await t.request('POST', '/api/processor/flutterwave/webhook', {
      body,
      headers: { 'verif-hash': t.get(AppConfig).flutterwave.secretHash },
    });
    expect(ok).toMatchObject({ status: 200, body: { status: 'success' } });
  });

  it('pays by Flutterwave: hosted page → webhook → verify by id → paid once; a replayed webhook is a no-op', async () => {
    const phone = nextPhone();
    const service = t.get(PurchaseService);
    const { purchase, link } = await service.startFlutterwave({
      kind: 'subscription',
      subscriptionType: 'bronze',
      phone: phone.msisdn,
      email: 'buyer@example.com',
      amount: Money.parse('2500'),
      amountKsh: Money.parse('208.33'),
      currency: 'NGN',
      redirectUrl: `${t.baseUrl}/find_tip_ng`,
      title: 'Bronze subscription',
    });
    expect(purchase.txRef).toBe(`NGN-SUBSCRIPTION-${purchase.code}`);
    const paid = await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const transactionId = new URL(paid.headers.get('location') as string).searchParams.get(
      'transaction_id',
    );
    expect(await settled(purchase.id)).toMatchObject({
      status: 'paid',
      provider: 'flutterwave',
      flw_transaction_id: transactionId,
      currency: 'NGN',
    });
    expect(
      await count(`SELECT count(*) n FROM subscription WHERE purchase_id = $1`, [purchase.id]),
    ).toBe(1);

    const replay = await t.request(
      'POST',
      `/sandbox/api/flutterwave/transactions/${transactionId}/resend-webhook`,
    );
    expect(replay.status).toBe(202);
    // The replayed webhook has reached the app (answered) and its job, shared with the first, has finished.
    await eventually(async () => {
      const hooks = (await sandboxDeliveries(t, purchase.txRef as string)).filter(
        (d) => d.kind === 'callback.flutterwave.webhook',
      );
      return hooks.length === 2 && hooks.every((d) => d.state === 'delivered');
    });
    await jobsFinished(t, QUEUE.PAYMENTS, [jobId('flw', purchase.txRef as string)]);
    expect(
      await count(`SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [purchase.id]),
    ).toBe(1);
    expect(
      await count(`SELECT count(*) n FROM subscription WHERE purchase_id = $1`, [purchase.id]),
    ).toBe(1);
  });

  it('records a slip sale once: tipster 60% pending (W), platform 40% (P) — the slip fulfilment helper', async () => {
    const { user } = await createUser(t.ds);
    const [row] = await t.ds.query(
      `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status) VALUES ('slip', 4521, '254712999001', 150.50, 'mpesa', 'SALECD34', 'paid') RETURNING id`,
    );
    const ledger = t.get(LedgerService);
    for (let i = 0; i < 2; i++) {
      await t.ds.transaction((em) =>
        ledger.recordSaleShares(em, [
          { purchaseId: String(row.id), amount: Money.parse('150.50'), tipsterUserId: user.id },
        ]),
      );
    }
    expect(
      await t.ds.query(
        `SELECT user_id, account, kind, amount, status FROM ledger_entry WHERE purchase_id = $1 ORDER BY id`,
        [row.id],
      ),
    ).toEqual([
      { user_id: user.id, account: 'tipster', kind: 'sale_share', amount: '90.30', status: 'W' },
      { user_id: null, account: 'platform', kind: 'platform_fee', amount: '60.20', status: 'P' },
    ]);
  });

  it('reconciles a purchase whose callback never came, by STK query', async () => {
    const { phone, purchase } = await pendingPurchase('bronze');
    const accepted = await answer(phone.msisdn, purchase.checkout_request_id, 'accept', {
      pin: '1234',
      callback: false,
    });
    expect(accepted.status).toBe(200);
    // The sandbox dropped the callback (given up, never attempted): the app never hears of the payment.
    expect(await sandboxDeliveries(t, purchase.checkout_request_id)).toMatchObject([
      { state: 'gave_up', attempts: 0 },
    ]);
    expect((await purchaseById(purchase.id)).status).toBe('pending');
    const service = t.get(PurchaseService);
    await service.reconcileStk(); // not yet 2 minutes old: left alone (other tests' purchases are not this test's business)
    expect((await purchaseById(purchase.id)).status).toBe('pending');
    await t.ds.query(
      `UPDATE purchase SET created_at = now() - interval '3 minutes' WHERE id = $1`,
      [purchase.id],
    );
    // The scheduled job (reconcile-stk on the payments queue) does the same as the worker runs it.
    await t.get(JobProducer).enqueue(JOB.RECONCILE_STK, {}, 'reconcile-stk-test');
    expect(await settled(purchase.id)).toMatchObject({
      status: 'paid',
      receipt: null,
      result_code: '0',
    });
    expect(
      await count(`SELECT count(*) n FROM subscription WHERE purchase_id = $1`, [purchase.id]),
    ).toBe(1);
  });
});
