/**
 * Recognising "the database (or another backing service) cannot be reached right now", so the
 * global filter answers 503 with a retry hint instead of 500 (docs/RELIABILITY.md). Pure.
 */

/** Socket errors: nothing listens, the link broke or the name does not resolve (yet). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 connection exceptions (not 08P01,
 * a protocol violation), 57P01 admin shutdown ("terminating connection due to administrator
 * command"), 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down), 53300
 * too many connections.
 */
const PG_UNAVAILABLE = /^(08(000|001|003|004|006|007)|57P0[123]|53300)$/;

/** Messages of node-postgres, pg-pool and TypeORM for a lost or impossible connection. */
const CONNECTION_MESSAGES = [
  /connection terminated/i, // 'Connection terminated unexpectedly', '... due to connection timeout'
  /timeout exceeded when trying to connect/i, // pg-pool: no connection within connectionTimeoutMillis
  /terminating connection/i,
  /not queryable/i, // 'Client has encountered a connection error and is not queryable'
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Connection is closed|connect ECONNREFUSED/i,
  /Driver not Connected/i, // TypeORM while the data source is (re)connecting or shutting down
];

/**
 * True when `err` (or its driverError, cause, or one of an AggregateError's errors, a few levels
 * deep) says a backing service is unreachable: a socket error code, a PostgreSQL connection
 * SQLSTATE, or a connection-loss message of the driver.
 */
export const isServiceUnavailableError = (err: unknown, depth = 0): boolean => {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code)) return true;
  if (
    typeof e.message === 'string' &&
    CONNECTION_MESSAGES.some((re) => re.test(e.message as string))
  )
    return true;
  const nested = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return nested.some((n) => n !== err && isServiceUnavailableError(n, depth + 1));
};
