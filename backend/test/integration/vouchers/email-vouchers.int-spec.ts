import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip } from '../../factories/slip';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually } from '../processor/support';
import { publishVoucherSlips, spentState as spentStateOf, tipsterFactory } from './voucher-slips';

jest.setTimeout(300_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const HOUR = 3600_000;

type VoucherRow = {
  id: string;
  code: string;
  phone: string | null;
  email: string;
  amount: string;
  currency: string;
  amount_ksh: string;
  reason: string;
  status: string;
  source: string;
  redeemed_by: string | null;
};

/**
 * Vouchers of card buyers known only by e-mail (docs/PRODUCT-RULES.md R283): a money-back slip
 * bought by card (Nigeria, through the Flutterwave sandbox's hosted page) by two e-mail buyers and
 * lost → a voucher to each e-mail address, by e-mail, the tipster's share reversed; a void slip
 * refunds its e-mail buyer the same way; the voucher pays another slip through buy-flw with no
 * checkout, the picks and the change by e-mail, the slip found again at /find_tip_ng; another
 * address's code, reuse, a bad code and the lock-out answer 4xx and spend nothing. The money invariants hold after each step.
 */
describe('e-mail vouchers (card buyers without a phone)', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let offsetMs: number;
  const run = String(Date.now()).slice(-6);
  const E1 = `ade.${run}@example.ng`;
  const E2 = `bola.${run}@example.ng`;
  const E3 = `chike.${run}@example.ng`;
  let moneyBackSlip: number;
  let voidSlip: number;
  let laterSlip: number;
  let secondSlip: number;
  const newTipster = tipsterFactory(() => t, `evoucher_t_${run}`);

  const b64 = (s: string) => encodeURIComponent(Buffer.from(s).toString('base64'));

  const buyFlw = (body: Record<string, unknown>) =>
    t.request<any>('POST', '/api/processor/buy-flw', { body });
  /** Buys `slip` by card as `email` on the sandbox's hosted page; resolves once the purchase is paid. */
  const buyByCard = async (email: string, slip: number): Promise<string> => {
    const res = await buyFlw({ email, slip_id: slip });
    expect(res).toMatchObject({ status: 200, body: { link: expect.any(String) } });
    const paid = await fetch(`${res.body.link}/pay`, { method: 'POST', redirect: 'manual' });
    const back = new URL(paid.headers.get('location') as string);
    const transactionId = back.searchParams.get('transaction_id') as string;
    // find-slip-ng verifies with Flutterwave and applies the payment if the webhook has not yet.
    const found = await t.request<any>(
      'POST',
      `/api/manage/find-slip-ng/${encodeURIComponent(email)}/${b64(transactionId)}`,
    );
    expect(found.status).toBe(200);
    const [row] = await sql<{ id: string; status: string }>(
      t.db.url,
      `SELECT id::text, status FROM purchase WHERE lower(email) = $1 AND slip_id = $2 AND provider = 'flutterwave'`,
      [email.toLowerCase(), slip],
    );
    expect(row.status).toBe('paid');
    return row.id;
  };
  const vouchersOf = (email: string): Promise<VoucherRow[]> =>
    sql<VoucherRow>(
      t.db.url,
      `SELECT id::text, code, phone, email, amount::text, currency, amount_ksh::text, reason, status,
              source_purchase_id::text AS source, redeemed_by_purchase_id::text AS redeemed_by
         FROM voucher WHERE email = $1 ORDER BY id`,
      [email],
    );
  const mailsTo = (email: string, kind: string) =>
    sql<{ subject: string; text_body: string }>(
      t.db.url,
      `SELECT subject, text_body FROM email_outbox WHERE to_address = $1 AND kind = $2 ORDER BY id`,
      [email, kind],
    );
  const spentState = () => spentStateOf(t.db.url);

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        FOOTBALL_DATA_DIR: data.dir,
        REPLAY_ANCHOR: '2026-04-20',
        SANDBOX_AUTO_ACCEPT: '1',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    offsetMs = (await t.get(ReplayClock).frame()).offsetMs;
    const slips = await publishVoucherSlips(t, DATA_NOW, newTipster);
    ({ moneyBackSlip, voidSlip } = slips);
    const { later } = slips;
    laterSlip = (
      await publishSlip(t, (await newTipster()).user.id, later.slice(0, 3), { amount: 100 })
    ).id;
    secondSlip = (
      await publishSlip(t, (await newTipster()).user.id, later.slice(3, 6), { amount: 50 })
    ).id;
    await buyByCard(E1, moneyBackSlip);
    await buyByCard(E2.toUpperCase(), moneyBackSlip);
    await buyByCard(E3, voidSlip);
    await expectMoneyInvariants(t.ds);

    pinClock(t, new Date(slips.voidDecidedAt + offsetMs + HOUR));
    await t.get(ResultSyncService).syncResults();
    await t.get(SlipSettlementService).sweep();
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('promises the money-back voucher by e-mail in the picks e-mail (R277, R283)', async () => {
    const [picks] = await mailsTo(E1, 'deliver-slip');
    expect(picks.subject).toBe(`Your tip slip ${moneyBackSlip}`);
    expect(picks.text_body).toContain(
      'Money-back: if this slip loses, you get the price back as a voucher by e-mail.',
    );
  });

  it('a lost money-back slip bought by card: a voucher to each e-mail, by e-mail, the tipster share reversed (R244, R283)', async () => {
    for (const email of [E1, E2]) {
      const vouchers = await eventually(
        async () => {
          const v = await vouchersOf(email);
          return v.length ? v : null;
        },
        { timeoutMs: 20_000, what: `a voucher for ${email}` },
      );
      expect(vouchers).toEqual([
        expect.objectContaining({
          phone: null,
          email,
          currency: 'NGN',
          amount_ksh: '150.00',
          reason: 'money-back',
          status: 'issued',
        }),
      ]);
      const [mail] = await mailsTo(email, 'voucher');
      expect(mail.subject).toBe(`Your voucher: NGN ${vouchers[0].amount}`);
      expect(mail.text_body.replace(/ /g, '')).toContain(vouchers[0].code);
      expect(mail.text_body).toContain('money-back slip');
      expect(mail.text_body).toContain('with\nthis e-mail address');
    }
    const shares = await t.ds.query(
      `SELECT l.status, l.amount::text FROM ledger_entry l JOIN purchase p ON p.id = l.purchase_id WHERE p.slip_id = $1 AND l.kind = 'sale_share'`,
      [moneyBackSlip],
    );
    expect(shares).toEqual([
      { status: 'U', amount: '90.00' },
      { status: 'U', amount: '90.00' },
    ]);
    const reversals = await t.ds.query(
      `SELECT count(*)::int AS n FROM ledger_entry l JOIN purchase p ON p.id = l.purchase_id WHERE p.slip_id = $1 AND l.kind = 'sale_share_reversal'`,
      [moneyBackSlip],
    );
    expect(reversals).toEqual([{ n: 2 }]);
    await expectMoneyInvariants(t.ds);
  });

  it('a void slip bought by card refunds its e-mail buyer by e-mail (R245, R283)', async () => {
    expect(await vouchersOf(E3)).toEqual([
      expect.objectContaining({ email: E3, amount_ksh: '50.00', reason: 'void', status: 'issued' }),
    ]);
    expect(await mailsTo(E3, 'voucher')).toHaveLength(1);
  });

  it("refuses another address's code, a bad code and a phone buyer's use of it, spending nothing (R247, R283)", async () => {
    const [ofE1] = await vouchersOf(E1);
    const before = await spentState();
    expect(await buyFlw({ email: E2, slip_id: laterSlip, voucher: ofE1.code })).toMatchObject({
      status: 403,
      body: { message: 'This voucher belongs to another e-mail address' },
    });
    expect(await buyFlw({ email: E2, slip_id: laterSlip, voucher: '12345' })).toMatchObject({
      status: 400,
      body: { message: 'Enter the 12-digit voucher code from your e-mail' },
    });
    const unknown = ofE1.code === '000000000000' ? '000000000001' : '000000000000';
    expect(await buyFlw({ email: E2, slip_id: laterSlip, voucher: unknown })).toMatchObject({
      status: 400,
      body: { message: 'This voucher code is wrong. Check the e-mail and try again.' },
    });
    expect(
      await t.request<any>('POST', '/api/processor/buy', {
        body: { phone: '0712000999', slip: laterSlip, voucher: ofE1.code },
      }),
    ).toMatchObject({
      status: 403,
      body: { message: 'This voucher belongs to another phone number' },
    });
    expect(await spentState()).toEqual(before);
    expect(
      await sql(
        t.db.url,
        `SELECT count(*)::int AS n FROM voucher_failed_attempt WHERE email = $1`,
        [E2],
      ),
    ).toEqual([{ n: 2 }]);
  });

  it('the voucher pays another slip through buy-flw with no checkout; picks and change by e-mail; found again at /find_tip_ng (R283)', async () => {
    const [voucher] = await vouchersOf(E1);
    const spaced = voucher.code.replace(/(\d{4})(?=\d)/g, '$1 ');
    const res = await buyFlw({ email: E1.toUpperCase(), slip_id: laterSlip, voucher: spaced });
    expect(res).toMatchObject({ status: 200, body: { message: 'Paid with voucher' } });
    expect(res.body.link).toBeUndefined();
    const [purchase] = await sql<any>(
      t.db.url,
      `SELECT id::text, status, provider, phone, email, amount::text, currency, tx_ref FROM purchase WHERE lower(email) = $1 AND slip_id = $2`,
      [E1, laterSlip],
    );
    expect(purchase).toMatchObject({
      status: 'paid',
      provider: 'voucher',
      phone: null,
      amount: '100.00',
      currency: 'KES',
      tx_ref: expect.stringMatching(/^VOUCHER-SLIP-/),
    });
    const [after, change] = await vouchersOf(E1);
    expect(after).toMatchObject({ status: 'redeemed', redeemed_by: purchase.id });
    expect(change).toMatchObject({
      email: E1,
      reason: 'change',
      amount: '50.00',
      currency: 'KES',
      status: 'issued',
      source: purchase.id,
    });
    expect(await mailsTo(E1, 'voucher')).toHaveLength(2);
    const picks = await eventually(
      async () =>
        (
          await sql<{ text_body: string }>(
            t.db.url,
            `SELECT text_body FROM email_outbox WHERE to_address = $1 AND subject = $2`,
            [E1, `Your tip slip ${laterSlip}`],
          )
        )[0] ?? null,
      { timeoutMs: 20_000, what: 'the picks e-mail of the voucher purchase' },
    );
    expect(picks.text_body).toContain(`/find_tip_ng?tx_ref=${purchase.tx_ref}`);
    const found = await t.request<any>(
      'POST',
      `/api/manage/find-slip-ng/${encodeURIComponent(E1)}/${b64(purchase.tx_ref)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(3);
    // Reused: the voucher is spent.
    expect(await buyFlw({ email: E1, slip_id: secondSlip, voucher: voucher.code })).toMatchObject({
      status: 409,
      body: { message: 'This voucher has already been used' },
    });
    // The change (Ksh 50) pays the Ksh 50 slip exactly: no new change.
    expect(await buyFlw({ email: E1, slip_id: secondSlip, voucher: change.code })).toMatchObject({
      status: 200,
      body: { message: 'Paid with voucher' },
    });
    expect((await vouchersOf(E1)).map((v) => [v.reason, v.status])).toEqual([
      ['money-back', 'redeemed'],
      ['change', 'redeemed'],
    ]);
    await expectMoneyInvariants(t.ds);
  });

  it('locks an address out after 10 wrong codes in an hour, its own voucher included (R247, R283)', async () => {
    const [ofE2] = await vouchersOf(E2);
    // Two wrong codes were sent for E2 above; eight more reach ten.
    for (let i = 0; i < 8; i++) {
      const res = await buyFlw({
        email: E2,
        slip_id: laterSlip,
        voucher: String(200000000000 + i),
      });
      expect(res.status).toBe(400);
    }
    const before = await spentState();
    expect(await buyFlw({ email: E2, slip_id: laterSlip, voucher: ofE2.code })).toMatchObject({
      status: 429,
      body: { message: 'Too many wrong voucher codes. Try again in an hour.' },
    });
    expect(await spentState()).toEqual(before);
    // Another address is not locked by E2's attempts.
    expect(
      (await buyFlw({ email: E3, slip_id: laterSlip, voucher: (await vouchersOf(E3))[0].code }))
        .status,
    ).toBe(400);
  });
});
