import fc from 'fast-check';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { QUEUE } from '../../../src/common/queues/queues';
import { Money } from '../../../src/common/money/money';
import { AppConfig } from '../../../src/config/app-config';
import { PayoutService } from '../../../src/modules/finance/payout.service';
import { SmsService } from '../../../src/modules/notifications/sms/sms.service';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { DarajaClient } from '../../../src/providers/daraja/daraja.client';
import type { StkQueryResult } from '../../../src/providers/daraja/daraja.types';
import { AT_DELIVERY_REPORT_PATH } from '../../../src/sandbox/sandbox.constants';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import {
  b2cResultBody,
  insertSaleShare,
  insertSlip,
  withdrawalLedger,
} from '../finance/finance-support';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually, stkCallbackBody } from './support';

/** Schedules per run: REPLAY_RUNS (default 12, to keep `npm test` short; 1,000+ for the long run), REPLAY_SEED to replay one. */
const RUNS = Number(process.env.REPLAY_RUNS ?? 12);
const SEED = process.env.REPLAY_SEED ? Number(process.env.REPLAY_SEED) : undefined;
jest.setTimeout(Math.max(180_000, RUNS * 20_000));

/** What each callback's deliveries look like in one schedule. */
interface Schedule {
  /**
   * Copies of each provider callback: STK paid, STK cancelled, Flutterwave webhook, B2C Result, AT
   * reports (Submitted, Success); and reconciliation passes whose STK query answers for both STK
   * purchases (0 and 1032, the callback lost or not yet applied: docs/PRODUCT-RULES.md R193);
   * Daraja C2B confirmations: one paying a paybill reference, one to an unknown reference
   * (unmatched money, docs/PRODUCT-RULES.md R202, R203).
   */
  copies: {
    stkPaid: number;
    stkCancelled: number;
    flw: number;
    b2c: number;
    atSubmitted: number;
    atSuccess: number;
    stkQuery: number;
    c2bPaid: number;
    c2bUnmatched: number;
  };
  /** Sort keys: the order in which the deliveries start (all run concurrently). */
  order: number[];
  /** How many applies (payments worker, payouts worker, delivery-report route) fail with a PostgreSQL connection error first. */
  pgFaults: number;
  /** Deliveries (by position in the order) whose enqueue finds Redis down: parked in job_inbox, then drained. */
  redisDown: boolean[];
}

const schedule: fc.Arbitrary<Schedule> = fc
  .record({
    stkPaid: fc.integer({ min: 1, max: 10 }),
    stkCancelled: fc.integer({ min: 1, max: 10 }),
    flw: fc.integer({ min: 1, max: 10 }),
    b2c: fc.integer({ min: 1, max: 10 }),
    atSubmitted: fc.integer({ min: 1, max: 10 }),
    atSuccess: fc.integer({ min: 1, max: 10 }),
    stkQuery: fc.integer({ min: 0, max: 4 }),
    c2bPaid: fc.integer({ min: 1, max: 10 }),
    c2bUnmatched: fc.integer({ min: 1, max: 10 }),
  })
  .chain((copies) => {
    const total = Object.values(copies).reduce((a, b) => a + b, 0);
    return fc.record({
      copies: fc.constant(copies),
      order: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
        minLength: total,
        maxLength: total,
      }),
      pgFaults: fc.integer({ min: 0, max: 4 }),
      redisDown: fc.array(fc.boolean(), { minLength: total, maxLength: total }),
    });
  });

