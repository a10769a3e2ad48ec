import { twoDecimals, type DecimalValue } from './money';

/**
 * How a slip or tip result is shown (docs/PRODUCT-RULES.md R122): W won, L lost, anything else
 * cancelled.
 */
export type ResultState = 'won' | 'lost' | 'cancelled';

/**
 * Decimal odds as the server quoted them, with 2 decimals, e.g. '2.35'; '-' when missing. The
 * total odds of a slip (its `accumulator`) come computed: the browser multiplies no odds.
 */
export const formatOdds = (value: DecimalValue | null | undefined): string =>
  twoDecimals(value, false) ?? '-';

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
