import { rmSync } from 'fs';
import { dropDatabase } from '../../src/database/database-admin';
import { dbUrl, OWN_STORAGE_ROOT_ENV, STORAGE_ROOT_ENV, TEMPLATE_ENV } from './test-env';

/** Drops the run's template database (test files drop their own clones) and the storage root global setup made. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (template) await dropDatabase(dbUrl(template));
  const storageRoot = process.env[STORAGE_ROOT_ENV];
  if (storageRoot && process.env[OWN_STORAGE_ROOT_ENV])
    rmSync(storageRoot, { recursive: true, force: true });
}
