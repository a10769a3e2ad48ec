/**
 * Decimal helpers for provider amounts and odds: no float arithmetic on money (docs/ARCHITECTURE.md,
 * "Conventions": Ksh with 2 decimals). Amounts travel as decimal strings (`'200.00'`) or as
 * scaled `bigint`s; a JSON number received from a provider is turned into its decimal text first.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Formats a decimal (JSON number or decimal string) with exactly `places` decimals, rounding
 * half away from zero on the decimal digits (no float arithmetic on the digits). Used for
 * amounts in major units (Ksh in Daraja callbacks §1.6/§1.8, Flutterwave §2.4) and decimal odds
 * (API-Football `odd`, §4.3). Returns `null` for anything that is not a finite decimal.
 */
export const toDecimalString = (value: unknown, places = 2): string | null => {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  if (/e/i.test(text)) {
    // Exponent form only arises from JSON numbers like 1e-7; the value already was a float.
    const n = Number(text);
    if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return null;
    text = n.toFixed(Math.min(100, places + 8));
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, intDigits = '', fracDigits = ''] = match;
  if (!intDigits && !fracDigits) return null;
  const scaled = BigInt(
    (intDigits || '0') + fracDigits.padEnd(places + 1, '0').slice(0, places + 1),
  );
  const rounded = (scaled + 5n) / 10n;
  const digits = rounded.toString().padStart(places + 1, '0');
  const result = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return sign === '-' && rounded !== 0n ? `-${result}` : result;
};

/**
 * Exact value of a decimal string (or integer number) scaled by 10^places, e.g.
 * `toScaled('25.5', 2) === 2550n`. Returns `null` when the value is not a plain decimal or has
 * more than `places` decimals (no silent rounding of money). Numbers must be safe integers.
 */
export const toScaled = (value: string | number | bigint, places = 2): bigint | null => {
  if (typeof value === 'bigint') return value * 10n ** BigInt(places);
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? BigInt(value) * 10n ** BigInt(places) : null;
  }
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, intDigits = '', fracDigits = ''] = match;
  if (!intDigits && !fracDigits) return null;
  if (fracDigits.replace(/0+$/, '').length > places) return null;
  const scaled = BigInt((intDigits || '0') + fracDigits.padEnd(places, '0').slice(0, places));
  return sign === '-' ? -scaled : scaled;
};

/**
 * Formats a value scaled by 10^places back to its decimal text: `fromScaled(2550n, 2) === '25.50'`.
 */
export const fromScaled = (scaled: bigint, places = 2): string => {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const text = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative ? `-${text}` : text;
};

/**
 * Compares two decimal amounts exactly (strings or safe integers, any number of decimals up to
 * 8): -1, 0 or 1. Throws RangeError for a value that is not a decimal.
 */
export const compareDecimal = (a: string | number, b: string | number): -1 | 0 | 1 => {
  const x = toScaled(a, 8);
  const y = toScaled(b, 8);
  if (x === null || y === null) throw new RangeError(`compareDecimal: not a decimal (${a}, ${b})`);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Whole units of a decimal amount: `'200.00'` → `200n`, `200` → `200n`; `null` when the amount
 * has a non-zero fraction (`'200.50'`) or is not a decimal. Daraja takes whole Ksh only
 * (docs/PROVIDERS.md §1.3 `Amount`, §1.8); UGX has no minor unit (§2.2).
 */
export const toWholeUnits = (value: string | number): bigint | null => {
  const scaled = toScaled(value, 8);
  if (scaled === null || scaled % 10n ** 8n !== 0n) return null;
  return scaled / 10n ** 8n;
};
