import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually, purchasesOf } from '../processor/support';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

type Phone = { local: string; msisdn: string };

/**
 * A buyer's history (docs/PRODUCT-RULES.md R160-R164): purchases made through the Daraja sandbox
 * (one accepted, one declined, one left pending), a code by SMS, then the list: picks only for
 * the paid slip, nothing of another phone's, a wrong code 400, keyset pages.
 */
describe("a buyer's history", () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];
  const run = String(Date.now()).slice(-5);
  let seq = 0;
  const nextPhone = (): Phone => {
    const tail = `${run}${String(++seq).padStart(3, '0')}`;
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };
  let tipsterN = 0;
  const slipAt = async (amount: number, from: number): Promise<number> => {
    const tipster = await createUser(t.ds, { username: `buyer_h_${run}_${++tipsterN}` });
    return (await publishSlip(t, tipster.user.id, games.slice(from, from + 3), { amount })).id;
  };

  const A = { local: '', msisdn: '' } as Phone;
  let paidSlip: number;
  let failedSlip: number;
  let pendingSlip: number;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: {
        FOOTBALL_DATA_DIR: data.dir,
        REPLAY_ANCHOR: '2026-04-20',
        SANDBOX_AUTO_ACCEPT: '0',
        SANDBOX_AT_REPORT_DELAY_MS: '50',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 12);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    paidSlip = await slipAt(150, 0);
    failedSlip = await slipAt(200, 3);
    pendingSlip = await slipAt(250, 6);

    Object.assign(A, nextPhone());
    // Paid: the buyer accepts the prompt on the sandbox phone.
    await buyAndAnswer(A, paidSlip, 'accept');
    await eventually(async () => (await statusOf(A, paidSlip)) === 'paid', { timeoutMs: 20_000 });
    // Failed: a wrong PIN (2001). A declined prompt would also be offered the paybill, a new pending
    // purchase of the same slip (docs/PRODUCT-RULES.md R205).
    await buyAndAnswer(A, failedSlip, 'wrong-pin');
    await eventually(async () => ((await statusOf(A, failedSlip)) ?? 'pending') !== 'pending', {
      timeoutMs: 20_000,
    });
    // Pending: the prompt is left alone.
    expect((await buy(A, pendingSlip)).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const buy = (phone: Phone, slip: number) =>
    t.request('POST', '/api/processor/buy', { body: { phone: phone.local, slip } });
  const statusOf = async (phone: Phone, slip: number): Promise<string | undefined> =>
    (await purchasesOf(t.ds, phone.msisdn)).find((p) => p.slip_id === String(slip))?.status;
  async function buyAndAnswer(
    phone: Phone,
    slip: number,
    action: 'accept' | 'decline' | 'wrong-pin',
  ): Promise<void> {
    expect((await buy(phone, slip)).status).toBe(200);
    const checkout = await eventually(
      async () =>
        (await purchasesOf(t.ds, phone.msisdn)).find((p) => p.slip_id === String(slip))
          ?.checkout_request_id,
      { timeoutMs: 10_000 },
    );
    const res = await t.request(
      'POST',
      `/sandbox/api/phones/${phone.msisdn}/prompts/${checkout}/${action}`,
      { body: action === 'accept' ? { pin: '1234' } : {} },
    );
    expect(res.status).toBeLessThan(300);
  }

  /** The newest code SMS of `purpose` to `msisdn`, read from the SMS outbox as the phone would get it. */
  const codeSentTo = (msisdn: string, purpose = 'buyer-code'): Promise<string> =>
    eventually(
      async () => {
        const [row] = await sql<{ body: string }>(
          t.db.url,
          `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1`,
          [msisdn, purpose],
        );
        return row ? (/(\d{6})/.exec(row.body) as RegExpExecArray)[1] : null;
      },
      { timeoutMs: 10_000 },
    );
  const freshCode = async (phone: Phone): Promise<string> => {
    const res = await t.request<any>('POST', '/api/buyer/code', { body: { phone: phone.local } });
    expect(res).toMatchObject({ status: 200, body: { message: 'Code sent' } });
    return codeSentTo(phone.msisdn);
  };
  const history = (phone: string, code: string, before?: string) =>
    t.request<any>(
      'GET',
      `/api/buyer/purchases?phone=${encodeURIComponent(phone)}&code=${encodeURIComponent(code)}${before ? `&before=${before}` : ''}`,
    );
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('lists pending, failed and paid purchases newest first, with the picks of the paid slip only', async () => {
    const code = await freshCode(A);
    const res = await history(A.local, code);
    expect(res.status).toBe(200);
    expect(res.body.next).toBeNull();
    expect(res.body.data.map((p: any) => [p.slip_id, p.status, p.price, p.currency])).toEqual([
      [pendingSlip, 'pending', '250.00', 'KES'],
      [failedSlip, 'failed', '200.00', 'KES'],
      [paidSlip, 'paid', '150.00', 'KES'],
    ]);
    const [pending, failed, paid] = res.body.data;
    for (const p of res.body.data) {
      expect(p).toMatchObject({
        kind: 'slip',
        tipster: expect.stringMatching(/^buyer_h_/),
        subscription_type: null,
        result: null,
      });
      expect(p.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
      expect(p.slip.tips).toHaveLength(3);
    }
    expect(paid.paid_at).toMatch(/\+03:00$/);
    expect(pending.paid_at).toBeNull();
    expect(paid.slip.tips.every((tip: any) => tip.market_type === 1 && tip.odd === '2.00')).toBe(
      true,
    );
    for (const unpaid of [pending, failed]) {
      for (const tip of unpaid.slip.tips) {
        expect(tip).not.toHaveProperty('market_type');
        expect(tip).not.toHaveProperty('odd');
      }
    }
    // The same code opens the list again (a history code only reads: R160).
    expect((await history(A.msisdn, code)).status).toBe(200);
  });

  it('points the paid buyer SMS to /my-tips (R164)', async () => {
    const sms = await eventually(
      async () =>
        (
          await sql<{ body: string }>(
            t.db.url,
            `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'deliver-slip'`,
            [A.msisdn],
          )
        )[0],
      { timeoutMs: 20_000 },
    );
    expect(sms.body.length).toBeLessThanOrEqual(459);
    expect(sms.body.split('\n').at(-1)).toBe(`All your tips: ${t.baseUrl}/my-tips`);
  });

  it("shows another phone nothing of A's, and A's code does not open it", async () => {
    const B = nextPhone();
    const codeB = await freshCode(B);
    const res = await history(B.local, codeB);
    expect(res).toMatchObject({ status: 200, body: { data: [], next: null } });
    // B's code names B: it never opens A.
    const other = await history(A.local, codeB);
    expect(other).toMatchObject({
      status: 400,
      body: { message: 'The code is wrong or has expired. Ask for a new one.' },
    });
  });

  it('answers 400 with a message for a wrong code, a bad phone, no code and a bad cursor; a spend-cap code is not a history code', async () => {
    const phone = nextPhone();
    const code = await freshCode(phone);
    const wrong = await history(phone.local, wrongOf(code));
    expect(wrong).toMatchObject({
      status: 400,
      body: { message: 'The code is wrong or has expired. Ask for a new one.' },
    });
    expect(await t.request<any>('GET', `/api/buyer/purchases?phone=${phone.local}`)).toMatchObject({
      status: 400,
      body: { message: 'The code is wrong or has expired. Ask for a new one.' },
    });
    expect(await history('0712', code)).toMatchObject({
      status: 400,
      body: { message: 'Enter a valid phone number' },
    });
    expect(await history(phone.local, code, 'abc')).toMatchObject({
      status: 400,
      body: { message: 'before must be the next value of a previous page' },
    });
    expect(
      await t.request<any>(
        'GET',
        `/api/buyer/purchases?phone=${phone.local}&phone=${phone.local}&code=${code}`,
      ),
    ).toMatchObject({ status: 400 });

    // A code for the spend cap (purpose rg) is sent despite the buyer code a moment ago, and does not open the history.
    expect((await t.request('POST', '/api/rg/code', { body: { phone: phone.local } })).status).toBe(
      200,
    );
    const rgCode = await codeSentTo(phone.msisdn, 'rg-code');
    if (rgCode !== code) expect((await history(phone.local, rgCode)).status).toBe(400);
    // A second buyer code within the minute: 429.
    expect(
      await t.request<any>('POST', '/api/buyer/code', { body: { phone: phone.local } }),
    ).toMatchObject({
      status: 429,
      body: { message: expect.stringMatching(/less than a minute ago/) },
    });
    expect(
      await t.request<any>('POST', '/api/buyer/code', { body: { phone: 'not-a-phone' } }),
    ).toMatchObject({ status: 400, body: { message: 'Enter a valid phone number' } });
  });

  it('kills the code after 5 wrong guesses', async () => {
    const phone = nextPhone();
    const code = await freshCode(phone);
    for (let i = 0; i < 5; i++)
      expect((await history(phone.local, wrongOf(code))).status).toBe(400);
    expect((await history(phone.local, code)).status).toBe(400);
  });

  it('pages 25 purchases as 20 then 5, newest first, each once', async () => {
    const C = nextPhone();
    await t.ds.query(
      `INSERT INTO purchase (kind, subscription_type, phone, rg_phone, amount, amount_ksh, currency, provider, code, status)
       SELECT 'subscription', 'gold', $1, $1, 100, 100, 'KES', 'mpesa', 'H' || $2 || lpad(i::text, 3, '0'), 'failed' FROM generate_series(1, 25) AS i`,
      [C.msisdn, run],
    );
    const code = await freshCode(C);
    const first = await history(C.local, code);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.next).toBe(first.body.data[19].id);
    const second = await history(C.local, code, first.body.next);
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(5);
    expect(second.body.next).toBeNull();
    const ids = [...first.body.data, ...second.body.data].map((p: any) => Number(p.id));
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(second.body.data[0]).toMatchObject({
      kind: 'subscription',
      subscription_type: 'gold',
      status: 'failed',
      slip: null,
      slip_id: null,
      tipster: null,
    });
  });
});
