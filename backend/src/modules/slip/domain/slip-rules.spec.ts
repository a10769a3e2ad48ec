import {
  accumulatorInRange,
  canPostAnother,
  firstDuplicate,
  parsePriceKsh,
  refundReasonOf,
  remainingToday,
  slipAccumulator,
  tipCountProblem,
} from './slip-rules';

describe('slip rules', () => {
  describe('slipAccumulator', () => {
    it('truncates the product to 2 decimals on integer hundredths', () => {
      expect(slipAccumulator(['1.23', '1.45', '1.67'])).toBe('2.97'); // 2.978...
      expect(slipAccumulator(['1.85', '2.10'])).toBe('3.88'); // 3.885
      expect(slipAccumulator(['1.10', '1.10', '1.10'])).toBe('1.33'); // 1.331
    });
  });

  describe('accumulatorInRange', () => {
    it('accepts 1.60 to 100.00 inclusive', () => {
      expect(accumulatorInRange('1.59')).toBe(false);
      expect(accumulatorInRange('1.60')).toBe(true);
      expect(accumulatorInRange('100.00')).toBe(true);
      expect(accumulatorInRange('100.01')).toBe(false);
    });
  });

  describe('tipCountProblem', () => {
    it('needs 3 to 5 tips', () => {
      expect(tipCountProblem(2)).toBe('few');
      expect(tipCountProblem(3)).toBeNull();
      expect(tipCountProblem(5)).toBeNull();
      expect(tipCountProblem(6)).toBe('many');
    });
  });

  describe('parsePriceKsh', () => {
    it('accepts whole Ksh from 50 to 1000', () => {
      expect(parsePriceKsh(50)).toBe(50);
      expect(parsePriceKsh('1000')).toBe(1000);
      expect(parsePriceKsh(' 200 ')).toBe(200);
    });
    it('refuses out of range, decimals, signs and text', () => {
      for (const bad of [49, 1001, '49', '-50', '50.5', 'abc', '', null, undefined, {}, 1e21]) {
        expect(parsePriceKsh(bad)).toBeNull();
      }
    });
  });

  describe('canPostAnother / remainingToday', () => {
    it('allows two slips per day', () => {
      expect([0, 1, 2, 3].map(canPostAnother)).toEqual([true, true, false, false]);
      expect([0, 1, 2, 3].map(remainingToday)).toEqual([2, 1, 0, 0]);
    });
  });

  describe('firstDuplicate', () => {
    it('finds the first repeated id', () => {
      expect(firstDuplicate(['1', '2', '3'])).toBeUndefined();
      expect(firstDuplicate(['1', '2', '1', '2'])).toBe('1');
    });
  });

  describe('refundReasonOf (docs/PRODUCT-RULES.md R244, R245)', () => {
    it.each([
      ['W', false, null],
      ['W', true, null],
      ['L', false, null],
      ['L', true, 'money-back'],
      ['C', false, 'void'],
      ['C', true, 'void'],
    ] as const)('%s, money-back %p → %p', (result, moneyBack, reason) => {
      expect(refundReasonOf(result, moneyBack)).toBe(reason);
    });
  });
});
