import { hundredthsToOdd } from '../../common/decimal/decimal';
import {
  MAX_ACCUMULATOR_HUNDREDTHS,
  MAX_PRICE_KSH,
  MAX_SLIPS_PER_DAY,
  MAX_TIPS,
  MIN_ACCUMULATOR_HUNDREDTHS,
  MIN_PRICE_KSH,
  MIN_TIPS,
} from './slip.constants';
import { SLIP_ERRORS, SlipErrorCode } from './slip.errors';

/**
 * The slip-building limits and their exact messages (docs/PRODUCT-RULES.md R9, R135, "Slips"),
 * as GET /api/slip/limits serves them: the back office's slip builder checks a slip with these
 * before publishing, and the server checks the same constants again (slip-rules.ts). One source:
 * the frontend holds no copy of a number or a message below.
 */
export interface SlipLimits {
  /** Games per slip, inclusive. */
  min_tips: number;
  max_tips: number;
  /** Total odds range, inclusive, decimal strings ('1.60', '100.00'). */
  min_total_odds: string;
  max_total_odds: string;
  /** Price range in whole Ksh, inclusive. */
  min_price_ksh: number;
  max_price_ksh: number;
  /** Slips a tipster may publish per Nairobi calendar day. */
  max_slips_per_day: number;
  /** The exact message of each broken limit (docs/PRODUCT-RULES.md R135). */
  messages: {
    too_few_tips: string;
    too_many_tips: string;
    duplicate_game: string;
    total_odds: string;
    price_range: string;
    /** The price field above the maximum, as typed. */
    price_too_high: string;
    daily_limit: string;
  };
}

/** The limits of this build (constants: the same answer for every caller and request). */
export const SLIP_LIMITS: Readonly<SlipLimits> = Object.freeze({
  min_tips: MIN_TIPS,
  max_tips: MAX_TIPS,
  min_total_odds: hundredthsToOdd(MIN_ACCUMULATOR_HUNDREDTHS),
  max_total_odds: hundredthsToOdd(MAX_ACCUMULATOR_HUNDREDTHS),
  min_price_ksh: MIN_PRICE_KSH,
  max_price_ksh: MAX_PRICE_KSH,
  max_slips_per_day: MAX_SLIPS_PER_DAY,
  messages: Object.freeze({
    too_few_tips: SLIP_ERRORS[SlipErrorCode.TOO_FEW_TIPS].message,
    too_many_tips: SLIP_ERRORS[SlipErrorCode.TOO_MANY_TIPS].message,
    duplicate_game: SLIP_ERRORS[SlipErrorCode.DUPLICATE_GAME].message,
    total_odds: SLIP_ERRORS[SlipErrorCode.ACCUMULATOR_OUT_OF_RANGE].message,
    price_range: SLIP_ERRORS[SlipErrorCode.PRICE_OUT_OF_RANGE].message,
    price_too_high: `Max Amount: ${MAX_PRICE_KSH}`,
    daily_limit: SLIP_ERRORS[SlipErrorCode.DAILY_LIMIT_REACHED].message,
  }),
});
