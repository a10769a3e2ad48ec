import { ratingOf, ratingSql, slipOddsSql, slipProfit, slipProfitSql, statsDelta } from '../../../src/modules/records/domain/tipster-stats';
import { createTestDatabase, sql, TestDatabase } from '../../setup/test-db';

/**
 * The SQL forms of the tipster rules (docs/PRODUCT-RULES.md "Tipster statistics") give, on
 * PostgreSQL, exactly what the TypeScript functions give: the weekly leaderboard ranks by
 * `ratingSql` and sums `slipProfitSql` / `slipOddsSql`, the overall one reads the rating stored by
 * `ratingOf` at settlement, so both orders follow the one rule.
 */
describe('tipster rules: SQL forms equal the TypeScript functions', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('ratingSql equals ratingOf for every won / lost count up to 60 and at the rounding edges', async () => {
    const pairs: [number, number][] = [];
    for (let won = 0; won <= 60; won += 1) for (let lost = 0; lost <= 60; lost += 1) pairs.push([won, lost]);
    pairs.push([1, 19_999], [1, 20_001], [1, 39_999], [3, 1_997], [123, 77], [999_999, 1], [1, 999_999]);
    const rows = await sql<{ won: number; lost: number; rating: string }>(
      db.url,
      `SELECT won, lost, ${ratingSql('won', 'lost')}::text AS rating FROM unnest($1::int[], $2::int[]) AS v (won, lost)`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    expect(rows).toHaveLength(pairs.length);
    const differing = rows.filter((r) => Number(r.rating) !== ratingOf(r.won, r.lost));
    expect(differing).toEqual([]);
  });

  it('slipProfitSql and slipOddsSql equal statsDelta for won, lost and cancelled slips', async () => {
    const cases: ['W' | 'L' | 'C', string, string][] = [
      ['W', '2.97', '2.97'],
      ['W', '1.85', '3.88'],
      ['W', '1.00', '1.60'],
      ['W', '99.99', '100.00'],
      ['L', '5.00', '5.00'],
      ['L', '1.60', '1.60'],
      ['C', '1.00', '5.00'],
    ];
    const rows = await sql<{ profit: string; odds: string }>(
      db.url,
      `SELECT ${slipProfitSql('s')}::text AS profit, ${slipOddsSql('s')}::text AS odds
         FROM unnest($1::text[], $2::numeric(8,2)[], $3::numeric(8,2)[]) WITH ORDINALITY
           AS s (slip_result, settled_accumulator, accumulator, n) ORDER BY s.n`,
      [cases.map((c) => c[0]), cases.map((c) => c[1]), cases.map((c) => c[2])],
    );
    expect(rows.map((r) => [Number(r.profit), Number(r.odds)])).toEqual(
      cases.map(([result, settled, acc]) => [slipProfit(result, settled), statsDelta(result, settled, acc).oddsHundredths / 100]),
    );
  });
});
