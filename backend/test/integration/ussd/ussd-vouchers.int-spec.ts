import { Money } from '../../../src/common/money/money';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { QUEUE } from '../../../src/common/queues/queues';
import { phoneHolder } from '../../../src/modules/processor/domain/voucher';
import { VoucherRedemption } from '../../../src/modules/processor/vouchers/voucher-redemption';
import { MONEY_BACK_LINE } from '../../../src/modules/slip/domain/slip-sale';
import { ussdCodeOf } from '../../../src/modules/slip/domain/ussd-code';
import { UndeliveredPicksHook } from '../../../src/modules/slip/undelivered-picks.hook';
import { ussdPushJobId } from '../../../src/modules/ussd/ussd-buy.service';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext, TestResponse } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually, purchasesOf } from '../processor/support';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const KEY = 'test-ussd-callback-key-0001';

type VoucherRow = {
  id: string;
  code: string;
  amount_ksh: string;
  reason: string;
  status: string;
  redeemed_by: string | null;
};

/**
 * Money-back marks and paying with a voucher in the USSD menu (docs/PRODUCT-RULES.md R277,
 * R278; docs/PROVIDERS.md "Africa's Talking USSD"): literal Africa's Talking form bodies in,
 * `CON` / `END` screens out. The vouchers are real refunds (a paid web purchase whose picks were
 * undelivered, R249); paying goes through the web's voucher buy (R246, R247), so the wrong-code
 * counter is the web's.
 */
