import { Money } from '../../../src/common/money/money';
import { PurchaseService } from '../../../src/modules/processor/purchase.service';
import { OPEN_PROMPT_MS } from '../../../src/modules/processor/stk-push.limits';
import { createUser } from '../../factories/account';
import { dataDirWith, importFixtures, startReplay } from '../../factories/fixtures';
import { publishSlip, setOdd, tippableGames } from '../../factories/slip';
import { createTestContext, TestContext, TestResponse } from '../../setup/test-app';
import { eventually, purchasesOf } from './support';

jest.setTimeout(180_000);

const NOW = '2026-11-23T12:00:00+03:00';
const DATA_NOW = new Date('2026-04-20T12:00:00+03:00');
const PROMPT_OPEN = {
  message:
    'A payment request is already waiting on this phone. Enter your M-Pesa PIN there, or try again in 2 minutes.',
};

/**
 * STK push spam: a phone gets at most one open M-Pesa prompt per slip (per phone for
 * subscriptions), enforced by a unique index so parallel requests cannot get round it, and the
 * buy / subscribe routes are rate-limited per phone. Through the Daraja sandbox with prompts left
 * open (no auto-accept).
 */
describe('one open STK prompt per phone and slip', () => {
  let t: TestContext;
  let data: ReturnType<typeof dataDirWith>;
  let slips: number[];
  let seq = 0;
  const run = String(Date.now()).slice(-5);
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
        SANDBOX_AUTO_ACCEPT: '0',
        SANDBOX_STK_TIMEOUT_MS: '600000',
      },
    });
    await startReplay(t, NOW, '2026-11-23');
    await importFixtures(t);
    const games = await tippableGames(t.ds, DATA_NOW, 6);
    for (const g of games) await setOdd(t.ds, g.id, 1, '2.00');
    const tipster = await createUser(t.ds, { username: `stk_tipster_${run}` });
    slips = [
      (await publishSlip(t, tipster.user.id, games.slice(0, 3), { amount: 100 })).id,
      (await publishSlip(t, tipster.user.id, games.slice(3, 6), { amount: 150 })).id,
    ];
  });
  afterAll(async () => {
    await t?.close();
    data?.remove();
  });

  const buy = (phone: string, slip: number, remoteAddress?: string): Promise<TestResponse> =>
    t.request('POST', '/api/processor/buy', { body: { phone, slip }, remoteAddress });
  const prompts = async (msisdn: string): Promise<{ checkoutRequestId: string }[]> =>
    (await t.request('GET', `/sandbox/api/phones/${msisdn}`)).body.prompts;

  it('40 parallel buys of one slip for one phone: one prompt, one purchase; the rest 409 or 429 with a message', async () => {
    const phone = nextPhone();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => buy(phone.local, slips[0], `192.0.2.${i + 1}`)),
    );
    const sent = answers.filter((a) => a.status === 200);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ message: 'Request Sent' });
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([409, 429]).toContain(a.status);
      expect(a.body.message).toMatch(
        /^(A payment request is already waiting on this phone|Too many payment requests for this phone number)/,
      );
    }
    expect(await purchasesOf(t.ds, phone.msisdn)).toHaveLength(1);
    expect(await prompts(phone.msisdn)).toHaveLength(1);
  });

  it('holds in the database: 10 parallel pushes through the service give one purchase', async () => {
    const phone = nextPhone();
    const service = t.get(PurchaseService);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        service.startMpesa({
          kind: 'slip',
          slipId: String(slips[1]),
          phone: phone.msisdn,
          amount: Money.parse('150'),
          description: 'Slip',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: 'PROMPT_ALREADY_OPEN', status: 409 });
    }
    expect(await purchasesOf(t.ds, phone.msisdn)).toHaveLength(1);
  });

  it('a second buy while the prompt is open answers 409; another slip may still be bought; after a decline the slip may be bought again', async () => {
    const phone = nextPhone();
    expect((await buy(phone.local, slips[0])).status).toBe(200);
    expect(await buy(phone.local, slips[0])).toMatchObject({ status: 409, body: PROMPT_OPEN });
    expect((await buy(phone.local, slips[1])).status).toBe(200);

    const [open] = (await purchasesOf(t.ds, phone.msisdn)).filter(
      (p) => Number(p.slip_id) === slips[0],
    );
    const declined = await t.request(
      'POST',
      `/sandbox/api/phones/${phone.msisdn}/prompts/${open.checkout_request_id}/decline`,
      { body: {} },
    );
    expect(declined.status).toBe(200);
    await eventually(
      async () =>
        (await t.ds.query(`SELECT status FROM purchase WHERE id = $1`, [open.id]))[0].status ===
        'cancelled',
    );
    expect((await buy(phone.local, slips[0])).status).toBe(200);
  });

  it(`a prompt pending longer than ${OPEN_PROMPT_MS / 1000} s (callback lost) no longer blocks; it stays pending for reconciliation`, async () => {
    const phone = nextPhone();
    expect((await buy(phone.local, slips[0])).status).toBe(200);
    const [old] = await purchasesOf(t.ds, phone.msisdn);
    await t.ds.query(
      `UPDATE purchase SET created_at = now() - make_interval(secs => $2) WHERE id = $1`,
      [old.id, OPEN_PROMPT_MS / 1000 + 1],
    );
    expect((await buy(phone.local, slips[0])).status).toBe(200);
    const rows = await purchasesOf(t.ds, phone.msisdn);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === old.id)).toMatchObject({
      status: 'pending',
      stk_prompt_open: false,
    });
  });

  it('subscribe: one open prompt per phone, whatever the kind', async () => {
    const phone = nextPhone();
    const subscribe = (type: string) =>
      t.request('POST', '/api/processor/subscribe', {
        body: { phone: phone.local, type, days: 30 },
      });
    const [a, b] = await Promise.all([subscribe('silver'), subscribe('silver')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await subscribe('gold')).toMatchObject({ status: 409, body: PROMPT_OPEN });
    expect(await purchasesOf(t.ds, phone.msisdn)).toHaveLength(1);
  });

  it('limits pushes per phone: the 6th buy within 10 minutes answers 429 with a message and Retry-After', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      const res = await buy(phone.local, slips[i % 2], `192.0.2.${100 + i}`);
      expect([200, 409]).toContain(res.status);
    }
    const res = await buy(phone.local, slips[0], '192.0.2.200');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      message: 'Too many payment requests for this phone number. Try again in 10 minutes.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
