import { Money } from '../../../src/common/money/money';
import { ReplayClock } from '../../../src/modules/fixtures/replay-clock.service';
import { ResultSyncService } from '../../../src/modules/fixtures/result-sync.service';
import { LedgerService } from '../../../src/modules/ledger/ledger.service';
import { phoneHolder } from '../../../src/modules/processor/domain/voucher';
import { VoucherRedemption } from '../../../src/modules/processor/vouchers/voucher-redemption';
import { VoucherService } from '../../../src/modules/processor/vouchers/voucher.service';
import { SaleShareSettlementService } from '../../../src/modules/slip/sale-share-settlement.service';
import { SlipSettlementService } from '../../../src/modules/slip/slip-settlement.service';
import { UndeliveredPicksHook } from '../../../src/modules/slip/undelivered-picks.hook';
import { dataDirWith, importFixtures, pinClock, startReplay } from '../../factories/fixtures';
import { publishSlip, TippableGame } from '../../factories/slip';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually, purchasesOf } from '../processor/support';
import { publishVoucherSlips, spentState as spentStateOf, tipsterFactory } from './voucher-slips';

jest.setTimeout(300_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const HOUR = 3600_000;

type Phone = { local: string; msisdn: string };
type VoucherRow = {
  id: string;
  code: string;
  phone: string;
  amount: string;
  amount_ksh: string;
  reason: string;
  status: string;
  source: string;
  redeemed_by: string | null;
};

/**
 * Money-back slips and vouchers (docs/PRODUCT-RULES.md R240-R249): a money-back slip bought three
 * times through the Daraja sandbox settles lost by the real result sync → three vouchers by SMS,
 * the tipster's pending share reversed; a voucher buys another slip with no STK push; a void slip
 * refunds every buyer; bad codes, reuse, expiry and another phone's voucher answer 4xx and spend
 * nothing; undelivered picks are refunded once; the buyer's history shows it all for the phone
 * only. The money invariants hold after each step.
 */
describe('money-back slips and vouchers', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let offsetMs: number;
  const run = String(Date.now()).slice(-5);
  let seq = 0;
  const nextPhone = (): Phone => {
    const tail = `${run}${String(++seq).padStart(3, '0')}`;
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };
  const newTipster = tipsterFactory(() => t, `voucher_t_${run}`);

  let moneyBackTipster: number;
  let moneyBackSlip: number;
  let voidSlip: number;
  let laterSlip: number;
  let dearSlip: number;
  let later: TippableGame[];
  const buyers = [nextPhone(), nextPhone(), nextPhone()];
  const voidBuyers = [nextPhone(), nextPhone()];

  const buy = (phone: Phone, slip: number, voucher?: string) =>
    t.request<any>('POST', '/api/processor/buy', {
      body:
        voucher === undefined
          ? { phone: phone.local, slip }
          : { phone: phone.local, slip, voucher },
    });
  const paidPurchase = (phone: Phone, slip: number) =>
    eventually(
      async () =>
        (await purchasesOf(t.ds, phone.msisdn)).find(
          (p) => p.slip_id === String(slip) && p.status === 'paid',
        ),
      { timeoutMs: 30_000, what: `a paid purchase of slip ${slip} by ${phone.msisdn}` },
    );
  const vouchersOf = (msisdn: string): Promise<VoucherRow[]> =>
    sql<VoucherRow>(
      t.db.url,
      `SELECT id::text, code, phone, amount::text, amount_ksh::text, reason, status, source_purchase_id::text AS source, redeemed_by_purchase_id::text AS redeemed_by FROM voucher WHERE phone = $1 ORDER BY id`,
      [msisdn],
    );
  const smsTo = (msisdn: string, purpose: string) =>
    sql<{ body: string }>(
      t.db.url,
      `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = $2 ORDER BY id`,
      [msisdn, purpose],
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
        SANDBOX_AT_REPORT_DELAY_MS: '50',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    offsetMs = (await t.get(ReplayClock).frame()).offsetMs;
    const slips = await publishVoucherSlips(t, DATA_NOW, newTipster);
    ({ moneyBackSlip, voidSlip, later } = slips);
    moneyBackTipster = slips.moneyBackTipster.user.id;
    laterSlip = (
      await publishSlip(t, (await newTipster()).user.id, later.slice(0, 3), { amount: 100 })
    ).id;
    dearSlip = (
      await publishSlip(t, (await newTipster()).user.id, later.slice(3, 6), { amount: 500 })
    ).id;

    for (const phone of buyers) {
      expect((await buy(phone, moneyBackSlip)).status).toBe(200);
      await paidPurchase(phone, moneyBackSlip);
    }
    for (const phone of voidBuyers) {
      expect((await buy(phone, voidSlip)).status).toBe(200);
      await paidPurchase(phone, voidSlip);
    }
    await expectMoneyInvariants(t.ds);

    // Past the void window of the void slip (the money-back slip's games are long finished).
    pinClock(t, new Date(slips.voidDecidedAt + offsetMs + HOUR));
    await t.get(ResultSyncService).syncResults();
    await t.get(SlipSettlementService).sweep();
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  it('shows money_back on the slip and limits a tipster to one money-back slip a day (R240, R248)', async () => {
    const res = await t.request<any>('GET', `/api/slip/get/${laterSlip}`);
    expect(res.status).toBe(200);
    expect(res.body.money_back).toBe(false);
    const [row] = await t.ds.query(`SELECT money_back FROM slip WHERE id = $1`, [moneyBackSlip]);
    expect(row.money_back).toBe(true);
    const tipster = await newTipster();
    const body = (money_back: unknown, from: number) => ({
      tips: later.slice(from, from + 3).map((g) => ({ game: g.id, market: 1 })),
      amount: 100,
      money_back,
    });
    const create = (b: unknown) =>
      t.request<any>('POST', '/api/slip/create', { token: tipster.token, body: b });
    expect(await create(body('yes', 0))).toMatchObject({
      status: 400,
      body: { message: 'money_back must be true or false' },
    });
    const first = await create(body(true, 0));
    expect(first.status).toBe(201);
    expect((await t.request<any>('GET', `/api/slip/get/${first.body.id}`)).body.money_back).toBe(
      true,
    );
    expect(await create(body(true, 3))).toMatchObject({
      status: 400,
      body: { message: "Can't post more than 1 money-back slip a day" },
    });
  });

  it('a money-back slip sold three times and lost: three vouchers by SMS, the tipster share reversed (R244, R243)', async () => {
    const [slip] = await t.ds.query(`SELECT slip_result FROM slip WHERE id = $1`, [moneyBackSlip]);
    expect(slip.slip_result).toBe('L');
    for (const phone of buyers) {
      const vouchers = await eventually(
        async () => {
          const v = await vouchersOf(phone.msisdn);
          return v.length ? v : null;
        },
        { timeoutMs: 20_000, what: `a voucher for ${phone.msisdn}` },
      );
      expect(vouchers).toEqual([
        expect.objectContaining({
          amount: '150.00',
          amount_ksh: '150.00',
          reason: 'money-back',
          status: 'issued',
          redeemed_by: null,
        }),
      ]);
      expect(vouchers[0].code).toMatch(/^\d{12}$/);
      const [sms] = await smsTo(phone.msisdn, 'voucher');
      expect(sms.body.replace(/ /g, '')).toContain(vouchers[0].code);
      expect(sms.body).toContain('Ksh 150.00');
      expect(sms.body.length).toBeLessThanOrEqual(306);
    }
    const shares = await t.ds.query(
      `SELECT l.status, l.amount::text FROM ledger_entry l JOIN purchase p ON p.id = l.purchase_id WHERE p.slip_id = $1 AND l.kind = 'sale_share'`,
      [moneyBackSlip],
    );
    expect(shares).toEqual([
      { status: 'U', amount: '90.00' },
      { status: 'U', amount: '90.00' },
      { status: 'U', amount: '90.00' },
    ]);
    const reversals = await t.ds.query(
      `SELECT l.account, l.amount::text FROM ledger_entry l JOIN purchase p ON p.id = l.purchase_id WHERE p.slip_id = $1 AND l.kind = 'sale_share_reversal'`,
      [moneyBackSlip],
    );
    expect(reversals).toEqual(Array(3).fill({ account: 'platform', amount: '90.00' }));
    const nairobi = new Date();
    const sums = await t
      .get(LedgerService)
      .tipsterSums(moneyBackTipster, new Date(0), new Date(0), nairobi);
    expect([sums.pending, sums.earned, sums.balance].map((m) => m.toDecimal())).toEqual([
      '0.00',
      '0.00',
      '0.00',
    ]);
    await expectMoneyInvariants(t.ds);
  });

  it('a re-run of settlement issues nothing twice', async () => {
    const before = await spentState();
    expect(await t.get(SlipSettlementService).settleSlip(moneyBackSlip)).toBeNull();
    await t.get(SaleShareSettlementService).onSettledBatch([
      { slipId: moneyBackSlip, result: 'L', moneyBack: true },
      { slipId: voidSlip, result: 'C' },
    ]);
    expect(await spentState()).toEqual(before);
    await expectMoneyInvariants(t.ds);
  });

  it('a void slip refunds every buyer by voucher (R245)', async () => {
    const [slip] = await t.ds.query(`SELECT slip_result FROM slip WHERE id = $1`, [voidSlip]);
    expect(slip.slip_result).toBe('C');
    for (const phone of voidBuyers) {
      const vouchers = await vouchersOf(phone.msisdn);
      expect(vouchers).toEqual([
        expect.objectContaining({ amount: '50.00', reason: 'void', status: 'issued' }),
      ]);
      expect(await smsTo(phone.msisdn, 'voucher')).toHaveLength(1);
      expect(await smsTo(phone.msisdn, 'slip-cancelled')).toEqual([]);
    }
    await expectMoneyInvariants(t.ds);
  });

  it('a voucher buys another slip with no STK push; the change comes back as a voucher (R246)', async () => {
    const [A] = buyers;
    const [voucher] = await vouchersOf(A.msisdn);
    const spaced = voucher.code.replace(/(\d{4})(?=\d)/g, '$1 ');
    const res = await buy(A, laterSlip, spaced);
    expect(res).toMatchObject({ status: 200, body: { message: 'Paid with voucher' } });
    const purchase = (await purchasesOf(t.ds, A.msisdn)).find(
      (p) => p.slip_id === String(laterSlip),
    );
    expect(purchase).toMatchObject({
      status: 'paid',
      provider: 'voucher',
      checkout_request_id: null,
      amount: '100.00',
    });
    const [after, change] = await vouchersOf(A.msisdn);
    expect(after).toMatchObject({ status: 'redeemed', redeemed_by: purchase.id });
    expect(change).toMatchObject({
      reason: 'change',
      amount: '50.00',
      status: 'issued',
      source: purchase.id,
    });
    await eventually(async () => (await smsTo(A.msisdn, 'deliver-slip')).length === 2, {
      timeoutMs: 20_000,
      what: 'the picks SMS of the voucher purchase',
    });
    expect(await smsTo(A.msisdn, 'voucher')).toHaveLength(2);
    await expectMoneyInvariants(t.ds);
  });

  it("refuses a reused, expired, too small, malformed, wrong or another phone's voucher with a 4xx, spending nothing (R247)", async () => {
    const [A, B, C] = buyers;
    const [used] = await vouchersOf(A.msisdn);
    const [ofC] = await vouchersOf(C.msisdn);
    const [ofB] = await vouchersOf(B.msisdn);
    const before = await spentState();
    expect(await buy(A, laterSlip, used.code)).toMatchObject({
      status: 409,
      body: { message: 'This voucher has already been used' },
    });
    expect(await buy(B, laterSlip, ofC.code)).toMatchObject({
      status: 403,
      body: { message: 'This voucher belongs to another phone number' },
    });
    expect(await buy(voidBuyers[0], laterSlip, '12345')).toMatchObject({
      status: 400,
      body: { message: 'Enter the 12-digit voucher code from your SMS' },
    });
    const wrong = String((BigInt(ofB.code) + 1n) % 10n ** 12n).padStart(12, '0');
    expect(await buy(B, laterSlip, wrong)).toMatchObject({
      status: 400,
      body: { message: 'This voucher code is wrong. Check the SMS and try again.' },
    });
    expect(await buy(B, dearSlip, ofB.code)).toMatchObject({
      status: 400,
      body: {
        message:
          'This voucher does not cover the price of this slip. Choose a slip it covers, or pay by M-Pesa.',
      },
    });
    expect(await buy(C, laterSlip, { code: ofC.code } as unknown as string)).toMatchObject({
      status: 400,
    });
    // C's voucher reaches its 30 days.
    await t.ds.query(`UPDATE voucher SET expires_at = issued_at WHERE id = $1`, [ofC.id]);
    expect(await buy(C, laterSlip, ofC.code)).toMatchObject({
      status: 410,
      body: { message: 'This voucher has expired' },
    });
    expect(await spentState()).toEqual(before);
    // No voucher purchase was left behind paid; the refused ones are failed.
    const refused = await t.ds.query(
      `SELECT status FROM purchase WHERE provider = 'voucher' AND status <> 'failed' AND phone <> $1`,
      [A.msisdn],
    );
    expect(refused).toEqual([]);
    expect(await t.get(VoucherService).expireDue()).toBe(1);
    expect(await vouchersOf(C.msisdn)).toEqual([expect.objectContaining({ status: 'expired' })]);
    await expectMoneyInvariants(t.ds);
  });

  it('locks a phone out after 10 wrong codes in an hour (429), then lets it in after the hour (R247)', async () => {
    const [, B] = buyers;
    const [ofB] = await vouchersOf(B.msisdn);
    const redemption = t.get(VoucherRedemption);
    // B sent one wrong and one other phone's code above; eight more reach ten.
    for (let i = 0; i < 8; i++)
      await expect(
        redemption.check(phoneHolder(B.msisdn), String(100000000000 + i), Money.ofUnits(1)),
      ).rejects.toMatchObject({ status: 400 });
    const locked = await buy(B, laterSlip, ofB.code);
    expect(locked).toMatchObject({
      status: 429,
      body: { message: 'Too many wrong voucher codes. Try again in an hour.' },
    });
    expect((await vouchersOf(B.msisdn))[0].status).toBe('issued');
    const [last] = await t.ds.query(
      `SELECT max(attempted_at) AS at FROM voucher_failed_attempt WHERE phone = $1`,
      [B.msisdn],
    );
    pinClock(t, new Date(new Date(last.at).getTime() + HOUR + 1000));
    expect(
      await redemption.check(phoneHolder(B.msisdn), ofB.code, Money.ofUnits(100)),
    ).toMatchObject({
      id: ofB.id,
    });
  });

  it('refunds undelivered picks by voucher once (R249)', async () => {
    const [A] = buyers;
    const purchase = (await purchasesOf(t.ds, A.msisdn)).find(
      (p) => p.slip_id === String(laterSlip),
    );
    const event = {
      purchaseId: String(purchase.id),
      slipId: laterSlip,
      phone: A.msisdn,
      at: new Date(),
    };
    await t.get(UndeliveredPicksHook).refundUndelivered([event]);
    await t.get(UndeliveredPicksHook).refundUndelivered([event]);
    const refunds = (await vouchersOf(A.msisdn)).filter((v) => v.reason === 'undelivered');
    expect(refunds).toEqual([
      expect.objectContaining({ amount: '100.00', source: String(purchase.id), status: 'issued' }),
    ]);
    await expectMoneyInvariants(t.ds);
  });

  it("the buyer's history shows refunded purchases and the voucher balance for the phone, and nothing for another (R163)", async () => {
    const [A] = buyers;
    const history = async (phone: Phone) => {
      expect(
        (await t.request<any>('POST', '/api/buyer/code', { body: { phone: phone.local } })).status,
      ).toBe(200);
      const code = await eventually(
        async () => {
          const [row] = await sql<{ body: string }>(
            t.db.url,
            `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'buyer-code' ORDER BY id DESC LIMIT 1`,
            [phone.msisdn],
          );
          return row ? (/(\d{6})/.exec(row.body) as RegExpExecArray)[1] : null;
        },
        { timeoutMs: 10_000 },
      );
      return t.request<any>('GET', `/api/buyer/purchases?phone=${phone.local}&code=${code}`);
    };
    const res = await history(A);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: any) => [p.slip_id, p.status])).toEqual([
      [laterSlip, 'refunded'],
      [moneyBackSlip, 'refunded'],
    ]);
    // The change (50) and the undelivered refund (100); the money-back voucher was spent.
    expect(res.body.voucher_balance).toBe('150.00');
    expect(res.body.vouchers.map((v: any) => [v.reason, v.status, v.amount_ksh])).toEqual([
      ['undelivered', 'issued', '100.00'],
      ['change', 'issued', '50.00'],
      ['money-back', 'redeemed', '150.00'],
    ]);
    const other = await history(nextPhone());
    expect(other).toMatchObject({
      status: 200,
      body: { data: [], vouchers: [], voucher_balance: '0.00' },
    });
  });
});
