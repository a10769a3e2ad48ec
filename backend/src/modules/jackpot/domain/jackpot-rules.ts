import { oddToHundredths } from '../../../common/decimal/decimal';
import { parsePriceKsh } from '../../slip/domain/slip-rules';
import {
  MAX_JACKPOT_ODDS_HUNDREDTHS,
  MAX_JACKPOT_TIPS,
  MIN_JACKPOT_TIPS,
} from '../jackpot.constants';

/**
 * Problem with the number of games of a jackpot: 'few', 'many' or null when 10 to 17
 * (docs/PRODUCT-RULES.md "Jackpots").
 */
export const jackpotTipCountProblem = (count: number): 'few' | 'many' | null =>
  count < MIN_JACKPOT_TIPS ? 'few' : count > MAX_JACKPOT_TIPS ? 'many' : null;

/** True when total odds (decimal string, '8123.40') fit the accumulator column (at most 999999.99). */
export const jackpotOddsFit = (accumulator: string): boolean => {
  try {
    return oddToHundredths(accumulator) <= MAX_JACKPOT_ODDS_HUNDREDTHS;
  } catch {
    return false; // more than 6 integer digits
  }
};

/**
 * A jackpot's price in whole Ksh, or null. Same rule as any slip (docs/PRODUCT-RULES.md R6: whole
 * Ksh 50-1000), and also accepts the decimal string the back office shows ('199.00', as react-admin
 * sends it back).
 */
export const parseJackpotPrice = (value: unknown): number | null => {
  if (typeof value === 'string') {
    const m = /^\s*(\d{1,7})(?:\.0{1,2})?\s*$/.exec(value);
    return m ? parsePriceKsh(m[1]) : null;
  }
  return parsePriceKsh(value);
};

/**
 * Shown order of the public list: SP before BT, Mega before Mid Week
 * (docs/PRODUCT-RULES.md R46, R102).
 */
export const jackpotOrder = (company: string, type: string): number =>
  (company === 'SP' ? 0 : 2) + (type === 'MG' ? 0 : 1);
