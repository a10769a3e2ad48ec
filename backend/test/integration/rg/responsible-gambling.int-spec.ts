import { AdjustableClock } from '../../../src/common/clock/adjustable-clock';
import { jobId, QUEUE } from '../../../src/common/queues/queues';
import { AppConfig } from '../../../src/config/app-config';
import { offerPaybillJobId } from '../../../src/modules/slip/paybill-offer.service';
import { fixedClock } from '../../../src/common/clock/clock';
import { Money } from '../../../src/common/money/money';
import { PurchaseRefusedError } from '../../../src/modules/rg/rg.errors';
import { RgService } from '../../../src/modules/rg/rg.service';
import { createUser, CreatedUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, TippableGame, tippableGames } from '../../factories/slip';
import { sql } from '../../setup/test-db';
import { createTestContext, TestContext } from '../../setup/test-app';
import { eventually, jobsFinished } from '../processor/support';

jest.setTimeout(120_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');

/**
 * Responsible gambling by phone (docs/PRODUCT-RULES.md "Records and responsible gambling"): a
 * one-time SMS code, a daily cap (lower at once, higher after 24 h), a self-exclusion that cannot
 * be lifted early, and the refusal (403, no STK prompt, no checkout link) on every buy route.
 */
describe('responsible gambling: codes, daily caps, self-exclusion', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let games: TippableGame[];
  let tipsterN = 0;
  const run = String(Date.now()).slice(-5);
  let seq = 0;
  const nextPhone = (): { local: string; msisdn: string } => {
    const tail = `${run}${String(++seq).padStart(3, '0')}`;
    return { local: `07${tail}`, msisdn: `2547${tail}` };
  };
  /** A slip on sale at `amount` Ksh, from a fresh tipster (2 slips per tipster per day). */
  const slipAt = async (amount: number, from: number): Promise<number> => {
    const tipster: CreatedUser = await createUser(t.ds, {
      username: `rg_tipster_${run}_${++tipsterN}`,
    });
    return (await publishSlip(t, tipster.user.id, games.slice(from, from + 3), { amount })).id;
  };
  let slip150a: number;
  let slip150b: number;

  beforeAll(async () => {
    data = dataDirWith(['E0-2025-26.csv']);
    t = await createTestContext({
      role: 'all',
      listen: true,
      env: { FOOTBALL_DATA_DIR: data.dir, REPLAY_ANCHOR: '2026-04-20' },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    games = await tippableGames(t.ds, DATA_NOW, 12);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    slip150a = await slipAt(150, 0);
    slip150b = await slipAt(150, 3);
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const post = (path: string, body: unknown) => t.request<any>('POST', path, { body });
  /** The code of the newest RG SMS to `msisdn` (read from the SMS outbox, as the phone would). */
  const codeSentTo = (msisdn: string): Promise<string> =>
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
  const freshCode = async (phone: { local: string; msisdn: string }): Promise<string> => {
    expect((await post('/api/rg/code', { phone: phone.local })).body).toEqual({
      message: 'Code sent',
    });
    return codeSentTo(phone.msisdn);
  };
  const purchasesOf = async (where: string, value: string): Promise<number> =>
    Number(
      (
        await sql<{ n: string }>(
          t.db.url,
          `SELECT count(*) AS n FROM purchase WHERE ${where} = $1`,
          [value],
        )
      )[0].n,
    );

  it('sends a 6-digit code, refuses a second one within a minute, and a wrong or reused code', async () => {
    const phone = nextPhone();
    const code = await freshCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const again = await post('/api/rg/code', { phone: phone.local });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(
      'A code was sent less than a minute ago. Wait a minute, then ask again.',
    );

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await post('/api/rg/limit', {
      phone: phone.local,
      code: wrong,
      daily_cap_ksh: 500,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The code is wrong or has expired. Ask for a new one.');

    const ok = await post('/api/rg/limit', { phone: phone.local, code, daily_cap_ksh: 500 });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      phone: phone.msisdn,
      daily_cap_ksh: '500.00',
      next_cap_ksh: null,
      next_cap_from: null,
      excluded_until: null,
    });
    const reused = await post('/api/rg/limit', { phone: phone.local, code, daily_cap_ksh: 400 });
    expect(reused.status).toBe(400);
  });

  it('kills a code after 5 wrong guesses', async () => {
    const phone = nextPhone();
    const code = await freshCode(phone);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/rg/limit', { phone: phone.local, code: wrong, daily_cap_ksh: 100 }))
          .status,
      ).toBe(400);
    expect(
      (await post('/api/rg/limit', { phone: phone.local, code, daily_cap_ksh: 100 })).status,
    ).toBe(400);
  });

  it.each([
    ['no phone', { code: '123456', daily_cap_ksh: 100 }, 'Enter a valid phone number'],
    [
      'a cap with cents',
      { phone: '0712000001', code: '123456', daily_cap_ksh: '100.50' },
      'daily_cap_ksh must be a whole number of Ksh from 0 to 1,000,000',
    ],
    [
      'a negative cap',
      { phone: '0712000001', code: '123456', daily_cap_ksh: -5 },
      'daily_cap_ksh must be a whole number of Ksh from 0 to 1,000,000',
    ],
    [
      'a huge cap',
      { phone: '0712000001', code: '123456', daily_cap_ksh: 1_000_001 },
      'daily_cap_ksh must be a whole number of Ksh from 0 to 1,000,000',
    ],
  ])('answers 400 for %s', async (_n, body, message) => {
    const res = await post('/api/rg/limit', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a buy that would pass the cap, with 403 and no STK prompt', async () => {
    const phone = nextPhone();
    await post('/api/rg/limit', {
      phone: phone.local,
      code: await freshCode(phone),
      daily_cap_ksh: 100,
    });
    const res = await post('/api/processor/buy', { phone: phone.local, slip: slip150a });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'This purchase would pass your daily limit of Ksh 100 (Ksh 0 spent today). Try again tomorrow.',
    );
    expect(await purchasesOf('phone', phone.msisdn)).toBe(0);
  });

  it('enforces a cap across two parallel buys: one prompt, one 403', async () => {
    const phone = nextPhone();
    await post('/api/rg/limit', {
      phone: phone.local,
      code: await freshCode(phone),
      daily_cap_ksh: 200,
    });
    const results = await Promise.all(
      [slip150a, slip150b].map((slip) => post('/api/processor/buy', { phone: phone.local, slip })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await purchasesOf('phone', phone.msisdn)).toBe(1);
    const [row] = await sql<{ rg_phone: string; amount_ksh: string }>(
      t.db.url,
      `SELECT rg_phone, amount_ksh FROM purchase WHERE phone = $1`,
      [phone.msisdn],
    );
    expect(row).toEqual({ rg_phone: phone.msisdn, amount_ksh: '150.00' });
  });

  it('lowers a cap at once and raises it only after 24 hours', async () => {
    const phone = nextPhone();
    const clock = t.get(AdjustableClock);
    const start = Date.parse(NOW);
    const at = (ms: number) => clock.set(fixedClock(new Date(start + ms).toISOString()));
    const gate = (amount: string) =>
      t.ds.transaction((em) =>
        t
          .get(RgService)
          .admit(em, { phone: phone.msisdn, email: null, amountKsh: Money.parse(amount) }),
      );
    try {
      await post('/api/rg/limit', {
        phone: phone.local,
        code: await freshCode(phone),
        daily_cap_ksh: 100,
      });
      at(61_000);
      const raised = await post('/api/rg/limit', {
        phone: phone.local,
        code: await freshCode(phone),
        daily_cap_ksh: 1000,
      });
      expect(raised.body).toEqual({
        phone: phone.msisdn,
        daily_cap_ksh: '100.00',
        next_cap_ksh: '1000.00',
        next_cap_from: new Date(start + 61_000 + 24 * 3600_000).toISOString(),
        excluded_until: null,
      });
      expect(
        (await post('/api/processor/buy', { phone: phone.local, slip: slip150a })).status,
      ).toBe(403);

      at(61_000 + 24 * 3600_000 - 1);
      await expect(gate('150')).rejects.toBeInstanceOf(PurchaseRefusedError);
      at(61_000 + 24 * 3600_000);
      await expect(gate('150')).resolves.toBe(phone.msisdn);

      at(2 * 61_000 + 24 * 3600_000);
      const lowered = await post('/api/rg/limit', {
        phone: phone.local,
        code: await freshCode(phone),
        daily_cap_ksh: 50,
      });
      expect(lowered.body).toMatchObject({ daily_cap_ksh: '50.00', next_cap_ksh: null });
      await expect(gate('60')).rejects.toBeInstanceOf(PurchaseRefusedError);
    } finally {
      clock.set(fixedClock(NOW));
    }
  });

  describe('one buying attempt counts once against the cap (docs/PRODUCT-RULES.md R282)', () => {
    const token = () => t.get(AppConfig).mpesa.callbackToken;
    const capAt = async (ksh: number) => {
      const phone = nextPhone();
      expect(
        (
          await post('/api/rg/limit', {
            phone: phone.local,
            code: await freshCode(phone),
            daily_cap_ksh: ksh,
          })
        ).status,
      ).toBe(200);
      return phone;
    };
    const pendingOf = (msisdn: string) =>
      sql<{ provider: string; slip_id: string }>(
        t.db.url,
        `SELECT provider, slip_id::text FROM purchase WHERE phone = $1 AND status = 'pending' ORDER BY id`,
        [msisdn],
      );
    const gateFor = (msisdn: string, slip: number) =>
      t.ds.transaction((em) =>
        t.get(RgService).admit(em, {
          phone: msisdn,
          email: null,
          amountKsh: Money.parse('150'),
          item: { kind: 'slip', slipId: String(slip), subscriptionType: null },
        }),
      );

    it('a web retry of the slip while its paybill reference is pending reuses it, and an STK retry is not counted twice', async () => {
      const phone = await capAt(150);
      const first = await post('/api/processor/buy-paybill', {
        phone: phone.local,
        slip: slip150a,
      });
      expect(first.status).toBe(200);
      expect(
        (await post('/api/processor/buy-paybill', { phone: phone.local, slip: slip150a })).body,
      ).toEqual(first.body);
      // The same slip by STK: the pending reference already counts for this attempt.
      expect(
        (await post('/api/processor/buy', { phone: phone.local, slip: slip150a })).status,
      ).toBe(200);
      expect(await pendingOf(phone.msisdn)).toEqual([
        { provider: 'c2b', slip_id: String(slip150a) },
        { provider: 'mpesa', slip_id: String(slip150a) },
      ]);
      // Another slip would pass the cap: Ksh 150 spent today, not 300.
      const other = await post('/api/processor/buy', { phone: phone.local, slip: slip150b });
      expect(other.status).toBe(403);
      expect(other.body.message).toBe(
        'This purchase would pass your daily limit of Ksh 150 (Ksh 150 spent today). Try again tomorrow.',
      );
    });

    it('a declined STK prompt and the paybill offered after it count once, and a retry of the slip is still admitted', async () => {
      const phone = await capAt(150);
      expect(
        (await post('/api/processor/buy', { phone: phone.local, slip: slip150a })).status,
      ).toBe(200);
      const [stk] = await eventually(async () => {
        const rows = await sql<{ id: string; checkout_request_id: string }>(
          t.db.url,
          `SELECT id::text, checkout_request_id FROM purchase WHERE phone = $1 AND provider = 'mpesa' AND checkout_request_id IS NOT NULL`,
          [phone.msisdn],
        );
        return rows.length ? rows : null;
      });
      const declined = {
        Body: {
          stkCallback: {
            MerchantRequestID: '29115-34620561-1',
            CheckoutRequestID: stk.checkout_request_id,
            ResultCode: 1032,
            ResultDesc: 'Request cancelled by user',
          },
        },
      };
      expect((await post(`/api/processor/mpesa/callback/${token()}`, declined)).status).toBe(200);
      await jobsFinished(t, QUEUE.PAYMENTS, [jobId('mpesa', stk.checkout_request_id)]);
      await jobsFinished(t, QUEUE.SETTLEMENT, [offerPaybillJobId(stk.id)]);
      // The offer issued the paybill reference: the attempt's one pending purchase.
      expect(await pendingOf(phone.msisdn)).toEqual([
        { provider: 'c2b', slip_id: String(slip150a) },
      ]);
      await expect(gateFor(phone.msisdn, slip150a)).resolves.toBe(phone.msisdn);
      await expect(gateFor(phone.msisdn, slip150b)).rejects.toBeInstanceOf(PurchaseRefusedError);
      expect(
        (await post('/api/processor/buy', { phone: phone.local, slip: slip150a })).status,
      ).toBe(200);
      expect(
        (await post('/api/processor/buy-paybill', { phone: phone.local, slip: slip150a })).status,
      ).toBe(200);
      expect(await pendingOf(phone.msisdn)).toHaveLength(2);
    });
  });

  describe('a self-excluded phone cannot buy on any rail', () => {
    const phone = { local: '', msisdn: '' };
    let ngBuyer: CreatedUser;
    let ugBuyer: CreatedUser;
    let sixMonthEnd = '';

    beforeAll(async () => {
      Object.assign(phone, nextPhone());
      const res = await post('/api/rg/self-exclusion', {
        phone: phone.local,
        code: await freshCode(phone),
        period: '6m',
      });
      expect(res.status).toBe(200);
      sixMonthEnd = res.body.excluded_until;
      expect(Date.parse(sixMonthEnd)).toBeGreaterThan(Date.now() + 150 * 86_400_000);
      // Nigerian and Ugandan buyers pay by e-mail: their accounts' phones are excluded too.
      ngBuyer = await createUser(t.ds, {
        username: `rg_ng_${run}`,
        email: `rg.ng.${run}@example.com`,
        country: 'NG',
        phoneNumber: '0803123456',
      });
      ugBuyer = await createUser(t.ds, {
        username: `rg_ug_${run}`,
        email: `rg.ug.${run}@example.com`,
        country: 'UG',
        phoneNumber: '0772123456',
      });
      for (const p of ['+234803123456', '+256772123456']) {
        const code = await (async () => {
          expect((await post('/api/rg/code', { phone: p })).status).toBe(200);
          return codeSentTo(p.slice(1));
        })();
        expect(
          (await post('/api/rg/self-exclusion', { phone: p, code, period: '1m' })).status,
        ).toBe(200);
      }
    });

    it('M-Pesa slip purchase: 403, no prompt', async () => {
      const res = await post('/api/processor/buy', { phone: phone.local, slip: slip150a });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(
        /^This phone is self-excluded from buying tips until \d{1,2} [A-Z][a-z]{2} 20\d\d, \d\d:\d\d \(Nairobi time\)\.$/,
      );
      expect(await purchasesOf('phone', phone.msisdn)).toBe(0);
    });

    it('subscription: 403, no prompt', async () => {
      const res = await post('/api/processor/subscribe', { phone: phone.local, type: 'silver' });
      expect(res.status).toBe(403);
      expect(await purchasesOf('phone', phone.msisdn)).toBe(0);
    });

    it.each([
      ['Nigeria', '/api/processor/buy-flw', () => ngBuyer.user.email],
      ['Uganda', '/api/processor/buy-flw-ug', () => ugBuyer.user.email],
    ])('Flutterwave %s by the account e-mail: 403, no checkout link', async (_c, path, email) => {
      const res = await post(path, { email: email(), slip_id: slip150a });
      expect(res.status).toBe(403);
      expect(res.body.link).toBeUndefined();
      expect(await purchasesOf('email', email())).toBe(0);
    });

    it('cannot be shortened: a 1-month request keeps the 6-month end', async () => {
      const clock = t.get(AdjustableClock);
      clock.set(fixedClock(new Date(Date.parse(NOW) + 2 * 60_000).toISOString()));
      try {
        const res = await post('/api/rg/self-exclusion', {
          phone: phone.local,
          code: await freshCode(phone),
          period: '1m',
        });
        expect(res.status).toBe(200);
        expect(res.body.excluded_until).toBe(sixMonthEnd);
      } finally {
        clock.set(fixedClock(NOW));
      }
    });

    it('another phone still buys', async () => {
      const other = nextPhone();
      expect(
        (await post('/api/processor/buy', { phone: other.local, slip: slip150a })).status,
      ).toBe(200);
    });
  });
});