describe('USSD money-back marks and vouchers', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let moneyBackSlip: number;
  let dearSlip: number;
  let sourceSlip: number;
  const run = String(Date.now()).slice(-5);
  let seq = 0;
  const nextPhone = (): string => `2547${run}${String(++seq).padStart(3, '0')}`;
  let session = 0;
  const newSession = (): string => `ATUid_v${run}${String(++session).padStart(6, '0')}`;

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
        USSD_CALLBACK_KEY: KEY,
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games = await tippableGames(t.ds, DATA_NOW, 9);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    const tipster = async (n: number) =>
      (await createUser(t.ds, { username: `ussdv_${run}_${n}` })).user.id;
    moneyBackSlip = (
      await publishSlip(t, await tipster(1), games.slice(0, 3), { amount: 100, moneyBack: true })
    ).id;
    dearSlip = (await publishSlip(t, await tipster(2), games.slice(3, 6), { amount: 300 })).id;
    sourceSlip = (await publishSlip(t, await tipster(3), games.slice(6, 9), { amount: 200 })).id;
  });
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  /** One AT request, the form body as AT posts it. */
  const dial = (msisdn: string, text: string, sessionId: string): Promise<TestResponse<string>> =>
    t.request('POST', `/api/ussd/africastalking?key=${KEY}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `sessionId=${encodeURIComponent(sessionId)}&serviceCode=%2A384%2A123%23&phoneNumber=%2B${msisdn}&networkCode=63902&text=${encodeURIComponent(text)}`,
    });
  const screen = async (
    msisdn: string,
    text: string,
    sessionId = newSession(),
  ): Promise<string> => {
    const res = await dial(msisdn, text, sessionId);
    expect(res.status).toBe(200);
    expect(res.text.length).toBeLessThanOrEqual(182);
    expect(res.text).toMatch(/^(CON|END) /);
    return res.text;
  };
  const vouchersOf = (msisdn: string): Promise<VoucherRow[]> =>
    sql<VoucherRow>(
      t.db.url,
      `SELECT id::text, code, amount_ksh::text, reason, status, redeemed_by_purchase_id::text AS redeemed_by FROM voucher WHERE phone = $1 ORDER BY id`,
      [msisdn],
    );
  /** A phone holding a Ksh 200 voucher: it bought the source slip on the web, and its undelivered picks were refunded (R249). */
  const phoneWithVoucher = async (): Promise<{ msisdn: string; voucher: VoucherRow }> => {
    const msisdn = nextPhone();
    expect(
      (
        await t.request('POST', '/api/processor/buy', {
          body: { phone: `0${msisdn.slice(3)}`, slip: sourceSlip },
        })
      ).status,
    ).toBe(200);
    const paid = await eventually(
      async () => (await purchasesOf(t.ds, msisdn)).find((p) => p.status === 'paid'),
      { timeoutMs: 30_000, what: `the paid purchase of ${msisdn}` },
    );
    await t
      .get(UndeliveredPicksHook)
      .refundUndelivered([
        { purchaseId: String(paid.id), slipId: sourceSlip, phone: msisdn, at: new Date() },
      ]);
    const [voucher] = await vouchersOf(msisdn);
    expect(voucher).toMatchObject({ amount_ksh: '200.00', status: 'issued' });
    return { msisdn, voucher };
  };
  const spent = async () => ({
    vouchers: await sql(t.db.url, `SELECT id, status FROM voucher ORDER BY id`),
    paid: (
      await sql<{ n: number }>(
        t.db.url,
        `SELECT count(*)::int AS n FROM purchase WHERE status IN ('paid', 'pending')`,
      )
    )[0].n,
  });
  const code = (slip: number): string => ussdCodeOf(slip);

  it('marks a money-back slip MB in the top list and Money-back on its confirm screen (R277)', async () => {
    const msisdn = nextPhone();
    const s = newSession();
    const list = await screen(msisdn, '1', s);
    expect(list).toMatch(/^(CON )?\d ussdv_ 3L 8\.00 K100 \d+% MB$/m);
    expect(list).toMatch(/^(CON )?\d ussdv_\d 3L 8\.00 K300 \d+%$/m);
    const confirm = await screen(msisdn, `3*${code(moneyBackSlip)}`);
    expect(confirm).toContain(
      '\nPrice Ksh 100, Money-back\n1 Pay Ksh 100 by M-Pesa\n2 Pay by paybill\n3 Pay with voucher\n0 Back',
    );
    expect(await screen(msisdn, `3*${code(dearSlip)}`)).toContain(
      '\nPrice Ksh 300\n1 Pay Ksh 300 by M-Pesa',
    );
  });

  it('pays a slip with a voucher that covers it: no STK, the change as a voucher, the picks SMS with the money-back line (R278, R246)', async () => {
    const { msisdn, voucher } = await phoneWithVoucher();
    const s = newSession();
    expect(await screen(msisdn, `3*${code(moneyBackSlip)}*3`, s)).toBe(
      'CON Enter the 12-digit voucher code from your SMS\n0 Back',
    );
    expect(await screen(msisdn, `3*${code(moneyBackSlip)}*3*12345`, s)).toBe(
      'CON That is not a voucher code. Enter the 12-digit voucher code from your SMS\n0 Back',
    );
    expect(await screen(msisdn, `3*${code(moneyBackSlip)}*3*12345*${voucher.code}`, s)).toBe(
      `END Paid with your voucher. The tips of slip ${moneyBackSlip} come by SMS.`,
    );
    const purchase = (await purchasesOf(t.ds, msisdn)).find(
      (p) => p.slip_id === String(moneyBackSlip),
    );
    expect(purchase).toMatchObject({
      status: 'paid',
      provider: 'voucher',
      checkout_request_id: null,
      amount: '100.00',
    });
    const [used, change] = await vouchersOf(msisdn);
    expect(used).toMatchObject({ status: 'redeemed', redeemed_by: String(purchase.id) });
    expect(change).toMatchObject({ reason: 'change', amount_ksh: '100.00', status: 'issued' });
    expect(await t.get(JobProducer).queue(QUEUE.USSD).getJob(ussdPushJobId(s))).toBeUndefined();
    const [picks] = await sql<{ body: string }>(
      t.db.url,
      `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'deliver-slip' AND body LIKE $2`,
      [msisdn, `Slip ${moneyBackSlip} %`],
    );
    expect(picks.body).toContain(`\n${MONEY_BACK_LINE}\n`);
    // Africa's Talking repeats the last request: nothing is spent twice.
    const before = await spent();
    expect(await screen(msisdn, `3*${code(moneyBackSlip)}*3*12345*${voucher.code}`, s)).toBe(
      'END This voucher has already been used',
    );
    expect(await spent()).toEqual(before);
  });

  it('refuses a voucher short of the price with the web message: no part payment, no prompt (R246)', async () => {
    const { msisdn, voucher } = await phoneWithVoucher();
    const before = await spent();
    const s = newSession();
    expect(await screen(msisdn, `3*${code(dearSlip)}*3*${voucher.code}`, s)).toBe(
      'END This voucher does not cover the price of this slip. Choose a slip it covers, or pay by M-Pesa.',
    );
    expect(await spent()).toEqual(before);
    expect(await t.get(JobProducer).queue(QUEUE.USSD).getJob(ussdPushJobId(s))).toBeUndefined();
  });

  it("ends on a wrong, another phone's or an expired code, spending nothing; the wrong-code lock-out is the web's counter (R247)", async () => {
    const a = await phoneWithVoucher();
    const b = await phoneWithVoucher();
    const before = await spent();
    const wrong = String((BigInt(a.voucher.code) + 1n) % 10n ** 12n).padStart(12, '0');
    expect(await screen(a.msisdn, `3*${code(moneyBackSlip)}*3*${wrong}`)).toBe(
      'END This voucher code is wrong. Check the SMS and try again.',
    );
    expect(await screen(a.msisdn, `3*${code(moneyBackSlip)}*3*${b.voucher.code}`)).toBe(
      'END This voucher belongs to another phone number',
    );
    // Eight more wrong codes reach ten for this phone: three on the web buy (its per-phone limit
    // allows five requests, one was the source purchase), five through the same check; the menu is locked out too.
    for (let i = 0; i < 3; i++) {
      const res = await t.request<any>('POST', '/api/processor/buy', {
        body: {
          phone: `0${a.msisdn.slice(3)}`,
          slip: moneyBackSlip,
          voucher: String(100000000000 + i),
        },
      });
      expect(res).toMatchObject({
        status: 400,
        body: { message: 'This voucher code is wrong. Check the SMS and try again.' },
      });
    }
    for (let i = 3; i < 8; i++)
      await expect(
        t
          .get(VoucherRedemption)
          .check(phoneHolder(a.msisdn), String(100000000000 + i), Money.ofUnits(1)),
      ).rejects.toMatchObject({ status: 400 });
    expect(await screen(a.msisdn, `1*1*3*${a.voucher.code}`)).toBe(
      'END Too many wrong voucher codes. Try again in an hour.',
    );
    await t.ds.query(`UPDATE voucher SET expires_at = issued_at WHERE id = $1`, [b.voucher.id]);
    expect(await screen(b.msisdn, `3*${code(moneyBackSlip)}*3*${b.voucher.code}`)).toBe(
      'END This voucher has expired',
    );
    expect(await spent()).toEqual(before);
    expect((await vouchersOf(a.msisdn))[0].status).toBe('issued');
  });

  it.each([
    ['a voucher code after the END', () => `3*${code(moneyBackSlip)}*3*123456789012*1`],
    ['letters as the code', () => `3*${code(moneyBackSlip)}*3*12ab`],
    ['a 40-digit code', () => `1*1*3*${'9'.repeat(40)}`],
    ['back from the code', () => `1*1*3*0*0`],
  ])('answers %s with a valid screen', async (_name, text) => {
    const res = await dial(nextPhone(), text(), newSession());
    expect(res.status).toBe(200);
    expect(res.text.length).toBeLessThanOrEqual(182);
    expect(res.text).toMatch(/^(CON|END) \S/);
  });
});
