/**
 * Kenyan phone numbers (docs/PRODUCT-RULES.md R136: 9 or 10 digits, sent as an MSISDN with
 * country code 254; docs/ARCHITECTURE.md: phones are stored as MSISDN 2547XXXXXXXX).
 * Pure functions: no I/O, no Nest.
 */

/** Country calling code of Kenya. */
export const KENYA_COUNTRY_CODE = '254';

/** Message for subscription, find-tip and the subscriber panel (docs/PRODUCT-RULES.md R136). */
export const INVALID_PHONE_MESSAGE = 'Enter Valid Phone Number';
/** Message for withdrawal and buy (docs/PRODUCT-RULES.md R136). */
export const INVALID_PHONE_MESSAGE_LOWER = 'Enter a valid phone number';

/**
 * A normalised Kenyan mobile MSISDN: '254' then 7 or 1 and 8 digits (Safaricom's 07XX / 01XX
 * ranges). M-Pesa takes no other number (Daraja answers 'Invalid PhoneNumber': docs/PROVIDERS.md
 * §1, PartyA), and SMS with picks only reach mobile numbers.
 */
export const MSISDN_PATTERN = /^254[17]\d{8}$/;

/**
 * Normalises a Kenyan phone number to MSISDN form, or returns null when it is not one.
 *
 * Rules (docs/PRODUCT-RULES.md R136): spaces, dashes and brackets are ignored; the rest must be
 * digits. A 10-digit number has its leading digit replaced by 254 ('0712345678' → '254712345678');
 * a 9-digit number gets 254 prepended ('712345678' → '254712345678'). Numbers already in
 * international form ('254712345678', '+254712345678') are accepted unchanged. Any other length, or
 * a number outside the mobile ranges of MSISDN_PATTERN ('0212345678' → '254212345678'), → null.
 */
export const toKenyanMsisdn = (input: string | null | undefined): string | null => {
  if (typeof input !== 'string') return null;
  let digits = input.trim().replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) {
    digits = digits.slice(1);
    if (!digits.startsWith(KENYA_COUNTRY_CODE)) return null;
  }
  if (!/^\d+$/.test(digits)) return null;
  let msisdn: string;
  if (digits.length === 10) msisdn = KENYA_COUNTRY_CODE + digits.slice(1);
  else if (digits.length === 9) msisdn = KENYA_COUNTRY_CODE + digits;
  else if (digits.length === 12 && digits.startsWith(KENYA_COUNTRY_CODE)) msisdn = digits;
  else return null;
  return MSISDN_PATTERN.test(msisdn) ? msisdn : null;
};

/** True when `input` normalises to a Kenyan MSISDN (see toKenyanMsisdn). */
export const isKenyanPhone = (input: string | null | undefined): boolean =>
  toKenyanMsisdn(input) !== null;

/** The local 10-digit form '07XXXXXXXX' of an MSISDN '2547XXXXXXXX' (for display), or null. */
export const msisdnToLocal = (msisdn: string): string | null =>
  MSISDN_PATTERN.test(msisdn) ? `0${msisdn.slice(KENYA_COUNTRY_CODE.length)}` : null;

/** Country calling codes of the countries an account may have (docs/PRODUCT-RULES.md R56, R91). */
export const COUNTRY_CALLING_CODES: Readonly<Record<string, string>> = {
  KE: '254',
  NG: '234',
  UG: '256',
  TZ: '255',
};

/**
 * A phone in international digits without '+': Kenyan numbers as toKenyanMsisdn; others of
 * `country` with the leading 0 replaced by the calling code ('0803123456', NG → '234803123456'),
 * or given with their code ('+256772123456' → '256772123456'). Null for anything else (not
 * 9-15 digits, or an unknown country).
 */
export const internationalPhone = (
  input: string | null | undefined,
  country: string,
): string | null => {
  if (typeof input !== 'string') return null;
  if (country === 'KE') return toKenyanMsisdn(input);
  const code = COUNTRY_CALLING_CODES[country];
  if (!code) return null;
  const digits = input
    .trim()
    .replace(/[\s\-().]/g, '')
    .replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return null;
  const full = digits.startsWith(code)
    ? digits
    : digits.startsWith('0')
      ? code + digits.slice(1)
      : null;
  return full && full.length >= 9 && full.length <= 15 ? full : null;
};

/**
 * The phone a responsible-gambling control applies to: a Kenyan number in any form
 * docs/PRODUCT-RULES.md R136 accepts (→ MSISDN), or a Nigerian, Ugandan or Tanzanian number with
 * its calling code ('+234…', '256…'). Null for anything else.
 */
export const toRgPhone = (input: string | null | undefined): string | null => {
  const kenyan = toKenyanMsisdn(input);
  if (kenyan) return kenyan;
  if (typeof input !== 'string') return null;
  const digits = input
    .trim()
    .replace(/[\s\-().]/g, '')
    .replace(/^\+/, '');
  return /^(234|256|255)\d{8,11}$/.test(digits) ? digits : null;
};
