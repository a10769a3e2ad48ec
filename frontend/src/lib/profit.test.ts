import { describe, expect, it } from 'vitest';
import { buildSlip, buildTip } from '../test-fetch';
import { formatProfit, profitSeries, slipProfit, totalProfit } from './profit';
import { settledAccumulator } from './slip';

const won = (accumulator: string, date: string) =>
  buildSlip({ slip_result: 'W', accumulator, date_created: date });
const lost = (date: string) => buildSlip({ slip_result: 'L', date_created: date });

describe('profit', () => {
  it('counts accumulator - 1 for a win, -1 for a loss, 0 for a cancelled slip', () => {
    expect(slipProfit(won('3.50', '2026-05-01'))).toBeCloseTo(2.5);
    expect(slipProfit(lost('2026-05-01'))).toBe(-1);
    expect(slipProfit(buildSlip({ slip_result: 'C' }))).toBe(0);
  });

  it('uses the winning tips odds when tips carry results (void counts 1.00)', () => {
    const slip = buildSlip({
      slip_result: 'W',
      accumulator: '6.00',
      tips: [
        buildTip({ odd: '2.00', result: 'W' }),
        buildTip({ odd: '1.50', result: 'W' }),
        buildTip({ odd: '2.00', result: 'V' }),
      ],
    });
    expect(settledAccumulator(slip)).toBe(3);
    expect(slipProfit(slip)).toBe(2);
  });

  it('builds a cumulative series, oldest first, skipping cancelled slips', () => {
    const series = profitSeries([
      lost('2026-05-03T10:00:00Z'),
      won('3.00', '2026-05-01T10:00:00Z'),
      buildSlip({ slip_result: 'C', date_created: '2026-05-02T10:00:00Z' }),
    ]);
    expect(series).toEqual([
      { date: '2026-05-01T10:00:00Z', profit: 2 },
      { date: '2026-05-03T10:00:00Z', profit: 1 },
    ]);
    expect(totalProfit([])).toBe(0);
  });

  it('formats profit with its sign', () => {
    expect(formatProfit(3.456)).toBe('+3.46');
    expect(formatProfit(-1)).toBe('-1.00');
    expect(formatProfit(0)).toBe('0.00');
  });
});
