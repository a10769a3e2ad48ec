import type { ResourceSpec, StatusStyle } from '../resource-spec';

/** Purchase status (backend processor/entities/purchase.entity.ts PurchaseStatus). */
export const PURCHASE_STATUSES: Record<string, StatusStyle> = {
  pending: { label: 'Pending', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
  timeout: { label: 'Timeout', color: 'default' },
};

/**
 * `purchases` (admin): every payment attempt (M-Pesa STK push or Flutterwave); PUT {flagged, reason}
 * flags for review or clears the flag (backend resources/purchases.resource.ts). `amount` and
 * `paid_amount` are in `currency`'s units and shown in that currency (Ksh for KES, NGN, UGX).
 */
export const purchasesSpec: ResourceSpec = {
  name: 'purchases',
  label: 'Purchases',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'kind', kind: 'text', sortable: true, filter: ['eq', 'in'], choices: ['slip', 'subscription'] },
    { source: 'slip', label: 'Slip', kind: 'number', filter: ['eq', 'in'] },
    { source: 'subscription_type', label: 'Subscription', kind: 'text', list: false },
    { source: 'phone', label: 'MSISDN', kind: 'text', filter: ['eq'] },
    { source: 'email', kind: 'text', filter: ['ilike'], list: false },
    { source: 'amount', kind: 'money', currencyField: 'currency', sortable: true, filter: ['gte', 'lte'] },
    { source: 'paid_amount', label: 'Paid amount', kind: 'money', currencyField: 'currency', list: false },
    { source: 'currency', kind: 'text', filter: ['eq', 'in'], choices: ['KES', 'NGN', 'UGX'] },
    { source: 'provider', kind: 'text', sortable: true, filter: ['eq', 'in'], choices: ['mpesa', 'flutterwave'] },
    { source: 'status', kind: 'status', sortable: true, filter: ['eq', 'in'], statuses: PURCHASE_STATUSES },
    { source: 'receipt', kind: 'text', filter: ['eq'], list: false },
    { source: 'code', kind: 'text', filter: ['eq'], list: false },
    { source: 'checkout_request_id', label: 'CheckoutRequestID', kind: 'text', list: false },
    { source: 'tx_ref', label: 'tx_ref', kind: 'text', filter: ['eq'], list: false },
    { source: 'result_desc', label: 'Provider result', kind: 'text', list: false },
    { source: 'flagged', kind: 'bool', filter: ['eq'] },
    { source: 'review_reason', label: 'Review reason', kind: 'longtext', list: false },
    { source: 'review_note', label: 'Review note', kind: 'longtext', list: false },
    { source: 'reviewed_by', label: 'Reviewed by', kind: 'text', list: false },
    { source: 'reviewed_at', label: 'Reviewed', kind: 'date', list: false },
    { source: 'created_at', label: 'Created', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
    { source: 'paid_at', label: 'Paid at', kind: 'date', sortable: true, filter: ['gte', 'lte'], list: false },
  ],
  search: true,
  defaultSort: { field: 'created_at', order: 'DESC' },
  update: ['admin'],
};
