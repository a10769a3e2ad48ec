import { TransactionRunner } from '../../../src/database/transaction-runner';
import type { SettledSlipFigures } from '../../../src/modules/tipster-stats/domain/tipster-stats';
import { TipsterStatService } from '../../../src/modules/tipster-stats/tipster-stat.service';
import { createUser } from '../../factories/account';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

const slip = (
  userId: number,
  result: 'W' | 'L' | 'C',
  settled: string,
  accumulator: string,
  jackpot = false,
): SettledSlipFigures => ({
  userId,
  result,
  settledAccumulator: settled,
  accumulator,
  jackpot,
});

/**
 * The tipster statistics consume the "slips settled" event (docs/PRODUCT-RULES.md "Tipster statistics";
 * docs/ARCHITECTURE.md "Layers"): the counters change inside the caller's transaction (rolled back
 * with it), jackpot slips count for no tipster, and the stored rating is that of the new totals.
 */
describe('TipsterStatService (tipster-stats)', () => {
  let t: TestContext;
  let stats: TipsterStatService;
  let tx: TransactionRunner;
  let a = 0;
  let b = 0;
  const row = async (userId: number) =>
    (
      await t.ds.query(
        `SELECT tips, won, lost, cancelled, profit::text, odds_sum::text, rating::text FROM tipster_stat WHERE user_id = $1`,
        [userId],
      )
    )[0] ?? null;

  beforeAll(async () => {
    t = await createTestContext();
    stats = t.get(TipsterStatService);
    tx = t.get(TransactionRunner);
    a = (await createUser(t.ds, { role: 'tipster' })).user.id;
    b = (await createUser(t.ds, { role: 'tipster' })).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts published slips in the publishing transaction, and none when it rolls back', async () => {
    await tx.run((em) => stats.onPublished(em, a));
    await tx.run((em) => stats.onPublished(em, a));
    await expect(
      tx.run(async (em) => {
        await stats.onPublished(em, a);
        throw new Error('publish failed');
      }),
    ).rejects.toThrow('publish failed');
    expect(await row(a)).toMatchObject({ tips: 2, won: 0, lost: 0, rating: '0.00' });
    expect(await stats.counters(a)).toEqual({ tips: 2, won: 0, lost: 0 });
    expect(await stats.counters(b)).toBeNull();
  });

  it('leaves jackpot slips out: a batch of only jackpot slips writes no row', async () => {
    await tx.run((em) =>
      stats.onSlipsSettled(em, { slips: [slip(b, 'W', '12.00', '12.00', true)] }),
    );
    expect(await row(b)).toBeNull();
  });

  it('adds a batch to the stored totals and stores the rating of the new totals', async () => {
    await tx.run((em) =>
      stats.onSlipsSettled(em, {
        slips: [
          slip(a, 'W', '2.97', '2.97'),
          slip(a, 'L', '5.00', '5.00'),
          slip(b, 'C', '1.00', '3.10'),
          slip(a, 'W', '1.85', '3.88'),
        ],
      }),
    );
    // a: 2 won, 1 lost → 66.67; profit 1.97 − 1 + 0.85; odds 2.97 + 5.00 + 3.88.
    expect(await row(a)).toEqual({
      tips: 2,
      won: 2,
      lost: 1,
      cancelled: 0,
      profit: '1.82',
      odds_sum: '11.85',
      rating: '66.67',
    });
    // b: its row is created by the batch (no publication counted here): only a cancellation.
    expect(await row(b)).toEqual({
      tips: 0,
      won: 0,
      lost: 0,
      cancelled: 1,
      profit: '0.00',
      odds_sum: '0.00',
      rating: '0.00',
    });

    await tx.run((em) => stats.onSlipsSettled(em, { slips: [slip(a, 'L', '1.50', '1.50')] }));
    // a: 2 won, 2 lost → 50.00 (the rating of the totals, not of the batch alone).
    expect(await row(a)).toMatchObject({
      won: 2,
      lost: 2,
      profit: '0.82',
      odds_sum: '13.35',
      rating: '50.00',
    });
  });

  it('changes nothing when the settlement transaction rolls back after the event', async () => {
    const before = await row(a);
    await expect(
      tx.run(async (em) => {
        await stats.onSlipsSettled(em, { slips: [slip(a, 'W', '3.00', '3.00')] });
        throw new Error('settlement failed');
      }),
    ).rejects.toThrow('settlement failed');
    expect(await row(a)).toEqual(before);
  });
});
