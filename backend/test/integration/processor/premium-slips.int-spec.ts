import { DataSource } from 'typeorm';
import { createUser, CreatedUser } from '../../factories/account';
import { pinClock } from '../../factories/fixtures';
import { publishSlip, TippableGame, tippableGames } from '../../factories/slip';
import { premiumSeedStep, seedPremiumSlips } from '../../../src/seed/premium.seed';
import { SEED_STEPS } from '../../../src/seed/seed-steps';
import type { TestContext } from '../../setup/test-app';
import { fixturesBetween, insertSlip, marketContext, NOW } from '../backoffice/market-data';

jest.setTimeout(120_000);

/** The purchase code / M-Pesa receipt of the seeded subscription of a phone (any form: same last 6 digits). */
const codeOf = (phone: string): string => `S${phone.slice(-6)}`;
const receiptOf = (phone: string): string => `TK${phone.slice(-6)}QZ`;

/** A subscription for MSISDN `phone` from `startsAt` to `endsAt` (the pinned clock's time), with its paid purchase. */
const subscribe = async (
  ds: DataSource,
  phone: string,
  startsAt: Date,
  endsAt: Date,
): Promise<void> => {
  const [p] = await ds.query(
    `INSERT INTO purchase (kind, subscription_type, phone, amount, provider, code, receipt, status, paid_at)
     VALUES ('subscription', 'silver', $1, 500, 'mpesa', $2, $3, 'paid', $4) RETURNING id`,
    [phone, codeOf(phone), receiptOf(phone), startsAt],
  );
  await ds.query(
    `INSERT INTO subscription (phone, type, starts_at, ends_at, purchase_id) VALUES ($1, 'silver', $2, $3, $4)`,
    [phone, startsAt, endsAt, p.id],
  );
};

/**
 * Premium slips end to end (docs/PRODUCT-RULES.md "Subscriptions, premium slips"): an admin marks a slip premium in the back office
 * and an active subscriber's phone gets today's premium slips with picks from
 * GET /api/manage/get-subscription-slips/{phone}; others get 404.
 */
describe('Premium slips for subscribers', () => {
  let t: TestContext;
  let games: TippableGame[];
  let remove: () => void;
  let admin: CreatedUser;
  let tipster: CreatedUser;
  const DAY = 86_400_000;

  beforeAll(async () => {
    ({ t, games, remove } = await marketContext(6));
    admin = await createUser(t.ds, { role: 'admin' });
    tipster = await createUser(t.ds, { role: 'tipster', username: 'kamau_bets' });
    // Subscriptions run on the global clock, pinned to NOW in every test.
    const now = Date.parse(NOW);
    await subscribe(t.ds, '254712345601', new Date(now - DAY), new Date(now + 30 * DAY));
    await subscribe(t.ds, '254712345602', new Date(now - 40 * DAY), new Date(now - 10 * DAY));
  });
  afterAll(async () => {
    await t?.close();
    remove?.();
  });
  beforeEach(() => pinClock(t, NOW));

  const premiumFor = (phone: string, code: string | null = codeOf(phone)) =>
    t.request(
      'GET',
      `/api/manage/get-subscription-slips/${phone}${code === null ? '' : `?code=${encodeURIComponent(code)}`}`,
    );
  const mark = (id: number, premium: boolean) =>
    t.request('PUT', `/api/backoffice/premium-slips/${id}`, {
      token: admin.token,
      body: { premium },
    });

  it("gives an active subscriber today's premium slips with picks once an admin marks them", async () => {
    const { id } = await publishSlip(t, tipster.user.id, games.slice(0, 3), { amount: 150 });
    const { id: plain } = await publishSlip(t, tipster.user.id, games.slice(3, 6), { amount: 100 });
    expect(await premiumFor('0712345601')).toEqual(
      expect.objectContaining({ status: 200, body: { data: [] } }),
    );

    expect((await mark(id, true)).status).toBe(200);
    const res = await premiumFor('0712345601');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([id]);
    expect(res.body.data[0]).toMatchObject({
      id,
      price: 150,
      slip_result: null,
      user: { username: 'kamau_bets' },
      tips: games.slice(0, 3).map((g) =>
        expect.objectContaining({
          fixture: Number(g.id),
          market_type: 1,
          odd: g.odds[1],
          home_team: expect.any(String),
        }),
      ),
    });
    // The same slip on the public route still hides its picks.
    const pub = await t.request('GET', `/api/slip/get/${id}`);
    expect(pub.body.tips[0]).not.toHaveProperty('odd');
    expect(res.body.data.map((s: { id: number }) => s.id)).not.toContain(plain);

    expect((await mark(id, false)).status).toBe(200);
    expect((await premiumFor('254712345601')).body).toEqual({ data: [] });
    expect((await mark(id, true)).status).toBe(200);
  });

  it("leaves out yesterday's premium slips but keeps last night's slip for today's games", async () => {
    // Data calendar = shown − 217 days: 2026-04-19 is shown as yesterday (2026-11-22), 2026-04-20 as today.
    const yesterdayGames = await fixturesBetween(
      t.ds,
      '2026-04-19T00:00:00+03:00',
      '2026-04-20T00:00:00+03:00',
      3,
    );
    const todayGames = await fixturesBetween(
      t.ds,
      '2026-04-20T00:00:00+03:00',
      '2026-04-21T00:00:00+03:00',
      1,
    );
    expect(yesterdayGames.length).toBeGreaterThan(0);
    expect(todayGames).toHaveLength(1);
    const old = await insertSlip(t.ds, tipster.user.id, yesterdayGames, {
      dateCreated: '2026-11-22T09:00:00+03:00',
      premium: true,
      result: 'L',
    });
    const lastNight = await insertSlip(
      t.ds,
      tipster.user.id,
      [...yesterdayGames.slice(0, 2), todayGames[0]],
      { dateCreated: '2026-11-22T22:00:00+03:00', premium: true },
    );

    const ids = (await premiumFor('0712345601')).body.data.map((s: { id: number }) => s.id);
    expect(ids).toContain(lastNight);
    expect(ids).not.toContain(old);

    // Its games' day (2026-11-25) lists the first test's slip; three days later nothing is today's.
    pinClock(t, '2026-11-25T09:00:00+03:00');
    expect((await premiumFor('0712345601')).body.data).toHaveLength(1);
    pinClock(t, '2026-11-28T09:00:00+03:00');
    expect((await premiumFor('0712345601')).body).toEqual({ data: [] });
  });

  it('answers 404 with one message for a phone without an active subscription and for a wrong code', async () => {
    const NOT_FOUND = {
      status: 404,
      body: { message: 'No active subscription matches this phone number and code' },
    };
    // Expired (with its right code), never subscribed, and an active subscriber with a wrong or someone else's code.
    expect(await premiumFor('0712345602')).toMatchObject(NOT_FOUND);
    expect(await premiumFor('0712345699')).toMatchObject(NOT_FOUND);
    expect(await premiumFor('0712345601', 'SWRONG1')).toMatchObject(NOT_FOUND);
    expect(await premiumFor('0712345601', codeOf('0712345602'))).toMatchObject(NOT_FOUND);
  });

  it('asks for the code of the subscription SMS when there is none (400), before looking the phone up', async () => {
    for (const phone of ['0712345601', '0712345699']) {
      for (const code of [null, '', '   ']) {
        expect(await premiumFor(phone, code)).toMatchObject({
          status: 400,
          body: {
            message:
              'Enter the code from your subscription SMS, or the M-Pesa code of your subscription payment',
          },
        });
      }
    }
  });

  it('accepts the M-Pesa receipt of the subscription payment, and only the first word, in any case', async () => {
    expect((await premiumFor('0712345601', receiptOf('0712345601'))).status).toBe(200);
    expect(
      (await premiumFor('254712345601', ` ${codeOf('0712345601').toLowerCase()} Confirmed. Ksh500`))
        .status,
    ).toBe(200);
  });
});

