import type { ResourceSpec } from '../resource-spec';

/** Bookmakers (SP SportPesa, BT Betika) and jackpot types (MG Mega, MW Mid Week): backend jackpot-slug.ts. */
export const JACKPOT_COMPANIES = ['SP', 'BT'] as const;
export const JACKPOT_TYPES = ['MG', 'MW'] as const;

/** `jackpots` (admin): weekly jackpots and their slips (backend resources/jackpots.resource.ts). */
export const jackpotsSpec: ResourceSpec = {
  name: 'jackpots',
  label: 'Jackpots',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'company', kind: 'text', sortable: true, filter: ['eq', 'in'], choices: JACKPOT_COMPANIES },
    { source: 'type', kind: 'text', sortable: true, filter: ['eq', 'in'], choices: JACKPOT_TYPES },
    { source: 'title', kind: 'text', sortable: true, filter: ['ilike'] },
    { source: 'description', kind: 'longtext', list: false },
    { source: 'slip_id', label: 'Slip', kind: 'number', sortable: true, filter: ['eq', 'in'], list: false },
    { source: 'price', kind: 'money', sortable: true, filter: ['eq', 'gte', 'lte'] },
    { source: 'todays_odd', label: 'Odds', kind: 'decimal', sortable: true, filter: ['gte', 'lte'] },
    { source: 'week_start', label: 'Week of', kind: 'day', sortable: true },
    { source: 'current', kind: 'bool', sortable: true, filter: ['eq'] },
    { source: 'created_at', label: 'Created', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
    { source: 'updated_at', label: 'Updated', kind: 'date', sortable: true, filter: ['gte', 'lte'], list: false },
  ],
  search: true,
  defaultSort: { field: 'created_at', order: 'DESC' },
  create: ['admin'],
  update: ['admin'],
  delete: ['admin'],
  recordRepresentation: 'title',
};
