import { QueryFailedError } from 'typeorm';

/** Message of the 400 for a value PostgreSQL could not take (see isDataException). */
export const INVALID_VALUE_MESSAGE = 'A value in the request is invalid or out of range';

/**
 * True for a query PostgreSQL refused because of a value bound to it: SQLSTATE class 22 "data
 * exception" (22003 numeric value out of range, 22P02 invalid text representation, 22021
 * invalid byte sequence, 22001 string too long, 22007/22008 bad date or time). Such values come
 * from the request when a route's own checks miss them; the global filter answers 400 instead
 * of 500 and logs the route, so the check can be added where it belongs.
 */
export const isDataException = (err: unknown): err is QueryFailedError =>
  err instanceof QueryFailedError &&
  /^22/.test(String((err.driverError as { code?: unknown } | undefined)?.code ?? ''));
