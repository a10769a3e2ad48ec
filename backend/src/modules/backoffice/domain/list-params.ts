import { nairobiMidnight } from '../../../common/time/nairobi';
import {
  DEFAULT_LIST_RANGE,
  MAX_FILTER_TEXT_LENGTH,
  MAX_IN_VALUES,
  MAX_LIST_RANGE,
  MAX_LIST_START,
  MAX_SEARCH_TERMS,
} from '../backoffice.constants';
import { BackofficeError, BackofficeErrorCode } from '../backoffice.errors';

/**
 * The react-admin simple-rest list dialect (marmelab/react-admin:packages/ra-data-simple-rest):
 * `sort=["title","ASC"]`, `range=[0,24]`, `filter={"q":"acca","published":true,"id":[1,2],
 * "date_created_gte":"2026-01-01"}` checked against a resource's field allowlist. Pure: no Nest,
 * no TypeORM; SQL columns are opaque strings the caller's query builder uses.
 */

/** How a value of a field is read from JSON and bound to SQL. */
export type FieldType = 'int' | 'bigint' | 'numeric' | 'text' | 'bool' | 'date';
/**
 * Filter operators: `eq` (`{"f": v}`, `{"f": null}` = IS NULL), `ilike` (`{"f": "part"}` as a
 * case-insensitive substring; replaces eq for that field), `in` (`{"f": [v1, v2]}`, react-admin
 * getMany), `gte`/`lte` (`{"f_gte": v}`, `{"f_lte": v}`; a 'YYYY-MM-DD' date means that whole
 * Nairobi day: gte from its 00:00, lte up to its end).
 */
export type FilterOp = 'eq' | 'ilike' | 'in' | 'gte' | 'lte';
export type SortOrder = 'ASC' | 'DESC';

/** One allowlisted field of a resource: its SQL column (with the query alias) and what it allows. */
export interface FieldSpec {
  column: string;
  type: FieldType;
  sortable?: boolean;
  filter?: readonly FilterOp[];
}

/** What parseListParams needs to know of a resource. */
export interface ListSpec {
  /** Resource name, used in messages. */
  resource: string;
  fields: Readonly<Record<string, FieldSpec>>;
  /** Text fields searched by `filter={"q":"..."}`; no `q` without them. */
  search?: readonly string[];
  defaultSort: readonly [string, SortOrder];
  /** Field used as the tiebreaker of every sort (stable pages). */
  idField: string;
  maxRange?: number;
}

/** A value bound to SQL: numbers stay numbers, bigint/numeric travel as strings, dates as Date. */
export type SqlValue = string | number | boolean | Date;

/** One WHERE condition, ready for a query builder. */
export type FilterClause =
  | { kind: 'compare'; field: string; column: string; op: '=' | '>=' | '<' | '<='; value: SqlValue }
  | { kind: 'null'; field: string; column: string }
  | { kind: 'ilike'; field: string; column: string; pattern: string }
  | { kind: 'in'; field: string; column: string; values: SqlValue[] }
  | { kind: 'search'; columns: string[]; patterns: string[] }
  | { kind: 'none' };

/** A parsed list request. `range` is inclusive, as in the Content-Range header. */
export interface ListParams {
  sort: { field: string; column: string; order: SortOrder }[];
  range: { start: number; end: number };
  filters: FilterClause[];
}

const bad = (message: string): BackofficeError =>
  new BackofficeError(BackofficeErrorCode.BAD_LIST_PARAM, message);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };
const BIGINT = /^-?\d{1,18}$/;
const DECIMAL = /^-?\d{1,15}(\.\d{1,10})?$/;

/** Reads one JSON query parameter; absent → undefined; repeated or not JSON → 400 naming it. */
const readJsonParam = (query: Record<string, unknown>, name: string): unknown => {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw bad(`'${name}' must be given once, as JSON`);
  try {
    return JSON.parse(raw);
  } catch {
    throw bad(`'${name}' is not valid JSON`);
  }
};

