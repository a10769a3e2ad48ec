import type { ResourceSpec } from '../resource-spec';

/** Roles an admin can give (docs/PRODUCT-RULES.md, Roles). */
export const USER_ROLES = ['user', 'tipster', 'admin'] as const;

/** Countries of an account (KE main market, NG, UG). */
export const USER_COUNTRIES = ['KE', 'NG', 'UG'] as const;

/**
 * `users` (admin): accounts; PUT sets the role or bans / unbans (backend resources/users.resource.ts).
 * No create, no delete.
 */
export const usersSpec: ResourceSpec = {
  name: 'users',
  label: 'Users',
  roles: ['admin'],
  fields: [
    { source: 'id', label: 'ID', kind: 'id', sortable: true, filter: ['eq', 'in'] },
    { source: 'username', kind: 'text', sortable: true, filter: ['ilike'] },
    { source: 'email', kind: 'text', sortable: true, filter: ['ilike'] },
    { source: 'phone', kind: 'text', filter: ['ilike'] },
    { source: 'role', kind: 'status', sortable: true, filter: ['eq', 'in'], choices: USER_ROLES },
    { source: 'country', kind: 'text', sortable: true, filter: ['eq', 'in'], choices: USER_COUNTRIES },
    { source: 'banned', kind: 'bool', filter: ['eq'] },
    { source: 'is_active', label: 'Active', kind: 'bool', filter: ['eq'], list: false },
    { source: 'banned_at', label: 'Banned at', kind: 'date', list: false },
    { source: 'email_verified', label: 'E-mail verified', kind: 'bool', list: false },
    { source: 'date_joined', label: 'Joined', kind: 'date', sortable: true, filter: ['gte', 'lte'] },
  ],
  search: true,
  defaultSort: { field: 'date_joined', order: 'DESC' },
  update: ['admin'],
  recordRepresentation: 'username',
};