/**
 * Replays of every provider callback (docs/RELIABILITY.md, "Replays"): the STK callback (paid and
 * cancelled) raced by 0-4 reconciliation passes whose STK query answers for the same purchases,
 * the Flutterwave webhook, the Daraja C2B confirmations (a paybill payment and unmatched money), the B2C Result and the Africa's Talking delivery reports, each delivered 1–10 times, shuffled and concurrent, some while Redis is down (parked in
 * job_inbox, drained later), with the first applies failing as if PostgreSQL dropped the
 * connection (the provider re-sends a 5xx; jobs retry). Each schedule must end with exactly one
 * effect per callback: one payment, one ledger row, one subscription, one buyer SMS; the
 * cancelled purchase closed with nothing; the paybill purchase paid once by its TransID, the unmatched money
 * recorded once; the withdrawal paid once; the SMS delivered; the money invariants hold.
 */
describe('provider callback replays (fast-check schedules)', () => {
  let t: TestContext;
  let n = 0;
  let pgFaultsLeft = 0;
  let redisDownFor = new Set<string>();
  const applied = { schedules: 0, deliveries: 0, pgFaults: 0, parked: 0, provider5xx: 0 };
  /** One line per schedule run, printed at the end. */
  const runs: string[] = [];
  const seed = SEED ?? Date.now() ^ (Math.random() * 0x100000000);
  /** What Daraja's STK query answers per CheckoutRequestID (the schedules' purchases); others go to the sandbox. */
  const queryAnswers = new Map<string, StkQueryResult>();

  beforeAll(async () => {
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        SANDBOX_AUTO_ACCEPT: '0',
        SANDBOX_FLW_WEBHOOK_URL: 'http://127.0.0.1:9/nowhere',
        SANDBOX_B2C_RESULT_DELAY_MS: '600000',
      },
    });
    /** Fails the call while injected PostgreSQL faults are left. */
    const faulty = <T extends object>(target: T, method: keyof T & string) => {
      const real = (target[method] as (...a: unknown[]) => Promise<unknown>).bind(target);
      jest.spyOn(target, method as never).mockImplementation((async (...args: unknown[]) => {
        if (pgFaultsLeft > 0) {
          pgFaultsLeft--;
          applied.pgFaults++;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
            code: 'ECONNREFUSED',
          });
        }
        return real(...args);
      }) as never);
    };
    const purchases = t.get(PurchaseService);
    faulty(purchases, 'confirmMpesaBatch');
    faulty(purchases, 'confirmMpesa');
    faulty(purchases, 'confirmFlutterwave');
    faulty(purchases, 'confirmC2bBatch');
    faulty(purchases, 'confirmC2b');
    faulty(t.get(PayoutService), 'applyResult');
    faulty(t.get(SmsService), 'applyDeliveryReports');
    faulty(t.get(SmsService), 'applyDeliveryReport');
    const daraja = t.get(DarajaClient);
    const stkQuery = daraja.stkQuery.bind(daraja);
    jest
      .spyOn(daraja, 'stkQuery')
      .mockImplementation(async (id) => queryAnswers.get(id) ?? stkQuery(id));
    // Redis down for chosen deliveries: their enqueue fails and they go to job_inbox.
    const producer = t.get(JobProducer);
    const enqueueDelivery = producer.enqueueDelivery.bind(producer);
    jest.spyOn(producer, 'enqueueDelivery').mockImplementation(async (name, payload, id) => {
      if (redisDownFor.has(JSON.stringify(payload))) throw new Error('Redis did not answer');
      return enqueueDelivery(name, payload, id);
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
    // eslint-disable-next-line no-console
    console.log(
      `callback replays (seed ${seed}): ${applied.schedules} schedules, ${applied.deliveries} deliveries, ${applied.pgFaults} injected PostgreSQL errors, ` +
        `${applied.parked} job_inbox rows parked while Redis was down, ${applied.provider5xx} answers 5xx (re-sent); 0 lost, 0 doubled\n` +
        runs.join('\n'),
    );
  });

  const one = async (sql: string, params: unknown[]) => (await t.ds.query(sql, params))[0];
  const count = async (sql: string, params: unknown[]) => Number((await one(sql, params)).n);

  /** Fresh purchases, a withdrawal awaiting its B2C Result and a sent SMS for one schedule. */
  const prepare = async () => {
    const k = ++n;
    const phone = (i: number) => `2547${String(30_000_000 + k * 10 + i)}`;
    const stk = async (i: number) => {
      const checkoutRequestId = `ws_CO_replay${Date.now()}_${k}_${i}`;
      // Pushed 2 minutes ago: past the grace period, so a reconciliation pass asks Daraja about it.
      const { id } = await one(
        `INSERT INTO purchase (kind, subscription_type, phone, amount, provider, checkout_request_id, code, created_at)
         VALUES ('subscription', 'bronze', $1, 200, 'mpesa', $2, $3, now() - interval '2 minutes') RETURNING id::text`,
        [phone(i), checkoutRequestId, `RPL${String(k).padStart(4, '0')}${i}`],
      );
      return { id: id as string, phone: phone(i), checkoutRequestId };
    };
    const paid = await stk(1);
    const cancelled = await stk(2);
    // A paybill reference (docs/PRODUCT-RULES.md R200): a pending c2b purchase, its code the account number.
    const c2bCode = `RPC${String(k).padStart(5, '0')}`;
    const { id: c2bId } = await one(
      `INSERT INTO purchase (kind, subscription_type, phone, amount, provider, code) VALUES ('subscription', 'bronze', $1, 200, 'c2b', $2) RETURNING id::text`,
      [phone(5), c2bCode],
    );
    await t.ds.query(
      `INSERT INTO c2b_reference (purchase_id, expires_at) VALUES ($1, '2100-01-01T00:00:00Z')`,
      [c2bId],
    );
    const c2b = {
      id: c2bId as string,
      phone: phone(5),
      code: c2bCode,
      transId: `RPM${String(k).padStart(7, '0')}`,
      unmatchedTransId: `RPU${String(k).padStart(7, '0')}`,
    };
    const done = (
      checkoutRequestId: string,
      resultCode: string,
      resultDesc: string,
    ): StkQueryResult => ({
      status: 'done',
      resultCode,
      resultDesc,
      outcome: resultCode === '0' ? 'paid' : 'cancelled',
      checkoutRequestId,
    });
    queryAnswers.set(
      paid.checkoutRequestId,
      done(paid.checkoutRequestId, '0', 'The service request is processed successfully.'),
    );
    queryAnswers.set(
      cancelled.checkoutRequestId,
      done(cancelled.checkoutRequestId, '1032', 'Request cancelled by user'),
    );
    const { purchase: flw, link } = await t.get(PurchaseService).startFlutterwave({
      kind: 'subscription',
      subscriptionType: 'bronze',
      phone: phone(3),
      email: `replay${k}@example.com`,
      amount: Money.parse('2500'),
      amountKsh: Money.parse('208.33'),
      currency: 'NGN',
      redirectUrl: `${t.baseUrl}/find_tip_ng`,
      title: 'Bronze subscription',
    });
    const pay = await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' });
    const transactionId = Number(
      new URL(pay.headers.get('location') as string).searchParams.get('transaction_id'),
    );
    const tipster = await createUser(t.ds, { role: 'tipster' });
    await insertSaleShare(
      t.ds,
      tipster.user.id,
      await insertSlip(t.ds, tipster.user.id),
      '700.00',
      'P',
    );
    const wr = await t.request('POST', '/api/finance/withdraw_request', {
      token: tipster.token,
      body: { phone_number: '0712345678' },
    });
    expect(wr.status).toBe(200);
    const withdrawalId: number = wr.body.withdrawal.id;
    await t.ds.query(`UPDATE withdrawal SET approved_at = now() WHERE id = $1`, [withdrawalId]);
    await t.ds.query(
      `INSERT INTO b2c_payout (withdrawal_id, part, amount, originator_conversation_id, conversation_id, status)
       VALUES ($1, 1, 700, $2, $3, 'accepted')`,
      [withdrawalId, `withdrawal-${withdrawalId}-1`, `AG_20261125_${String(k).padStart(20, '0')}`],
    );
    const messageId = `ATXid_replay${Date.now()}${k}`;
    const { id: smsId } = await one(
      `INSERT INTO sms_outbox (to_msisdn, body, purpose, status, attempts, provider_message_id, sent_at)
       VALUES ($1, 'Replay picks', 'test', 'sent', 1, $2, now()) RETURNING id::text`,
      [phone(4), messageId],
    );
    return {
      k,
      paid,
      cancelled,
      c2b,
      flw: { id: flw.id, txRef: flw.txRef as string, transactionId, phone: phone(3) },
      withdrawalId,
      smsId,
      messageId,
      smsPhone: phone(4),
    };
  };

  it(`each callback has exactly one effect over ${RUNS} random schedules`, async () => {
    const config = t.get(AppConfig);
    const stkPath = `/api/processor/mpesa/callback/${config.mpesa.callbackToken}`;
    const b2cPath = `/api/finance/callbacks/b2c-result/${config.mpesa.callbackToken}`;
    const c2bPath = `/api/processor/c2b/confirmation/${config.mpesa.callbackToken}`;
    const atPath = `${AT_DELIVERY_REPORT_PATH}/${config.africasTalking.callbackToken}`;
    const flwHeaders = { 'verif-hash': config.flutterwave.secretHash };
    const producer = t.get(JobProducer);

    await fc.assert(
      fc.asyncProperty(schedule, async (s) => {
        const w = await prepare();
        const stkPaid = stkCallbackBody(
          w.paid.checkoutRequestId,
          0,
          200,
          `TKRP${String(w.k).padStart(6, '0')}`,
          w.paid.phone,
        );
        const stkCancelled = stkCallbackBody(w.cancelled.checkoutRequestId, 1032);
        const webhook = {
          event: 'charge.completed',
          data: {
            id: w.flw.transactionId,
            tx_ref: w.flw.txRef,
            status: 'successful',
            amount: 2500,
            currency: 'NGN',
          },
        };
        const b2c = b2cResultBody({
          originator: `withdrawal-${w.withdrawalId}-1`,
          conversationId: `AG_20261125_${String(w.k).padStart(20, '0')}`,
          resultCode: 0,
          amount: 700,
          transactionId: `TKB2C${String(w.k).padStart(5, '0')}`,
        });
        // Daraja's C2B confirmation body as documented (docs/PROVIDERS.md "Daraja C2B").
        const c2bBody = (transId: string, billRef: string, amount: string) => ({
          TransactionType: 'Pay Bill',
          TransID: transId,
          TransTime: '20261125101500',
          TransAmount: amount,
          BusinessShortCode: config.mpesaC2b.paybill,
          BillRefNumber: billRef,
          InvoiceNumber: '',
          OrgAccountBalance: '',
          ThirdPartyTransID: '',
          MSISDN: '25470****149',
          FirstName: 'John',
          MiddleName: '',
          LastName: 'Doe',
        });
        const c2bPaid = c2bBody(w.c2b.transId, w.c2b.code, '200.00');
        const c2bUnmatched = c2bBody(w.c2b.unmatchedTransId, `NOREF${w.k}`, '75');
        const report = (status: string) =>
          new URLSearchParams({
            id: w.messageId,
            phoneNumber: `+${w.smsPhone}`,
            networkCode: '63902',
            status,
          }).toString();
        const kinds: [keyof Schedule['copies'], () => Promise<number>, unknown][] = [
          [
            'stkPaid',
            async () => (await t.request('POST', stkPath, { body: stkPaid })).status,
            stkPaid,
          ],
          [
            'stkCancelled',
            async () => (await t.request('POST', stkPath, { body: stkCancelled })).status,
            stkCancelled,
          ],
          [
            'flw',
            async () =>
              (
                await t.request('POST', '/api/processor/flutterwave/webhook', {
                  body: webhook,
                  headers: flwHeaders,
                })
              ).status,
            webhook,
          ],
          ['b2c', async () => (await t.request('POST', b2cPath, { body: b2c })).status, b2c],
          [
            'atSubmitted',
            async () =>
              (
                await t.request('POST', atPath, {
                  body: report('Submitted'),
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                })
              ).status,
            null,
          ],
          [
            'atSuccess',
            async () =>
              (
                await t.request('POST', atPath, {
                  body: report('Success'),
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                })
              ).status,
            null,
          ],
          // A reconciliation pass (the reconcile-stk job's work): its STK query answers race the callbacks.
          ['stkQuery', async () => (await t.get(PurchaseService).reconcileStk(), 200), null],
          [
            'c2bPaid',
            async () => (await t.request('POST', c2bPath, { body: c2bPaid })).status,
            c2bPaid,
          ],
          [
            'c2bUnmatched',
            async () => (await t.request('POST', c2bPath, { body: c2bUnmatched })).status,
            c2bUnmatched,
          ],
        ];
        const kindOf = new Map(
          kinds.map(([kind, send]) => [
            send,
            (
              {
                stkPaid: 'P',
                stkCancelled: 'C',
                flw: 'F',
                b2c: 'B',
                atSubmitted: 's',
                atSuccess: 'S',
                stkQuery: 'Q',
                c2bPaid: 'M',
                c2bUnmatched: 'U',
              } as const
            )[kind],
          ]),
        );
        const deliveries = kinds.flatMap(([kind, send, payload]) =>
          Array.from({ length: s.copies[kind] }, () => ({ send, payload })),
        );
        const ordered = deliveries
          .map((d, i) => ({ ...d, key: s.order[i], down: s.redisDown[i] }))
          .sort((a, b) => a.key - b.key);
        pgFaultsLeft = s.pgFaults;
        // Redis is down for a payload when its first delivery in the order says so (the outage covers all its copies).
        redisDownFor = new Set(
          ordered.filter((d) => d.down && d.payload).map((d) => JSON.stringify(d.payload)),
        );
        applied.schedules++;
        applied.deliveries += ordered.length;
        const c = s.copies;
        runs.push(
          `#${applied.schedules}: stk paid ×${c.stkPaid}, stk cancelled ×${c.stkCancelled}, flw ×${c.flw}, b2c ×${c.b2c}, AT Submitted ×${c.atSubmitted} Success ×${c.atSuccess}, STK query passes ×${c.stkQuery}, C2B paid ×${c.c2bPaid} unmatched ×${c.c2bUnmatched}; ` +
            `${ordered.length} deliveries, ${s.pgFaults} PostgreSQL errors, Redis down for ${redisDownFor.size} bodies; order ${ordered.map((d) => kindOf.get(d.send)).join('')}`,
        );
        // All at once, in the shuffled order; a 5xx is sent again, as the providers do.
        await Promise.all(
          ordered.map(async (d) => {
            for (let attempt = 0; ; attempt++) {
              const status = await d.send();
              if (status < 500) return expect(status).toBe(200);
              applied.provider5xx++;
              if (attempt > 20) throw new Error(`delivery answered ${status} 20 times`);
            }
          }),
        );
        applied.parked += Number(
          (await one(`SELECT count(*) n FROM job_inbox WHERE enqueued_at IS NULL`, [])).n,
        );
        // Redis is back: the inbox is drained (the worker's timer does it too, within 30 s).
        redisDownFor = new Set();
        (producer as unknown as { redisDownUntil: number }).redisDownUntil = 0;
        await eventually(
          async () =>
            (await producer.drainInbox()) >= 0 &&
            (await count(`SELECT count(*) n FROM job_inbox WHERE enqueued_at IS NULL`, [])) === 0,
          { timeoutMs: 30_000, intervalMs: 100 },
        );

        // Every effect happens; jobs waiting for a retry after an injected error run now rather than after their backoff.
        await eventually(
          async () => {
            for (const q of [QUEUE.PAYMENTS, QUEUE.PAYOUTS]) {
              for (const job of await producer.queue(q).getJobs(['delayed'])) {
                if (!job.repeatJobKey) await job.promote().catch(() => undefined);
              }
            }
            const statuses = await t.ds.query(
              `SELECT status FROM purchase WHERE id IN ($1, $2, $3, $4) ORDER BY id`,
              [w.paid.id, w.cancelled.id, w.c2b.id, w.flw.id],
            );
            if (
              (await count(`SELECT count(*) n FROM unmatched_payment WHERE trans_id = $1`, [
                w.c2b.unmatchedTransId,
              ])) !== 1
            )
              return false;
            const wd = await one(`SELECT status FROM withdrawal WHERE id = $1`, [w.withdrawalId]);
            const sms = await one(`SELECT status FROM sms_outbox WHERE id = $1`, [w.smsId]);
            // A payment the query applied first gets its receipt when the callback's job runs.
            const { receipt } = await one(`SELECT receipt FROM purchase WHERE id = $1`, [
              w.paid.id,
            ]);
            if (!receipt) return false;
            return (
              statuses.map((r: { status: string }) => r.status).join() ===
                'paid,cancelled,paid,paid' &&
              wd.status === 'W' &&
              sms.status === 'delivered'
            );
          },
          { timeoutMs: 60_000, intervalMs: 100 },
        );

        // Exactly one of each effect.
        for (const p of [w.paid, w.flw, w.c2b]) {
          expect(
            await count(`SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [p.id]),
          ).toBe(1);
          expect(
            await count(`SELECT count(*) n FROM subscription WHERE purchase_id = $1`, [p.id]),
          ).toBe(1);
          expect(
            await count(`SELECT count(*) n FROM sms_outbox WHERE to_msisdn = $1`, [p.phone]),
          ).toBe(1);
        }
        expect(await one(`SELECT receipt FROM purchase WHERE id = $1`, [w.paid.id])).toEqual({
          receipt: `TKRP${String(w.k).padStart(6, '0')}`,
        });
        expect(await one(`SELECT receipt FROM purchase WHERE id = $1`, [w.c2b.id])).toEqual({
          receipt: w.c2b.transId,
        });
        expect(
          await count(`SELECT count(*) n FROM unmatched_payment WHERE trans_id = ANY($1)`, [
            [w.c2b.transId, w.c2b.unmatchedTransId],
          ]),
        ).toBe(1);
        expect(
          await one(
            `SELECT reason, amount::text, purchase_id FROM unmatched_payment WHERE trans_id = $1`,
            [w.c2b.unmatchedTransId],
          ),
        ).toEqual({ reason: 'unknown-reference', amount: '75.00', purchase_id: null });
        expect(
          await count(`SELECT count(*) n FROM ledger_entry WHERE purchase_id = $1`, [
            w.cancelled.id,
          ]),
        ).toBe(0);
        expect(
          await count(`SELECT count(*) n FROM subscription WHERE purchase_id = $1`, [
            w.cancelled.id,
          ]),
        ).toBe(0);
        expect(await withdrawalLedger(t.ds, w.withdrawalId)).toHaveLength(1);
        expect(
          await one(`SELECT total_paid::text FROM withdrawal WHERE id = $1`, [w.withdrawalId]),
        ).toEqual({ total_paid: '700.00' });
        expect(
          await one(`SELECT delivery_status FROM sms_outbox WHERE id = $1`, [w.smsId]),
        ).toEqual({ delivery_status: 'Success' });
        await expectMoneyInvariants(t.ds);
        pgFaultsLeft = 0;
      }),
      {
        numRuns: RUNS,
        seed,
        endOnFailure: true,
        interruptAfterTimeLimit: Math.max(150_000, RUNS * 18_000),
      },
    );
  });
});
