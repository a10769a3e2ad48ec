import { luhnCheckDigit, slipIdOfUssdCode, ussdCodeOf } from './ussd-code';

describe('ussd slip codes', () => {
  it.each([
    ['7992739871', 3],
    ['42', 2],
    ['1', 8],
    ['0', 0],
  ])('Luhn check digit of %s is %i', (digits, check) => {
    expect(luhnCheckDigit(digits)).toBe(check);
  });

  it.each([
    [42, '422'],
    [1, '18'],
    [2147483647, '21474836471'],
  ])('slip %i has code %s and the code reads back', (id, code) => {
    expect(ussdCodeOf(id)).toBe(code);
    expect(slipIdOfUssdCode(code)).toBe(id);
  });

  it('catches every single-digit typo of a code', () => {
    const code = ussdCodeOf(123457);
    for (let i = 0; i < code.length; i++) {
      for (let d = 0; d <= 9; d++) {
        const typo = code.slice(0, i) + String(d) + code.slice(i + 1);
        if (typo !== code) expect(slipIdOfUssdCode(typo)).not.toBe(123457);
      }
    }
  });

  it.each([
    '',
    '4',
    '427',
    '0422',
    'abc',
    '42a',
    '99999999999999',
    '2147483648' + String(luhnCheckDigit('2147483648')),
  ])('refuses %p', (code) => {
    expect(slipIdOfUssdCode(code)).toBeNull();
  });
});
