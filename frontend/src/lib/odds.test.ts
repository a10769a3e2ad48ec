import { describe, expect, it } from 'vitest';
import {
  accumulatorOdds,
  cardRating,
  formatOdds,
  percentRating,
  resultOddsLabel,
  resultState,
} from './odds';

describe('accumulatorOdds', () => {
  it('multiplies and truncates to 2 decimals', () => {
    // 1.55 * 1.33 * 2.1 = 4.329015 -> 4.32 (truncated, not rounded)
    expect(accumulatorOdds([1.55, 1.33, 2.1])).toBe(4.32);
    expect(accumulatorOdds(['1.99', '1.99', '1.99'])).toBe(7.88);
  });

  it('is exact for large products', () => {
    expect(accumulatorOdds([10, 10, 10, 10, 10])).toBe(100000);
  });

  it('returns null for empty or invalid input', () => {
    expect(accumulatorOdds([])).toBeNull();
    expect(accumulatorOdds(['x', 2])).toBeNull();
  });
});

describe('result display', () => {
  it('maps W, L and anything else', () => {
    expect(resultState('W')).toBe('won');
    expect(resultState('L')).toBe('lost');
    expect(resultState('C')).toBe('cancelled');
    expect(resultState(null)).toBe('cancelled');
  });

  it('prefixes odds with + when won and - when lost', () => {
    expect(resultOddsLabel('4.5', 'W')).toBe('+4.50');
    expect(resultOddsLabel(4.5, 'L')).toBe('-4.50');
    expect(resultOddsLabel(4.5, 'V')).toBe('4.50');
  });

  it('formats odds', () => {
    expect(formatOdds('2.3')).toBe('2.30');
    expect(formatOdds(null)).toBe('-');
  });
});

describe('ratings', () => {
  it('shows rating / 10 on cards and percent on profiles', () => {
    expect(cardRating(72.5)).toBe('7.3/10');
    expect(cardRating('80')).toBe('8.0/10');
    expect(cardRating(null)).toBe('0.0/10');
    expect(percentRating('66.666')).toBe('66.67%');
  });
});
