import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { Money } from '../../../src/common/money/money';
import { ENQUEUE_TIMEOUT_MS, JobProducer } from '../../../src/common/queues/job-producer.service';
import { JOB, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { createTestContext, freePort, TestContext } from '../../setup/test-app';
import { eventually, stkCallbackBody } from './support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

/** A TCP port nothing listens on: Redis there refuses every connection. */
const deadPort = freePort;

/**
 * Provider callbacks while Redis is unreachable (docs/PRODUCT-RULES.md "Purchases and provider callbacks": a callback is
 * never lost). `down` is the API with REDIS_URL on a dead port: the M-Pesa callback and the Flutterwave
 * webhook and the Daraja C2B confirmation are answered 200 at once and parked in `job_inbox`. `up` is the app (api + worker) on
 * the same database with the real Redis: the drain job moves the inbox to the `payments` queue and
 * each purchase is paid once, with its ledger row, subscription and buyer SMS.
 */
describe('payment callbacks with Redis down: inbox, then drained once Redis is back', () => {
  let down: TestContext;
  let up: TestContext | undefined;
  const MPESA_PHONE = '254712340071';
  const FLW_PHONE = '254712340072';
  const C2B_PHONE = '254712340073';
  const C2B_ACCOUNT = 'RDWNC2B7';
  const C2B_TRANS_ID = 'TLRD7Q2ZC2';
  let c2bPurchaseId: string;
  /** Daraja's C2B confirmation body as documented (docs/PROVIDERS.md "Daraja C2B"). */
  const c2bConfirmation = {
    TransactionType: 'Pay Bill',
    TransID: C2B_TRANS_ID,
    TransTime: '20261205093000',
    TransAmount: '200.00',
    BusinessShortCode: '600984',
    BillRefNumber: C2B_ACCOUNT,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: '25470****149',
    FirstName: 'John',
    MiddleName: '',
    LastName: 'Doe',
  };
  let mpesaPurchaseId: string;
  let checkoutRequestId: string;
  let flw: { purchaseId: string; txRef: string; transactionId: number };

  const count = async (ctx: TestContext, sql: string, params: unknown[]): Promise<number> =>
    Number((await ctx.ds.query(sql, params))[0].n);
  const inboxRows = (ctx: TestContext) =>
    ctx.ds.query(
      `SELECT job_name, job_id, queue_name, enqueued_at FROM job_inbox WHERE job_name IN ($1, $2, $3) ORDER BY id`,
      [JOB.MPESA_CALLBACK, JOB.FLUTTERWAVE_WEBHOOK, JOB.C2B_CONFIRMATION],
    );
  /** POSTs through the listening socket (like the provider) and times the answer. */
  const timedPost = async (
    ctx: TestContext,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const t0 = Date.now();
    const res = await fetch(`${ctx.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), ms: Date.now() - t0 };
  };

  beforeAll(async () => {
    down = await createTestContext({
      role: 'api',
      listen: true,
      env: {
        REDIS_URL: `redis://127.0.0.1:${await deadPort()}`,
        // The Flutterwave sandbox must not deliver its own webhook: the test posts it.
        SANDBOX_FLW_WEBHOOK_URL: 'http://127.0.0.1:9/nowhere',
        SANDBOX_AUTO_ACCEPT: '0',
      },
    });
    // A pending M-Pesa subscription purchase, as the STK push leaves it.
    checkoutRequestId = `ws_CO_redisdown${Date.now()}`;
    [{ id: mpesaPurchaseId }] = await down.ds.query(
      `INSERT INTO purchase (kind, subscription_type, phone, amount, provider, checkout_request_id, code)
       VALUES ('subscription', 'bronze', $1, 200, 'mpesa', $2, 'RDWNCD34') RETURNING id`,
      [MPESA_PHONE, checkoutRequestId],
    );
    // A paybill reference (docs/PRODUCT-RULES.md R200), as POST /api/processor/buy-paybill leaves it.
    [{ id: c2bPurchaseId }] = await down.ds.query(
      `INSERT INTO purchase (kind, subscription_type, phone, amount, provider, code) VALUES ('subscription', 'bronze', $1, 200, 'c2b', $2) RETURNING id`,
      [C2B_PHONE, C2B_ACCOUNT],
    );
    await down.ds.query(
      `INSERT INTO c2b_reference (purchase_id, expires_at) VALUES ($1, '2100-01-01T00:00:00Z')`,
      [c2bPurchaseId],
    );
    // A Flutterwave purchase paid on the sandbox's hosted page (its webhook is left to the test).
    const { purchase, link } = await down.get(PurchaseService).startFlutterwave({
      kind: 'subscription',
      subscriptionType: 'bronze',
      phone: FLW_PHONE,
      email: 'buyer.redisdown@example.com',
      amount: Money.parse('2500'),
      amountKsh: Money.parse('208.33'),
      currency: 'NGN',
      redirectUrl: `${down.baseUrl}/find_tip_ng`,
      title: 'Bronze subscription',
    });
    const paid = await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    flw = {
      purchaseId: purchase.id,
      txRef: purchase.txRef as string,
      transactionId: Number(
        new URL(paid.headers.get('location') as string).searchParams.get('transaction_id'),
      ),
    };
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(down.ds));
  afterAll(async () => {
    await up?.close();
    await down?.close();
  });

  it('answers the M-Pesa callback 200 at once and parks it in job_inbox, once however often it comes', async () => {
    const path = `/api/processor/mpesa/callback/${down.get(AppConfig).mpesa.callbackToken}`;
    const body = stkCallbackBody(checkoutRequestId, 0, 200, 'TKRD7Q2ZP1', MPESA_PHONE);
    const first = await timedPost(down, path, body);
    expect(first).toMatchObject({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    expect(first.ms).toBeLessThan(ENQUEUE_TIMEOUT_MS + 1500);

    // Daraja (or a retrying proxy) repeats it, 5 times at once: still one inbox row. Redis is now
    // known down, so these go straight to the inbox without waiting for the enqueue timeout.
    const repeats = await Promise.all(Array.from({ length: 5 }, () => timedPost(down, path, body)));
    expect(repeats.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...repeats.map((r) => r.ms))).toBeLessThan(ENQUEUE_TIMEOUT_MS);
    expect(await inboxRows(down)).toEqual([
      {
        job_name: JOB.MPESA_CALLBACK,
        job_id: `mpesa-${checkoutRequestId}`,
        queue_name: QUEUE.PAYMENTS,
        enqueued_at: null,
      },
    ]);
    expect(
      (await down.ds.query(`SELECT status FROM purchase WHERE id = $1`, [mpesaPurchaseId]))[0]
        .status,
    ).toBe('pending');
  });

  it('answers the Flutterwave webhook 200 at once and parks it in job_inbox', async () => {
    const webhook = {
      event: 'charge.completed',
      data: {
        id: flw.transactionId,
        tx_ref: flw.txRef,
        status: 'successful',
        amount: 2500,
        currency: 'NGN',
      },
    };
    const res = await timedPost(down, '/api/processor/flutterwave/webhook', webhook, {
      'verif-hash': down.get(AppConfig).flutterwave.secretHash,
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(res.ms).toBeLessThan(ENQUEUE_TIMEOUT_MS + 1500);
    expect((await inboxRows(down)).map((r: { job_id: string }) => r.job_id)).toEqual([
      `mpesa-${checkoutRequestId}`,
      `flw-${flw.txRef}`,
    ]);
    expect(
      (await down.ds.query(`SELECT status FROM purchase WHERE id = $1`, [flw.purchaseId]))[0]
        .status,
    ).toBe('pending');
  });

  it('answers the Daraja C2B confirmation 200 at once and parks it in job_inbox, once however often it comes', async () => {
    const path = `/api/processor/c2b/confirmation/${down.get(AppConfig).mpesa.callbackToken}`;
    const first = await timedPost(down, path, c2bConfirmation);
    expect(first).toMatchObject({ status: 200, body: { ResultCode: '0', ResultDesc: 'Success' } });
    expect(first.ms).toBeLessThan(ENQUEUE_TIMEOUT_MS + 1500);
    const repeats = await Promise.all(
      Array.from({ length: 3 }, () => timedPost(down, path, c2bConfirmation)),
    );
    expect(repeats.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await inboxRows(down)).map((r: { job_id: string }) => r.job_id)).toEqual([
      `mpesa-${checkoutRequestId}`,
      `flw-${flw.txRef}`,
      `c2b-${C2B_TRANS_ID}`,
    ]);
    expect(
      (await down.ds.query(`SELECT status FROM purchase WHERE id = $1`, [c2bPurchaseId]))[0].status,
    ).toBe('pending');
  });

  it('with Redis back, drains the inbox: each purchase paid once, one ledger row, one subscription, buyer SMS queued', async () => {
    up = await createTestContext({ role: 'all', listen: true, env: { DATABASE_URL: down.db.url } });
    const ctx = up;
    // The worker's scheduler drains at boot and every 30 s; a drain of our own does not wait for it.
    await ctx.get(JobProducer).enqueue(JOB.DRAIN_INBOX, {}, 'drain-after-outage');

    await eventually(
      async () =>
        (await inboxRows(ctx)).every((r: { enqueued_at: Date | null }) => r.enqueued_at !== null),
      { timeoutMs: 20_000 },
    );
    const purchases = await eventually(
      async () => {
        const rows = await ctx.ds.query(
          `SELECT id, status, receipt, flw_transaction_id FROM purchase WHERE id IN ($1, $2, $3) ORDER BY id`,
          [mpesaPurchaseId, c2bPurchaseId, flw.purchaseId],
        );
        return rows.every((r: { status: string }) => r.status === 'paid') ? rows : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(purchases).toEqual([
      { id: mpesaPurchaseId, status: 'paid', receipt: 'TKRD7Q2ZP1', flw_transaction_id: null },
      { id: c2bPurchaseId, status: 'paid', receipt: C2B_TRANS_ID, flw_transaction_id: null },
      {
        id: flw.purchaseId,
        status: 'paid',
        receipt: null,
        flw_transaction_id: String(flw.transactionId),
      },
    ]);

    // A second drain and the same callback once more, now through Redis: nothing changes.
    await ctx.get(JobProducer).enqueue(JOB.DRAIN_INBOX, {}, 'drain-again');
    const again = await ctx.request(
      'POST',
      `/api/processor/mpesa/callback/${ctx.get(AppConfig).mpesa.callbackToken}`,
      {
        body: stkCallbackBody(checkoutRequestId, 0, 200, 'TKRD7Q2ZP1', MPESA_PHONE),
      },
    );
    expect(again.status).toBe(200);
    const c2bAgain = await ctx.request(
      'POST',
      `/api/processor/c2b/confirmation/${ctx.get(AppConfig).mpesa.callbackToken}`,
      { body: c2bConfirmation },
    );
    expect(c2bAgain.status).toBe(200);
    const payments = ctx.get<Queue>(getQueueToken(QUEUE.PAYMENTS));
    await eventually(async () => (await payments.getJob('drain-again'))?.isCompleted(), {
      timeoutMs: 20_000,
    });
    await eventually(
      async () => {
        const c = await payments.getJobCounts('waiting', 'active');
        return c.waiting + c.active === 0;
      },
      { timeoutMs: 20_000 },
    );

    for (const [id, phone] of [
      [mpesaPurchaseId, MPESA_PHONE],
      [c2bPurchaseId, C2B_PHONE],
      [flw.purchaseId, FLW_PHONE],
    ]) {
      expect(
        await count(ctx, `SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [id]),
      ).toBe(1);
      expect(
        await count(ctx, `SELECT count(*) n FROM subscription WHERE purchase_id = $1`, [id]),
      ).toBe(1);
      expect(
        await count(ctx, `SELECT count(*) n FROM sms_outbox WHERE to_msisdn = $1`, [phone]),
      ).toBe(1);
    }
    // Each inbox job ran on the payments queue under the provider's id.
    for (const jobId of [`mpesa-${checkoutRequestId}`, `flw-${flw.txRef}`, `c2b-${C2B_TRANS_ID}`]) {
      expect(await (await payments.getJob(jobId))?.isCompleted()).toBe(true);
    }
  });
});
