import { averageOdds, ratingOf, ratingSql, roiOf, slipOddsSql, slipProfit, slipProfitSql, statsDelta } from './tipster-stats';

/** won, lost → rating; the SQL form is checked against ratingOf on PostgreSQL (test/integration/slip/tipster-stats-sql.int-spec.ts). */
const RATING_TABLE: [won: number, lost: number, rating: number][] = [
  [0, 0, 0],
  [2, 1, 66.67],
  [1, 2, 33.33],
  [5, 0, 100],
  [0, 5, 0],
  [1, 7, 12.5],
  [1, 19_999, 0.01],
  [1, 20_001, 0],
  [1, 39_999, 0],
  [123, 77, 61.5],
  [2, 5, 28.57],
];

const PROFIT_TABLE: [result: 'W' | 'L' | 'C', settled: string, accumulator: string, profit: number, odds: number][] = [
  ['W', '2.97', '2.97', 1.97, 2.97],
  ['W', '1.85', '3.88', 0.85, 3.88],
  ['W', '1.00', '1.60', 0, 1.6],
  ['L', '5.00', '5.00', -1, 5],
  ['C', '1.00', '5.00', 0, 0],
];

describe('tipster statistics', () => {
  it('counts a won slip as settled accumulator − 1 units of profit', () => {
    expect(statsDelta('W', '2.97', '2.97')).toEqual({ won: 1, lost: 0, cancelled: 0, profitHundredths: 197, oddsHundredths: 297 });
  });
  it('counts a won slip with a void leg at its settled accumulator, the average at the published one', () => {
    expect(statsDelta('W', '1.85', '3.88')).toEqual({ won: 1, lost: 0, cancelled: 0, profitHundredths: 85, oddsHundredths: 388 });
  });
  it('counts a lost slip as −1 unit and a cancelled one as nothing but a cancellation', () => {
    expect(statsDelta('L', '5.00', '5.00')).toEqual({ won: 0, lost: 1, cancelled: 0, profitHundredths: -100, oddsHundredths: 500 });
    expect(statsDelta('C', '1.00', '5.00')).toEqual({ won: 0, lost: 0, cancelled: 1, profitHundredths: 0, oddsHundredths: 0 });
  });
  it.each(RATING_TABLE)('rates %i won, %i lost as %d (won / (won + lost) in percent, 2 decimals)', (won, lost, rating) => {
    expect(ratingOf(won, lost)).toBe(rating);
  });
  it.each(PROFIT_TABLE)('a slip %s settled at %s (published %s) makes %d units profit, %d odds for the average', (result, settled, acc, profit, odds) => {
    expect(slipProfit(result, settled)).toBe(profit);
    expect(statsDelta(result, settled, acc).oddsHundredths / 100).toBe(odds);
  });
  it('gives ROI % and average odds over settled slips', () => {
    expect(roiOf(1.97, 3)).toBe(65.67);
    expect(roiOf(-3, 3)).toBe(-100);
    expect(roiOf(0, 0)).toBe(0);
    expect(averageOdds(10.5, 4)).toBe(2.63);
    expect(averageOdds(0, 0)).toBe(0);
  });
  it('writes the SQL forms over the given columns', () => {
    expect(ratingSql('w.won', 'w.lost')).toBe('(CASE WHEN (w.won) + (w.lost) = 0 THEN 0 ELSE round(100.0 * (w.won) / ((w.won) + (w.lost)), 2) END)');
    expect(slipProfitSql('s')).toContain("s.slip_result WHEN 'W' THEN s.settled_accumulator - 1 WHEN 'L' THEN -1 ELSE 0");
    expect(slipOddsSql('s')).toContain("s.slip_result IN ('W', 'L') THEN s.accumulator ELSE 0");
  });
});