describe('premium seed step', () => {
  let t: TestContext;
  let remove: () => void;

  beforeAll(async () => {
    ({ t, remove } = await marketContext(0));
  });
  afterAll(async () => {
    await t?.close();
    remove?.();
  });

  it('marks three open slips with a game today or tomorrow premium, once', async () => {
    expect(SEED_STEPS.at(-1)).toBe(premiumSeedStep);
    const tipster = await createUser(t.ds, { role: 'tipster' });
    const other = await createUser(t.ds, { role: 'tipster' });
    // Shown today after noon and tomorrow = data 2026-04-20 12:00 to 2026-04-22 00:00.
    const soon = (await tippableGames(t.ds, new Date('2026-04-20T13:00:00+03:00'), 40)).filter(
      (g) => g.kickoff < new Date('2026-04-22T00:00:00+03:00'),
    );
    const later = await tippableGames(t.ds, new Date('2026-04-24T00:00:00+03:00'), 3);
    expect(soon.length).toBeGreaterThanOrEqual(6);
    const picks = [
      [0, 1, 2],
      [3, 4, 5],
      [0, 2, 4],
      [1, 3, 5],
    ].map((idx) => idx.map((i) => soon[i]));
    const near: number[] = [];
    for (const [i, u] of [tipster, tipster, other, other].entries())
      near.push((await publishSlip(t, u.user.id, picks[i])).id);
    const far = await insertSlip(
      t.ds,
      tipster.user.id,
      later.map((g) => g.id),
      { dateCreated: '2026-11-23T08:00:00+03:00' },
    );

    expect(await seedPremiumSlips(t.app)).toBe(3);
    const premium = (await t.ds.query(`SELECT id FROM slip WHERE premium ORDER BY id`)).map(
      (r: { id: number }) => r.id,
    );
    expect(premium).toHaveLength(3);
    for (const id of premium) expect(near).toContain(id);
    expect(premium).not.toContain(far);

    expect(await seedPremiumSlips(t.app)).toBe(0);
    expect(await premiumSeedStep.run(t.app)).toMatch(/nothing to do/);
    expect((await t.ds.query(`SELECT count(*)::int AS n FROM slip WHERE premium`))[0].n).toBe(3);
  });
});
