import { dropDatabase } from '../../src/database/database-admin';
import { dbUrl, TEMPLATE_ENV } from './test-env';

/** Drops the run's template database (test files drop their own clones). */
export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (template) await dropDatabase(dbUrl(template));
}
