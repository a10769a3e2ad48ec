import { compareDecimal, fromScaled, toDecimalString, toScaled, toWholeUnits } from './decimal';

describe('decimal', () => {
  it('formats numbers and strings with fixed decimals, rounding half away from zero', () => {
    expect(toDecimalString(100)).toBe('100.00');
    expect(toDecimalString(JSON.parse('100.00'))).toBe('100.00');
    expect(toDecimalString(1.005)).toBe('1.01');
    expect(toDecimalString('-0.004')).toBe('0.00');
    expect(toDecimalString('.5')).toBe('0.50');
    expect(toDecimalString('1e-7', 2)).toBe('0.00');
    expect(toDecimalString('abc')).toBeNull();
    expect(toDecimalString('')).toBeNull();
    expect(toDecimalString(Number.NaN)).toBeNull();
  });

  it('scales exactly and refuses hidden rounding', () => {
    expect(toScaled('25.5')).toBe(2550n);
    expect(toScaled('25.505')).toBeNull();
    expect(toScaled('25.500')).toBe(2550n);
    expect(toScaled(7)).toBe(700n);
    expect(toScaled(7.5)).toBeNull();
    expect(fromScaled(2550n)).toBe('25.50');
    expect(fromScaled(-5n)).toBe('-0.05');
  });

  it('compares decimals exactly and extracts whole units', () => {
    expect(compareDecimal('2500', '2500.00')).toBe(0);
    expect(compareDecimal('2500.01', 2500)).toBe(1);
    expect(compareDecimal('0.1', '0.10000001')).toBe(-1);
    expect(toWholeUnits('200.00')).toBe(200n);
    expect(toWholeUnits(200)).toBe(200n);
    expect(toWholeUnits('200.50')).toBeNull();
  });
});
