import { UnrecoverableError } from 'bullmq';
import { Money } from '../../../src/common/money/money';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { JOB, jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { DarajaClient } from '../../../src/providers/daraja/daraja.client';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { insertSlip } from '../finance/finance-support';
import {
  eventually,
  jobsFinished,
  purchasesOf,
  sandboxDeliveries,
  stkCallbackBody,
} from './support';

jest.setTimeout(120_000);

/**
 * A lost STK callback is recovered by Daraja's STK Push Query (docs/RELIABILITY.md "A lost STK
 * callback"; docs/PRODUCT-RULES.md R190-R193), through the Daraja sandbox with every STK callback
 * lost (SANDBOX_STK_CALLBACK_LOSS_PERCENT=100): the query's answer is applied by the same
 * confirmation path as a callback (one transaction, ledger rows, the picks SMS), a definite
 * failure closes the purchase as the callback would, "being processed" and HTTP errors are asked
 * again after a backoff until the 30-minute expiry, and a callback racing the query credits once.
 */
describe('STK status query: a lost callback settled from the provider', () => {
  let t: TestContext;
  let slipId: number;
  let seq = 0;
  /** While true, applying an STK callback fails for good (its job ends failed, the callback acknowledged but not applied). */
  let callbacksFail = false;
  const run = String(Date.now()).slice(-5);
  const nextMsisdn = (): string => `2547${run}${String(++seq).padStart(3, '0')}`;

  beforeAll(async () => {
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        SANDBOX_AUTO_ACCEPT: '0',
        SANDBOX_STK_CALLBACK_LOSS_PERCENT: '100',
        SANDBOX_AT_REPORT_DELAY_MS: '50',
      },
    });
    const tipster = await createUser(t.ds, { username: `query_tipster_${run}` });
    slipId = await insertSlip(t.ds, tipster.user.id);
    const purchases = t.get(PurchaseService);
    for (const method of ['confirmMpesa', 'confirmMpesaBatch'] as const) {
      const real = (purchases[method] as (...a: unknown[]) => Promise<unknown>).bind(purchases);
      jest.spyOn(purchases, method).mockImplementation((async (...args: unknown[]) => {
        if (callbacksFail)
          throw new UnrecoverableError('connect ECONNREFUSED 127.0.0.1:5432 (last attempt)');
        return real(...args);
      }) as never);
    }
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const one = async (sql: string, params: unknown[]) => (await t.ds.query(sql, params))[0];
  const count = async (sql: string, params: unknown[]) => Number((await one(sql, params)).n);
  const row = (id: string) =>
    one(
      `SELECT status, receipt, result_code, result_desc, reconcile_attempts, next_reconcile_at, created_at FROM purchase WHERE id = $1`,
      [id],
    );
  /** A slip purchase (Ksh 200) whose STK prompt is on the sandbox phone. */
  const startPurchase = async () => {
    const msisdn = nextMsisdn();
    const p = await t.get(PurchaseService).startMpesa({
      kind: 'slip',
      slipId: String(slipId),
      phone: msisdn,
      amount: Money.parse('200'),
      description: 'Tip slip',
    });
    expect(p.checkoutRequestId).toMatch(/^ws_CO_/);
    return { id: p.id, msisdn, checkoutRequestId: p.checkoutRequestId as string };
  };
  /** The buyer answers the prompt on the sandbox phone; the sandbox loses the callback. */
  const answer = async (
    p: { msisdn: string; checkoutRequestId: string },
    action: 'accept' | 'decline' | 'wrong-pin',
  ) => {
    const res = await t.request(
      'POST',
      `/sandbox/api/phones/${p.msisdn}/prompts/${p.checkoutRequestId}/${action}`,
      { body: { pin: '1234' } },
    );
    expect(res.status).toBe(200);
    expect(await sandboxDeliveries(t, p.checkoutRequestId)).toMatchObject([
      { state: 'gave_up', attempts: 0 },
    ]);
    return res.body as { resultCode: number; resultDesc: string; receipt?: string };
  };
  /** Moves the purchase's STK push `seconds` into the past. */
  const age = (id: string, seconds: number) =>
    t.ds.query(`UPDATE purchase SET created_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      id,
      seconds,
    ]);
  const ledger = (id: string) =>
    t.ds.query(`SELECT kind, amount::text FROM ledger_entry WHERE purchase_id = $1 ORDER BY kind`, [
      id,
    ]);
  const picksSms = (msisdn: string) =>
    count(`SELECT count(*) n FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'deliver-slip'`, [
      msisdn,
    ]);
  const postCallback = (body: unknown) =>
    t.request('POST', `/api/processor/mpesa/callback/${t.get(AppConfig).mpesa.callbackToken}`, {
      body,
    });
  const queriesFor = (spy: jest.SpyInstance, checkoutRequestId: string) =>
    spy.mock.calls.filter(([id]) => id === checkoutRequestId).length;

  it('lost STK callback → query → paid: ledger rows, picks SMS; the late real callback only stores the receipt', async () => {
    const p = await startPurchase();
    const accepted = await answer(p, 'accept');
    expect(accepted).toMatchObject({
      resultCode: 0,
      receipt: expect.stringMatching(/^[A-Z0-9]{10}$/),
    });
    expect((await row(p.id)).status).toBe('pending');

    // Within the grace period (90 s after the push) nothing is asked.
    await t.get(PurchaseService).reconcileStk();
    expect(await row(p.id)).toMatchObject({ status: 'pending', reconcile_attempts: 0 });

    // Past it, the scheduled job (reconcile-stk on the payments queue, as the worker runs it) asks Daraja.
    await age(p.id, 95);
    await t.get(JobProducer).enqueue(JOB.RECONCILE_STK, {}, `reconcile-stk-query-${run}`);
    const paid = await eventually(
      async () => ((await row(p.id)).status === 'paid' ? row(p.id) : null),
      { timeoutMs: 30_000 },
    );
    expect(paid).toMatchObject({
      receipt: null,
      result_code: '0',
      result_desc: 'The service request is processed successfully.',
    });
    expect(await ledger(p.id)).toEqual([
      { kind: 'platform_fee', amount: '80.00' },
      { kind: 'sale_share', amount: '120.00' },
    ]);
    expect(await picksSms(p.msisdn)).toBe(1);
    const inbox = async () =>
      (await t.request('GET', `/sandbox/api/phones/${p.msisdn}`)).body.messages as {
        body: string;
      }[];
    const sms = await eventually(
      async () => (await inbox()).find((m) => m.body.startsWith(`Slip ${slipId}`)),
      { timeoutMs: 20_000 },
    );
    expect(sms.body).toContain((await purchasesOf(t.ds, p.msisdn))[0].code);

    // Daraja's callback arrives after all (literal §1.6 body): the receipt is stored, nothing is credited again.
    expect(
      await postCallback(stkCallbackBody(p.checkoutRequestId, 0, 200, accepted.receipt, p.msisdn)),
    ).toMatchObject({ status: 200 });
    await eventually(async () => (await row(p.id)).receipt === accepted.receipt, {
      timeoutMs: 20_000,
    });
    expect(await ledger(p.id)).toHaveLength(2);
    expect(await picksSms(p.msisdn)).toBe(1);
  });

  it.each([
    ['decline', '1032', 'cancelled', 'Request cancelled by user'],
    ['wrong-pin', '2001', 'failed', 'The initiator information is invalid.'],
  ] as const)(
    "query says %s (ResultCode %s) → %s with the callback's result, nothing credited",
    async (action, code, status, desc) => {
      const p = await startPurchase();
      const answered = await answer(p, action);
      expect(answered).toMatchObject({ resultCode: Number(code), resultDesc: desc });
      await age(p.id, 95);
      expect(await t.get(PurchaseService).reconcileStk()).toBeGreaterThanOrEqual(1);
      // The same columns a failing callback writes (docs/PROVIDERS.md §1.4): its code and text.
      expect(await row(p.id)).toMatchObject({
        status,
        result_code: code,
        result_desc: desc,
        receipt: null,
      });
      expect(await ledger(p.id)).toEqual([]);
      expect(await picksSms(p.msisdn)).toBe(0);
    },
  );

  it('query still processing (500.001.1001) or an HTTP error → asked again after a doubling wait', async () => {
    const query = jest.spyOn(t.get(DarajaClient), 'stkQuery');
    try {
      const p = await startPurchase();
      await age(p.id, 95);
      const before = Date.now();
      await t.get(PurchaseService).reconcileStk();
      const first = await row(p.id);
      expect(first).toMatchObject({ status: 'pending', reconcile_attempts: 1 });
      expect(queriesFor(query, p.checkoutRequestId)).toBe(1);
      // Next question RECONCILE_RETRY_SECONDS (30 s) later.
      const wait = new Date(first.next_reconcile_at).getTime() - before;
      expect(wait).toBeGreaterThanOrEqual(29_000);
      expect(wait).toBeLessThan(40_000);

      // Not due yet: the next pass leaves it alone.
      await t.get(PurchaseService).reconcileStk();
      expect(queriesFor(query, p.checkoutRequestId)).toBe(1);

      // Due again while Daraja answers HTTP 500 once (fault injected in the sandbox): logged, asked again later (60 s).
      expect(
        (
          await t.request('POST', '/sandbox/api/faults', {
            body: { target: 'daraja.stkquery', count: 1, status: 500 },
          })
        ).status,
      ).toBeLessThan(300);
      await t.ds.query(
        `UPDATE purchase SET next_reconcile_at = now() - interval '1 second' WHERE id = $1`,
        [p.id],
      );
      const beforeSecond = Date.now();
      await t.get(PurchaseService).reconcileStk();
      const second = await row(p.id);
      expect(second).toMatchObject({ status: 'pending', reconcile_attempts: 2 });
      expect(new Date(second.next_reconcile_at).getTime() - beforeSecond).toBeGreaterThanOrEqual(
        59_000,
      );
      await t.request('DELETE', '/sandbox/api/faults');

      // The buyer pays now (callback lost): the next due question settles it.
      const accepted = await answer(p, 'accept');
      await t.ds.query(
        `UPDATE purchase SET next_reconcile_at = now() - interval '1 second' WHERE id = $1`,
        [p.id],
      );
      await t.get(PurchaseService).reconcileStk();
      expect(await row(p.id)).toMatchObject({ status: 'paid', result_code: '0' });
      expect(await ledger(p.id)).toHaveLength(2);
      expect(await picksSms(p.msisdn)).toBe(1);
      expect(accepted.resultCode).toBe(0);
    } finally {
      query.mockRestore();
    }
  });

  it('after RECONCILE_MAX_ATTEMPTS questions it waits for the expiry, where a purchase still being processed times out', async () => {
    const p = await startPurchase();
    await age(p.id, 600);
    await t.ds.query(`UPDATE purchase SET reconcile_attempts = 5 WHERE id = $1`, [p.id]);
    await t.get(PurchaseService).reconcileStk();
    const capped = await row(p.id);
    expect(capped).toMatchObject({ status: 'pending', reconcile_attempts: 6 });
    // The sixth question used the last attempt: the next one is at the expiry, 30 minutes after the push.
    expect(new Date(capped.next_reconcile_at).getTime()).toBe(
      new Date(capped.created_at).getTime() + 30 * 60_000,
    );

    await t.ds.query(
      `UPDATE purchase SET created_at = now() - interval '31 minutes', next_reconcile_at = now() - interval '1 second' WHERE id = $1`,
      [p.id],
    );
    await t.get(PurchaseService).reconcileStk();
    expect(await row(p.id)).toMatchObject({
      status: 'timeout',
      result_code: 'query-pending',
      result_desc: 'The transaction is being processed',
    });
    expect(await ledger(p.id)).toEqual([]);
  });

  it('a callback and query answers racing (each delivered several times, concurrently) credit once', async () => {
    const purchases = [];
    for (let i = 0; i < 4; i++) {
      const p = await startPurchase();
      const accepted = await answer(p, 'accept');
      await age(p.id, 95);
      purchases.push({ ...p, receipt: accepted.receipt as string });
    }
    const service = t.get(PurchaseService);
    const deliveries = purchases.flatMap((p) => [
      () => postCallback(stkCallbackBody(p.checkoutRequestId, 0, 200, p.receipt, p.msisdn)),
      () => postCallback(stkCallbackBody(p.checkoutRequestId, 0, 200, p.receipt, p.msisdn)),
    ]);
    const passes = [
      () => service.reconcileStk(),
      () => service.reconcileStk(),
      () => service.reconcileStk(),
    ];
    const all = [...deliveries, ...passes].sort(() => Math.random() - 0.5);
    await Promise.all(all.map((go) => go()));
    for (const p of purchases) {
      const paid = await eventually(
        async () => {
          const r = await row(p.id);
          return r.status === 'paid' && r.receipt === p.receipt ? r : null;
        },
        { timeoutMs: 30_000 },
      );
      expect(paid).toMatchObject({ result_code: '0' });
      expect(await ledger(p.id)).toHaveLength(2);
      expect(await picksSms(p.msisdn)).toBe(1);
    }
  });

  it('at the expiry, a paid callback we could not apply is settled by Transaction Status (R194), the sandbox posting the Result', async () => {
    const p = await startPurchase();
    const accepted = await answer(p, 'accept');
    // Daraja's callback reaches us but cannot be applied (its job fails for good).
    callbacksFail = true;
    try {
      expect(
        await postCallback(
          stkCallbackBody(p.checkoutRequestId, 0, 200, accepted.receipt, p.msisdn),
        ),
      ).toMatchObject({ status: 200 });
      const payments = t.get(JobProducer).queue(QUEUE.PAYMENTS);
      await eventually(
        async () => (await payments.getJob(jobId('mpesa', p.checkoutRequestId)))?.isFailed(),
        { timeoutMs: 20_000 },
      );
    } finally {
      callbacksFail = false;
    }
    // The STK query still says "being processed" at the expiry.
    const daraja = t.get(DarajaClient);
    const query = jest
      .spyOn(daraja, 'stkQuery')
      .mockResolvedValue({ status: 'pending', errorMessage: 'The transaction is being processed' });
    const status = jest.spyOn(daraja, 'transactionStatus');
    try {
      await age(p.id, 31 * 60);
      await t.get(PurchaseService).reconcileStk();
      expect(status).toHaveBeenCalledWith(
        expect.objectContaining({
          transactionId: accepted.receipt,
          originatorConversationId: `purchase-${p.id}-ts-0`,
        }),
      );
    } finally {
      query.mockRestore();
      status.mockRestore();
    }
    const paid = await eventually(
      async () => ((await row(p.id)).status === 'paid' ? row(p.id) : null),
      { timeoutMs: 30_000 },
    );
    expect(paid).toMatchObject({
      receipt: accepted.receipt,
      result_code: '0',
      result_desc: 'Transaction Status: Completed',
    });
    expect(await ledger(p.id)).toHaveLength(2);
    expect(await picksSms(p.msisdn)).toBe(1);
  });

  it('a Transaction Status Result other than Completed fails the purchase and flags it for review; a refused question changes nothing; a wrong token is 404', async () => {
    const p = await startPurchase();
    const token = t.get(AppConfig).mpesa.callbackToken;
    const result = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: `purchase-${p.id}-ts-3`,
        ConversationID: 'AG_20261205_2010325b025970fbc403',
        TransactionID: 'TKE4H7Q2ZQ',
        ResultParameters: {
          ResultParameter: [
            { Key: 'ReasonType', Value: 'Pay Bill Online' },
            { Key: 'TransactionStatus', Value: 'Failed' },
            { Key: 'Amount', Value: 200 },
            { Key: 'ReceiptNo', Value: 'TKE4H7Q2ZP' },
          ],
        },
        ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
      },
    };
    expect(
      (await t.request('POST', `/api/processor/status-result/not-the-token`, { body: result }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('POST', `/api/processor/status-result/${token}`, { body: { Result: {} } }))
        .status,
    ).toBe(400);
    // A question M-Pesa refused (2001: our initiator) changes nothing.
    const refused = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: `purchase-${p.id}-ts-2`,
        ConversationID: 'AG_20261205_2010325b025970fbc402',
        TransactionID: 'TKE4H7Q2ZR',
      },
    };
    expect(
      await t.request('POST', `/api/processor/status-result/${token}`, { body: refused }),
    ).toMatchObject({ status: 200, body: { ResultCode: 0 } });
    await jobsFinished(t, QUEUE.PAYMENTS, [jobId('ts', `purchase-${p.id}-ts-2`)]);
    expect((await row(p.id)).status).toBe('pending');
    expect(
      await t.request('POST', `/api/processor/status-result/${token}`, { body: result }),
    ).toMatchObject({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
    expect(
      (await t.request('POST', `/api/processor/status-result/${token}/timeout`, { body: {} }))
        .status,
    ).toBe(200);
    const failed = await eventually(
      async () =>
        (await row(p.id)).status !== 'pending'
          ? one(`SELECT status, result_code, review_reason FROM purchase WHERE id = $1`, [p.id])
          : null,
      { timeoutMs: 30_000 },
    );
    expect(failed).toEqual({
      status: 'failed',
      result_code: 'ts-not-completed',
      review_reason: 'Transaction Status answered Failed for a paid callback',
    });
    expect(await ledger(p.id)).toEqual([]);
  });
});
