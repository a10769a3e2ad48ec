/**
 * The one fixed-point decimal module of the backend (docs/ARCHITECTURE.md "Conventions": no float
 * arithmetic on money or odds). A decimal is carried either as its text ('200.00', '1.85') or as
 * an exact integer scaled by 10^places (`bigint`: 20000n for '200.00' at 2 places). Every rounding
 * is explicit and done on integers. Money (common/money/money.ts: integer cents), provider amounts
 * (docs/PROVIDERS.md) and decimal odds (numeric(8,2); the accumulator rule of
 * docs/PRODUCT-RULES.md R5) all use it.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** 10^places as a bigint. */
const pow10 = (places: number): bigint => 10n ** BigInt(places);

/**
 * n / d rounded half away from zero (d > 0): `divRoundHalfAway(-25n, 10n) === -3n`. The one
 * rounding of the module: cents of a percentage, a converted amount, a formatted decimal.
 */
export const divRoundHalfAway = (n: bigint, d: bigint): bigint => {
  if (d <= 0n) throw new RangeError(`divRoundHalfAway: divisor ${d} must be positive`);
  const abs = n < 0n ? -n : n;
  const q = (abs * 2n + d) / (2n * d);
  return n < 0n ? -q : q;
};

/**
 * Formats a decimal (JSON number or decimal string) with exactly `places` decimals, rounding
 * half away from zero on the decimal digits (no float arithmetic on the digits). Used for
 * amounts in major units (Ksh in Daraja callbacks docs/PROVIDERS.md §1.6/§1.8, Flutterwave §2.4)
 * and decimal odds (API-Football `odd`, §4.3). Returns `null` for anything that is not a finite decimal.
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
  // One digit more than kept, then rounded half away from zero on the magnitude.
  const scaled = BigInt(
    (intDigits || '0') + fracDigits.padEnd(places + 1, '0').slice(0, places + 1),
  );
  const rounded = divRoundHalfAway(scaled, 10n);
  return fromScaled(sign === '-' ? -rounded : rounded, places);
};

/**
 * Exact value of a decimal string (or integer number) scaled by 10^places, e.g.
 * `toScaled('25.5', 2) === 2550n`. Returns `null` when the value is not a plain decimal or has
 * more than `places` decimals (no silent rounding of money). Numbers must be safe integers.
 */
export const toScaled = (value: string | number | bigint, places = 2): bigint | null => {
  if (typeof value === 'bigint') return value * pow10(places);
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? BigInt(value) * pow10(places) : null;
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
 * Formats a value scaled by 10^places back to its decimal text: `fromScaled(2550n, 2) === '25.50'`
 * ('-' before a negative value, `-0.50` included; zero is never negative).
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
  if (scaled === null || scaled % pow10(8) !== 0n) return null;
  return scaled / pow10(8);
};

// ---- Decimal odds: strings with at most 2 decimals ('1.85'), computed on as integer hundredths (185).

const ODD = /^\d{1,6}(?:\.\d{1,2})?$/;

/** Largest odd a numeric(8,2) column holds, in hundredths (999999.99). */
export const MAX_ODD_HUNDREDTHS = 99_999_999;

/**
 * Integer hundredths of a decimal odd: '1.85' → 185, '2' → 200, '2.5' → 250.
 * Throws RangeError for anything else (more than 2 decimals, sign, exponent, empty, above 999999.99).
 */
export const oddToHundredths = (odd: string): number => {
  const text = odd.trim();
  const scaled = ODD.test(text) ? toScaled(text, 2) : null;
  if (scaled === null) throw new RangeError(`not a decimal odd with at most 2 decimals: '${odd}'`);
  return Number(scaled);
};

/** '1.85' from 185. Throws RangeError for a negative or non-integer value. */
export const hundredthsToOdd = (hundredths: number): string => {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0)
    throw new RangeError(`bad hundredths: ${hundredths}`);
  return fromScaled(BigInt(hundredths), 2);
};

/**
 * Product of decimal odds truncated (not rounded) to 2 decimals, computed exactly on integers
 * (docs/ARCHITECTURE.md "accumulator"; docs/PRODUCT-RULES.md R5: product of the odds, truncated to
 * 2 decimals). `[]` gives '1.00'. Example: ['1.85', '2.10'] → '3.88' (3.885 truncated).
 * Throws RangeError for a malformed odd.
 */
export const accumulatorOf = (odds: readonly string[]): string => {
  let product = 1n;
  for (const odd of odds) product *= BigInt(oddToHundredths(odd));
  // product carries 2 × n decimals; keep 2, truncating.
  return fromScaled((product * 100n) / pow10(2 * odds.length), 2);
};
