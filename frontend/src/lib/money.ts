/** A decimal amount as the API sends it: a JSON number or a numeric string such as "200.00". */
export type DecimalValue = number | string;

/**
 * Integer cents of an amount, rounded half away from zero on the third decimal.
 * Strings are parsed digit by digit so "1.005" is 101 cents (no binary float error).
 * Returns null for anything that is not a finite decimal.
 */
export const toCents = (value: DecimalValue | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : '') : value.trim();
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const whole = Number(match[2] || '0');
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  return sign * cents;
};

/**
 * Amount rounded to 2 decimals as a number (docs/PRODUCT-RULES.md R24: amounts rounded to two
 * decimals).
 */
export const roundMoney = (value: DecimalValue): number => {
  const cents = toCents(value);
  return cents === null ? Number.NaN : cents / 100;
};

const twoDecimals = new Intl.NumberFormat('en-KE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const formatAmount = (prefix: string, value: DecimalValue | null | undefined): string => {
  const cents = toCents(value);
  if (cents === null) return `${prefix} -`;
  return `${prefix} ${twoDecimals.format(cents / 100)}`;
};

/** Ksh amount with 2 decimals, e.g. formatKsh('1500') === 'Ksh. 1,500.00'. */
export const formatKsh = (value: DecimalValue | null | undefined): string =>
  formatAmount('Ksh.', value);

/** Nigerian price (the slip's price_ng, NGN), e.g. 'NGN 3,500.00'. */
export const formatNgn = (value: DecimalValue | null | undefined): string =>
  formatAmount('NGN', value);

/** Ugandan shillings, e.g. 'UGX 1,500.00'. */
export const formatUgx = (value: DecimalValue | null | undefined): string =>
  formatAmount('UGX', value);
