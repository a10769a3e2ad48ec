import { describe, expect, it } from 'vitest';
import {
  formatKsh,
  formatNgn,
  formatUgx,
  roundMoney,
  toCents,
} from './money';

describe('toCents', () => {
  it('parses numeric strings without float error', () => {
    expect(toCents('200.00')).toBe(20000);
    expect(toCents('1.005')).toBe(101);
    expect(toCents('-12.344')).toBe(-1234);
    expect(toCents(99.99)).toBe(9999);
  });

  it('returns null for non-decimals', () => {
    expect(toCents('abc')).toBeNull();
    expect(toCents('')).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });
});

describe('formatKsh', () => {
  it('shows Ksh with 2 decimals and thousands separators', () => {
    expect(formatKsh(50)).toBe('Ksh. 50.00');
    expect(formatKsh('1500')).toBe('Ksh. 1,500.00');
    expect(formatKsh('123.456')).toBe('Ksh. 123.46');
  });

  it('shows a dash for a missing amount', () => {
    expect(formatKsh(undefined)).toBe('Ksh. -');
  });
});

describe('other currencies', () => {
  it('formats NGN and UGX', () => {
    expect(formatNgn('3500')).toBe('NGN 3,500.00');
    expect(formatUgx(1500)).toBe('UGX 1,500.00');
  });
});

describe('roundMoney', () => {
  it('rounds to two decimals', () => {
    expect(roundMoney('10.125')).toBe(10.13);
  });
});
