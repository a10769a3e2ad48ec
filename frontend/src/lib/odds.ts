import type { DecimalValue } from './money';

/**
 * How a slip or tip result is shown (docs/PRODUCT-RULES.md R122): W won, L lost, anything else
 * cancelled.
 */
export type ResultState = 'won' | 'lost' | 'cancelled';

/** Odds as integer hundredths, truncated (2.349 -> 234); null when not a positive decimal. */
const toHundredths = (value: DecimalValue): bigint | null => {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : '') : value.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0').slice(0, 2));
};

/**
 * Total odds of a slip: the product of decimal odds truncated (not rounded) to 2 decimals
 * (docs/PRODUCT-RULES.md R5, docs/ARCHITECTURE.md). Exact: computed on integer hundredths with
 * BigInt. Returns null for an empty list or an invalid odd.
 */
export const accumulatorOdds = (odds: readonly DecimalValue[]): number | null => {
  if (odds.length === 0) return null;
  let product = 1n;
  for (const odd of odds) {
    const hundredths = toHundredths(odd);
    if (hundredths === null) return null;
    product *= hundredths;
  }
  const scale = 100n ** BigInt(odds.length - 1);
  return Number(product / scale) / 100;
};

/** Decimal odds with 2 decimals, e.g. '2.35'; '-' when missing. */
export const formatOdds = (value: DecimalValue | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '-';
  const number = Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : '-';
};

/** W -> won, L -> lost, anything else -> cancelled (docs/PRODUCT-RULES.md R122). */
export const resultState = (result: string | null | undefined): ResultState => {
  if (result === 'W') return 'won';
  if (result === 'L') return 'lost';
  return 'cancelled';
};

/**
 * Odds label of a finished slip: '+' prefix when won, '-' when lost (docs/PRODUCT-RULES.md R122).
 */
export const resultOddsLabel = (
  odds: DecimalValue | null | undefined,
  result: string | null | undefined,
): string => {
  const state = resultState(result);
  const label = formatOdds(odds);
  if (state === 'won') return `+${label}`;
  if (state === 'lost') return `-${label}`;
  return label;
};

/**
 * Rating on a card: the percent rating divided by 10, one decimal, e.g. 72.5 -> '7.3/10'
 * (docs/PRODUCT-RULES.md R19).
 */
export const cardRating = (rating: DecimalValue | null | undefined): string => {
  const number = Number(rating ?? 0);
  const value = Number.isFinite(number) ? number / 10 : 0;
  return `${value.toFixed(1)}/10`;
};

/** Rating as a percent on profiles, e.g. 72.5 -> '72.50%' (docs/PRODUCT-RULES.md R19). */
export const percentRating = (rating: DecimalValue | null | undefined): string => {
  const number = Number(rating ?? 0);
  return `${(Number.isFinite(number) ? number : 0).toFixed(2)}%`;
};
