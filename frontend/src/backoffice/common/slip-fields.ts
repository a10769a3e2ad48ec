import type { FieldDef, StatusStyle } from '../resource-spec';

/** Slip result (docs/PRODUCT-RULES.md, Settlement): W won, L lost, C cancelled (every tip void). */
export const SLIP_RESULTS: Record<string, StatusStyle> = {
  W: { label: 'Won', color: 'success' },
  L: { label: 'Lost', color: 'error' },
  C: { label: 'Cancelled', color: 'default' },
};

/**
 * Fields shared by `slips` and `premium-slips` (backend resources/slip-record.ts SLIP_FIELDS and
 * toAdminSlip). `tips` (the picks) shows on the Show page.
 */
export const SLIP_FIELD_DEFS: readonly FieldDef[] = [
  { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
  { source: 'username', label: 'Tipster', kind: 'text', sortable: true, filter: ['ilike'] },
  { source: 'user_id', label: 'Tipster ID', kind: 'number', filter: ['eq', 'in'], list: false },
  { source: 'price', kind: 'money', sortable: true, filter: ['gte', 'lte'] },
  { source: 'accumulator', label: 'Total odds', kind: 'decimal', sortable: true, filter: ['gte', 'lte'] },
  { source: 'settled_accumulator', label: 'Settled odds', kind: 'decimal', list: false },
  { source: 'premium', kind: 'bool', sortable: true, filter: ['eq'] },
  { source: 'jackpot', kind: 'bool', filter: ['eq'] },
  { source: 'slip_result', label: 'Result', kind: 'status', sortable: true, filter: ['eq', 'in'], statuses: SLIP_RESULTS },
  { source: 'date_created', label: 'Published', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
  { source: 'settled_at', label: 'Settled', kind: 'date', list: false },
  { source: 'tips', kind: 'json', list: false, show: false },
];
