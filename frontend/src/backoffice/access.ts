import allowlists from './allowlist.json';

/**
 * Who may open which back-office resource and use which verb: the menu, the routes and
 * `authProvider.canAccess` read this table without loading any screen. Names, roles and verbs are
 * those of the allowlists the API serves (GET /api/backoffice/resources, the backend's
 * `defineResource`), read from their copy allowlist.json, which the backend's integration test
 * keeps equal to what the API serves; only the menu labels and order are the frontend's. The
 * fields are the screens' JSX columns, checked in allowlist.test.tsx (docs/CONTRIBUTING.md §12 C).
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

/**
 * Who may write: the administrators. The allowlist says which verbs a resource has; a tipster
 * reads their withdrawals, only an admin approves or rejects them (PUT {status}), and the server
 * checks every write.
 */
const ADMIN_ONLY: VerbRoles = ['admin'];

/** Menu labels, in menu order (not in the allowlist). A served resource missing here comes last, named after its URL segment. */
const MENU_LABELS: Readonly<Record<string, string>> = {
  slips: 'Slips',
  earnings: 'Earnings',
  withdrawals: 'Withdrawals',
  users: 'Users',
  posts: 'Posts',
  jackpots: 'Jackpots',
  fixtures: 'Fixtures',
  'fixture-imports': 'Fixture imports',
  'free-tips': 'Free tips',
  'premium-slips': 'Premium slips',
  'subscription-kinds': 'Subscription kinds',
  purchases: 'Purchases',
  'sms-messages': 'SMS messages',
  deliveries: 'Picks deliveries',
  'rg-limits': 'Spending limits',
  'unmatched-payments': 'Unmatched payments',
  'retention-runs': 'Retention runs',
  'audit-log': 'Audit log',
};

const BACKOFFICE_ROLES: readonly BackofficeRole[] = ['user', 'tipster', 'admin'];
const MENU_ORDER = Object.keys(MENU_LABELS);
const menuRank = (name: string): number => {
  const rank = MENU_ORDER.indexOf(name);
  return rank < 0 ? MENU_ORDER.length : rank;
};

/** The served allowlist's part the access table needs. */
interface ServedAccess {
  name: string;
  roles: readonly string[];
  create: readonly string[] | null;
  update: readonly string[] | null;
  delete: boolean;
}

/** One served allowlist as a menu entry: its roles, and its verbs for administrators. */
export const accessFromAllowlist = (served: ServedAccess): ResourceAccess => ({
  name: served.name,
  label:
    MENU_LABELS[served.name] ??
    served.name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()),
  roles: BACKOFFICE_ROLES.filter((role) => served.roles.includes(role)),
  ...(served.create ? { create: ADMIN_ONLY } : {}),
  ...(served.update ? { update: ADMIN_ONLY } : {}),
  ...(served.delete ? { delete: ADMIN_ONLY } : {}),
});

/** Every back-office resource the backend serves, in menu order. */
export const RESOURCE_ACCESS: readonly ResourceAccess[] = (allowlists as readonly ServedAccess[])
  .map(accessFromAllowlist)
  .sort((a, b) => menuRank(a.name) - menuRank(b.name));

/** Access of a resource by name, or undefined. */
export const accessOf = (name: string | undefined): ResourceAccess | undefined =>
  RESOURCE_ACCESS.find((resource) => resource.name === name);

const roleIn = (
  role: string | null | undefined,
  roles: readonly BackofficeRole[] | undefined,
): boolean =>
  role === 'admin' || (!!role && !!roles && (roles as readonly string[]).includes(role));

/** Resources a role sees in the menu and may open: admin every one, others those listing their role. */
export const resourcesForRole = <R extends ResourceAccess>(
  resources: readonly R[],
  role: string | null | undefined,
): R[] => resources.filter((resource) => roleIn(role, resource.roles));

/**
 * Whether `role` may do `action` on `resource` (react-admin canAccess): list/show with the
 * resource's roles; create/edit/delete only when the backend has the verb and grants it to the
 * role; any other action (approve, resend, flag, ...) is an administrator's.
 */
export const canAccessResource = (
  resource: ResourceAccess | undefined,
  role: string | null | undefined,
  action: AccessAction,
): boolean => {
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
