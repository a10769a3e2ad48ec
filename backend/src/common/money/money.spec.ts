import { Money, moneyTransformer, sumMoney } from './money';

describe(Money.name, () => {
  it.each([
    ['120', 12000, '120.00'],
    ['120.5', 12050, '120.50'],
    ['0.07', 7, '0.07'],
    ['-3.25', -325, '-3.25'],
    ['-0.00', 0, '0.00'],
    [' 50.00 ', 5000, '50.00'],
  ])('parses %p to %i cents and prints %p', (text, cents, printed) => {
    const m = Money.parse(text);
    expect(m.cents).toBe(cents);
    expect(m.toDecimal()).toBe(printed);
  });

  it.each(['1.005', '1e3', '1,000', '', 'abc', '.5', '12.'])('refuses %p', (text) => {
    expect(() => Money.parse(text)).toThrow(RangeError);
  });

  it('adds 0.10 + 0.20 to exactly 0.30 (no float drift)', () => {
    expect(Money.parse('0.10').add(Money.parse('0.20')).toDecimal()).toBe('0.30');
  });

  it.each([
    ['200.00', '120.00', '80.00'],
    ['55.55', '33.33', '22.22'],
    ['50.01', '30.01', '20.00'],
    ['0.01', '0.01', '0.00'],
  ])('splits a %s sale 60/40 into %s + %s that add back to the price', (price, share, fee) => {
    const p = Money.parse(price);
    const s = p.percent(60);
    expect(s.toDecimal()).toBe(share);
    expect(p.sub(s).toDecimal()).toBe(fee);
    expect(s.add(p.sub(s)).equals(p)).toBe(true);
  });

  it('converts by a decimal rate with half-up rounding', () => {
    expect(Money.parse('100.00').convert('12').toDecimal()).toBe('1200.00');
    expect(Money.parse('0.05').convert('12.5').toDecimal()).toBe('0.63');
    expect(Money.parse('99.99').convert('0.0001').toDecimal()).toBe('0.01');
  });

  it('gives the Uganda amount as 30 times the price (docs/PRODUCT-RULES.md R6)', () => {
    expect(Money.parse('150.00').times(30).toDecimal()).toBe('4500.00');
  });

  it('answers whole units only for whole amounts', () => {
    expect(Money.parse('500.00').toWholeUnits()).toBe(500);
    expect(() => Money.parse('500.50').toWholeUnits()).toThrow(RangeError);
  });

  it('sums, compares and serialises to JSON as a decimal string', () => {
    const total = sumMoney(['120.00', '60.50', '0.50'].map(Money.parse));
    expect(total.toDecimal()).toBe('181.00');
    expect(total.gte(Money.ofUnits(181))).toBe(true);
    expect(total.lt(Money.ofUnits(181))).toBe(false);
    expect(JSON.stringify({ amount: total })).toBe('{"amount":"181.00"}');
  });

  it('round-trips numeric(12,2) through the column transformer', () => {
    expect(moneyTransformer.from('1234.50').toDecimal()).toBe('1234.50');
    expect(moneyTransformer.to(Money.parse('7'))).toBe('7.00');
    expect(moneyTransformer.from(null)).toBeNull();
  });
});
