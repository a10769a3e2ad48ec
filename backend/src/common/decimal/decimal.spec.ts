import {
  accumulatorOf,
  compareDecimal,
  divRoundHalfAway,
  fromScaled,
  hundredthsToOdd,
  oddToHundredths,
  toDecimalString,
  toScaled,
  toWholeUnits,
} from './decimal';

// Amounts (provider payloads, docs/PROVIDERS.md).

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

// Decimal odds (docs/PRODUCT-RULES.md R5).

describe('odds as exact decimals', () => {
  it.each([
    ['1.85', 185],
    ['2', 200],
    ['2.5', 250],
    ['1000.00', 100000],
    [' 3.40 ', 340],
  ])('reads %s as %i hundredths', (odd, hundredths) => {
    expect(oddToHundredths(odd)).toBe(hundredths);
  });

  it.each(['', '1.855', '-1.5', '1e3', 'abc', '1,5'])('refuses %p', (odd) => {
    expect(() => oddToHundredths(odd)).toThrow(RangeError);
  });

  it('writes hundredths with 2 decimals', () => {
    expect(hundredthsToOdd(185)).toBe('1.85');
    expect(hundredthsToOdd(101)).toBe('1.01');
    expect(hundredthsToOdd(100000)).toBe('1000.00');
    expect(() => hundredthsToOdd(1.5)).toThrow(RangeError);
  });

  it('truncates the accumulator to 2 decimals, exactly', () => {
    expect(accumulatorOf(['1.85', '2.10'])).toBe('3.88'); // 3.885
    expect(accumulatorOf(['1.10', '1.10', '1.10'])).toBe('1.33'); // 1.331
    expect(accumulatorOf(['1.01', '99.99'])).toBe('100.98'); // 100.9899
    expect(accumulatorOf([])).toBe('1.00');
    expect(accumulatorOf(['3.33', '3.33', '3.33', '3.33', '3.33'])).toBe('409.46'); // 409.4645…
    // In binary floats 2.05 × 1.20 = 2.4599999999999995, which truncates to 2.45.
    expect(accumulatorOf(['2.05', '1.20'])).toBe('2.46');
  });
});

describe('divRoundHalfAway', () => {
  it.each([
    [25n, 10n, 3n],
    [24n, 10n, 2n],
    [-25n, 10n, -3n],
    [-24n, 10n, -2n],
    [0n, 7n, 0n],
    [5n, 100n, 0n],
    [50n, 100n, 1n],
  ])('%p / %p rounds half away from zero to %p', (n, d, q) => {
    expect(divRoundHalfAway(n, d)).toBe(q);
  });

  it('refuses a divisor that is not positive', () => {
    expect(() => divRoundHalfAway(1n, 0n)).toThrow(RangeError);
  });
});