/** Escapes LIKE wildcards so user text matches literally (PostgreSQL's default escape is '\'). */
export const likePattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Reads a filter or id value of `type`; throws a 400 naming `label` when it does not fit.
 * int: a whole number in int32 (digits as text accepted); bigint: up to 18 digits, as text;
 * numeric: a decimal, as text; bool: true/false ('true'/'false' accepted); text: a string (numbers
 * turned to text), at most MAX_FILTER_TEXT_LENGTH, no NUL character; date: an ISO instant with offset, or 'YYYY-MM-DD'.
 */
export const readValue = (value: unknown, type: FieldType, label: string): SqlValue => {
  const fail = (): never => {
    throw bad(`Invalid value for ${label}: expected ${TYPE_WORDS[type]}`);
  };
  switch (type) {
    case 'int': {
      const n =
        typeof value === 'string' && /^-?\d{1,10}$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < INT32.min || n > INT32.max)
        return fail();
      return n;
    }
    case 'bigint': {
      const s = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
      if (typeof s !== 'string' || !BIGINT.test(s.trim())) return fail();
      return s.trim();
    }
    case 'numeric': {
      const s = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof s !== 'string' || !DECIMAL.test(s.trim())) return fail();
      return s.trim();
    }
    case 'bool':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      return fail();
    case 'text': {
      const s = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof s !== 'string' || s.length > MAX_FILTER_TEXT_LENGTH || s.includes('\u0000'))
        return fail();
      return s;
    }
    case 'date': {
      if (typeof value !== 'string') return fail();
      if (DAY.test(value)) {
        try {
          nairobiMidnight(value);
        } catch {
          return fail();
        }
        return value;
      }
      if (!INSTANT.test(value) || Number.isNaN(Date.parse(value))) return fail();
      return new Date(value);
    }
  }
};

const TYPE_WORDS: Record<FieldType, string> = {
  int: 'a whole number',
  bigint: 'a whole number',
  numeric: 'a number',
  text: `text of at most ${MAX_FILTER_TEXT_LENGTH} characters`,
  bool: 'true or false',
  date: "a date 'YYYY-MM-DD' or an ISO date-time with offset",
};

/** The UTC instant after Nairobi day `day` ('YYYY-MM-DD'): 00:00 of the next day (EAT has no DST). */
const nextNairobiDay = (day: string): Date => new Date(nairobiMidnight(day).getTime() + 86_400_000);

const parseSort = (raw: unknown, spec: ListSpec): ListParams['sort'] => {
  let field: string = spec.defaultSort[0];
  let order: SortOrder = spec.defaultSort[1];
  if (raw !== undefined) {
    if (
      !Array.isArray(raw) ||
      raw.length !== 2 ||
      typeof raw[0] !== 'string' ||
      typeof raw[1] !== 'string'
    ) {
      throw bad(`'sort' must be ["field","ASC"] or ["field","DESC"]`);
    }
    field = raw[0];
    const o = raw[1].toUpperCase();
    if (o !== 'ASC' && o !== 'DESC') throw bad(`Sort order must be ASC or DESC, not '${raw[1]}'`);
    order = o;
  }
  const f = Object.prototype.hasOwnProperty.call(spec.fields, field)
    ? spec.fields[field]
    : undefined;
  if (!f?.sortable) throw bad(`Cannot sort ${spec.resource} by '${field}'`);
  const sort = [{ field, column: f.column, order }];
  if (field !== spec.idField)
    sort.push({ field: spec.idField, column: spec.fields[spec.idField].column, order });
  return sort;
};

