import type { ResourceSpec, StatusStyle } from '../resource-spec';

/** Withdrawal status (backend finance.constants WITHDRAWAL_STATUS): P pending, W paid, F failed, R rejected. */
export const WITHDRAWAL_STATUSES: Record<string, StatusStyle> = {
  P: { label: 'Pending', color: 'warning' },
  W: { label: 'Paid', color: 'success' },
  F: { label: 'Failed', color: 'error' },
  R: { label: 'Rejected', color: 'error' },
};

/** Code of a withdrawal waiting for an admin's decision. */
export const PENDING_WITHDRAWAL = 'P';

/**
 * `withdrawals` (tipster: own, read-only; admin: all, approve / reject by PUT {status}): backend
 * resources/withdrawals.resource.ts.
 */
export const withdrawalsSpec: ResourceSpec = {
  name: 'withdrawals',
  label: 'Withdrawals',
  roles: ['tipster'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'user_id', label: 'Tipster ID', kind: 'number', sortable: true, filter: ['eq', 'in'] },
    { source: 'username', label: 'Tipster', kind: 'text', sortable: true, filter: ['ilike'] },
    { source: 'amount', kind: 'money', sortable: true, filter: ['gte', 'lte'] },
    { source: 'total_paid', label: 'Total paid', kind: 'money', sortable: true, filter: ['gte', 'lte'] },
    { source: 'status', kind: 'status', sortable: true, filter: ['eq', 'in'], statuses: WITHDRAWAL_STATUSES },
    { source: 'phone_number', label: 'M-Pesa number', kind: 'text', filter: ['eq'] },
    { source: 'approved_at', label: 'Approved', kind: 'date', sortable: true, filter: ['eq', 'gte', 'lte'], list: false },
    { source: 'approved_by', label: 'Approved by', kind: 'number', list: false },
    { source: 'approved_by_username', label: 'Approver', kind: 'text' },
    { source: 'rejected_by', label: 'Rejected by', kind: 'number', list: false },
    { source: 'rejected_by_username', label: 'Rejected by (username)', kind: 'text', list: false },
    { source: 'failure_reason', label: 'Failure reason', kind: 'longtext', list: false },
    { source: 'date', label: 'Requested', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
  ],
  defaultSort: { field: 'date', order: 'DESC' },
  update: ['admin'],
};
