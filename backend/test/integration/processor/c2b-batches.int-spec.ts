import { C2bConfirmationBatcher } from '../../../src/modules/processor/c2b-confirmation-batcher';
import { newPurchaseCode } from '../../../src/modules/processor/domain/purchase-code';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { C2bPayment, parseC2bPayment } from '../../../src/providers/daraja/daraja-c2b';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually } from './support';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Group commit of Daraja C2B confirmations (docs/PERFORMANCE.md "Payment callbacks";
 * docs/PRODUCT-RULES.md R202, R203): many confirmations in one transaction keep each one's rules —
 * a reference paid once by its TransID, a repeated TransID a no-op, another TransID to a paid
 * reference, another amount, an unknown or expired reference recorded once as unmatched — the
 * buyer SMS sent right after the commit, and a batch whose transaction fails applied one by one.
 * Real PostgreSQL, Redis and the Africa's Talking sandbox.
 */
describe('C2B confirmation batches', () => {
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
    const tipster = await createUser(t.ds, { username: 'c2b_batch_tipster' });
    slipId = (await publishSlip(t, tipster.user.id, games, { amount: 250 })).id;
  });
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
  });

  /** A pending paybill purchase with its reference, as POST /api/processor/buy-paybill leaves it. */
  const reference = async (
    opts: { slip?: number; expiresAt?: string } = {},
  ): Promise<{ id: string; account: string; msisdn: string }> => {
    const msisdn = `2547${run}${String(++seq).padStart(3, '0')}`;
    const account = newPurchaseCode();
    const [row] = await t.ds.query(
      `INSERT INTO purchase (kind, slip_id, phone, rg_phone, amount, amount_ksh, currency, provider, code, status)
       VALUES ('slip', $1, $2, $2, 250, 250, 'KES', 'c2b', $3, 'pending') RETURNING id::text AS id`,
      [opts.slip ?? slipId, msisdn, account],
    );
    await t.ds.query(`INSERT INTO c2b_reference (purchase_id, expires_at) VALUES ($1, $2)`, [
      row.id,
      opts.expiresAt ?? '2026-11-24T09:00:00Z',
    ]);
    return { id: row.id, account, msisdn };
  };
  let trans = 0;
  const nextTransId = (): string => `RB${run}${String(++trans).padStart(4, '0')}`;
  /** Daraja's confirmation body (docs/PROVIDERS.md "Daraja C2B"), read as the job reads it. */
  const confirmation = (
    account: string,
    transId: string,
    amount: string | number = '250',
  ): C2bPayment =>
    parseC2bPayment({
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: '20261123120000',
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
  const purchase = async (id: string) =>
    (
      await t.ds.query(`SELECT status, receipt, paid_amount::text FROM purchase WHERE id = $1`, [
        id,
      ])
    )[0];
  const ledger = (id: string) =>
    t.ds.query(
      `SELECT kind, amount::text, status FROM ledger_entry WHERE purchase_id = $1 ORDER BY kind`,
      [id],
    );
  const unmatched = (transId: string) =>
    t.ds.query(
      `SELECT reason, amount::text, purchase_id::text FROM unmatched_payment WHERE trans_id = $1`,
      [transId],
    );
  const picksSms = (msisdn: string) =>
    t.ds.query(
      `SELECT status, attempts, body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'deliver-slip'`,
      [msisdn],
    );

  it('applies a mixed batch in one go, each confirmation by the rules of R202 and R203', async () => {
    const [a, b, expired] = [
      await reference(),
      await reference(),
      await reference({ expiresAt: '2026-11-23T08:00:00Z' }),
    ];
    const [payA, secondA, overB, payB, unknown, late] = [
      nextTransId(),
      nextTransId(),
      nextTransId(),
      nextTransId(),
      nextTransId(),
      nextTransId(),
    ];
    const batch = [
      confirmation(a.account, payA),
      confirmation(a.account.toLowerCase(), payA, 250), // the same payment again
      confirmation(a.account, secondA), // a second payment of a reference this batch paid
      confirmation(b.account, overB, '300'),
      confirmation(b.account, payB),
      confirmation('NOSUCHREF', unknown, '75'),
      confirmation('NOSUCHREF', unknown, '75'),
      confirmation(expired.account, late),
    ];
    const out = await t.get(PurchaseService).confirmC2bBatch(batch);
    expect(out).toEqual([
      'paid',
      'noop',
      'flagged',
      'flagged',
      'paid',
      'flagged',
      'noop',
      'flagged',
    ]);

    expect(await purchase(a.id)).toEqual({ status: 'paid', receipt: payA, paid_amount: '250.00' });
    expect(await purchase(b.id)).toEqual({ status: 'paid', receipt: payB, paid_amount: '250.00' });
    expect(await purchase(expired.id)).toMatchObject({ receipt: null, paid_amount: null });
    expect(await ledger(expired.id)).toEqual([]);
    expect(await unmatched(secondA)).toEqual([
      { reason: 'closed-reference', amount: '250.00', purchase_id: a.id },
    ]);
    expect(await unmatched(overB)).toEqual([
      { reason: 'amount-mismatch', amount: '300.00', purchase_id: b.id },
    ]);
    expect(await unmatched(unknown)).toEqual([
      { reason: 'unknown-reference', amount: '75.00', purchase_id: null },
    ]);
    expect(await unmatched(late)).toEqual([
      { reason: 'expired-reference', amount: '250.00', purchase_id: expired.id },
    ]);
    for (const p of [a, b]) {
      expect(await ledger(p.id)).toEqual([
        { kind: 'platform_fee', amount: '100.00', status: 'P' },
        { kind: 'sale_share', amount: '150.00', status: 'W' },
      ]);
      // Sent by the worker right after commit (no deliver-sms job): one attempt, to the bound phone.
      const sms = await eventually(async () => {
        const rows = await picksSms(p.msisdn);
        return rows.length === 1 && !['queued', 'sending'].includes(rows[0].status) ? rows : null;
      });
      expect(sms[0]).toMatchObject({
        status: expect.stringMatching(/^(sent|delivered)$/),
        attempts: 1,
      });
      expect(sms[0].body).toContain(`Slip ${slipId} code ${p.account}`);
    }
    expect(await picksSms(expired.msisdn)).toEqual([]);

    // The same batch again, and again shuffled, changes nothing.
    expect(await t.get(PurchaseService).confirmC2bBatch(batch)).toEqual(batch.map(() => 'noop'));
    expect(await t.get(PurchaseService).confirmC2bBatch([...batch].reverse())).toEqual(
      batch.map(() => 'noop'),
    );
    expect(await ledger(a.id)).toHaveLength(2);
    expect(await picksSms(a.msisdn)).toHaveLength(1);
    for (const id of [secondA, overB, unknown, late]) expect(await unmatched(id)).toHaveLength(1);
  });

  it('a batch whose transaction fails is applied confirmation by confirmation: the good ones paid once, the bad one fails alone', async () => {
    const good1 = await reference();
    const bad = await reference({ slip: 999_999_999 }); // its slip does not exist: the fulfilment throws
    const good2 = await reference();
    const batcher = t.get(C2bConfirmationBatcher);
    const results = await Promise.allSettled([
      batcher.submit(confirmation(good1.account, nextTransId())),
      batcher.submit(confirmation(bad.account, nextTransId())),
      batcher.submit(confirmation(good2.account, nextTransId())),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.value))).toEqual([
      'paid',
      expect.stringContaining('slip 999999999'),
      'paid',
    ]);
    expect((await purchase(good1.id)).status).toBe('paid');
    expect((await purchase(good2.id)).status).toBe('paid');
    expect((await purchase(bad.id)).status).toBe('pending'); // rolled back; its job retries
    expect(await ledger(good1.id)).toHaveLength(2);
    expect(await ledger(bad.id)).toEqual([]);
  });

  it('many confirmations submitted at once share transactions and each reference is paid exactly once', async () => {
    const refs: { id: string; account: string; msisdn: string; transId: string }[] = [];
    for (let i = 0; i < 40; i++) refs.push({ ...(await reference()), transId: nextTransId() });
    const batcher = t.get(C2bConfirmationBatcher);
    const batches = jest.spyOn(t.get(PurchaseService), 'confirmC2bBatch');
    // Every confirmation twice, the second copies shuffled, as Daraja retrying would send them.
    const copies = [...refs, ...[...refs].sort(() => Math.random() - 0.5)];
    const outcomes = await Promise.all(
      copies.map((r) => batcher.submit(confirmation(r.account, r.transId))),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(40);
    expect(outcomes.filter((o) => o === 'noop')).toHaveLength(40);
    // 80 confirmations in a few transactions (at most 64 each), not one each.
    expect(batches.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(batches.mock.calls.length).toBeLessThanOrEqual(4);
    batches.mockRestore();
    const [sums] = await t.ds.query(
      `SELECT count(*)::int AS n, sum(amount)::text AS total FROM ledger_entry WHERE purchase_id = ANY($1::bigint[])`,
      [refs.map((r) => r.id)],
    );
    expect(sums).toEqual({ n: 80, total: '10000.00' });
    expect(
      await t.ds.query(
        `SELECT count(*)::int AS n FROM unmatched_payment WHERE trans_id = ANY($1)`,
        [refs.map((r) => r.transId)],
      ),
    ).toEqual([{ n: 0 }]);
    const sms = await eventually(async () => {
      const [counts] = await t.ds.query(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status IN ('sent', 'delivered'))::int AS sent FROM sms_outbox WHERE to_msisdn = ANY($1) AND purpose = 'deliver-slip'`,
        [refs.map((r) => r.msisdn)],
      );
      return counts.sent === 40 ? counts : null;
    });
    expect(sms).toEqual({ n: 40, sent: 40 });
  });
});