const parseRange = (raw: unknown, spec: ListSpec): ListParams['range'] => {
  const max = spec.maxRange ?? MAX_LIST_RANGE;
  if (raw === undefined)
    return { start: DEFAULT_LIST_RANGE[0], end: Math.min(DEFAULT_LIST_RANGE[1], max - 1) };
  if (!Array.isArray(raw) || raw.length !== 2 || !raw.every((n) => Number.isSafeInteger(n))) {
    throw bad(`'range' must be [start, end], two whole numbers`);
  }
  const [start, end] = raw as [number, number];
  if (start < 0 || end < start) throw bad(`'range' must have 0 <= start <= end`);
  if (start > MAX_LIST_START) throw bad(`'range' may start at most at ${MAX_LIST_START}`);
  if (end - start + 1 > max) throw bad(`'range' may span at most ${max} rows`);
  return { start, end };
};

const parseSearch = (value: unknown, spec: ListSpec): FilterClause[] => {
  if (!spec.search?.length) throw bad(`Cannot filter ${spec.resource} by 'q'`);
  if (
    typeof value !== 'string' ||
    value.length > MAX_FILTER_TEXT_LENGTH ||
    value.includes('\u0000')
  ) {
    throw bad(
      `Invalid value for filter 'q': expected text of at most ${MAX_FILTER_TEXT_LENGTH} characters`,
    );
  }
  const terms = value.trim().split(/\s+/).filter(Boolean);
  if (!terms.length) return [];
  if (terms.length > MAX_SEARCH_TERMS)
    throw bad(`Filter 'q' may have at most ${MAX_SEARCH_TERMS} words`);
  return [
    {
      kind: 'search',
      columns: spec.search.map((f) => spec.fields[f].column),
      patterns: terms.map(likePattern),
    },
  ];
};

/** The clauses of one `filter` key (`field`, `field_gte`, `field_lte`). */
const parseFilterEntry = (key: string, value: unknown, spec: ListSpec): FilterClause[] => {
  const own = (name: string): FieldSpec | undefined =>
    Object.prototype.hasOwnProperty.call(spec.fields, name) ? spec.fields[name] : undefined;
  let name = key;
  let op: FilterOp | undefined;
  const suffix = /^(.+)_(gte|lte)$/.exec(key);
  if (!own(key)?.filter?.length && suffix) {
    name = suffix[1];
    op = suffix[2] as FilterOp;
  }
  const field = own(name);
  const allowed = field?.filter ?? [];
  if (!field || !allowed.length) throw bad(`Cannot filter ${spec.resource} by '${key}'`);
  const label = `filter '${key}'`;
  const { column } = field;

  if (op === 'gte' || op === 'lte') {
    if (!allowed.includes(op)) throw bad(`Cannot filter ${spec.resource} by '${key}'`);
    const v = readValue(value, field.type, label);
    if (field.type === 'date' && typeof v === 'string') {
      return op === 'gte'
        ? [{ kind: 'compare', field: name, column, op: '>=', value: nairobiMidnight(v) }]
        : [{ kind: 'compare', field: name, column, op: '<', value: nextNairobiDay(v) }];
    }
    return [{ kind: 'compare', field: name, column, op: op === 'gte' ? '>=' : '<=', value: v }];
  }

  if (Array.isArray(value)) {
    if (!allowed.includes('in'))
      throw bad(`Filter '${key}' of ${spec.resource} does not take a list`);
    if (value.length > MAX_IN_VALUES)
      throw bad(`Filter '${key}' may list at most ${MAX_IN_VALUES} values`);
    if (!value.length) return [{ kind: 'none' }];
    const values = value.map((v) => readValue(v, field.type, label));
    return [{ kind: 'in', field: name, column, values }];
  }

  if (allowed.includes('ilike') && value !== null) {
    const v = readValue(value, 'text', label) as string;
    return v ? [{ kind: 'ilike', field: name, column, pattern: likePattern(v) }] : [];
  }
  if (!allowed.includes('eq'))
    throw bad(
      `Filter '${key}' of ${spec.resource} needs ${allowed.map((o) => (o === 'in' ? 'a list' : `'${key}_${o}'`)).join(' or ')}`,
    );
  if (value === null) return [{ kind: 'null', field: name, column }];
  const v = readValue(value, field.type, label);
  if (field.type === 'date' && typeof v === 'string') {
    return [
      { kind: 'compare', field: name, column, op: '>=', value: nairobiMidnight(v) },
      { kind: 'compare', field: name, column, op: '<', value: nextNairobiDay(v) },
    ];
  }
  return [{ kind: 'compare', field: name, column, op: '=', value: v }];
};

