import { accumulatorOf, oddToHundredths } from '../../../common/decimal/decimal';
import {
  MAX_ACCUMULATOR_HUNDREDTHS,
  MAX_PRICE_KSH,
  MAX_MONEY_BACK_SLIPS_PER_DAY,
  MAX_SLIPS_PER_DAY,
  MAX_TIPS,
  MIN_ACCUMULATOR_HUNDREDTHS,
  MIN_PRICE_KSH,
  MIN_TIPS,
} from '../slip.constants';

/**
 * Total odds of a slip: the product of its decimal odds truncated to 2 decimals, computed on
 * integer hundredths (docs/PRODUCT-RULES.md R5; docs/ARCHITECTURE.md "accumulator").
 * ['1.23','1.45','1.67'] → '2.97'. Throws RangeError for a malformed odd.
 */
export const slipAccumulator = (odds: readonly string[]): string => accumulatorOf(odds);

/**
 * True when total odds (decimal string) lie within 1.60 and 100.00 inclusive
 * (docs/PRODUCT-RULES.md R5).
 */
export const accumulatorInRange = (accumulator: string): boolean => {
  const h = oddToHundredths(accumulator);
  return h >= MIN_ACCUMULATOR_HUNDREDTHS && h <= MAX_ACCUMULATOR_HUNDREDTHS;
};

/**
 * Problem with the number of tips: 'few', 'many' or null when 3 to 5
 * (docs/PRODUCT-RULES.md R4, R135).
 */
export const tipCountProblem = (count: number): 'few' | 'many' | null =>
  count < MIN_TIPS ? 'few' : count > MAX_TIPS ? 'many' : null;

/**
 * The price in whole Ksh when `amount` is a whole number (number or digit string) within 50 to 1000
 * (docs/PRODUCT-RULES.md R6), else null. Decimals, signs and other text are refused.
 */
export const parsePriceKsh = (amount: unknown): number | null => {
  const text =
    typeof amount === 'number' ? String(amount) : typeof amount === 'string' ? amount.trim() : '';
  if (!/^\d{1,7}$/.test(text)) return null;
  const ksh = Number(text);
  return ksh >= MIN_PRICE_KSH && ksh <= MAX_PRICE_KSH ? ksh : null;
};

/** True while a tipster has published fewer than MAX_SLIPS_PER_DAY slips this Nairobi day (docs/PRODUCT-RULES.md, can-post). */
export const canPostAnother = (publishedToday: number): boolean =>
  publishedToday < MAX_SLIPS_PER_DAY;

/** Slips still allowed today (never negative). */
export const remainingToday = (publishedToday: number): number =>
  Math.max(0, MAX_SLIPS_PER_DAY - publishedToday);

/**
 * The first repeated value of `ids`, or undefined when all differ (docs/PRODUCT-RULES.md R4, R135:
 * 'Game already in slip').
 */
export const firstDuplicate = <T>(ids: readonly T[]): T | undefined => {
  const seen = new Set<T>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
};

/**
 * Whether a tipster who published `moneyBackToday` money-back slips this Nairobi day may publish
 * another (docs/PRODUCT-RULES.md R248).
 */
export const canPostMoneyBack = (moneyBackToday: number): boolean =>
  moneyBackToday < MAX_MONEY_BACK_SLIPS_PER_DAY;

/**
 * The `money_back` field of POST /api/slip/create (docs/PRODUCT-RULES.md R240): absent or null is
 * false; true / false (or the strings 'true' / 'false' of a form) as sent; null for anything else.
 */
export const parseMoneyBack = (value: unknown): boolean | null => {
  if (value === undefined || value === null || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  return null;
};

/**
 * Why the paid buyers of a settled slip are refunded by voucher (docs/PRODUCT-RULES.md R244,
 * R245): 'void' for a cancelled slip (every leg void), 'money-back' for a lost money-back slip,
 * null otherwise (a won slip, a lost slip without the promise). Settlement refunds by it and the
 * records count the refunded money-back slips by it.
 */
export const refundReasonOf = (
  result: 'W' | 'L' | 'C',
  moneyBack: boolean,
): 'void' | 'money-back' | null =>
  result === 'C' ? 'void' : result === 'L' && moneyBack ? 'money-back' : null;
