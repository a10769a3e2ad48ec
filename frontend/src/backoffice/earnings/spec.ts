import type { ResourceSpec, StatusStyle } from '../resource-spec';

/** Payment status of a sale share (spec §4): W pending, P paid, other unpaid. */
export const EARNING_STATUSES: Record<string, StatusStyle> = {
  W: { label: 'Pending', color: 'warning' },
  P: { label: 'Paid', color: 'success' },
  U: { label: 'Unpaid', color: 'default' },
};

/** `earnings` (tipster: own; admin: all; read-only): sale shares from the ledger, Ksh (backend resources/earnings.resource.ts). */
export const earningsSpec: ResourceSpec = {
  name: 'earnings',
  label: 'Earnings',
  roles: ['tipster'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'user_id', label: 'Tipster ID', kind: 'number', sortable: true, filter: ['eq', 'in'] },
    { source: 'amount', kind: 'money', sortable: true, filter: ['gte', 'lte'] },
    { source: 'status', kind: 'status', sortable: true, filter: ['eq', 'in'], statuses: EARNING_STATUSES },
    { source: 'purchase_id', label: 'Purchase', kind: 'number', filter: ['eq'] },
    { source: 'date', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
  ],
  defaultSort: { field: 'date', order: 'DESC' },
};
