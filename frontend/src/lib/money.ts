/** A decimal amount as the API sends it: a JSON number or a numeric string such as "200.00". */
export type DecimalValue = number | string;

/** A plain decimal with at most 2 decimals, as the server writes amounts and odds. */
const SERVER_DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A server decimal (amount or odd, at most 2 decimals) written with exactly 2 decimals, digits
 * grouped by thousands when `grouped`: '1500' → '1,500.00', 617.5 → '617.50'. Written from the
 * digits the server sent: nothing is parsed into a number, rounded or computed (the server does
 * every money and odds rule, docs/PRODUCT-RULES.md "Money"). Null for anything else.
 */
export const twoDecimals = (
  value: DecimalValue | null | undefined,
  grouped = true,
): string | null => {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = SERVER_DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = whole.replace(/^0+(?=\d)/, '');
  return `${sign}${grouped ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : digits}.${fraction.padEnd(2, '0')}`;
};

const formatAmount = (prefix: string, value: DecimalValue | null | undefined): string =>
  `${prefix} ${twoDecimals(value) ?? '-'}`;

/** Ksh amount with 2 decimals, e.g. formatKsh('1500') === 'Ksh. 1,500.00'. */
export const formatKsh = (value: DecimalValue | null | undefined): string =>
  formatAmount('Ksh.', value);

/** Nigerian price (the slip's price_ng, NGN), e.g. 'NGN 3,500.00'. */
export const formatNgn = (value: DecimalValue | null | undefined): string =>
  formatAmount('NGN', value);

/** Ugandan shillings, e.g. 'UGX 1,500.00'. */
export const formatUgx = (value: DecimalValue | null | undefined): string =>
  formatAmount('UGX', value);