/**
 * Parses `sort`, `range` and `filter` of a simple-rest list request against `spec`.
 * Absent sort → spec.defaultSort; absent range → DEFAULT_LIST_RANGE; absent filter → none.
 * Every sort is followed by the id field (same order) so pages are stable.
 * @throws BackofficeError BAD_LIST_PARAM (400) with a message naming the parameter or field:
 *         malformed JSON, an unknown or non-sortable sort field, an unknown or non-filterable
 *         filter key, a value of the wrong type, a range wider than the limit.
 */
export const parseListParams = (query: Record<string, unknown>, spec: ListSpec): ListParams => {
  const sort = parseSort(readJsonParam(query, 'sort'), spec);
  const range = parseRange(readJsonParam(query, 'range'), spec);
  const rawFilter = readJsonParam(query, 'filter');
  if (
    rawFilter !== undefined &&
    (rawFilter === null || typeof rawFilter !== 'object' || Array.isArray(rawFilter))
  ) {
    throw bad(`'filter' must be a JSON object`);
  }
  const filters: FilterClause[] = [];
  for (const [key, value] of Object.entries((rawFilter ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    filters.push(
      ...(key === 'q' && !Object.prototype.hasOwnProperty.call(spec.fields, 'q')
        ? parseSearch(value, spec)
        : parseFilterEntry(key, value, spec)),
    );
  }
  return { sort, range, filters };
};

/**
 * The Content-Range header of a list answer: `posts 0-24/319`; for an empty page a star
 * replaces start-end: `posts [star]/0` (ra-data-simple-rest reads only the total after the slash).
 */
export const contentRange = (
  resource: string,
  start: number,
  rowCount: number,
  total: number,
): string =>
  rowCount > 0 ? `${resource} ${start}-${start + rowCount - 1}/${total}` : `${resource} */${total}`;

/**
 * Problems of a resource's list spec, checked once at boot (a misconfigured resource stops the
 * app instead of answering 500 later): the id field and default sort exist and are sortable,
 * search fields are text, `in`/`gte`/`lte`/`ilike` fit the field type.
 */
export const listSpecProblems = (spec: ListSpec): string[] => {
  const problems: string[] = [];
  const f = (name: string): FieldSpec | undefined =>
    Object.prototype.hasOwnProperty.call(spec.fields, name) ? spec.fields[name] : undefined;
  if (!f(spec.idField)) problems.push(`id field '${spec.idField}' is not among the fields`);
  else if (!f(spec.idField)?.sortable) problems.push(`id field '${spec.idField}' must be sortable`);
  if (!f(spec.defaultSort[0])?.sortable)
    problems.push(`default sort '${spec.defaultSort[0]}' is not a sortable field`);
  for (const name of spec.search ?? []) {
    if (f(name)?.type !== 'text') problems.push(`search field '${name}' must be a text field`);
  }
  for (const [name, field] of Object.entries(spec.fields)) {
    if (/_(gte|lte)$/.test(name) && field.filter?.length)
      problems.push(`filterable field '${name}' must not end in _gte/_lte`);
    if (field.filter?.includes('ilike') && field.type !== 'text')
      problems.push(`field '${name}': ilike needs a text field`);
    if (
      (field.filter?.includes('gte') || field.filter?.includes('lte')) &&
      (field.type === 'text' || field.type === 'bool')
    ) {
      problems.push(`field '${name}': gte/lte need a number or date field`);
    }
  }
  return problems;
};
