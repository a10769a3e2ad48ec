import { describe, expect, it } from 'vitest';
import { formatProfit } from './figures';

describe('formatProfit', () => {
  it('writes the server profit with its sign and 2 decimals', () => {
    expect(formatProfit(3.45)).toBe('+3.45');
    expect(formatProfit(-1)).toBe('-1.00');
    expect(formatProfit(0)).toBe('0.00');
    expect(formatProfit(30.12)).toBe('+30.12');
  });
});
