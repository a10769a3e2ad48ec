import { loadEnv } from '../config/load-env';
import { createToolingDataSource } from './data-source';
import { ensureDatabase } from './database-admin';

/**
 * `npm run migrate`: creates the database when missing, then runs pending migrations
 * (`--revert` undoes the last one). Also run by `npm start` and the compose `migrate` service.
 */
export const runMigrations = async (url: string, revert = false): Promise<string[]> => {
  await ensureDatabase(url);
  const ds = createToolingDataSource(url);
  await ds.initialize();
  try {
    if (revert) {
      await ds.undoLastMigration({ transaction: 'each' });
      return ['reverted'];
    }
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
};

if (require.main === module) {
  const env = loadEnv();
  runMigrations(env.DATABASE_URL, process.argv.includes('--revert'))
    .then((names) => {
      console.log(names.length ? `migrations: ${names.join(', ')}` : 'migrations: up to date');
    })
    .catch((err) => {
      console.error(`migration failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    });
}
