/**
 * A throwaway copy of the whole product for measurements (Lighthouse, manual checks), started the
 * way `node scripts/test.mjs --e2e` starts it: builds what is stale, creates a fresh database,
 * migrates and seeds it (real fixtures + demo marketplace), and serves the built app (ROLE=all,
 * provider sandboxes on) on a free port. It runs from a private copy of both builds (backend/dist,
 * frontend/dist) under .data/, so a rebuild by someone else during a long measurement does not
 * swap the app's assets under it.
 *
 *   node frontend/scripts/seeded-app.mjs      serve until Ctrl-C, printing the base URL
 *   import { startSeededApp } from './seeded-app.mjs'   → { base, stop() }
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildIfNeeded,
  dropDatabaseAt,
  freePort,
  log,
  ROOT,
  throwawayAppEnv,
  waitForHealth,
} from '../../scripts/lib.mjs';

/**
 * A folder laid out like the repository with copies of backend/dist and frontend/dist and links to
 * everything else the builds read (node_modules, the football data, package.json files): the
 * backend finds its repository root from its own location, so it serves the copied frontend.
 */
const snapshotBuilds = () => {
  mkdirSync(join(ROOT, '.data'), { recursive: true });
  const snap = mkdtempSync(join(ROOT, '.data', 'measure-'));
  cpSync(join(ROOT, 'backend', 'dist'), join(snap, 'backend', 'dist'), { recursive: true });
  cpSync(join(ROOT, 'frontend', 'dist'), join(snap, 'frontend', 'dist'), { recursive: true });
  for (const link of [
    'node_modules',
    'data',
    'package.json',
    'backend/node_modules',
    'backend/package.json',
  ]) {
    if (existsSync(join(ROOT, link))) symlinkSync(join(ROOT, link), join(snap, link));
  }
  return snap;
};

/**
 * Starts the seeded app. Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432)
 * and Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379). Returns its base URL and a stop
 * function that ends the server, drops the database and removes its storage folder.
 */
export const startSeededApp = async () => {
  buildIfNeeded();
  const snap = snapshotBuilds();
  const db = new URL(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  db.pathname = `/tips_measure_${randomBytes(5).toString('hex')}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const storage = 'storage';
  const env = throwawayAppEnv({
    port,
    databaseUrl: db.toString(),
    redisPrefix: `measure-${port}`,
    storageDir: storage,
  });
  const node = (file) =>
    spawnSync(process.execPath, [join(snap, 'backend', 'dist', file)], {
      cwd: snap,
      env,
      stdio: 'inherit',
    });
  const cleanup = async () => {
    await dropDatabaseAt(db.toString()).catch(() => {});
    rmSync(snap, { recursive: true, force: true });
  };
  if (node('database/migrate.js').status !== 0 || node('seed/run-seed.js').status !== 0) {
    await cleanup();
    throw new Error('migrating or seeding the measurement database failed');
  }
  const server = spawn(process.execPath, [join(snap, 'backend', 'dist', 'main.js')], {
    cwd: snap,
    env,
    stdio: 'inherit',
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await cleanup();
  };
  try {
    await waitForHealth(base, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  log(`seeded app on ${base}`);
  return { base, stop };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const app = await startSeededApp();
  const shutdown = () => app.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
