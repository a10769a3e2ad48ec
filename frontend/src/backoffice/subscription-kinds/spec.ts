import type { ResourceSpec } from '../resource-spec';

/** The three fixed subscription types (docs/PRODUCT-RULES.md, Subscriptions). */
export const SUBSCRIPTION_TYPES = ['gold', 'silver', 'bronze'] as const;

/** `subscription-kinds` (admin): price (Ksh), days, title, description per type; update only. */
export const subscriptionKindsSpec: ResourceSpec = {
  name: 'subscription-kinds',
  label: 'Subscription kinds',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'Type', kind: 'status', sortable: true, filter: ['eq', 'in'], choices: SUBSCRIPTION_TYPES },
    { source: 'title', kind: 'text', sortable: true, filter: ['ilike'] },
    { source: 'description', kind: 'longtext', list: false },
    { source: 'price', kind: 'money', sortable: true, filter: ['gte', 'lte'] },
    { source: 'days', kind: 'number', sortable: true, filter: ['gte', 'lte'] },
    { source: 'updated_at', label: 'Updated', kind: 'date' },
  ],
  defaultSort: { field: 'days', order: 'DESC' },
  update: ['admin'],
  recordRepresentation: 'title',
};
