/** Slip rules (docs/PRODUCT-RULES.md R4, R5, R6, R8, R82, "Slips"). */
export const MIN_TIPS = 3;
export const MAX_TIPS = 5;
/** Total odds range, in hundredths (1.60 to 100.00). */
export const MIN_ACCUMULATOR_HUNDREDTHS = 160;
export const MAX_ACCUMULATOR_HUNDREDTHS = 10_000;
/** Price range in whole Ksh (docs/PRODUCT-RULES.md R6). */
export const MIN_PRICE_KSH = 50;
export const MAX_PRICE_KSH = 1000;
/** Slips a tipster may publish per Nairobi calendar day (docs/PRODUCT-RULES.md, can-post). */
export const MAX_SLIPS_PER_DAY = 2;
/**
 * Money-back slips a tipster may publish per Nairobi calendar day, counted among MAX_SLIPS_PER_DAY
 * (docs/PRODUCT-RULES.md R248).
 */
export const MAX_MONEY_BACK_SLIPS_PER_DAY = 1;
/** Page sizes (docs/PRODUCT-RULES.md R82). */
export const ACTIVE_PAGE_SIZE = 10;
export const HOME_ACTIVE_SIZE = 12;

/** Active and finished slips shown on a tipster's profile, each (GET /api/account/profile). */
export const PROFILE_LIST_SIZE = 20;
/**
 * Settled W / L slips the profile's profit curve draws, the latest (docs/PRODUCT-RULES.md "Tipster
 * statistics"): the curve ends on the tipster's all-time profit whatever the number left out.
 */
export const PROFIT_SERIES_SIZE = 100;
export const FINISHED_PAGE_SIZE = 100;
export const LEADERBOARD_PAGE_SIZE = 100;
/**
 * Settled slips a tipster needs on the overall / weekly leaderboard
 * (docs/PRODUCT-RULES.md "Tipster statistics").
 */
export const LEADERBOARD_MIN_SETTLED = 5;
export const WEEKLY_MIN_SETTLED = 2;

/**
 * How often the worker's `check-picks-delivery` job scheduler runs the picks delivery check
 * (docs/PRODUCT-RULES.md R226): a failed picks SMS is re-sent, or its buyer told where to read
 * the picks, within about this long of Africa's Talking's report or of its timeout.
 */
export const PICKS_DELIVERY_CHECK_EVERY_MS = 15_000;
