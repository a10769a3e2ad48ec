import { isRecord } from './http';

/**
 * Throws the caller's typed error for `field` (a dotted path such as
 * `Body.stkCallback.ResultCode`).
 */
export type ShapeFail = (field: string, message: string) => never;

/** Readers returned by `shapeReader`; each throws through `fail` on a bad value. */
export interface ShapeReader {
  /** Throws the typed error for `field`. */
  fail(field: string, message: string): never;
  /** A plain JSON object. */
  record(value: unknown, field: string): Record<string, unknown>;
  /** An array. */
  array(value: unknown, field: string): unknown[];
  /** A non-empty string. */
  string(value: unknown, field: string): string;
  /** `undefined`/`null` → undefined, else a string (may be empty). */
  optionalString(value: unknown, field: string): string | undefined;
  /** A safe integer sent as a JSON number or as a string of digits (providers send both). */
  integer(value: unknown, field: string): number;
  /** `undefined`/`null` → undefined, else as `integer`. */
  optionalInteger(value: unknown, field: string): number | undefined;
  /** A code sent as string or number, returned as `String(x)` (Daraja `ResultCode`, §1.7). */
  code(value: unknown, field: string): string;
}

/**
 * Builds shape readers for parsing provider bodies (docs/PROVIDERS.md: "Where a provider sends the
 * same field sometimes as a string and sometimes as a number, parse both").
 */
export const shapeReader = (fail: ShapeFail): ShapeReader => {
  const integer = (value: unknown, field: string): number => {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
    return fail(field, `expected an integer, got ${describe(value)}`);
  };
  return {
    fail,
    record: (value, field) =>
      isRecord(value) ? value : fail(field, `expected an object, got ${describe(value)}`),
    array: (value, field) =>
      Array.isArray(value) ? value : fail(field, `expected an array, got ${describe(value)}`),
    string: (value, field) =>
      typeof value === 'string' && value.trim() !== ''
        ? value
        : fail(field, `expected a non-empty string, got ${describe(value)}`),
    optionalString: (value, field) =>
      value === undefined || value === null
        ? undefined
        : typeof value === 'string'
          ? value
          : fail(field, `expected a string, got ${describe(value)}`),
    integer,
    optionalInteger: (value, field) =>
      value === undefined || value === null ? undefined : integer(value, field),
    code: (value, field) => {
      if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
      return fail(field, `expected a code (string or integer), got ${describe(value)}`);
    },
  };
};

/**
 * Short description of a bad value for error messages (type, and the value if short and scalar).
 */
export const describe = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
};
