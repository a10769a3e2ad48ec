import { getStorageToken, ThrottlerStorage } from '@nestjs/throttler';
import { ussdCodeOf } from '../../../src/modules/slip/domain/ussd-code';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext, TestResponse } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';
import { eventually, jobsFinished, purchasesOf } from '../processor/support';
import { JobProducer } from '../../../src/common/queues/job-producer.service';
import { jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { ussdPushJobId } from '../../../src/modules/ussd/ussd-buy.service';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const KEY = 'test-ussd-callback-key-0001';
const PUSH_DELAY_MS = 1500;

/**
 * The USSD menu over Africa's Talking's documented request (docs/PROVIDERS.md "Africa's Talking
 * USSD"; docs/PRODUCT-RULES.md R170-R179): literal form bodies in, `CON` / `END` screens out;
 * a buy ends the session, then the delayed STK push goes through the sandbox phone (auto-accept),
 * the callback pays and the picks SMS arrives.
 */
describe("USSD menu (Africa's Talking)", () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];
  let slip200: number;
  const run = String(Date.now()).slice(-5);
  let seq = 0;
  const nextPhone = (): string => `2547${run}${String(++seq).padStart(3, '0')}`;
  let session = 0;
  const newSession = (): string => `ATUid_${run}${String(++session).padStart(6, '0')}`;

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
        // A prompt stays open a while before the sandbox accepts it (the open-prompt test).
        SANDBOX_AUTO_ACCEPT_DELAY_MS: '8000',
        USSD_CALLBACK_KEY: KEY,
        USSD_PUSH_DELAY_MS: String(PUSH_DELAY_MS),
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 12);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    const tipster = await createUser(t.ds, { username: `ussd_tipster_${run}` });
    slip200 = (await publishSlip(t, tipster.user.id, games.slice(0, 3), { amount: 200 })).id;
  });
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  /** One AT request, the form body as AT posts it. */
  const dial = (
    msisdn: string,
    text: string,
    sessionId: string,
    key: string | null = KEY,
  ): Promise<TestResponse<string>> =>
    t.request(
      'POST',
      `/api/ussd/africastalking${key === null ? '' : `?key=${encodeURIComponent(key)}`}`,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body:
          `sessionId=${encodeURIComponent(sessionId)}&serviceCode=%2A384%2A123%23&phoneNumber=%2B${msisdn}` +
          `&networkCode=63902&text=${encodeURIComponent(text)}`,
      },
    );
  /** The screen at `text` of one session, checked to be a valid AT answer. */
  const screen = async (msisdn: string, text: string, sessionId: string): Promise<string> => {
    const res = await dial(msisdn, text, sessionId);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
    expect(res.text.length).toBeLessThanOrEqual(182);
    expect(res.text).toMatch(/^(CON|END) /);
    return res.text;
  };
  const inbox = async (msisdn: string): Promise<{ body: string }[]> =>
    (await t.request('GET', `/sandbox/api/phones/${msisdn}`)).body.messages;
  const rgCode = (msisdn: string): Promise<string> =>
    eventually(
      async () => {
        const [row] = await sql<{ body: string }>(
          t.db.url,
          `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'rg-code' ORDER BY id DESC LIMIT 1`,
          [msisdn],
        );
        return row ? (/(\d{6})/.exec(row.body) as RegExpExecArray)[1] : null;
      },
      { timeoutMs: 10_000 },
    );
  const deliveries = async (msisdn: string): Promise<number> =>
    Number(
      (
        await sql<{ n: string }>(
          t.db.url,
          `SELECT count(*) AS n FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'deliver-slip'`,
          [msisdn],
        )
      )[0].n,
    );

  it('buys a top slip: END promises the prompt, the push follows the session, the picks arrive; Find my tips sends them again', async () => {
    const msisdn = nextPhone();
    const s = newSession();
    expect(await screen(msisdn, '', s)).toBe(
      "CON TipsKE tips by SMS\n1 Today's top slips\n2 Find my tips\n3 Buy by slip code\n4 Betting limits\n0 Help",
    );
    const list = await screen(msisdn, '1', s);
    expect(list).toMatch(/^CON 1 ussd_ti 3L 8\.00 K200 \d+%/m);
    const confirm = await screen(msisdn, '1*1', s);
    expect(confirm).toContain(`Slip ${slip200} by ussd_tipster_${run}`);
    expect(confirm).toContain('Price Ksh 200');
    expect(await screen(msisdn, '1*1*1', s)).toBe(
      'END You will get an M-Pesa prompt for Ksh 200. Enter your PIN to pay. The tips come by SMS.',
    );
    // The prompt waits for the session to close (USSD_PUSH_DELAY_MS).
    expect(await purchasesOf(t.ds, msisdn)).toEqual([]);

    const paid = await eventually(
      async () => {
        const [p] = await purchasesOf(t.ds, msisdn);
        return p?.status === 'paid' ? p : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(paid).toMatchObject({ kind: 'slip', slip_id: String(slip200), amount: '200.00' });
    const sms = await eventually(
      async () =>
        (await inbox(msisdn)).find((m) => m.body.startsWith(`Slip ${slip200} code ${paid.code}`)),
      { timeoutMs: 20_000 },
    );
    expect(sms.body).toContain('Total odds 8.00');

    const mine = newSession();
    expect(await screen(msisdn, '2', mine)).toBe(
      `CON Get your tips again by SMS\n1 Slip ${slip200} ${paid.code}\n0 Back`,
    );
    expect(await screen(msisdn, '2*1', mine)).toBe(
      `END The tips of slip ${slip200} are on their way by SMS.`,
    );
    expect(await deliveries(msisdn)).toBe(2);
    await eventually(
      async () =>
        (await inbox(msisdn)).filter((m) => m.body.startsWith(`Slip ${slip200} code`)).length ===
          2 || null,
      { timeoutMs: 20_000 },
    );
  });

  it('offers the paybill on the confirm screen: END gives the reference buy-paybill issues, a C2B confirmation pays it and the picks arrive', async () => {
    const msisdn = nextPhone();
    const s = newSession();
    expect(await screen(msisdn, '1*1', s)).toMatch(
      /\n1 Pay Ksh 200 by M-Pesa\n2 Pay by paybill\n3 Pay with voucher\n0 Back$/,
    );
    const end = await screen(msisdn, '1*1*2', s);
    const [, account] = /^END Pay bill 600984, account ([A-Z0-9]{1,12}), Ksh 200\. /.exec(
      end,
    ) as RegExpExecArray;
    // No STK push from this choice.
    expect(await t.get(JobProducer).queue(QUEUE.USSD).getJob(ussdPushJobId(s))).toBeUndefined();
    // The same reference as the web's buy-paybill for this phone and slip (R200: one per phone and slip for 24 h).
    const web = await t.request('POST', '/api/processor/buy-paybill', {
      body: { phone: `0${msisdn.slice(3)}`, slip: slip200 },
    });
    expect(web.body).toMatchObject({ paybill: '600984', account, amount: '200.00' });
    // By slip code, in a later session: the same reference again.
    expect(await screen(msisdn, `3*${ussdCodeOf(slip200)}*2`, newSession())).toBe(end);
    expect(
      (await purchasesOf(t.ds, msisdn)).map((p) => ({ provider: p.provider, status: p.status })),
    ).toEqual([{ provider: 'c2b', status: 'pending' }]);

    const transId = `UA${run}${String(seq).padStart(3, '0')}`;
    // Daraja's C2B confirmation body as documented (docs/PROVIDERS.md "Daraja C2B").
    const confirmation = {
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: '20261123121500',
      TransAmount: '200.00',
      BusinessShortCode: '600984',
      BillRefNumber: account,
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '25470****149',
      FirstName: 'John',
      MiddleName: '',
      LastName: 'Doe',
    };
    const token = t.get(AppConfig).mpesa.callbackToken;
    expect(
      await t.request('POST', `/api/processor/c2b/confirmation/${token}`, { body: confirmation }),
    ).toMatchObject({ status: 200, body: { ResultCode: '0' } });
    await jobsFinished(t, QUEUE.PAYMENTS, [jobId('c2b', transId)], 30_000);
    const [paid] = await purchasesOf(t.ds, msisdn);
    expect(paid).toMatchObject({ status: 'paid', code: account, receipt: transId });
    await eventually(
      async () =>
        (await inbox(msisdn)).find((m) => m.body.startsWith(`Slip ${slip200} code ${account}`)),
      { timeoutMs: 20_000 },
    );
  });

  it("sends one prompt for a session whose last request Africa's Talking repeats", async () => {
    const msisdn = nextPhone();
    const s = newSession();
    await screen(msisdn, '1*1', s);
    await screen(msisdn, '1*1*1', s);
    await screen(msisdn, '1*1*1', s);
    await jobsFinished(t, QUEUE.USSD, [ussdPushJobId(s)], 30_000);
    const job = await t.get(JobProducer).queue(QUEUE.USSD).getJob(ussdPushJobId(s));
    expect(job?.returnvalue).toEqual({ outcome: 'sent' });
    expect((await purchasesOf(t.ds, msisdn)).length).toBe(1);
  });

  it('ends with "already on your phone" while a prompt for the slip is open (a web buy just sent it)', async () => {
    const msisdn = nextPhone();
    const web = await t.request('POST', '/api/processor/buy', {
      body: { phone: `0${msisdn.slice(3)}`, slip: slip200 },
    });
    expect(web.body).toEqual({ message: 'Request Sent' });
    const s = newSession();
    expect(await screen(msisdn, `3*${ussdCodeOf(slip200)}*1`, s)).toBe(
      'END A payment request for this slip is already on your phone. Enter your M-Pesa PIN there, or try again in 2 minutes.',
    );
    expect(await t.get(JobProducer).queue(QUEUE.USSD).getJob(ussdPushJobId(s))).toBeUndefined();
  });

  it('texts why when the push is refused after the END screen (a prompt opened meanwhile), with the paybill reference', async () => {
    const msisdn = nextPhone();
    const s = newSession();
    expect(await screen(msisdn, `3*${ussdCodeOf(slip200)}*1`, s)).toMatch(
      /^END You will get an M-Pesa prompt for Ksh 200/,
    );
    // Before the delayed push runs, a web buy opens a prompt for the same phone and slip.
    expect(
      (
        await t.request('POST', '/api/processor/buy', {
          body: { phone: `0${msisdn.slice(3)}`, slip: slip200 },
        })
      ).body,
    ).toEqual({ message: 'Request Sent' });
    await jobsFinished(t, QUEUE.USSD, [ussdPushJobId(s)], 30_000);
    expect(
      (await t.get(JobProducer).queue(QUEUE.USSD).getJob(ussdPushJobId(s)))?.returnvalue,
    ).toEqual({ outcome: 'refused' });
    const rows = await sql<{ body: string }>(
      t.db.url,
      `SELECT body FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'ussd-push-refused'`,
      [msisdn],
    );
    expect(rows).toHaveLength(1);
    const [, account] = new RegExp(
      `^Slip ${slip200}: no M-Pesa prompt was sent\\. A payment request is already waiting on this phone\\. .* Instead: Pay bill 600984, account ([A-Z0-9]{8}), Ksh 200 on M-Pesa within 24 hours\\.$`,
    ).exec(rows[0].body) as RegExpExecArray;
    // The reference is bound to this phone and slip (asking buy-paybill again would race the
    // sandbox accepting the web prompt: once that is paid, the slip is bought, R284).
    expect(
      await sql(
        t.db.url,
        `SELECT phone, slip_id::int AS slip, amount::text, provider FROM purchase WHERE code = $1`,
        [account],
      ),
    ).toEqual([{ phone: msisdn, slip: slip200, amount: '200.00', provider: 'c2b' }]);
    await eventually(
      async () => (await inbox(msisdn)).some((m) => m.body === rows[0].body) || null,
      { timeoutMs: 20_000 },
    );
  });

  it('ends with the per-phone STK limit once the phone had 5 prompts from the menu in 10 minutes', async () => {
    const msisdn = nextPhone();
    const storage: ThrottlerStorage = t.app.get(getStorageToken());
    for (let i = 0; i < 5; i++)
      await storage.increment(`ussd-stk-${msisdn}`, 600_000, 5, 600_000, 'phone');
    expect(await screen(msisdn, `3*${ussdCodeOf(slip200)}*1`, newSession())).toBe(
      'END Too many payment requests for this phone. Try again in 10 minutes.',
    );
    expect(await purchasesOf(t.ds, msisdn)).toEqual([]);
  });

  it('buys by slip code; a code with a wrong check digit is asked again', async () => {
    const msisdn = nextPhone();
    const s = newSession();
    const code = ussdCodeOf(slip200);
    const bad = code.slice(0, -1) + String((Number(code.slice(-1)) + 1) % 10);
    expect(await screen(msisdn, '3', s)).toBe('CON Enter the slip code shown on the slip\n0 Back');
    expect(await screen(msisdn, `3*${bad}`, s)).toBe(
      'CON That code is not right. Enter the slip code shown on the slip\n0 Back',
    );
    expect(await screen(msisdn, `3*${bad}*${code}`, s)).toContain(`Slip ${slip200} by`);
    expect(await screen(msisdn, `3*${bad}*${code}*1`, s)).toMatch(
      /^END You will get an M-Pesa prompt for Ksh 200/,
    );
    const slipRes = await t.request('GET', `/api/slip/get/${slip200}`);
    expect(slipRes.body.ussd_code).toBe(code);
  });

  it("answers a slip code from the slip's cached card, which a publish or a settlement drops (R176)", async () => {
    const tipster = await createUser(t.ds, { username: `ussd_card_${run}` });
    const slip = (await publishSlip(t, tipster.user.id, games.slice(6, 9), { amount: 200 })).id;
    const code = ussdCodeOf(slip);
    expect(await screen(nextPhone(), `3*${code}`, newSession())).toContain(`Slip ${slip} by`);
    // Changed behind the cache's back (only settlement writes slip_result, and it drops the lists): still the cached card.
    await t.ds.query(`UPDATE slip SET slip_result = 'C', settled_at = now() WHERE id = $1`, [slip]);
    expect(await screen(nextPhone(), `3*${code}`, newSession())).toContain(`Slip ${slip} by`);
    // A publish drops every cached list and card, as a settlement does: the card is read again.
    await publishSlip(t, tipster.user.id, games.slice(9, 12), { amount: 200 });
    expect(await screen(nextPhone(), `3*${code}`, newSession())).toBe(
      'END This slip is no longer on sale.',
    );
  });

  it('sets a daily cap with the SMS code; a buy past it ends with the refusal and no prompt', async () => {
    const msisdn = nextPhone();
    const s = newSession();
    expect(await screen(msisdn, '4', s)).toBe(
      'CON Betting limits\n1 Set a daily spend limit\n2 Stop buying for a while\n0 Back',
    );
    expect(await screen(msisdn, '4*1', s)).toBe('CON Daily limit in Ksh (0 = no buying)');
    expect(await screen(msisdn, '4*1*100', s)).toBe(
      'CON We sent you a 6-digit code by SMS. Enter it to confirm',
    );
    const code = await rgCode(msisdn);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await screen(msisdn, `4*1*100*${wrong}`, s)).toBe(
      'END The code is wrong or has expired. Ask for a new one.',
    );
    const s2 = newSession();
    await screen(msisdn, '4*1*100', s2);
    expect(await screen(msisdn, `4*1*100*${code}`, s2)).toBe(
      'END Your daily limit is now Ksh 100.',
    );

    const buy = newSession();
    await screen(msisdn, '1*1', buy);
    expect(await screen(msisdn, '1*1*1', buy)).toBe(
      'END This purchase would pass your daily limit of Ksh 100 (Ksh 0 spent today). Try again tomorrow.',
    );
    expect(await purchasesOf(t.ds, msisdn)).toEqual([]);
  });

  it('self-excludes with the SMS code; a buy then ends with the exclusion', async () => {
    const msisdn = nextPhone();
    const s = newSession();
    expect(await screen(msisdn, '4*2', s)).toBe(
      'CON Stop buying tips for\n1 1 month\n2 6 months\n3 1 year\n0 Back',
    );
    await screen(msisdn, '4*2*1', s);
    const code = await rgCode(msisdn);
    expect(await screen(msisdn, `4*2*1*${code}`, s)).toMatch(
      /^END You cannot buy tips until 2026-12-23 \d\d:\d\d\. Help: 1190 \(free\)\.$/,
    );
    const buy = newSession();
    expect(await screen(msisdn, `3*${ussdCodeOf(slip200)}*1`, buy)).toMatch(
      /^END This phone is self-excluded from buying tips until 23 Dec 2026/,
    );
    expect(await screen(msisdn, `3*${ussdCodeOf(slip200)}*2`, newSession())).toMatch(
      /^END This phone is self-excluded from buying tips until 23 Dec 2026/,
    );
    expect(await purchasesOf(t.ds, msisdn)).toEqual([]);
  });

  it('re-shows a menu on an unknown choice and answers help and empty lists', async () => {
    const msisdn = nextPhone();
    const s = newSession();
    expect(await screen(msisdn, '7', s)).toMatch(/^CON TipsKE tips by SMS/);
    expect(await screen(msisdn, '1*8', s)).toMatch(/^CON 1 /);
    expect(await screen(msisdn, '2', s)).toBe(
      'END No paid tips for this phone yet. Buy a slip with option 1 or 3.',
    );
    expect(await screen(msisdn, '0', s)).toMatch(/^END Dial \*384\*123#/);
  });

  it('refuses a request without the key, or with a wrong one: 403', async () => {
    const msisdn = nextPhone();
    expect((await dial(msisdn, '', newSession(), null)).status).toBe(403);
    expect((await dial(msisdn, '', newSession(), 'test-ussd-callback-key-0002')).status).toBe(403);
    expect((await dial(msisdn, '', newSession(), '')).status).toBe(403);
  });

  it.each([
    ['a * run', '*'.repeat(50)],
    ['letters', '1*abc'],
    ['emoji', '1*😀*2'],
    ['10 kB', '1*'.repeat(5000)],
    ['a NUL', '1\u0000'],
    ['SQL', "1' OR 1=1 --"],
    ['a huge number', '3*' + '9'.repeat(40)],
    ['deep answers', Array(60).fill('9').join('*')],
    // "3 Pay with voucher" (docs/PRODUCT-RULES.md R278): a code of letters, a 40-digit code, an answer after the END.
    ['a voucher code of letters', '1*1*3*12ab34cd56ef'],
    ['a 40-digit voucher code', '1*1*3*' + '9'.repeat(40)],
    ['an answer after a voucher END', '1*1*3*000000000000*1'],
  ])('answers %s in text with a valid screen', async (_name, text) => {
    const res = await dial(nextPhone(), text, newSession());
    expect(res.status).toBe(200);
    expect(res.text.length).toBeLessThanOrEqual(182);
    expect(res.text).toMatch(/^(CON|END) \S/);
  });

  it('the sandbox USSD phone dials the service code and walks the menu through the real endpoint', async () => {
    const msisdn = nextPhone();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const pad = await t.request('GET', `/sandbox/ussd/${msisdn}`);
    expect(pad.status).toBe(200);
    expect(pad.text).toContain('value="*384*123#"');
    const wrong = await t.request('POST', `/sandbox/ussd/${msisdn}/dial`, {
      headers: form,
      body: 'code=%2A100%23',
    });
    expect(wrong.text).toContain('UNKNOWN APPLICATION');
    const first = await t.request('POST', `/sandbox/ussd/${msisdn}/dial`, {
      headers: form,
      body: 'code=%2A384%2A123%23',
    });
    expect(first.text).toContain('1 Today&#39;s top slips');
    const sessionId = (/name="sessionId" value="([^"]+)"/.exec(first.text) as RegExpExecArray)[1];
    const rg = await t.request('POST', `/sandbox/ussd/${msisdn}/answer`, {
      headers: form,
      body: `sessionId=${sessionId}&text=&answer=4`,
    });
    expect(rg.text).toContain('Betting limits');
    expect(rg.text).toContain('name="text" value="4"');
    const back = await t.request('POST', `/sandbox/ussd/${msisdn}/answer`, {
      headers: form,
      body: `sessionId=${sessionId}&text=4&answer=0`,
    });
    expect(back.text).toContain('2 Find my tips');
    const end = await t.request('POST', `/sandbox/ussd/${msisdn}/answer`, {
      headers: form,
      body: `sessionId=${sessionId}&text=4*0&answer=0`,
    });
    expect(end.text).toContain('Dial *384*123#: 1 top slips');
    expect(end.text).toContain('Session ended.');
  });

  it.each([
    ['no phoneNumber', 'sessionId=ATUid_x&serviceCode=%2A384%2A123%23&text='],
    [
      'a foreign phoneNumber',
      'sessionId=ATUid_x&serviceCode=%2A384%2A123%23&phoneNumber=%2B2348031234567&text=',
    ],
    [
      'repeated fields',
      'sessionId=a&sessionId=b&phoneNumber=%2B254711000001&phoneNumber=x&text=1&text=2',
    ],
    ['an empty body', ''],
  ])('answers %s with END', async (_name, body) => {
    const res = await t.request('POST', `/api/ussd/africastalking?key=${KEY}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^END /);
  });
});
