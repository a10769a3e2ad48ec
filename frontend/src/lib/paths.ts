/**
 * Every page route of docs/PRODUCT-RULES.md R95, as static paths and builders for the parameterised
 * ones. Components link through PATHS so a route's URL lives in one place; routes.tsx registers
 * a route only once its page exists (the rest show 'Page Not Found' until then).
 */
const segment = (value: string | number): string => encodeURIComponent(String(value));

export const PATHS = {
  home: '/',
  activeTips: '/active_tips',
  activeTipsOf: (username: string) => `/active_tips/${segment(username)}`,
  profile: '/profile',
  profileOf: (username: string) => `/profile/${segment(username)}`,
  profileFinishedTips: (username: string) => `/profile/finished_tips/${segment(username)}`,
  profileActiveTips: (username: string) => `/profile/active_tips/${segment(username)}`,
  finishedTips: '/finished_tips',
  finishedTipsOf: (username: string) => `/finished_tips/${segment(username)}`,
  topTipsters: '/top_tipsters',
  howRatingsWork: '/how-ratings-work',
  jackpot: '/jackpot',
  jackpotOf: (slug: string) => `/jackpot/${segment(slug)}`,
  /** Past jackpot rounds with their scores (not under /jackpot/: that segment is a jackpot slug). */
  jackpotHistory: '/jackpot-history',
  buyTip: (slipId: string | number) => `/buy_tip/${segment(slipId)}`,
  buyTipNg: (slipId: string | number) => `/buy_tip_ng/${segment(slipId)}`,
  buyTipUg: (slipId: string | number) => `/buy_tip_ug/${segment(slipId)}`,
  selectCountry: (slipId: string | number) => `/select-country/${segment(slipId)}`,
  findTip: '/find_tip',
  findTipNg: '/find_tip_ng',
  subscriptions: '/subscriptions',
  responsibleGambling: '/responsible-gambling',
  /** A buyer's purchases by phone and SMS code (docs/PRODUCT-RULES.md R165). */
  myTips: '/my-tips',
  /** The privacy notice (docs/PRODUCT-RULES.md R275). */
  privacy: '/privacy',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${segment(slug)}`,
  emailVerification: (code: string) => `/email-verification/${segment(code)}`,
  accountSettings: '/account_settings',
  dashboard: '/dashboard',
  dashboardAddTips: '/dashboard/add_tips',
  dashboardEarnings: '/dashboard/earnings',
  dashboardWithdraw: '/dashboard/withdraw',
  dashboardFinishedTips: (username: string) => `/dashboard/finished_tips/${segment(username)}`,
  dashboardActiveTips: (username: string) => `/dashboard/active_tips/${segment(username)}`,
  changePassword: '/change_password',
  changePasswordWith: (userToken: string) => `/change_password/${segment(userToken)}`,
  verify: '/verify',
  verifySlip: (slipId: string | number) => `/verify?slip=${segment(slipId)}`,
} as const;
