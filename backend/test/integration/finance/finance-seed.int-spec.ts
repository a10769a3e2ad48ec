import { DEMO_TIPSTERS } from '../../../src/seed/demo-tipsters';
import { financeSeedStep, seedFinance } from '../../../src/seed/finance.seed';
import { SEED_STEPS } from '../../../src/seed/seed-steps';
import { createUser, CreatedUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';
import { expectMoneyInvariants } from '../../support/money-invariants';

/** The demo money history (finance.seed.ts) on demo tipsters with settled and open slips. */
describe('finance demo seed', () => {
  let t: TestContext;
  const tipsters: CreatedUser[] = [];

  beforeAll(async () => {
    t = await createTestContext();
    const kenyans = DEMO_TIPSTERS.filter(([, , country]) => country === 'KE').slice(0, 4);
    for (const [username] of kenyans) {
      const u = await createUser(t.ds, { role: 'tipster', username });
      tipsters.push(u);
      for (const [i, result] of (['W', 'L', 'C', 'W', null] as const).entries()) {
        await t.ds.query(
          `INSERT INTO slip (user_id, price_ksh, accumulator, slip_result, settled_at, date_created) VALUES ($1, $2, 5.00, $3, $4, $4)`,
          [u.user.id, 250 + 50 * i, result, new Date(Date.UTC(2026, 10, 10 + i, 9))],
        );
      }
    }
  });
  // Every scenario leaves the money consistent (docs/PRODUCT-RULES.md "Money").
  afterEach(() => expectMoneyInvariants(t.ds));
  afterAll(() => t?.close());

  it('is a seed step after the demo marketplace', () => {
    const names = SEED_STEPS.map((s) => s.name);
    expect(names.indexOf(financeSeedStep.name)).toBeGreaterThan(names.indexOf('demo-marketplace'));
  });

  it('records sales by slip state and pays three whole-balance withdrawals; a second run changes nothing', async () => {
    const summary = await seedFinance(t.app);
    expect(summary).toMatch(/^\d+ demo sales for 4 tipsters, 3 paid withdrawals$/);
    const shares = await t.ds.query(
      `SELECT s.slip_result, l.status, count(*)::int AS n FROM ledger_entry l JOIN purchase p ON p.id = l.purchase_id JOIN slip s ON s.id = p.slip_id
        WHERE l.kind = 'sale_share' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    // Settled W/L → paid, cancelled → unpaid, open → pending.
    for (const r of shares)
      expect(r.status).toBe(r.slip_result === null ? 'W' : r.slip_result === 'C' ? 'U' : 'P');
    const [{ fees_ok }] = await t.ds.query(
      `SELECT bool_and(fee.amount + share.amount = p.amount) AS fees_ok FROM purchase p
         JOIN ledger_entry share ON share.purchase_id = p.id AND share.kind = 'sale_share'
         JOIN ledger_entry fee ON fee.purchase_id = p.id AND fee.kind = 'platform_fee'`,
    );
    expect(fees_ok).toBe(true);

    for (const [i, tipster] of tipsters.entries()) {
      const summaryRes = await t.request('GET', '/api/finance/pending_amount', {
        token: tipster.token,
      });
      const list = await t.request('GET', '/api/finance/withdrawals', { token: tipster.token });
      if (i < 3) {
        expect(list.body.withdrawals).toEqual([
          expect.objectContaining({ status: 'W', total_paid: list.body.withdrawals[0].amount }),
        ]);
        expect(Number(summaryRes.body.account_balance)).toBeLessThan(1); // the cents stay
      } else {
        expect(list.body.withdrawals).toEqual([]);
        expect(summaryRes.body.account_balance).toBe(summaryRes.body.total_earnings);
      }
      expect(Number(summaryRes.body.pending_amount)).toBeGreaterThan(0);
    }
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM b2c_payout WHERE status = 'paid'`,
    );
    expect(n).toBe(3);

    const before = await t.ds.query(`SELECT count(*)::int AS n FROM ledger_entry`);
    expect(await seedFinance(t.app)).toBe('sales or withdrawals exist, nothing to do');
    expect(await t.ds.query(`SELECT count(*)::int AS n FROM ledger_entry`)).toEqual(before);
  });
});
