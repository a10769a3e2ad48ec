/**
 * Who may open which back-office resource and use which verb: the menu, the routes and
 * `authProvider.canAccess` read this table without loading any screen. Names, roles and verbs are
 * checked against the allowlists the API serves (allowlist.json, allowlist.test.tsx); the fields
 * are the screens' JSX columns, checked there too (docs/CONTRIBUTING.md §12 C).
 */

/** Roles of an access token's `role` claim (docs/PRODUCT-RULES.md, Roles). */
export type BackofficeRole = 'user' | 'tipster' | 'admin';

/** A verb the backend serves, with the roles allowed (admin is always allowed). */
export type VerbRoles = readonly BackofficeRole[];

/** One back-office resource's menu entry and access. */
export interface ResourceAccess {
  /** URL segment under /api/backoffice and /dashboard, e.g. 'posts'. */
  name: string;
  /** Plural menu label. */
  label: string;
  /** Roles that may list and show it (the backend's `roles`; admin always passes). */
  roles: readonly BackofficeRole[];
  /** Verbs the backend has a handler for, with who may use them (absent = 405). */
  create?: VerbRoles;
  update?: VerbRoles;
  delete?: VerbRoles;
}

/** react-admin access actions (canAccess `action`). */
export type AccessAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | string;

const ADMIN_ONLY: VerbRoles = ['admin'];

/** Every back-office resource the backend serves, in menu order. */
export const RESOURCE_ACCESS: readonly ResourceAccess[] = [
  { name: 'slips', label: 'Slips', roles: ['tipster'] },
  { name: 'earnings', label: 'Earnings', roles: ['tipster'] },
  // A tipster reads their withdrawals; only an admin approves or rejects (PUT {status}).
  { name: 'withdrawals', label: 'Withdrawals', roles: ['tipster'], update: ADMIN_ONLY },
  { name: 'users', label: 'Users', roles: ['admin'], update: ADMIN_ONLY },
  { name: 'posts', label: 'Posts', roles: ['admin'], create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  { name: 'jackpots', label: 'Jackpots', roles: ['admin'], create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  { name: 'fixtures', label: 'Fixtures', roles: ['admin'] },
  { name: 'fixture-imports', label: 'Fixture imports', roles: ['admin'], create: ADMIN_ONLY },
  { name: 'free-tips', label: 'Free tips', roles: ['admin'], create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  { name: 'premium-slips', label: 'Premium slips', roles: ['admin'], update: ADMIN_ONLY },
  { name: 'subscription-kinds', label: 'Subscription kinds', roles: ['admin'], update: ADMIN_ONLY },
  { name: 'purchases', label: 'Purchases', roles: ['admin'], update: ADMIN_ONLY },
  { name: 'sms-messages', label: 'SMS messages', roles: ['admin'], update: ADMIN_ONLY },
  { name: 'deliveries', label: 'Picks deliveries', roles: ['admin'] },
  { name: 'rg-limits', label: 'Spending limits', roles: ['admin'] },
  { name: 'audit-log', label: 'Audit log', roles: ['admin'] },
];

/** Access of a resource by name, or undefined. */
export const accessOf = (name: string | undefined): ResourceAccess | undefined =>
  RESOURCE_ACCESS.find((resource) => resource.name === name);

const roleIn = (role: string | null | undefined, roles: readonly BackofficeRole[] | undefined): boolean =>
  role === 'admin' || (!!role && !!roles && (roles as readonly string[]).includes(role));

/** Resources a role sees in the menu and may open: admin every one, others those listing their role. */
export const resourcesForRole = <R extends ResourceAccess>(resources: readonly R[], role: string | null | undefined): R[] =>
  resources.filter((resource) => roleIn(role, resource.roles));

/**
 * Whether `role` may do `action` on `resource` (react-admin canAccess): list/show with the
 * resource's roles; create/edit/delete only when the backend has the verb and grants it to the
 * role; any other action (approve, resend, flag, ...) is an administrator's.
 */
export const canAccessResource = (resource: ResourceAccess | undefined, role: string | null | undefined, action: AccessAction): boolean => {
  if (!resource || !roleIn(role, resource.roles)) return false;
  switch (action) {
    case 'list':
    case 'show':
      return true;
    case 'create':
      return !!resource.create && roleIn(role, resource.create);
    case 'edit':
      return !!resource.update && roleIn(role, resource.update);
    case 'delete':
      return !!resource.delete && roleIn(role, resource.delete);
    default:
      return role === 'admin';
  }
};
