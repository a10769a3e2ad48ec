import { describe, expect, it } from 'vitest';
import { cardRating, formatOdds, percentRating, resultOddsLabel, resultState } from './odds';

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
    expect(formatOdds('1234.5')).toBe('1234.50');
    expect(formatOdds(null)).toBe('-');
    expect(formatOdds('')).toBe('-');
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
