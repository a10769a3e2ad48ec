import { Money } from '../../common/money/money';

/** Minimum balance to withdraw, and minimum withdrawal (docs/PRODUCT-RULES.md R32): Ksh 500. */
export const MIN_WITHDRAWAL = Money.ofUnits(500);
/** Largest single B2C payment (docs/PROVIDERS.md §1.8: max Ksh 250,000 per transaction); larger withdrawals are paid in parts. */
export const MAX_B2C_PART_KSH = 250_000;
/** Page sizes (docs/PRODUCT-RULES.md R82): payments 10, withdrawals 100. */
export const PAYMENTS_PAGE_SIZE = 10;
export const WITHDRAWALS_PAGE_SIZE = 100;

/**
 * Withdrawal status (docs/PRODUCT-RULES.md R35: P shown pending, W paid, other unpaid). F: the
 * payout failed (the amount went back to the balance); R: rejected by an admin (same).
 */
export const WITHDRAWAL_STATUS = { PENDING: 'P', PAID: 'W', FAILED: 'F', REJECTED: 'R' } as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUS)[keyof typeof WITHDRAWAL_STATUS];

/**
 * State of one B2C payment request: `sending` (row written, request not yet answered),
 * `accepted` (Daraja queued it), `paid` / `failed` (the Result said so).
 */
export type PayoutPartStatus = 'sending' | 'accepted' | 'paid' | 'failed';

/** Paths of the B2C callbacks below PUBLIC_URL (docs/PROVIDERS.md §1.8 example); the last segment is MPESA_CALLBACK_TOKEN. */
export const B2C_RESULT_PATH = '/api/finance/callbacks/b2c-result';
export const B2C_TIMEOUT_PATH = '/api/finance/callbacks/b2c-timeout';

/** Our OriginatorConversationID of part `part` of withdrawal `id` (docs/PROVIDERS.md §1.8: the withdrawal id, so a retry never pays twice). */
export const originatorConversationId = (withdrawalId: string, part: number): string =>
  `withdrawal-${withdrawalId}-${part}`;

/** An approved withdrawal whose B2C request got no answer this long is sent again by `reconcile-payouts`. */
export const PAYOUT_RECONCILE_AFTER_MS = 5 * 60_000;

/** Paths of the Account Balance callbacks below PUBLIC_URL (docs/PROVIDERS.md §1.12); then MPESA_CALLBACK_TOKEN, and `/timeout` for QueueTimeOutURL. */
export const BALANCE_RESULT_PATH = '/api/finance/callbacks/balance-result';

/** How often the `check-b2c-float` schedule asks Daraja for the B2C float (docs/PRODUCT-RULES.md R195), in ms. */
export const CHECK_B2C_FLOAT_EVERY_MS = 10 * 60_000;
