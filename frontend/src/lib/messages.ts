/**
 * What the user sees when something succeeds or fails (docs/PRODUCT-RULES.md R70), character for
 * character, spelling included ('occured' where the spec writes it). Screens show the server's
 * message first where the spec says so (api/client.ts errorMessage) and fall back to these.
 */
export const MESSAGES = {
  /** Login failure fallback. */
  loginFailed: 'An error occurred',
  /** Password reset request success. */
  resetLinkSent: 'Check your email for the link',
  /** Password reset confirm success. */
  passwordSet: 'Password set successfully.',
  /** Password reset confirm failure without a server password error. */
  invalidResetToken: 'Invalid token. Repeat the process.',
  /** Subscription, withdrawal and find-tip failure fallback. */
  tryAgain: 'Error occurred. Try again',
  /** Subscription success. */
  subscriptionRequested: 'Request sent. Wait for mpesa stk',
  /** Password change success (account settings). */
  saved: 'Saved',
  /** Purchase failure fallback. */
  buyFailed: 'Error occured buying tip',
  /** Purchase success (Kenya, M-Pesa STK push sent). */
  purchaseRequested: 'Request Sent',
  /** Paged list failure. */
  pageNotFound: "Error: Can't Find Page",
  /** E-mail verification failure fallback. */
  verificationFailed: 'An error occured',
  /** E-mail verification link opened while logged out. */
  verificationNeedsLogin: 'You need to be logged in to use the email verification link',
  /** Collapsed password section of account settings (docs/PRODUCT-RULES.md R127). */
  passwordIsSet: 'Password Set',
} as const;

/**
 * Shown with 'Request Sent' after a Kenyan purchase: what the buyer does next
 * (docs/PRODUCT-RULES.md R70, R81, the wait-for-M-Pesa message).
 */
export const MPESA_WAIT_MESSAGE =
  'Check your phone: enter your M-Pesa PIN on the prompt to pay. The tip is sent to you by SMS as soon as the payment is confirmed.';

/**
 * Messages of the back office screens (docs/PRODUCT-RULES.md R70: publishing, game search), kept
 * here so every spec message has one home; the form rules are in validation/slip-builder.rules.ts
 * and validation/withdrawal.rules.ts. The slip limits' messages (can-post included) come with the
 * limits from GET /api/slip/limits.
 */
export const DASHBOARD_MESSAGES = {
  published: 'Successfully Published Tips',
  publishFailed: 'Error Saving tips',
  noGamesFound: "Can't find games. Retype or check your spelling",
} as const;

/**
 * Publish failure (docs/PRODUCT-RULES.md R70): the server's error with the game name appended when
 * a game is named, else 'Error Saving tips'.
 */
export const publishFailureMessage = (
  error: string | null | undefined,
  game?: string | null,
): string => {
  if (!error) return DASHBOARD_MESSAGES.publishFailed;
  return game ? `${error} ${game}` : error;
};

/** The buy routes' answer when a voucher paid the slip (docs/PRODUCT-RULES.md R246, R283). */
export const VOUCHER_PAID = 'Paid with voucher';
