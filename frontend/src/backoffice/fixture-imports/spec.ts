import type { ResourceSpec } from '../resource-spec';

/** Import run statuses (backend fixtures/entities/fixture-import-run.entity.ts). */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** `fixture-imports` (admin): requested fixture imports; POST runs one (backend resources/fixture-imports.resource.ts). */
export const fixtureImportsSpec: ResourceSpec = {
  name: 'fixture-imports',
  label: 'Fixture imports',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'status', kind: 'status', sortable: true, filter: ['eq', 'in'], choices: IMPORT_STATUSES },
    { source: 'requested_by', label: 'Requested by', kind: 'text', sortable: true, filter: ['eq'] },
    { source: 'force', kind: 'bool' },
    { source: 'requested_at', label: 'Requested', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
    { source: 'started_at', label: 'Started', kind: 'date', list: false },
    { source: 'finished_at', label: 'Finished', kind: 'date' },
    { source: 'job_id', label: 'Job', kind: 'text', list: false },
    { source: 'report', kind: 'json', list: false },
    { source: 'error', kind: 'longtext', list: false },
  ],
  defaultSort: { field: 'id', order: 'DESC' },
  create: ['admin'],
};
