import { randomBytes } from 'crypto';
import { tmpdir } from 'os';

/**
 * Where integration tests find PostgreSQL and Redis: the machine's real servers
 * (TEST_DATABASE_URL / TEST_REDIS_URL override the defaults). Storage is never mocked (docs/CONTRIBUTING.md §9).
 */
export const TEST_PG_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The URL of database `name` on the test server. */
export const dbUrl = (name: string): string => {
  const u = new URL(TEST_PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh database name: `tips_test_<12 hex>`. */
export const randomDbName = (prefix = 'tips_test'): string =>
  `${prefix}_${randomBytes(6).toString('hex')}`;

/** Env var through which global setup tells each test file the migrated template's name. */
export const TEMPLATE_ENV = 'TIPS_TEST_TEMPLATE_DB';

/**
 * Env vars through which a test run scopes what it leaves in shared places, so its end can check
 * that nothing is left (scripts/test.mjs): the run id in every Redis key prefix (`test-<run>-…`)
 * and the folder under which each test app gets its own STORAGE_DIR. Global setup fills both
 * when jest is started on its own.
 */
export const RUN_ID_ENV = 'TIPS_TEST_RUN_ID';
export const STORAGE_ROOT_ENV = 'TIPS_TEST_STORAGE_ROOT';
/** Set when global setup created the storage root itself (global teardown removes it then). */
export const OWN_STORAGE_ROOT_ENV = 'TIPS_TEST_OWN_STORAGE_ROOT';

/** This run's id (`[a-z0-9]+`), from RUN_ID_ENV; 'local' outside a jest run. */
export const testRunId = (): string => process.env[RUN_ID_ENV] || 'local';

/** The folder under which test apps create their storage folders (STORAGE_ROOT_ENV, else the OS temp folder). */
export const testStorageRoot = (): string => process.env[STORAGE_ROOT_ENV] || tmpdir();

/** A fresh run id: 8 hex digits. */
export const randomRunId = (): string => randomBytes(4).toString('hex');
