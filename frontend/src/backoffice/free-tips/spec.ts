import type { ResourceSpec } from '../resource-spec';

/** `free-tips` (admin): one market on one upcoming fixture each (backend resources/free-tips.resource.ts). */
export const freeTipsSpec: ResourceSpec = {
  name: 'free-tips',
  label: 'Free tips',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'fixture', label: 'Fixture ID', kind: 'number', sortable: true, filter: ['eq', 'in'], list: false },
    { source: 'home_team', label: 'Home', kind: 'text', sortable: true, filter: ['ilike'] },
    { source: 'away_team', label: 'Away', kind: 'text', sortable: true, filter: ['ilike'] },
    { source: 'kickoff', label: 'Kick-off', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
    { source: 'market', label: 'Market ID', kind: 'number', sortable: true, filter: ['eq', 'in'], list: false },
    { source: 'market_type', label: 'Market', kind: 'text' },
    { source: 'market_value', label: 'Pick', kind: 'text' },
    { source: 'fixture_status', label: 'Fixture status', kind: 'status' },
    { source: 'date_created', label: 'Created', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
  ],
  search: true,
  defaultSort: { field: 'date_created', order: 'DESC' },
  create: ['admin'],
  update: ['admin'],
  delete: ['admin'],
};
