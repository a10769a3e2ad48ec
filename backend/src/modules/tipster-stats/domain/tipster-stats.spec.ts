import { averageOdds, batchDeltas, countersChanges, rankTipsters, ratingOf, roiOf, SettledSlipFigures, slipProfit, StatsDelta, statsDelta } from './tipster-stats';

/** won, lost → rating, at the rounding edges (the one definition: every rating shown is computed by ratingOf). */
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
  [1, 1, 50],
  [1, 3, 25],
  [3, 5, 37.5],
  [1, 15, 6.25],
  [1, 5, 16.67],
  [5, 1, 83.33],
  [1, 9_999, 0.01],
  [1, 1_999, 0.05],
  [1, 159, 0.63],
  [7, 9, 43.75],
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
  describe('a settled batch', () => {
    const slip = (userId: number, result: 'W' | 'L' | 'C', settled: string, acc: string, jackpot = false): SettledSlipFigures => ({
      userId, result, settledAccumulator: settled, accumulator: acc, jackpot,
    });
    const batch = [
      slip(7, 'W', '2.97', '2.97'),
      slip(3, 'L', '5.00', '5.00'),
      slip(7, 'W', '1.85', '3.88'),
      slip(7, 'C', '1.00', '5.00'),
      slip(7, 'L', '1.33', '1.33'),
      slip(9, 'W', '40.00', '40.00', true),
    ];

    it('sums statsDelta per tipster, leaving jackpot slips out', () => {
      expect(batchDeltas(batch)).toEqual(
        new Map([
          [7, { won: 2, lost: 1, cancelled: 1, profitHundredths: 197 + 85 - 100, oddsHundredths: 297 + 388 + 133 }],
          [3, { won: 0, lost: 1, cancelled: 0, profitHundredths: -100, oddsHundredths: 500 }],
        ]),
      );
      expect(batchDeltas([slip(9, 'W', '2.00', '2.00', true)]).size).toBe(0);
    });

    it('adds exactly what the slips settled one by one add', () => {
      const oneByOne = batch.filter((s) => !s.jackpot).map((s) => statsDelta(s.result, s.settledAccumulator, s.accumulator));
      const sum = (k: 'won' | 'lost' | 'cancelled' | 'profitHundredths' | 'oddsHundredths') => oneByOne.reduce((t, d) => t + d[k], 0);
      const all = [...batchDeltas(batch).values()];
      for (const k of ['won', 'lost', 'cancelled', 'profitHundredths', 'oddsHundredths'] as const) {
        expect(all.reduce((t, d) => t + d[k], 0)).toBe(sum(k));
      }
    });

    it.each([
      // stored won, lost of tipster 7 → rating after the batch (2 won, 1 lost added)
      [undefined, 66.67],
      [{ won: 0, lost: 0 }, 66.67],
      [{ won: 8, lost: 1 }, 83.33],
      [{ won: 0, lost: 7 }, 20],
    ])('rates tipster 7 with stored counters %p at %d after the batch, in user id order', (stored, rating) => {
      const totals = new Map(stored ? [[7, stored]] : []);
      const changes = countersChanges(batchDeltas(batch), totals);
      expect(changes.map((c) => c.userId)).toEqual([3, 7]);
      expect(changes[1]).toEqual({ userId: 7, won: 2, lost: 1, cancelled: 1, profitHundredths: 182, oddsHundredths: 818, rating });
      expect(changes[0].rating).toBe(0);
    });
  });

  describe('the leaderboard order (rankTipsters)', () => {
    const d = (won: number, lost: number, profitHundredths: number, cancelled = 0): StatsDelta => ({
      won, lost, cancelled, profitHundredths, oddsHundredths: 0,
    });
    it.each<[string, [number, StatsDelta][], number, number[]]>([
      ['rating desc first', [[1, d(1, 1, 0)], [2, d(2, 1, -300)], [3, d(1, 2, 500)]], 2, [2, 1, 3]],
      ['settled desc on equal rating', [[1, d(1, 1, 900)], [2, d(2, 2, 0)], [3, d(3, 3, -200)]], 2, [3, 2, 1]],
      ['profit desc on equal rating and settled', [[1, d(2, 2, 100)], [2, d(2, 2, 101)], [3, d(2, 2, -5)]], 2, [2, 1, 3]],
      ['user id asc on full ties', [[9, d(2, 1, 50)], [4, d(2, 1, 50)], [6, d(2, 1, 50)]], 2, [4, 6, 9]],
      // 2/3 and 6667/10000 differ exactly but both rate 66.67: the rounded rating ties, settled decides
      ['the rounded rating, not the exact ratio', [[1, d(2, 1, 0)], [2, d(6667, 3333, 0)]], 2, [2, 1]],
      // 1/6 and 2/12 both rate 16.67 (more settled first), 1666/10000 rates 16.66
      ['rounding edges', [[1, d(1, 5, 0)], [2, d(1666, 8334, 0)], [3, d(2, 10, 0)]], 2, [3, 1, 2]],
      ['fewer than minSettled W/L left out (cancelled do not count)', [[1, d(1, 0, 0, 5)], [2, d(0, 2, -200)], [3, d(5, 0, 0)]], 2, [3, 2]],
    ])('%s', (_name, entries, min, order) => {
      expect(rankTipsters(new Map(entries), min).map((t) => t.userId)).toEqual(order);
    });
    it('carries the figures and the rating of each tipster', () => {
      expect(rankTipsters(new Map([[5, d(2, 1, 182)]]), 2)).toEqual([
        { userId: 5, won: 2, lost: 1, cancelled: 0, profitHundredths: 182, oddsHundredths: 0, settled: 3, rating: 66.67 },
      ]);
    });
  });
});
