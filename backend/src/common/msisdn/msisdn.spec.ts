import {
  isKenyanPhone,
  msisdnToLocal,
  internationalPhone,
  toRgPhone,
  toKenyanMsisdn,
} from './msisdn';

describe('toKenyanMsisdn', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['712345678', '254712345678'],
    ['112345678', '254112345678'],
    ['254712345678', '254712345678'],
    ['+254712345678', '254712345678'],
    [' 0712 345 678 ', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['(0712) 345678', '254712345678'],
    // docs/PRODUCT-RULES.md R136: the leading digit of a 10-digit number is replaced, whatever it
    // is
    ['9712345678', '254712345678'],
  ])('normalises %j to %s', (input, expected) => {
    expect(toKenyanMsisdn(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['07123456'], // 8 digits
    ['07123456789'], // 11 digits
    ['2547123456789'], // 13 digits
    ['255712345678'], // 12 digits, not Kenya
    ['+255712345678'], // other country
    ['+0712345678'],
    ['07123abc78'],
    ['0712.345.678x'],
    ['٠٧١٢٣٤٥٦٧٨'], // non-ASCII digits
    ['0212345678'], // a Nairobi landline: no M-Pesa, no SMS
    ['-1248756581'], // '1248756581' → 254248756581, not a mobile number
    ['254812345678'],
  ])('rejects %j', (input) => {
    expect(toKenyanMsisdn(input)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(toKenyanMsisdn(undefined)).toBeNull();
    expect(toKenyanMsisdn(null)).toBeNull();
    expect(toKenyanMsisdn(712345678 as unknown as string)).toBeNull();
  });
});

describe('isKenyanPhone', () => {
  it('is true exactly when the number normalises', () => {
    expect(isKenyanPhone('0712345678')).toBe(true);
    expect(isKenyanPhone('12345')).toBe(false);
  });
});

describe('msisdnToLocal', () => {
  it('gives the 10-digit local form', () => {
    expect(msisdnToLocal('254712345678')).toBe('0712345678');
    expect(msisdnToLocal('0712345678')).toBeNull();
  });
});

describe('internationalPhone', () => {
  it.each([
    ['0712345678', 'KE', '254712345678'],
    ['0803123456', 'NG', '234803123456'],
    ['+256772123456', 'UG', '256772123456'],
    ['0772 123 456', 'UG', '256772123456'],
    ['0712345678', 'US', null],
    ['abc', 'NG', null],
    ['12345', 'NG', null],
  ])('%s in %s → %s', (input, country, out) => {
    expect(internationalPhone(input, country)).toBe(out);
  });
});

describe('toRgPhone', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['+2348031234567', '2348031234567'],
    ['256772123456', '256772123456'],
    ['0803123456x', null],
    ['12', null],
  ])('%s → %s', (input, out) => {
    expect(toRgPhone(input)).toBe(out);
  });
});
