/**
 * Every kind of `ledger_entry` row (docs/PRODUCT-RULES.md "Money"). No other kind is written.
 */
export const LEDGER_KIND = {
  /** A tipster's 60% of a slip sale: W pending until the slip settles, then P paid (won or lost) or U unpaid (cancelled). */
  SALE_SHARE: 'sale_share',
  /** The platform's 40% of a slip sale (P). */
  PLATFORM_FEE: 'platform_fee',
  /** A paid subscription, all of it the platform's (P): subscriptions carry no tipster share. */
  SUBSCRIPTION_SALE: 'subscription_sale',
  /** The whole withdrawn amount, negative, written with the withdrawal request (P). */
  WITHDRAWAL: 'withdrawal',
  /** What a failed, partly failed or rejected withdrawal gives back to the balance (positive, P). */
  WITHDRAWAL_REVERSAL: 'withdrawal_reversal',
  /**
   * The tipster's 60% share of a sale refunded by voucher (docs/PRODUCT-RULES.md R243): the share
   * row goes W → U (never available) and this row (platform account, +share, P, keyed by the
   * purchase) records that the platform takes it back to fund the voucher with its 40% fee.
   */
  SALE_SHARE_REVERSAL: 'sale_share_reversal',
  /** A voucher issued (voucher account, +its Ksh value, P, keyed by the voucher; R241). */
  VOUCHER_ISSUED: 'voucher_issued',
  /** A voucher spent on a purchase (voucher account, −its Ksh value, P, keyed by the voucher and the purchase; R246). */
  VOUCHER_REDEEMED: 'voucher_redeemed',
  /** A voucher that lapsed unused after 30 days (voucher account, −its Ksh value, P; R242). */
  VOUCHER_EXPIRED: 'voucher_expired',
} as const;
export type LedgerKind = (typeof LEDGER_KIND)[keyof typeof LEDGER_KIND];

/** Whose money a row moves: a tipster's (user_id set), the platform's, or the buyers' vouchers. */
export const LEDGER_ACCOUNT = {
  TIPSTER: 'tipster',
  PLATFORM: 'platform',
  /** The buyers' voucher credit the platform holds (docs/PRODUCT-RULES.md R241): Σ = the Ksh value of vouchers still usable. */
  VOUCHER: 'voucher',
} as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNT)[keyof typeof LEDGER_ACCOUNT];

/** Payment status of a row (docs/PRODUCT-RULES.md R31): W pending, P paid, U unpaid. */
export const LEDGER_STATUS = { PENDING: 'W', PAID: 'P', UNPAID: 'U' } as const;
export type LedgerStatus = (typeof LEDGER_STATUS)[keyof typeof LEDGER_STATUS];

/**
 * The tipster's share of a slip sale, percent (docs/PRODUCT-RULES.md R25: 60%, the platform keeps
 * 40%).
 */
export const TIPSTER_SHARE_PERCENT = 60;
