import { runMigrations } from '../../src/database/migrate';
import { dbUrl, randomDbName, TEMPLATE_ENV } from './test-env';

/**
 * Migrates one template database per test run (immich's medium-test globalSetup); every test file
 * then clones it with CREATE DATABASE ... TEMPLATE (test-db.ts), so files run in parallel on
 * their own data and nothing leaks between runs.
 */
export default async function globalSetup(): Promise<void> {
  const template = randomDbName('tips_test_template');
  await runMigrations(dbUrl(template));
  process.env[TEMPLATE_ENV] = template;
}
