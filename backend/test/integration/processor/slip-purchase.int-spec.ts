import { jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { SlipEvents } from '../../../src/modules/slip/slip-events';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext } from '../../setup/test-app';
import {
  eventually,
  jobsFinished,
  purchasesOf,
  sandboxDeliveries,
  stkCallbackBody,
} from './support';
import { expectMoneyInvariants } from '../../support/money-invariants';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Slip purchases through the Daraja, Flutterwave and Africa's Talking sandboxes with real
 * PostgreSQL and Redis (docs/PRODUCT-RULES.md "Purchases and provider callbacks"): buy → STK
 * (auto-accepted) → callback → payments worker → 60% share pending + buyer SMS with the picks and
 * our code in the sandbox inbox → find-slip → settlement moves the share.
 */
describe('slip purchase, buyer SMS, find-slip and sale shares', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let tipster: CreatedUser;
  let games: TippableGame[];
  let slipId: number;
  let seq = 0;
  let tipsterN = 0;
  /** A new tipster per extra slip (can-post: 2 slips per tipster per day). */
  const freshTipster = async (): Promise<number> =>
    (await createUser(t.ds, { username: `tipster_${run}_${++tipsterN}` })).user.id;
  const run = String(Date.now()).slice(-5);
  /** A fresh local phone per test, unique per run (rate-limit counters live in Redis). */
  const nextPhone = (): { local: string; msisdn: string } => {
    const tail = `${run}${String(++seq).padStart(3, '0')}`;
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };

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
        // Flutterwave's webhook never arrives: find-slip-ng must verify by itself.
        SANDBOX_FLW_WEBHOOK_URL: 'http://127.0.0.1:9/nowhere',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 12);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    tipster = await createUser(t.ds, { username: 'kamau_tips' });
    slipId = (await publishSlip(t, tipster.user.id, games.slice(0, 3), { amount: 200 })).id;
    tipsterN = 0;
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const buy = (phone: string, slip: unknown) =>
    t.request('POST', '/api/processor/buy', { body: { phone, slip } });
  const inbox = async (msisdn: string): Promise<{ body: string }[]> =>
    (await t.request('GET', `/sandbox/api/phones/${msisdn}`)).body.messages;
  const paidPurchase = (msisdn: string) =>
    eventually(
      async () => {
        const [p] = await purchasesOf(t.ds, msisdn);
        return p?.status === 'paid' ? p : null;
      },
      { timeoutMs: 20_000 },
    );
  const buyerSms = (msisdn: string) =>
    eventually(async () => (await inbox(msisdn)).find((m) => m.body.startsWith('Slip ')), {
      timeoutMs: 20_000,
    });
  const findSlip = (phone: string, code: string) =>
    t.request(
      'POST',
      `/api/manage/find-slip/${encodeURIComponent(phone)}/${encodeURIComponent(code)}`,
    );
  /**
   * Follows a buyer message's 'Find it again' line as the buyer would: the page it names, with
   * the value it gives, through that page's API (docs/PRODUCT-RULES.md R141: /find_tip → find-slip
   * by phone and code, /find_tip_ng → find-slip-ng by e-mail and base64 transaction id).
   */
  const followFindLine = async (text: string, buyer: { phone?: string; email?: string }) => {
    const m = /^Find it again: (\S+) with your (phone|e-mail) and (?:code|reference) (\S+)$/m.exec(
      text,
    );
    if (!m) throw new Error(`no 'Find it again' line in: ${text}`);
    const url = new URL(m[1]);
    expect(url.origin).toBe(t.baseUrl);
    const value = m[3];
    if (url.pathname === '/find_tip') {
      expect(m[2]).toBe('phone');
      return { page: url.pathname, res: await findSlip(buyer.phone as string, value) };
    }
    if (url.pathname === '/find_tip_ng') {
      expect(m[2]).toBe('e-mail');
      // The page fills the id in from ?tx_ref: the value in the link is the value in the text.
      expect(url.searchParams.get('tx_ref')).toBe(value);
      const encoded = encodeURIComponent(Buffer.from(value).toString('base64'));
      return {
        page: url.pathname,
        res: await t.request(
          'POST',
          `/api/manage/find-slip-ng/${encodeURIComponent(buyer.email as string)}/${encoded}`,
        ),
      };
    }
    throw new Error(`the message names an unknown recovery page: ${url.pathname}`);
  };
  const ledger = (purchaseId: string) =>
    t.ds.query(
      `SELECT kind, amount, status FROM ledger_entry WHERE purchase_id = $1 ORDER BY kind`,
      [purchaseId],
    );

  it('sells a slip: Request Sent → paid → buyer SMS with picks and code → find-slip by receipt, code, lower case; wrong code 404', async () => {
    const phone = nextPhone();
    const res = await buy(phone.local, slipId);
    expect(res).toMatchObject({ status: 200, body: { message: 'Request Sent' } });
    const purchase = await paidPurchase(phone.msisdn);
    expect(purchase).toMatchObject({
      kind: 'slip',
      slip_id: String(slipId),
      amount: '200.00',
      receipt: expect.stringMatching(/^[A-Z0-9]{10}$/),
    });

    const sms = await buyerSms(phone.msisdn);
    expect(sms.body.length).toBeLessThanOrEqual(459);
    expect(sms.body).toContain(`Slip ${slipId}`);
    expect(sms.body).toContain(purchase.code);
    expect(sms.body).toContain('Total odds 8.00');
    for (const g of games.slice(0, 3)) expect(sms.body).toContain(`${g.name} - HOME WIN @2.00`);
    const again = await followFindLine(sms.body, { phone: phone.local });
    expect(again.page).toBe('/find_tip');
    expect(again.res).toMatchObject({
      status: 200,
      body: games.slice(0, 3).map((g) => ({ Game: g.name, Tip: 'HOME WIN' })),
    });
    expect(
      (await inbox(phone.msisdn)).some((m) => m.body.startsWith(`${purchase.receipt} Confirmed.`)),
    ).toBe(true);
    expect(await ledger(purchase.id)).toEqual([
      { kind: 'platform_fee', amount: '80.00', status: 'P' },
      { kind: 'sale_share', amount: '120.00', status: 'W' },
    ]);

    const expected = games
      .slice(0, 3)
      .map((g) => ({ Game: g.name, League: expect.any(String), Tip: 'HOME WIN' }));
    const byReceipt = await findSlip(
      phone.local,
      `  ${purchase.receipt} Confirmed. Ksh200.00 sent`,
    );
    expect(byReceipt).toMatchObject({ status: 200, body: expected });
    expect(await findSlip(phone.msisdn.slice(3), purchase.code)).toMatchObject({
      status: 200,
      body: expected,
    });
    expect(await findSlip(phone.local, purchase.code.toLowerCase())).toMatchObject({
      status: 200,
      body: expected,
    });
    expect(await findSlip(phone.local, 'WRONGCODE1')).toMatchObject({
      status: 404,
      body: { message: expect.any(String) },
    });
    expect(await findSlip(nextPhone().local, purchase.code)).toMatchObject({ status: 404 });
    expect(await findSlip('0712', purchase.code)).toMatchObject({
      status: 400,
      body: { message: 'Enter Valid Phone Number' },
    });
  });

  it('refuses a bad phone, an unknown slip and a slip no longer on sale with 400 and no purchase', async () => {
    const phone = nextPhone();
    expect(await buy('07123', slipId)).toMatchObject({
      status: 400,
      body: { message: 'Enter a valid phone number' },
    });
    expect(await buy('07123456789', slipId)).toMatchObject({
      status: 400,
      body: { message: 'Enter a valid phone number' },
    });
    expect(await buy(phone.local, 999_999)).toMatchObject({
      status: 400,
      body: { message: 'Slip not found' },
    });
    const settled = (await publishSlip(t, await freshTipster(), games.slice(3, 6))).id;
    await t.ds.query(`UPDATE slip SET slip_result = 'L' WHERE id = $1`, [settled]);
    expect(await buy(phone.local, settled)).toMatchObject({
      status: 400,
      body: { message: 'This slip is no longer on sale' },
    });
    // A game of the slip has kicked off (its fixture is live on the shown calendar).
    const started = (await publishSlip(t, await freshTipster(), games.slice(6, 9))).id;
    await t.ds.query(`UPDATE fixture SET kickoff = kickoff - interval '400 days' WHERE id = $1`, [
      games[7].id,
    ]);
    expect(await buy(phone.local, started)).toMatchObject({
      status: 400,
      body: { message: 'This slip is no longer on sale' },
    });
    expect(await purchasesOf(t.ds, phone.msisdn)).toHaveLength(0);
  });

  it('answers 502 with a message when Daraja refuses the push, and fails the purchase', async () => {
    const phone = nextPhone();
    await t.request('POST', '/sandbox/api/faults', {
      body: { target: 'daraja.stkpush', count: 1, status: 400 },
    });
    expect(await buy(phone.local, slipId)).toMatchObject({
      status: 502,
      body: { message: 'M-Pesa request failed. Try again' },
    });
    expect(await purchasesOf(t.ds, phone.msisdn)).toMatchObject([
      { kind: 'slip', status: 'failed' },
    ]);
  });

  it('credits one sale share when the same callback comes 5 times; settlement W moves it to paid once', async () => {
    const phone = nextPhone();
    const owner = await freshTipster();
    const slip = (await publishSlip(t, owner, games.slice(9, 12), { amount: 150 })).id;
    expect((await buy(phone.local, slip)).status).toBe(200);
    const [pending] = await purchasesOf(t.ds, phone.msisdn);
    const token = t.get(AppConfig).mpesa.callbackToken;
    const body = stkCallbackBody(
      pending.checkout_request_id,
      0,
      150,
      `TK${run}XYZ`.slice(0, 10),
      phone.msisdn,
    );
    for (let i = 0; i < 5; i++)
      expect(
        (await t.request('POST', `/api/processor/mpesa/callback/${token}`, { body })).status,
      ).toBe(200);
    const purchase = await paidPurchase(phone.msisdn);
    // The sandbox's own (auto-accepted) callback arrives as well; every copy shares one job.
    await eventually(
      async () =>
        (await sandboxDeliveries(t, pending.checkout_request_id)).some(
          (d) => d.state === 'delivered',
        ),
      { timeoutMs: 20_000 },
    );
    await jobsFinished(t, QUEUE.PAYMENTS, [jobId('mpesa', pending.checkout_request_id)]);
    expect(await ledger(purchase.id)).toEqual([
      { kind: 'platform_fee', amount: '60.00', status: 'P' },
      { kind: 'sale_share', amount: '90.00', status: 'W' },
    ]);
    expect((await inbox(phone.msisdn)).filter((m) => m.body.startsWith('Slip '))).toHaveLength(1);

    const events = t.get(SlipEvents);
    const settledEvent = {
      slipId: slip,
      userId: owner,
      result: 'W' as const,
      accumulator: '8.00',
      settledAt: new Date(),
    };
    await events.emitSettled(settledEvent);
    await events.emitSettled(settledEvent);
    expect(await ledger(purchase.id)).toEqual([
      { kind: 'platform_fee', amount: '60.00', status: 'P' },
      { kind: 'sale_share', amount: '90.00', status: 'P' },
    ]);
  });

  it('void (cancelled) slip: the share is marked unpaid and the buyer refunded by a voucher SMS, once (R245)', async () => {
    const phone = nextPhone();
    const owner = await freshTipster();
    const slip = (await publishSlip(t, owner, [games[0], games[2], games[4]], { amount: 100 })).id;
    expect((await buy(phone.local, slip)).status).toBe(200);
    const purchase = await paidPurchase(phone.msisdn);
    await buyerSms(phone.msisdn);
    const events = t.get(SlipEvents);
    const e = {
      slipId: slip,
      userId: owner,
      result: 'C' as const,
      accumulator: '1.00',
      settledAt: new Date(),
    };
    await events.emitSettled(e);
    await events.emitSettled(e);
    expect(
      (await ledger(purchase.id)).find((r: { kind: string }) => r.kind === 'sale_share'),
    ).toMatchObject({ status: 'U' });
    await eventually(
      async () => (await inbox(phone.msisdn)).some((m) => m.body.includes(`slip ${slip} was void`)),
      { timeoutMs: 20_000 },
    );
    // Every SMS is written to the outbox before it is sent: one row is all there will ever be.
    expect(
      await t.ds.query(
        `SELECT status FROM sms_outbox WHERE to_msisdn = $1 AND purpose = 'voucher'`,
        [phone.msisdn],
      ),
    ).toHaveLength(1);
    expect((await inbox(phone.msisdn)).filter((m) => m.body.includes('was void'))).toHaveLength(1);
    expect(
      await t.ds.query(`SELECT reason, amount::text FROM voucher WHERE phone = $1`, [phone.msisdn]),
    ).toEqual([{ reason: 'void', amount: '100.00' }]);
  });

  it('Nigeria: buy-flw → pay on the hosted page, no webhook → find-slip-ng verifies with Flutterwave (by id and by tx_ref)', async () => {
    const email = `ng${run}@example.com`;
    const res = await t.request('POST', '/api/processor/buy-flw', {
      body: { email, slip_id: slipId },
    });
    expect(res).toMatchObject({ status: 200, body: { link: expect.any(String) } });
    const [purchase] = await t.ds.query(`SELECT * FROM purchase WHERE email = $1`, [email]);
    expect(purchase).toMatchObject({
      currency: 'NGN',
      amount: '2400.00',
      status: 'pending',
      provider: 'flutterwave',
    });
    const paid = await fetch(`${res.body.link}/pay`, { method: 'POST', redirect: 'manual' });
    const location = new URL(paid.headers.get('location') as string);
    expect(location.pathname).toBe('/find_tip_ng');
    const transactionId = location.searchParams.get('transaction_id') as string;
    // The sandbox's webhook goes to SANDBOX_FLW_WEBHOOK_URL, which is nobody: the purchase stays pending.
    expect((await sandboxDeliveries(t, purchase.tx_ref)).map((d) => d.url)).toEqual([
      'http://127.0.0.1:9/nowhere',
    ]);
    expect(
      (await t.ds.query(`SELECT status FROM purchase WHERE id = $1`, [purchase.id]))[0].status,
    ).toBe('pending');

    const b64 = (s: string) => encodeURIComponent(Buffer.from(s).toString('base64'));
    const found = await t.request(
      'POST',
      `/api/manage/find-slip-ng/${encodeURIComponent(email)}/${b64(transactionId)}`,
    );
    expect(found).toMatchObject({
      status: 200,
      body: games.slice(0, 3).map((g) => ({ Game: g.name, Tip: 'HOME WIN' })),
    });
    expect(
      (
        await t.ds.query(`SELECT status, flw_transaction_id FROM purchase WHERE id = $1`, [
          purchase.id,
        ])
      )[0],
    ).toEqual({ status: 'paid', flw_transaction_id: transactionId });
    // Sent right after the payment commits, well before the outbox's 30 s retry pass.
    const mail = await eventually(
      async () => {
        const [row] = await t.ds.query(
          `SELECT kind, status, text_body AS text FROM email_outbox WHERE to_address = $1`,
          [email],
        );
        return row?.status === 'sent' ? row : undefined;
      },
      { timeoutMs: 5_000 },
    );
    expect(mail).toMatchObject({
      kind: 'deliver-slip',
      text: expect.stringContaining(`${games[0].name} - HOME WIN @2.00`),
    });
    // The e-mail sends a buyer without a phone to /find_tip_ng with a value that works there.
    const again = await followFindLine(mail.text, { email });
    expect(again.page).toBe('/find_tip_ng');
    expect(again.res).toMatchObject({
      status: 200,
      body: games.slice(0, 3).map((g) => ({ Game: g.name, Tip: 'HOME WIN' })),
    });
    expect(
      await t.request(
        'POST',
        `/api/manage/find-slip-ng/${encodeURIComponent(email.toUpperCase())}/${b64(purchase.tx_ref)}`,
      ),
    ).toMatchObject({ status: 200 });
    expect(
      await t.request(
        'POST',
        `/api/manage/find-slip-ng/other${encodeURIComponent(email)}/${b64(transactionId)}`,
      ),
    ).toMatchObject({ status: 404 });
    expect(await ledger(purchase.id)).toEqual([
      { kind: 'platform_fee', amount: '80.00', status: 'P' },
      { kind: 'sale_share', amount: '120.00', status: 'W' },
    ]);
  });

  it('Nigeria: a declined card fails the purchase (no review flag, no ledger, no e-mail)', async () => {
    const email = `ngfail${run}@example.com`;
    const res = await t.request('POST', '/api/processor/buy-flw', {
      body: { email, slip_id: slipId },
    });
    expect(res.status).toBe(200);
    const declined = await fetch(`${res.body.link}/fail`, { method: 'POST', redirect: 'manual' });
    const back = new URL(declined.headers.get('location') as string).searchParams;
    expect(back.get('status')).toBe('failed');
    // The webhook (this file's webhook URL goes nowhere), as the worker applies it: verified first.
    const outcome = await t.get(PurchaseService).confirmFlutterwave({
      kind: 'charge',
      shape: 'v3',
      event: 'charge.completed',
      transactionId: Number(back.get('transaction_id')),
      txRef: back.get('tx_ref') as string,
    });
    expect(outcome).toBe('closed');
    const [purchase] = await t.ds.query(
      `SELECT id, status, review_reason FROM purchase WHERE email = $1`,
      [email],
    );
    expect(purchase).toMatchObject({ status: 'failed', review_reason: null });
    expect(await ledger(purchase.id)).toEqual([]);
    expect(await t.ds.query(`SELECT id FROM email_outbox WHERE to_address = $1`, [email])).toEqual(
      [],
    );
  });

  it("names a missing field: buy-flw / buy-flw-ug without slip_id (e.g. 'slip' sent instead), buy without slip", async () => {
    for (const path of ['/api/processor/buy-flw', '/api/processor/buy-flw-ug']) {
      for (const body of [
        { email: 'ade@example.ng', slip: slipId },
        { email: 'ade@example.ng' },
        { email: 'ade@example.ng', slip_id: null },
      ]) {
        const res = await t.request('POST', path, { body });
        expect({ path, body, status: res.status, message: res.body.message }).toEqual({
          path,
          body,
          status: 400,
          message: 'slip_id is required',
        });
      }
      // An empty or invalid e-mail with a slip on sale: the e-mail is named, not a payment failure.
      for (const email of ['', '   ', 'ade@', '\ud800@example.ng', undefined]) {
        expect(await t.request('POST', path, { body: { email, slip_id: slipId } })).toMatchObject({
          status: 400,
          body: { message: 'Invalid Email' },
        });
      }
    }
    const phone = nextPhone();
    expect(
      await t.request('POST', '/api/processor/buy', {
        body: { phone: phone.local, slip_id: slipId },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'slip is required' },
    });
    expect(await purchasesOf(t.ds, phone.msisdn)).toHaveLength(0);
  });

  it('Uganda: buy-flw-ug charges 30 × the Ksh price in UGX', async () => {
    const email = `ug${run}@example.com`;
    const res = await t.request('POST', '/api/processor/buy-flw-ug', {
      body: { email, slip_id: slipId },
    });
    expect(res).toMatchObject({ status: 200, body: { link: expect.any(String) } });
    const [purchase] = await t.ds.query(`SELECT currency, amount FROM purchase WHERE email = $1`, [
      email,
    ]);
    expect(purchase).toEqual({ currency: 'UGX', amount: '6000.00' });
  });

  it('Uganda: the picks e-mail names /find_tip_ng and a reference that finds the slip there', async () => {
    const email = `ugmail${run}@example.com`;
    const res = await t.request('POST', '/api/processor/buy-flw-ug', {
      body: { email, slip_id: slipId },
    });
    expect(res.status).toBe(200);
    const paid = await fetch(`${res.body.link}/pay`, { method: 'POST', redirect: 'manual' });
    const back = new URL(paid.headers.get('location') as string).searchParams;
    // Applied as the webhook's job would (this file's webhook URL goes nowhere).
    await t.get(PurchaseService).confirmFlutterwave({
      kind: 'charge',
      shape: 'v3',
      event: 'charge.completed',
      transactionId: Number(back.get('transaction_id')),
      txRef: back.get('tx_ref') as string,
    });
    const mail = await eventually(
      async () => {
        const [row] = await t.ds.query(
          `SELECT text_body AS text FROM email_outbox WHERE to_address = $1 AND kind = 'deliver-slip'`,
          [email],
        );
        return row;
      },
      { timeoutMs: 10_000 },
    );
    expect(mail.text).not.toMatch(/with your phone/);
    const again = await followFindLine(mail.text, { email });
    expect(again.page).toBe('/find_tip_ng');
    expect(again.res).toMatchObject({
      status: 200,
      body: games.slice(0, 3).map((g) => ({ Game: g.name, Tip: 'HOME WIN' })),
    });
  });

  it('rate-limits find-slip per phone (codes are not guessable by brute force)', async () => {
    const phone = nextPhone();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await findSlip(phone.local, `GUESS${i}XYZ`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
