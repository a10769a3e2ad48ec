import { mkdirSync, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { runMigrations } from '../../src/database/migrate';
import {
  dbUrl,
  OWN_STORAGE_ROOT_ENV,
  randomDbName,
  randomRunId,
  RUN_ID_ENV,
  STORAGE_ROOT_ENV,
  TEMPLATE_ENV,
} from './test-env';

/**
 * Migrates one template database per test run (immich's medium-test globalSetup); every test file
 * then clones it with CREATE DATABASE ... TEMPLATE (test-db.ts), so files run in parallel on
 * their own data and nothing leaks between runs. Also gives the run its id (Redis prefixes) and a
 * storage root (test apps' STORAGE_DIR) unless scripts/test.mjs passed them.
 */
export default async function globalSetup(): Promise<void> {
  process.env[RUN_ID_ENV] ||= randomRunId();
  if (!process.env[STORAGE_ROOT_ENV]) {
    process.env[STORAGE_ROOT_ENV] = mkdtempSync(join(tmpdir(), 'tips-test-storage-'));
    process.env[OWN_STORAGE_ROOT_ENV] = '1';
  } else mkdirSync(process.env[STORAGE_ROOT_ENV], { recursive: true });
  const template = randomDbName('tips_test_template');
  await runMigrations(dbUrl(template));
  process.env[TEMPLATE_ENV] = template;
}
