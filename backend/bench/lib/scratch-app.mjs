/**
 * A scratch copy of the app as production runs it (docs/PERFORMANCE.md "Mixed-load day"): a
 * scratch database migrated and seeded like `npm start`, an `api` and a `worker` process (or one
 * ROLE=all process), torn down with the database and the run's Redis keys. Built on
 * lib/app-processes.mjs (which also gives the /proc readings, re-exported here). Used by mixed-day.mjs.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { buildIfNeeded, waitForHealth } from '../../../scripts/lib.mjs';
import { BACKEND, migrateAndSeed, removeScratch, startApp, stopChild } from './app-processes.mjs';

export { BACKEND, cpuMs, requireBackend, rssMb } from './app-processes.mjs';

/**
 * Starts the built app on a scratch database: migrate + seed (as `npm start`), then `api` +
 * `worker` processes (`split`, as docker-compose runs it) or one ROLE=all process, and waits for
 * /api/health. `env` is added to the app's environment (e.g. TRUST_PROXY). The default build is
 * rebuilt when src/ is newer; `distDir` (BENCH_DIST) is run as it is.
 * Returns { baseUrl, databaseUrl, dbName, redisUrl, redisPrefix, processes: [{pid, role, child}], setup, stop() }.
 */
export const startScratchApp = async ({
  name = 'bench',
  port,
  split = true,
  env: extra = {},
  distDir,
  nodeArgs = [],
  pgBase,
} = {}) => {
  if (!distDir) buildIfNeeded({ frontend: false });
  const dist = distDir ?? join(BACKEND, 'dist');
  const dbName = `tips_${name}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${pgBase ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'}/${dbName}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `bench-${dbName}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    // production mode refuses the sandboxes and the replay clock: run as test, logs at warn as in production.
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    ...extra,
  };
  const processes = [];
  const app = {
    baseUrl,
    databaseUrl,
    dbName,
    redisUrl,
    redisPrefix,
    processes,
    setup: [],
    async stop() {
      for (const { child } of [...processes].reverse()) await stopChild(child);
      await removeScratch({ dist, databaseUrl, redisUrl, redisPrefix });
    },
  };
  try {
    app.setup.push(...migrateAndSeed(dist, env));
    processes.push(startApp({ dist, role: split ? 'api' : 'all', env, nodeArgs }));
    if (split) processes.push(startApp({ dist, role: 'worker', env, nodeArgs }));
    await waitForHealth(baseUrl, 90_000);
    return app;
  } catch (err) {
    await app.stop();
    throw err;
  }
};
