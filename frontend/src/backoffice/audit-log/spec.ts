import type { ResourceSpec } from '../resource-spec';

/** `audit-log` (admin, read-only): every back-office write, newest first (backend resources/audit-log.resource.ts). */
export const auditLogSpec: ResourceSpec = {
  name: 'audit-log',
  label: 'Audit log',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'at', label: 'At', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
    { source: 'actor_id', label: 'Actor ID', kind: 'number', sortable: true, filter: ['eq', 'in'], list: false },
    { source: 'actor_username', label: 'Actor', kind: 'text', sortable: true, filter: ['eq'] },
    { source: 'actor_role', label: 'Role', kind: 'text', list: false },
    { source: 'action', kind: 'status', sortable: true, filter: ['eq', 'in'] },
    { source: 'resource', kind: 'text', sortable: true, filter: ['eq', 'in'] },
    { source: 'record_id', label: 'Record', kind: 'text', filter: ['eq'] },
    { source: 'before', kind: 'json', list: false },
    { source: 'after', kind: 'json', list: false },
  ],
  defaultSort: { field: 'id', order: 'DESC' },
};
