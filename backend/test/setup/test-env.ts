import { randomBytes } from 'crypto';

/**
 * Where integration tests find PostgreSQL and Redis: the machine's real servers
 * (TEST_DATABASE_URL / TEST_REDIS_URL override the defaults). Storage is never mocked (style.md §9).
 */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The URL of database `name` on the test server. */
export const dbUrl = (name: string): string => {
  const u = new URL(TEST_PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh database name: `tips_test_<12 hex>`. */
export const randomDbName = (prefix = 'tips_test'): string => `${prefix}_${randomBytes(6).toString('hex')}`;

/** Env var through which global setup tells each test file the migrated template's name. */
export const TEMPLATE_ENV = 'TIPS_TEST_TEMPLATE_DB';
