import type { RuleResult } from './common';
import { purchasePhoneError } from './kenyan-phone.rules';

/** The dashboard withdraw dialog (docs/PRODUCT-RULES.md R112, R128, R136, R70). */
export const WITHDRAWAL_MESSAGES = {
  minimumBalance:
    'Minimum withdrawal amount is Ksh. 500. Account Balance should be at least Ksh. 500',
  note: 'Minimum withdrawal is Ksh. 500',
} as const;

/**
 * The dialog opens only with a balance of at least Ksh 500 (docs/PRODUCT-RULES.md R128, R153), as
 * the server says it (the finance summary's `can_withdraw`); else the alert (docs/PRODUCT-RULES.md
 * R70). The browser compares no amount.
 */
export const withdrawBalanceError = (canWithdraw: boolean | null | undefined): RuleResult =>
  canWithdraw === true ? null : WITHDRAWAL_MESSAGES.minimumBalance;

/** The M-Pesa number: 'Enter a valid phone number' (docs/PRODUCT-RULES.md R136). */
export const withdrawPhoneError = purchasePhoneError;
