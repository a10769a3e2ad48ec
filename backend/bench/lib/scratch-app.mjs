/**
 * Shared pieces of the benches that run the built app as production does (docs/PERFORMANCE.md):
 * a scratch database migrated and seeded like `npm start`, an `api` and a `worker` process (or
 * one ROLE=all process), torn down with the database and the run's Redis keys; plus /proc
 * readings of a process (CPU ms, RSS MB). Used by mixed-day.mjs; callbacks.mjs does the same
 * steps inline.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded, waitForHealth } from '../../../scripts/lib.mjs';

export const BACKEND = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const requireBackend = createRequire(join(BACKEND, 'package.json'));

/** CPU time (user + system) a process has used, ms; 0 once it is gone. Linux /proc, clock ticks of 10 ms. */
export const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/** Resident set size of a process, MB; null once it is gone. */
export const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
};

/** Deletes every Redis key under `prefix` (SCAN + DEL of that prefix only). */
export const deleteRedisPrefix = async (redisUrl, prefix) => {
  const Redis = requireBackend('ioredis').default ?? requireBackend('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = nextCursor;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};

/**
 * Starts the built app on a scratch database: migrate + seed (as `npm start`), then `api` +
 * `worker` processes (`split`, as docker-compose runs it) or one ROLE=all process, and waits for
 * /api/health. `env` is added to the app's environment (e.g. TRUST_PROXY). The default build is
 * rebuilt when src/ is newer; `distDir` (BENCH_DIST) is run as it is.
 * Returns { baseUrl, databaseUrl, dbName, redisUrl, redisPrefix, processes: [{pid, role, child}], setup, stop() }.
 */
export const startScratchApp = async ({ name = 'bench', port, split = true, env: extra = {}, distDir, nodeArgs = [], pgBase } = {}) => {
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
    baseUrl, databaseUrl, dbName, redisUrl, redisPrefix, processes, setup: [],
    async stop() {
      for (const { child } of [...processes].reverse()) {
        if (child.exitCode !== null) continue;
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      const { dropDatabase } = requireBackend(join(dist, 'database', 'database-admin.js'));
      await dropDatabase(databaseUrl).catch((err) => console.error(`could not drop ${dbName}: ${err.message}`));
      await deleteRedisPrefix(redisUrl, redisPrefix).catch((err) => console.error(`could not delete ${redisPrefix}*: ${err.message}`));
    },
  };
  try {
    for (const step of ['database/migrate.js', 'database/seed/run-seed.js']) {
      if (!existsSync(join(dist, step))) continue;
      const t0 = Date.now();
      const res = spawnSync(process.execPath, [join(dist, step)], { env: { ...env, ROLE: 'api' }, stdio: ['ignore', 'ignore', 'inherit'] });
      if (res.status !== 0) throw new Error(`${step} failed`);
      app.setup.push(`${step.replace('database/', '').replace('.js', '')} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    const start = (file, role) => {
      const child = spawn(process.execPath, [...nodeArgs, join(dist, file)], { env: { ...env, ROLE: role }, stdio: ['ignore', 'ignore', 'inherit'] });
      processes.push({ pid: child.pid, role, child });
    };
    start('main.js', split ? 'api' : 'all');
    if (split) start('worker.js', 'worker');
    await waitForHealth(baseUrl, 90_000);
    return app;
  } catch (err) {
    await app.stop();
    throw err;
  }
};
