import { Money } from './money';
import { salePrice, salePrices } from './sale-prices';

describe('salePrice (docs/PRODUCT-RULES.md R6)', () => {
  const rates = { ngnPerKsh: '12', ugxPerKsh: 30 };

  it('keeps Ksh, converts NGN by NGN_PER_KSH and UGX by UGX_PER_KSH', () => {
    expect(salePrices(Money.parse('50'), rates)).toEqual({
      KES: Money.parse('50.00'),
      NGN: Money.parse('600.00'),
      UGX: Money.parse('1500.00'),
    });
    expect(salePrice(Money.parse('1000'), 'UGX', { ...rates, ugxPerKsh: 37 }).toDecimal()).toBe(
      '37000.00',
    );
  });

  it('rounds a fractional NGN rate half up to the cent, with integer arithmetic', () => {
    expect(
      salePrice(Money.parse('50'), 'NGN', { ...rates, ngnPerKsh: '12.3456' }).toDecimal(),
    ).toBe('617.28');
    expect(salePrice(Money.parse('0.05'), 'NGN', { ...rates, ngnPerKsh: '12.5' }).toDecimal()).toBe(
      '0.63',
    );
  });

  it('refuses a malformed rate', () => {
    expect(() => salePrice(Money.parse('50'), 'NGN', { ...rates, ngnPerKsh: '1e3' })).toThrow(
      RangeError,
    );
    expect(() => salePrice(Money.parse('50'), 'UGX', { ...rates, ugxPerKsh: 1.5 })).toThrow(
      RangeError,
    );
  });
});
