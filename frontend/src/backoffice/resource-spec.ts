/**
 * Client-side mirror of a back-office resource definition (backend
 * src/modules/backoffice/resources/*.resource.ts, `defineResource`): which wire fields exist,
 * which the server lets us sort and filter by (anything else answers 400), and which verbs it
 * serves to which roles. Pure data and derivations, no React: the screens, the menu and
 * `authProvider.canAccess` all read the same spec.
 */

/** Roles of an access token's `role` claim (docs/PRODUCT-RULES.md, Roles). */
export type BackofficeRole = 'user' | 'tipster' | 'admin';

/** Server filter operators (backend domain/list-params.ts FilterOp). */
export type FilterOp = 'eq' | 'ilike' | 'in' | 'gte' | 'lte';

/**
 * How a field is shown and filtered: `money` is Ksh with 2 decimals (or the currency named by
 * the record's `currencyField`), `date` an ISO instant shown
 * in Africa/Nairobi, `day` a 'YYYY-MM-DD' Nairobi calendar day, `decimal` a decimal string shown
 * as sent (odds), `status` a chip (with `choices` for its filter), `json` a raw object.
 */
export type FieldKind =
  | 'id'
  | 'number'
  | 'decimal'
  | 'day'
  | 'text'
  | 'longtext'
  | 'money'
  | 'date'
  | 'bool'
  | 'status'
  | 'json';

/** Chip colour of a status value (MUI palette). */
export type StatusColor = 'success' | 'warning' | 'error' | 'info' | 'default';

/** How one coded status value reads ('P' → Pending, amber). */
export interface StatusStyle {
  label: string;
  color: StatusColor;
}

/** A select option of a filter. */
export interface Choice {
  id: string;
  name: string;
}

/** One wire field of a resource. */
export interface FieldDef {
  source: string;
  /** Column / input label; defaults to the source with underscores as spaces, capitalised. */
  label?: string;
  kind: FieldKind;
  /** In the server's allowlist as sortable. */
  sortable?: boolean;
  /** Operators the server's allowlist accepts for this field. */
  filter?: readonly FilterOp[];
  /** Known values of a `status`/`text` field (filter select). */
  choices?: readonly string[];
  /** Coded values of a `status` field with their label and colour (also the filter's choices). */
  statuses?: Readonly<Record<string, StatusStyle>>;
  /**
   * `money` only: the record field naming the amount's currency ('KES', 'NGN', 'UGX'), so each
   * amount shows in its own currency; absent = always Ksh.
   */
  currencyField?: string;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Shown on the Show page (default true). */
  show?: boolean;
}

/** A verb the backend serves, with the roles allowed (admin is always allowed). */
export type VerbRoles = readonly BackofficeRole[];

/** One back-office resource as the screens need it. */
export interface ResourceSpec {
  /** URL segment under /api/backoffice and /dashboard, e.g. 'posts'. */
  name: string;
  /** Plural menu label. */
  label: string;
  /** Roles that may list and show it (backend `roles`; admin always passes). */
  roles: readonly BackofficeRole[];
  fields: readonly FieldDef[];
  /** The backend has `search` fields: the list offers the `q` search box. */
  search?: boolean;
  /** Backend `defaultSort`. */
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Verbs the backend has a handler for, with who may use them (absent = 405). */
  create?: VerbRoles;
  update?: VerbRoles;
  delete?: VerbRoles;
  /** Field naming a record in titles and references. */
  recordRepresentation?: string;
}

/** A list column derived from a spec. */
export interface ColumnDef {
  source: string;
  label: string;
  kind: FieldKind;
  sortable: boolean;
  statuses?: Readonly<Record<string, StatusStyle>>;
  currencyField?: string;
}

/** A list filter input derived from a spec; `source` is the exact key sent in `filter={...}`. */
export interface FilterDef {
  source: string;
  label: string;
  input: 'search' | 'text' | 'number' | 'bool' | 'select' | 'multiselect' | 'date';
  choices?: readonly Choice[];
  alwaysOn?: boolean;
}

/** react-admin access actions (canAccess `action`). */
export type AccessAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | string;

