import { averageOdds, ratingOf, roiOf, statsDelta } from './tipster-stats';

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
  it('rates won / (won + lost) in percent with 2 decimals, 0 without settled slips', () => {
    expect(ratingOf(0, 0)).toBe(0);
    expect(ratingOf(2, 1)).toBe(66.67);
    expect(ratingOf(1, 2)).toBe(33.33);
    expect(ratingOf(5, 0)).toBe(100);
  });
  it('gives ROI % and average odds over settled slips', () => {
    expect(roiOf(1.97, 3)).toBe(65.67);
    expect(roiOf(-3, 3)).toBe(-100);
    expect(roiOf(0, 0)).toBe(0);
    expect(averageOdds(10.5, 4)).toBe(2.63);
    expect(averageOdds(0, 0)).toBe(0);
  });
});
