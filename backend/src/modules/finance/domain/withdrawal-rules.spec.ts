import { Money } from '../../../common/money/money';
import { payoutParts, settledStatus, withdrawableAmount } from './withdrawal-rules';

describe('withdrawal rules', () => {
  it('withdraws the whole balance in whole Ksh, only from Ksh 500', () => {
    expect(withdrawableAmount(Money.parse('499.99'))).toBeNull();
    expect(withdrawableAmount(Money.parse('500.00'))?.toDecimal()).toBe('500.00');
    expect(withdrawableAmount(Money.parse('1234.60'))?.toDecimal()).toBe('1234.00');
  });

  it('pays up to Ksh 250,000 per B2C part, in even whole parts that add back to the amount', () => {
    expect(payoutParts(Money.ofUnits(1250)).map(String)).toEqual(['1250.00']);
    expect(payoutParts(Money.ofUnits(250_000)).map(String)).toEqual(['250000.00']);
    const parts = payoutParts(Money.ofUnits(500_001));
    expect(parts.map(String)).toEqual(['166667.00', '166667.00', '166667.00']);
    expect(parts.reduce((a, b) => a.add(b), Money.ZERO).toDecimal()).toBe('500001.00');
    expect(() => payoutParts(Money.parse('10.50'))).toThrow(RangeError);
  });

  it('settles: nothing paid → F with all back; part paid → W with the rest back', () => {
    expect(settledStatus(Money.ofUnits(900), Money.ZERO)).toEqual({
      status: 'F',
      giveBack: Money.ofUnits(900),
    });
    const partly = settledStatus(Money.ofUnits(900), Money.ofUnits(600));
    expect(partly.status).toBe('W');
    expect(partly.giveBack.toDecimal()).toBe('300.00');
    expect(settledStatus(Money.ofUnits(900), Money.ofUnits(900)).giveBack.isZero()).toBe(true);
  });
});
