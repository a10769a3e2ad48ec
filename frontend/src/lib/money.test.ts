import { describe, expect, it } from 'vitest';
import { formatKsh, formatNgn, formatUgx, twoDecimals } from './money';

describe('twoDecimals', () => {
  it('writes a server decimal with 2 decimals from its digits', () => {
    expect(twoDecimals('200.00')).toBe('200.00');
    expect(twoDecimals('1234567.5')).toBe('1,234,567.50');
    expect(twoDecimals(617.28)).toBe('617.28');
    expect(twoDecimals(50)).toBe('50.00');
    expect(twoDecimals('-12.3')).toBe('-12.30');
    expect(twoDecimals('0012.30')).toBe('12.30');
    expect(twoDecimals('2.3', false)).toBe('2.30');
    expect(twoDecimals('1500', false)).toBe('1500.00');
  });

  it('writes nothing the server does not send: more than 2 decimals, text, exponents, missing values', () => {
    expect(twoDecimals('123.456')).toBeNull();
    expect(twoDecimals('abc')).toBeNull();
    expect(twoDecimals('')).toBeNull();
    expect(twoDecimals(1e21)).toBeNull();
    expect(twoDecimals(Number.NaN)).toBeNull();
    expect(twoDecimals(null)).toBeNull();
    expect(twoDecimals(undefined)).toBeNull();
  });
});

describe('formatKsh', () => {
  it('shows Ksh with 2 decimals and thousands separators', () => {
    expect(formatKsh(50)).toBe('Ksh. 50.00');
    expect(formatKsh('1500')).toBe('Ksh. 1,500.00');
    expect(formatKsh('123.45')).toBe('Ksh. 123.45');
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
