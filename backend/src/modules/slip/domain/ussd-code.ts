/**
 * The slip code a buyer types in the USSD menu (docs/PRODUCT-RULES.md R176): the slip id's digits
 * followed by one Luhn check digit, so any single mistyped digit and most swaps of two neighbours
 * are caught before a payment prompt is sent.
 */

/** The Luhn check digit (0-9) of a string of decimal digits. */
export const luhnCheckDigit = (digits: string): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Doubling starts with the rightmost digit of the payload (it sits next to the check digit).
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
};

/** The USSD code of slip `slipId` (a positive integer): e.g. slip 42 → '422'. */
export const ussdCodeOf = (slipId: number): string => `${slipId}${luhnCheckDigit(String(slipId))}`;

/** Longest code accepted: a PostgreSQL int id (10 digits) and the check digit. */
export const USSD_CODE_MAX_LENGTH = 11;

/**
 * The slip id of a typed code, or null when it is not 2-11 digits, has a wrong check digit, or
 * names id 0 / a leading zero (never issued).
 */
export const slipIdOfUssdCode = (code: string): number | null => {
  if (!/^[1-9]\d{1,10}$/.test(code)) return null;
  const payload = code.slice(0, -1);
  if (luhnCheckDigit(payload) !== Number(code.slice(-1))) return null;
  const id = Number(payload);
  return id > 0 && id <= 2_147_483_647 ? id : null;
};
