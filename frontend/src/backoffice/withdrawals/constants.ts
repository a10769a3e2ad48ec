import type { StatusStyle } from '../common/format';

/** Withdrawal status (backend finance.constants WITHDRAWAL_STATUS): P pending, W paid, F failed, R rejected. */
export const WITHDRAWAL_STATUSES: Record<string, StatusStyle> = {
  P: { label: 'Pending', color: 'warning' },
  W: { label: 'Paid', color: 'success' },
  F: { label: 'Failed', color: 'error' },
  R: { label: 'Rejected', color: 'error' },
};

/** Code of a withdrawal waiting for an admin's decision. */
export const PENDING_WITHDRAWAL = 'P';