/** 'date_created' → 'Date created'. */
export const humanize = (source: string): string => {
  const words = source.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const fieldLabel = (field: FieldDef): string => field.label ?? humanize(field.source);

/** Columns of the list: every field not marked `list: false`, sortable only when the server allows it. */
export const listColumns = (spec: ResourceSpec): ColumnDef[] =>
  spec.fields
    .filter((field) => field.list !== false)
    .map((field) => ({
      source: field.source,
      label: fieldLabel(field),
      kind: field.kind,
      sortable: field.sortable === true,
      ...(field.statuses ? { statuses: field.statuses } : {}),
      ...(field.currencyField ? { currencyField: field.currencyField } : {}),
    }));

/** Fields of the Show page (every field not marked `show: false`). */
export const showFields = (spec: ResourceSpec): FieldDef[] =>
  spec.fields.filter((field) => field.show !== false);

/** Filter options of a field: its coded statuses, else its plain choices, else none. */
export const fieldChoices = (field: FieldDef): Choice[] | undefined => {
  if (field.statuses) return Object.entries(field.statuses).map(([id, style]) => ({ id, name: style.label }));
  return field.choices?.map((id) => ({ id, name: id === id.toUpperCase() ? id : humanize(id) }));
};

const isNumeric = (kind: FieldKind): boolean =>
  kind === 'number' || kind === 'decimal' || kind === 'money' || kind === 'id';
const isDate = (kind: FieldKind): boolean => kind === 'date' || kind === 'day';

/**
 * Filters of the list, only with keys the server's allowlist accepts (backend README: `field`
 * eq or ILIKE, `field: [..]` IN, `field_gte` / `field_lte`, `q` search). The id field's
 * eq/IN serve react-admin's getMany, not a filter input. A 'YYYY-MM-DD' date bound is the whole
 * Nairobi day on the server.
 */
export const listFilters = (spec: ResourceSpec): FilterDef[] => {
  const filters: FilterDef[] = [];
  if (spec.search) filters.push({ source: 'q', label: 'Search', input: 'search', alwaysOn: true });
  for (const field of spec.fields) {
    const ops = field.filter ?? [];
    if (ops.length === 0 || field.kind === 'id') continue;
    const label = fieldLabel(field);
    const choices = fieldChoices(field);
    if (ops.includes('ilike')) {
      filters.push({ source: field.source, label, input: 'text' });
    } else if (ops.includes('eq')) {
      if (field.kind === 'bool') filters.push({ source: field.source, label, input: 'bool' });
      else if (choices) filters.push({ source: field.source, label, input: 'select', choices });
      else if (isNumeric(field.kind)) filters.push({ source: field.source, label, input: 'number' });
      else if (!isDate(field.kind)) filters.push({ source: field.source, label, input: 'text' });
    } else if (ops.includes('in') && choices) {
      filters.push({ source: field.source, label, input: 'multiselect', choices });
    }
    const bound = isDate(field.kind) ? 'date' : isNumeric(field.kind) ? 'number' : null;
    if (bound && ops.includes('gte')) {
      filters.push({ source: `${field.source}_gte`, label: `${label} ${bound === 'date' ? 'from' : 'min'}`, input: bound });
    }
    if (bound && ops.includes('lte')) {
      filters.push({ source: `${field.source}_lte`, label: `${label} ${bound === 'date' ? 'to' : 'max'}`, input: bound });
    }
  }
  return filters;
};

const roleIn = (role: string | null | undefined, roles: readonly BackofficeRole[] | undefined): boolean =>
  role === 'admin' || (!!role && !!roles && (roles as readonly string[]).includes(role));

/** Resources a role sees in the menu and may open: admin every one, others those listing their role. */
export const resourcesForRole = <S extends ResourceSpec>(specs: readonly S[], role: string | null | undefined): S[] =>
  specs.filter((spec) => roleIn(role, spec.roles));

/**
 * Whether `role` may do `action` on `spec` (react-admin canAccess): list/show with the resource's
 * roles; create/edit/delete only when the backend has the verb and grants it to the role; any
 * other action (approve, resend, flag, ...) is an administrator's.
 */
export const canAccessResource = (spec: ResourceSpec | undefined, role: string | null | undefined, action: AccessAction): boolean => {
  if (!spec || !roleIn(role, spec.roles)) return false;
  switch (action) {
    case 'list':
    case 'show':
      return true;
    case 'create':
      return !!spec.create && roleIn(role, spec.create);
    case 'edit':
      return !!spec.update && roleIn(role, spec.update);
    case 'delete':
      return !!spec.delete && roleIn(role, spec.delete);
    default:
      return role === 'admin';
  }
};
