import { SlipRepository } from '../../../src/modules/slip/slip.repository';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';

/**
 * The home page's Popular tab (docs/PRODUCT-RULES.md R98 '/'): active slips ranked by their paid
 * sales in the last 7 days, then by the tipster's rating, then newest first — not simply the newest
 * slips, which would put brand-new unrated accounts first.
 */
describe('Popular slips: sales in the last 7 days, then the tipster rating', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestContext();
    const rated = await createUser(t.ds, { username: 'popular_rated', role: 'tipster' });
    const weak = await createUser(t.ds, { username: 'popular_weak', role: 'tipster' });
    const fresh = await createUser(t.ds, { username: 'popular_fresh', role: 'tipster' });
    await t.ds.query(
      `INSERT INTO tipster_stat (user_id, won, lost, rating, profit) VALUES ($1, 8, 2, 80, 6), ($2, 2, 8, 20, -5)`,
      [rated.user.id, weak.user.id],
    );
    // Newest first would be: fresh_new, fresh_sold, rated_old, weak_best, weak_old.
    const slips: [string, number, string][] = [
      ['weak_old', weak.user.id, '5 days'],
      ['weak_best', weak.user.id, '4 days'],
      ['rated_old', rated.user.id, '3 days'],
      ['fresh_sold', fresh.user.id, '2 hours'],
      ['fresh_new', fresh.user.id, '1 hour'],
    ];
    for (const [name, userId, age] of slips) {
      const [row] = await t.ds.query(
        `INSERT INTO slip (user_id, price_ksh, accumulator, date_created, jackpot) VALUES ($1, 100, 3.00, now() - $2::interval, false) RETURNING id`,
        [userId, age],
      );
      ids[name] = row.id;
    }
    // A settled slip and a jackpot slip never show, whatever they sold.
    const [settled] = await t.ds.query(
      `INSERT INTO slip (user_id, price_ksh, accumulator, date_created, jackpot, slip_result, settled_accumulator, settled_at)
       VALUES ($1, 100, 3.00, now() - interval '6 days', false, 'W', 3.00, now() - interval '1 day') RETURNING id`,
      [rated.user.id],
    );
    let n = 0;
    const sale = (slipId: number, status: string, paidAgo: string | null) =>
      t.ds.query(
        `INSERT INTO purchase (kind, slip_id, phone, amount, provider, code, status, created_at, paid_at)
         VALUES ('slip', $1, '254700000001', 100, 'mpesa', $2, $3, now() - coalesce($4::interval, interval '1 minute'), now() - $4::interval)`,
        [slipId, `POP${++n}`, status, paidAgo],
      );
    await sale(ids.weak_best, 'paid', '1 day');
    await sale(ids.weak_best, 'paid', '3 days');
    await sale(ids.weak_best, 'paid', '6 days 23 hours');
    await sale(ids.fresh_sold, 'paid', '1 hour');
    // Not counted: older than 7 days, or not paid.
    await sale(ids.weak_old, 'paid', '8 days');
    await sale(ids.weak_old, 'paid', '7 days 1 hour');
    await sale(ids.rated_old, 'pending', null);
    await sale(ids.rated_old, 'failed', null);
    await sale(ids.fresh_new, 'cancelled', null);
    for (let i = 0; i < 5; i++) await sale(settled.id, 'paid', '1 hour');
  });
  afterAll(() => t?.close());

  const expected = () => [
    ids.weak_best,
    ids.fresh_sold,
    ids.rated_old,
    ids.weak_old,
    ids.fresh_new,
  ];

  it('GET /v2/api/slip/data/?home=1 ranks by 7-day sales, then rating, then newest', async () => {
    const res = await t.request('GET', '/v2/api/slip/data/?home=1');
    expect(res.status).toBe(200);
    expect(res.body.results.map((s: { id: number }) => s.id)).toEqual(expected());
  });

  it('GET /api/home/active has the same order', async () => {
    const res = await t.request('GET', '/api/home/active');
    expect(res.status).toBe(200);
    expect(res.body.slips.map((s: { id: number }) => s.id)).toEqual(expected());
  });

  it('SlipRepository.popular honours the limit and counts sales up to `now` only', async () => {
    const repo = t.get(SlipRepository);
    expect((await repo.popular(2, new Date())).map((r) => r.id)).toEqual(expected().slice(0, 2));
    // Seen from 2 days ago, only the older sales of weak_best count (3 days, 6 days 23 hours ago: both within 7 days).
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    expect((await repo.popular(1, twoDaysAgo)).map((r) => r.id)).toEqual([ids.weak_best]);
  });
});
