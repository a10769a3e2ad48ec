import { accumulatorInRange, parsePriceKsh, tipCountProblem } from './domain/slip-rules';
import { SLIP_LIMITS } from './slip-limits';
import { SLIP_ERRORS, SlipErrorCode } from './slip.errors';

/**
 * GET /api/slip/limits says what the server's rules enforce
 * (docs/PRODUCT-RULES.md R9, R135, "Slips").
 */
describe('SLIP_LIMITS', () => {
  it('serves the bounds the publish rules enforce, inclusive', () => {
    const { min_tips, max_tips, min_total_odds, max_total_odds, min_price_ksh, max_price_ksh } =
      SLIP_LIMITS;
    expect([
      tipCountProblem(min_tips - 1),
      tipCountProblem(min_tips),
      tipCountProblem(max_tips),
      tipCountProblem(max_tips + 1),
    ]).toEqual(['few', null, null, 'many']);
    expect([min_total_odds, max_total_odds]).toEqual(['1.60', '100.00']);
    expect([
      accumulatorInRange('1.59'),
      accumulatorInRange(min_total_odds),
      accumulatorInRange(max_total_odds),
      accumulatorInRange('100.01'),
    ]).toEqual([false, true, true, false]);
    expect([
      parsePriceKsh(min_price_ksh - 1),
      parsePriceKsh(min_price_ksh),
      parsePriceKsh(max_price_ksh),
      parsePriceKsh(max_price_ksh + 1),
    ]).toEqual([null, min_price_ksh, max_price_ksh, null]);
    expect(SLIP_LIMITS.max_slips_per_day).toBe(2);
  });

  it('serves the exact messages the publish errors carry', () => {
    expect(SLIP_LIMITS.messages).toEqual({
      too_few_tips: SLIP_ERRORS[SlipErrorCode.TOO_FEW_TIPS].message,
      too_many_tips: SLIP_ERRORS[SlipErrorCode.TOO_MANY_TIPS].message,
      duplicate_game: SLIP_ERRORS[SlipErrorCode.DUPLICATE_GAME].message,
      total_odds: SLIP_ERRORS[SlipErrorCode.ACCUMULATOR_OUT_OF_RANGE].message,
      price_range: 'Price range Ksh. [50-1000]',
      price_too_high: 'Max Amount: 1000',
      daily_limit: "Can't Post more than 2 tips",
    });
  });
});
