import { UnrecoverableError } from 'bullmq';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { jobId, QUEUE } from '../../../src/common/queues/queues';
import { Money } from '../../../src/common/money/money';
import { AppConfig } from '../../../src/config/app-config';
import { LedgerService } from '../../../src/modules/ledger/ledger.service';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { DarajaClient } from '../../../src/providers/daraja/daraja.client';
import { FlutterwaveClient } from '../../../src/providers/flutterwave/flutterwave.client';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually, stkCallbackBody } from './support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

/**
 * Acknowledged callbacks are never dropped (docs/RELIABILITY.md, "Re-delivered callbacks"): a
 * re-delivery of a callback whose job failed, or that waits for a retry, is applied; the retries
 * of a callback job outlast a database restart; the STK status check stores the receipt of the
 * callback it got; a Flutterwave webhook whose verify came back empty is applied when re-delivered.
 * A PostgreSQL outage is played by making the payment service throw a connection error.
 */
describe('re-delivered payment callbacks', () => {
  let t: TestContext;
  let seq = 0;
  /** While set, applying an M-Pesa callback throws: 'down' like a dead database, 'exhausted' as on its last attempt. */
  let dbFault: 'down' | 'exhausted' | null = null;
  let verifyEmpty = false;
  const faultOr =
    <A extends unknown[], R>(real: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (dbFault === 'exhausted')
        throw new UnrecoverableError('connect ECONNREFUSED 127.0.0.1:5432 (last attempt)');
      if (dbFault === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return real(...args);
    };

  beforeAll(async () => {
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: { SANDBOX_AUTO_ACCEPT: '0', SANDBOX_FLW_WEBHOOK_URL: 'http://127.0.0.1:9/nowhere' },
    });
    const purchases = t.get(PurchaseService);
    const batch = purchases.confirmMpesaBatch.bind(purchases);
    const single = purchases.confirmMpesa.bind(purchases);
    jest.spyOn(purchases, 'confirmMpesaBatch').mockImplementation(faultOr(batch));
    jest.spyOn(purchases, 'confirmMpesa').mockImplementation(faultOr(single));
    const flw = t.get(FlutterwaveClient);
    const verify = flw.verifyTransaction.bind(flw);
    jest
      .spyOn(flw, 'verifyTransaction')
      .mockImplementation(async (id) => (verifyEmpty ? null : verify(id)));
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const payments = () => t.get(JobProducer).queue(QUEUE.PAYMENTS);
  const postCallback = (body: unknown) =>
    t.request('POST', `/api/processor/mpesa/callback/${t.get(AppConfig).mpesa.callbackToken}`, {
      body,
    });
  /** A pending M-Pesa bronze subscription purchase (Ksh 200), as the STK push leaves it; `ageMin` minutes old. */
  const pendingPurchase = async (ageMin = 0) => {
    const n = ++seq;
    const phone = `2547123401${String(n).padStart(2, '0')}`;
    const checkoutRequestId = `ws_CO_redeliver${Date.now()}${n}`;
    const [{ id }] = await t.ds.query(
      `INSERT INTO purchase (kind, subscription_type, phone, amount, provider, checkout_request_id, code, created_at)
       VALUES ('subscription', 'bronze', $1, 200, 'mpesa', $2, $3, now() - make_interval(mins => $4)) RETURNING id::text`,
      [phone, checkoutRequestId, `RDLV${String(n).padStart(4, '0')}`, ageMin],
    );
    return { id: id as string, phone, checkoutRequestId };
  };
  const purchase = async (id: string) =>
    (await t.ds.query(`SELECT status, receipt FROM purchase WHERE id = $1`, [id]))[0];
  const paidPurchase = (id: string) =>
    eventually(async () => ((await purchase(id)).status === 'paid' ? purchase(id) : null), {
      timeoutMs: 20_000,
    });
  const failedAtLeastOnce = (key: string) =>
    eventually(async () => ((await payments().getJob(key))?.attemptsMade ?? 0) >= 1, {
      timeoutMs: 20_000,
    });

  it('applies the re-delivery of a callback whose job used up its retries during a database outage', async () => {
    const p = await pendingPurchase();
    const key = jobId('mpesa', p.checkoutRequestId);
    const body = stkCallbackBody(p.checkoutRequestId, 0, 200, 'TKRDLV0001', p.phone);
    dbFault = 'down';
    try {
      expect(await postCallback(body)).toMatchObject({
        status: 200,
        body: { ResultCode: 0, ResultDesc: 'Accepted' },
      });
      await failedAtLeastOnce(key);
      // Its retries are spread over minutes, so a database restart does not use them up.
      const { opts } = (await payments().getJob(key))!;
      const backoff = opts.backoff as { type: string; delay: number };
      expect(backoff.type).toBe('exponential');
      expect(backoff.delay * (2 ** ((opts.attempts ?? 1) - 1) - 1)).toBeGreaterThanOrEqual(
        10 * 60_000,
      );
      // A longer outage: the job's last attempt fails too, and it is kept as failed.
      dbFault = 'exhausted';
      await (await payments().getJob(key))!.promote().catch(() => undefined);
      await eventually(async () => (await payments().getJob(key))?.isFailed(), {
        timeoutMs: 20_000,
      });
    } finally {
      dbFault = null;
    }
    expect(await purchase(p.id)).toEqual({ status: 'pending', receipt: null });
    // Daraja (or our support desk) delivers it again: it is applied, with its receipt.
    expect(await postCallback(body)).toMatchObject({
      status: 200,
      body: { ResultDesc: 'Accepted' },
    });
    expect(await paidPurchase(p.id)).toEqual({ status: 'paid', receipt: 'TKRDLV0001' });
    expect(
      Number(
        (await t.ds.query(`SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [p.id]))[0]
          .n,
      ),
    ).toBe(1);
  });

  it('the status check pays with the receipt of the callback it acknowledged but could not apply', async () => {
    const p = await pendingPurchase(3);
    const query = jest.spyOn(t.get(DarajaClient), 'stkQuery').mockResolvedValue({
      status: 'done',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      outcome: 'paid',
      checkoutRequestId: p.checkoutRequestId,
    });
    dbFault = 'down';
    try {
      expect(
        (await postCallback(stkCallbackBody(p.checkoutRequestId, 0, 200, 'TKRDLV0002', p.phone)))
          .status,
      ).toBe(200);
      await failedAtLeastOnce(jobId('mpesa', p.checkoutRequestId));
      await t.get(PurchaseService).reconcileStk();
      expect(await purchase(p.id)).toEqual({ status: 'paid', receipt: 'TKRDLV0002' });
    } finally {
      dbFault = null;
      query.mockRestore();
    }
  });

  it('a callback re-delivered after the status check paid without a receipt stores the receipt', async () => {
    const p = await pendingPurchase(3);
    const query = jest.spyOn(t.get(DarajaClient), 'stkQuery').mockResolvedValue({
      status: 'done',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      outcome: 'paid',
      checkoutRequestId: p.checkoutRequestId,
    });
    try {
      await t.get(PurchaseService).reconcileStk();
    } finally {
      query.mockRestore();
    }
    expect(await purchase(p.id)).toEqual({ status: 'paid', receipt: null });
    expect(
      (await postCallback(stkCallbackBody(p.checkoutRequestId, 0, 200, 'TKRDLV0003', p.phone)))
        .status,
    ).toBe(200);
    await eventually(async () => (await purchase(p.id)).receipt === 'TKRDLV0003', {
      timeoutMs: 20_000,
    });
    expect(
      Number(
        (await t.ds.query(`SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [p.id]))[0]
          .n,
      ),
    ).toBe(1);
    expect(
      Number(
        (await t.ds.query(`SELECT count(*) n FROM subscription WHERE purchase_id = $1`, [p.id]))[0]
          .n,
      ),
    ).toBe(1);
  });

  it('applies the right callback delivered after a first one with a wrong receipt', async () => {
    const other = await pendingPurchase();
    // Paid by another route, with the ledger row its fulfilment writes (the money stays consistent).
    await t.ds.transaction(async (em) => {
      await em.query(
        `UPDATE purchase SET status = 'paid', receipt = 'TKRDLVTAKEN', paid_at = now() WHERE id = $1`,
        [other.id],
      );
      await t.get(LedgerService).recordSubscriptionSale(em, other.id, Money.ofUnits(200));
    });
    const p = await pendingPurchase();
    // The first delivery carries a receipt that is another purchase's: it cannot be stored and is retried.
    expect(
      (await postCallback(stkCallbackBody(p.checkoutRequestId, 0, 200, 'TKRDLVTAKEN', p.phone)))
        .status,
    ).toBe(200);
    await failedAtLeastOnce(jobId('mpesa', p.checkoutRequestId));
    expect(
      (await postCallback(stkCallbackBody(p.checkoutRequestId, 0, 200, 'TKRDLV0004', p.phone)))
        .status,
    ).toBe(200);
    expect(await paidPurchase(p.id)).toEqual({ status: 'paid', receipt: 'TKRDLV0004' });
  });

  it('applies a Flutterwave webhook re-delivered after a verify that came back empty', async () => {
    const { purchase: flw, link } = await t.get(PurchaseService).startFlutterwave({
      kind: 'subscription',
      subscriptionType: 'bronze',
      phone: '254712340199',
      email: 'buyer.redeliver@example.com',
      amount: Money.parse('2500'),
      amountKsh: Money.parse('208.33'),
      currency: 'NGN',
      redirectUrl: `${t.baseUrl}/find_tip_ng`,
      title: 'Bronze subscription',
    });
    const paid = await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const transactionId = Number(
      new URL(paid.headers.get('location') as string).searchParams.get('transaction_id'),
    );
    const webhook = {
      event: 'charge.completed',
      data: {
        id: transactionId,
        tx_ref: flw.txRef,
        status: 'successful',
        amount: 2500,
        currency: 'NGN',
      },
    };
    const post = () =>
      t.request('POST', '/api/processor/flutterwave/webhook', {
        body: webhook,
        headers: { 'verif-hash': t.get(AppConfig).flutterwave.secretHash },
      });
    const key = jobId('flw', flw.txRef as string);
    verifyEmpty = true;
    try {
      expect(await post()).toMatchObject({ status: 200, body: { status: 'success' } });
      // The job has run once and verified (finished, or waiting for a retry).
      const verify = t.get(FlutterwaveClient).verifyTransaction as jest.Mock;
      await eventually(
        async () =>
          verify.mock.calls.length > 0 &&
          ['completed', 'failed', 'delayed'].includes(
            String(await (await payments().getJob(key))?.getState()),
          ),
        { timeoutMs: 20_000 },
      );
    } finally {
      verifyEmpty = false;
    }
    expect((await purchase(flw.id)).status).toBe('pending');
    expect(await post()).toMatchObject({ status: 200, body: { status: 'success' } });
    expect((await paidPurchase(flw.id)).status).toBe('paid');
    expect(
      (await t.ds.query(`SELECT flw_transaction_id FROM purchase WHERE id = $1`, [flw.id]))[0]
        .flw_transaction_id,
    ).toBe(String(transactionId));
  });
});
