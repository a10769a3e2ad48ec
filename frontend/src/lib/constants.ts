/**
 * Business constants shared by validation, formatting and pages
 * (docs/PRODUCT-RULES.md R13, R32, R42, R47, R56, R65, R82, R93, R94, R98, R129).
 */

// The slip limits (games per slip, total odds, price range, slips per day) are served by
// GET /api/slip/limits (api/slips.ts useSlipLimits), not copied here.
export const MIN_PASSWORD_LENGTH = 8;
export const REGISTRATION_PHONE_LENGTH = 10;
export const KENYA_COUNTRY_CODE = '254';
export const LIFETIME_SUBSCRIPTION_DAYS = 1000;
export const GAME_SEARCH_LIMIT = 20;
export const HOME_ACTIVE_TIPS_LIMIT = 12;
export const JACKPOT_CARD_TIPS_LIMIT = 8;
/** Top games and free tips refresh interval (ms). */
export const HOME_REFRESH_INTERVAL_MS = 30_000;
/** A game is in play up to 3 hours after kick-off (ms). */
export const IN_PLAY_WINDOW_MS = 3 * 60 * 60 * 1000;
export const PAGE_SIZE = {
  activeTipsTable: 10,
  finishedTips: 100,
  topTipsters: 100,
  payments: 10,
  withdrawals: 100,
} as const;
export const COOKIE_CONSENT_DAYS = 150;
/** Success snackbars hide after 3 s (docs/PRODUCT-RULES.md R129). */
export const SNACKBAR_HIDE_MS = 3000;
export const MAX_ACCURACY_PERCENT = 95;
export const COUNTRIES = [
  { code: 'KE', name: 'Kenya' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'TZ', name: 'Tanzania' },
] as const;
