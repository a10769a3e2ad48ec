import type { Slip } from '../api/types';
import { settledAccumulator } from './slip';

/** One point of a tipster's profit curve: cumulative units after a settled slip. */
export interface ProfitPoint {
  /** ISO date of the slip. */
  date: string;
  /** Cumulative profit in units, 2 decimals. */
  profit: number;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * Profit of one settled slip in units, 1 unit staked (docs/PRODUCT-RULES.md, Tipster statistics):
 * settled accumulator - 1 when won, -1 when lost, 0 when cancelled.
 */
export const slipProfit = (slip: Slip): number => {
  if (slip.slip_result === 'W') return settledAccumulator(slip) - 1;
  if (slip.slip_result === 'L') return -1;
  return 0;
};

/**
 * Cumulative profit over time, oldest first (docs/PRODUCT-RULES.md R24: rounded to two decimals).
 */
export const profitSeries = (finished: readonly Slip[]): ProfitPoint[] => {
  const settled = finished
    .filter((slip) => slip.slip_result === 'W' || slip.slip_result === 'L')
    .slice()
    .sort((a, b) => new Date(a.date_created).getTime() - new Date(b.date_created).getTime());
  let total = 0;
  return settled.map((slip) => {
    total += slipProfit(slip);
    return { date: slip.date_created, profit: round2(total) };
  });
};

/** Total profit of the given finished slips in units, 2 decimals. */
export const totalProfit = (finished: readonly Slip[]): number => {
  const series = profitSeries(finished);
  return series.length ? series[series.length - 1].profit : 0;
};

/** '+3.45' / '-1.00' / '0.00' units. */
export const formatProfit = (value: number): string =>
  `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
