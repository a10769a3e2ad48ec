import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../../src/database/database-admin';
import { dbUrl, randomDbName, TEMPLATE_ENV } from './test-env';

/** A database cloned from the run's migrated template; `drop()` removes it. */
export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Clones the migrated template into `tips_test_<random>`. Throws when global setup did not run
 * (the file was started outside the `integration` jest project).
 */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const template = process.env[TEMPLATE_ENV];
  if (!template)
    throw new Error(
      `${TEMPLATE_ENV} unset: run integration tests through the jest 'integration' project`,
    );
  const name = randomDbName();
  const url = dbUrl(name);
  await ensureDatabase(url, template);
  return { name, url, drop: () => dropDatabase(url) };
};

/** Runs one SQL statement on `url` with a short-lived connection and returns its rows. */
export const sql = async <T = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
};
