import { parseStkCallback } from '../../../src/providers/daraja/daraja.client';
import { newPurchaseCode } from '../../../src/modules/processor/domain/purchase-code';
import { MpesaCallbackBatcher } from '../../../src/modules/processor/mpesa-callback-batcher';
import { PurchaseNotFoundYetError } from '../../../src/modules/processor/processor.errors';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually, stkCallbackBody } from './support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Group commit of STK callbacks (docs/PERFORMANCE.md "Payment callbacks"): many
 * callbacks in one transaction keep each purchase's rules — paid once, declined closed, another
 * amount flagged, a repeat a no-op, an unknown CheckoutRequestID retried — and a batch whose
 * transaction fails is applied callback by callback. Real PostgreSQL, Redis and the Africa's
 * Talking sandbox.
 */
describe('M-Pesa callback batches', () => {
  let t: TestContext;
  let slipId: number;
  let seq = 0;
  const run = String(Date.now()).slice(-5);

  beforeAll(async () => {
    const data = dataDirWith(['E0-2025-26.csv']);
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
    const games = await tippableGames(t.ds, DATA_NOW, 3);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    const tipster = await createUser(t.ds, { username: 'batch_tipster' });
    slipId = (await publishSlip(t, tipster.user.id, games, { amount: 250 })).id;
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
  });

  /** A pending M-Pesa purchase as POST /api/processor/buy leaves it after the STK push. */
  const pending = async (
    slip: number = slipId,
  ): Promise<{ id: string; checkout: string; msisdn: string }> => {
    const n = `${run}${String(++seq).padStart(3, '0')}`;
    const checkout = `ws_CO_23112026batch${n}`;
    const msisdn = `2547${n}`;
    const [row] = await t.ds.query(
      `INSERT INTO purchase (kind, slip_id, phone, amount, currency, provider, checkout_request_id, code, status)
       VALUES ('slip', $1, $2, 250, 'KES', 'mpesa', $3, $4, 'pending') RETURNING id::text AS id`,
      [slip, msisdn, checkout, newPurchaseCode()],
    );
    return { id: row.id, checkout, msisdn };
  };
  /** Receipts are unique (uq_purchase_receipt): by default one from the CheckoutRequestID's digits. */
  const callback = (
    checkout: string,
    resultCode: number,
    amount = 250,
    receipt = `SB${checkout.slice(-8)}`,
  ) => parseStkCallback(stkCallbackBody(checkout, resultCode, amount, receipt));
  const purchase = async (id: string) =>
    (
      await t.ds.query(
        `SELECT status, receipt, paid_amount, review_reason FROM purchase WHERE id = $1`,
        [id],
      )
    )[0];
  const ledger = (id: string) =>
    t.ds.query(
      `SELECT kind, amount, status FROM ledger_entry WHERE purchase_id = $1 ORDER BY kind`,
      [id],
    );
  // The picks SMS only: a declined prompt also gets the paybill offer (docs/PRODUCT-RULES.md R205), sent by a job after commit.
  const smsTo = (msisdn: string) =>
    t.ds.query(
      `SELECT status, attempts, body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'deliver-slip'`,
      [msisdn],
    );

  it('applies a mixed batch in one go: paid, declined, amount mismatch, repeat, unknown CheckoutRequestID', async () => {
    const [a, b, c, d] = [await pending(), await pending(), await pending(), await pending()];
    const batch = [
      callback(a.checkout, 0, 250, 'SBA1234567'),
      callback(b.checkout, 0, 250, 'SBB1234567'),
      callback(c.checkout, 1032),
      callback(d.checkout, 0, 200, 'SBD1234567'),
      callback('ws_CO_23112026batch99999999', 0),
      callback(a.checkout, 0, 250, 'SBA1234567'),
    ];
    const out = await t.get(PurchaseService).confirmMpesaBatch(batch);
    expect(out.map((o) => (o instanceof Error ? o.constructor.name : o))).toEqual([
      'paid',
      'paid',
      'closed',
      'flagged',
      PurchaseNotFoundYetError.name,
      'noop',
    ]);

    expect(await purchase(a.id)).toEqual({
      status: 'paid',
      receipt: 'SBA1234567',
      paid_amount: '250.00',
      review_reason: null,
    });
    expect(await purchase(c.id)).toMatchObject({
      status: 'cancelled',
      receipt: null,
      paid_amount: null,
    });
    expect(await purchase(d.id)).toMatchObject({
      status: 'failed',
      receipt: 'SBD1234567',
      paid_amount: '200.00',
      review_reason: expect.stringContaining('amount mismatch'),
    });
    for (const p of [a, b]) {
      expect(await ledger(p.id)).toEqual([
        { kind: 'platform_fee', amount: '100.00', status: 'P' },
        { kind: 'sale_share', amount: '150.00', status: 'W' },
      ]);
      // Sent by the worker right after commit (no deliver-sms job): one attempt.
      const sms = await eventually(async () => {
        const rows = await smsTo(p.msisdn);
        return rows.length === 1 && !['queued', 'sending'].includes(rows[0].status) ? rows : null;
      });
      expect(sms[0]).toMatchObject({
        status: expect.stringMatching(/^(sent|delivered)$/),
        attempts: 1,
      });
      expect(sms[0].body).toContain(`Slip ${slipId} code `);
    }
    for (const p of [c, d]) {
      expect(await ledger(p.id)).toEqual([]);
      expect(await smsTo(p.msisdn)).toEqual([]);
    }

    // The same batch again changes nothing.
    const again = await t.get(PurchaseService).confirmMpesaBatch(batch);
    expect(again.map((o) => (o instanceof Error ? 'error' : o))).toEqual([
      'noop',
      'noop',
      'noop',
      'noop',
      'error',
      'noop',
    ]);
    expect(await ledger(a.id)).toHaveLength(2);
    expect(await smsTo(a.msisdn)).toHaveLength(1);
  });

  it('a batch whose transaction fails is applied callback by callback: the good ones paid once, the bad one fails alone', async () => {
    const good1 = await pending();
    const bad = await pending(999_999_999); // its slip does not exist: the fulfilment throws
    const good2 = await pending();
    const batcher = t.get(MpesaCallbackBatcher);
    const results = await Promise.allSettled([
      batcher.submit(callback(good1.checkout, 0)),
      batcher.submit(callback(bad.checkout, 0)),
      batcher.submit(callback(good2.checkout, 0)),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual([
      'fulfilled',
      expect.stringContaining('slip 999999999'),
      'fulfilled',
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'x'))).toEqual([
      'paid',
      'x',
      'paid',
    ]);
    expect((await purchase(good1.id)).status).toBe('paid');
    expect((await purchase(good2.id)).status).toBe('paid');
    expect((await purchase(bad.id)).status).toBe('pending'); // rolled back; its job retries
    expect(await ledger(good1.id)).toHaveLength(2);
    expect(await ledger(good2.id)).toHaveLength(2);
    expect(await ledger(bad.id)).toEqual([]);
  });

  it('many callbacks submitted at once share transactions and each purchase is credited exactly once', async () => {
    const buys: { id: string; checkout: string; msisdn: string }[] = [];
    for (let i = 0; i < 40; i++) buys.push(await pending());
    const batcher = t.get(MpesaCallbackBatcher);
    const batches = jest.spyOn(t.get(PurchaseService), 'confirmMpesaBatch');
    // Every callback twice, interleaved, as a provider retrying would send them.
    const outcomes = await Promise.all(
      [...buys, ...buys].map((p) => batcher.submit(callback(p.checkout, 0))),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(40);
    expect(outcomes.filter((o) => o === 'noop')).toHaveLength(40);
    // 80 callbacks in a few transactions (at most 64 each), not one each.
    expect(batches.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(batches.mock.calls.length).toBeLessThanOrEqual(4);
    batches.mockRestore();
    const [sums] = await t.ds.query(
      `SELECT count(*)::int AS n, sum(amount)::text AS total FROM ledger_entry WHERE purchase_id = ANY($1::bigint[])`,
      [buys.map((p) => p.id)],
    );
    expect(sums).toEqual({ n: 80, total: '10000.00' });
    const sms = await eventually(async () => {
      const [counts] = await t.ds.query(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status IN ('sent', 'delivered'))::int AS sent FROM sms_outbox WHERE to_msisdn = ANY($1)`,
        [buys.map((p) => p.msisdn)],
      );
      return counts.sent === 40 ? counts : null;
    });
    expect(sms).toEqual({ n: 40, sent: 40 });
  });
});
