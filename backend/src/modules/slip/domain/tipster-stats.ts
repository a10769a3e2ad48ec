import { oddToHundredths } from '../../../common/decimal/decimal';

/** What one settled slip adds to its tipster's counters (docs/PRODUCT-RULES.md, Tipster statistics). */
export interface StatsDelta {
  won: number;
  lost: number;
  cancelled: number;
  /** Profit in hundredths of a unit: W → settled accumulator − 1, L → −1, C → 0 (1 unit staked). */
  profitHundredths: number;
  /** Total odds counted for the average odds (hundredths): the slip's accumulator for W and L, 0 for C. */
  oddsHundredths: number;
}

/** The counters change of one settled slip. */
export const statsDelta = (result: 'W' | 'L' | 'C', settledAccumulator: string, accumulator: string): StatsDelta => {
  if (result === 'C') return { won: 0, lost: 0, cancelled: 1, profitHundredths: 0, oddsHundredths: 0 };
  const odds = oddToHundredths(accumulator);
  if (result === 'L') return { won: 0, lost: 1, cancelled: 0, profitHundredths: -100, oddsHundredths: odds };
  return { won: 1, lost: 0, cancelled: 0, profitHundredths: oddToHundredths(settledAccumulator) - 100, oddsHundredths: odds };
};

/** rating = 100 × won / (won + lost), 2 decimals; 0 with no settled slip. */
export const ratingOf = (won: number, lost: number): number =>
  won + lost === 0 ? 0 : Math.round((10_000 * won) / (won + lost)) / 100;

/** ROI % = profit / settled slips × 100, 2 decimals; 0 with none. `profit` in units. */
export const roiOf = (profit: number, settled: number): number =>
  settled === 0 ? 0 : Math.round((profit / settled) * 10_000) / 100;

/** Average total odds of settled (W/L) slips, 2 decimals; 0 with none. */
export const averageOdds = (oddsSum: number, settled: number): number =>
  settled === 0 ? 0 : Math.round((oddsSum / settled) * 100) / 100;
