/**
 * Pieces shared by the benches that run the built app (run.mjs, callbacks.mjs, topology.mjs and,
 * through lib/scratch-app.mjs, mixed-day.mjs): migrating and seeding a database the way `npm start`
 * does, starting and stopping app processes (`dist/main.js` for ROLE=api|all, `dist/worker.js` for
 * ROLE=worker), removing a scratch database and its Redis keys, and reading a process's CPU time
 * and resident memory from Linux /proc.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteRedisKeys } from '../../../scripts/lib.mjs';

/** The backend folder (absolute). */
export const BACKEND = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** `require` resolving from the backend's node_modules (pg, ioredis, bullmq). */
export const requireBackend = createRequire(join(BACKEND, 'package.json'));

/** CPU time (user + system) process `pid` has used, ms; 0 once it is gone. Linux /proc, clock ticks of 10 ms. */
export const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/** Resident memory of process `pid`, MB; null once it is gone. */
export const rssMb = (pid) => {
  try {
    return (
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
    );
  } catch {
    return null;
  }
};

/** The pids of `pid`'s children (one level, e.g. nginx's worker processes under its master), from /proc. */
export const childPids = (pid) => {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === pid) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
};

/**
 * Migrates and seeds `env.DATABASE_URL` with the build in `dist` (database/migrate.js, then
 * seed/run-seed.js, each skipped when the build has none), as `npm start` does.
 * Returns one "step N.N s" string per step run; throws when a step fails.
 */
export const migrateAndSeed = (dist, env) => {
  const timings = [];
  for (const step of ['database/migrate.js', 'seed/run-seed.js']) {
    if (!existsSync(join(dist, step))) continue;
    const t0 = Date.now();
    const res = spawnSync(process.execPath, [join(dist, step)], {
      env: { ...env, ROLE: 'api' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (res.status !== 0) throw new Error(`${step} failed`);
    timings.push(
      `${step.replace('database/', '').replace('.js', '')} ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  return timings;
};

/**
 * Starts one app process of the build in `dist`: ROLE=api or all runs main.js (listening on
 * `env.PORT`), ROLE=worker runs worker.js. `nodeArgs` go before the script (e.g. `--cpu-prof`).
 * Its stdout is drained (the worker says `worker started` there: `ready` resolves on that line, or
 * at once for an api, whose readiness is its /api/health), its stderr shown.
 * Returns { role, pid, port, child, ready }.
 */
export const startApp = ({ dist, role, env, nodeArgs = [], port }) => {
  const file = role === 'worker' ? 'worker.js' : 'main.js';
  const child = spawn(process.execPath, [...nodeArgs, join(dist, file)], {
    env: { ...env, ROLE: role, ...(port ? { PORT: String(port) } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready =
    role === 'worker'
      ? new Promise((resolveReady, reject) => {
          let seen = '';
          const onData = (buf) => {
            seen = (seen + buf.toString()).slice(-200);
            if (seen.includes('worker started')) {
              child.stdout.off('data', onData);
              resolveReady();
            }
          };
          child.stdout.on('data', onData);
          child.once('exit', (code) =>
            reject(new Error(`worker ${child.pid} exited (${code}) before it started`)),
          );
        })
      : Promise.resolve();
  ready.catch(() => undefined);
  child.stdout.resume();
  return { role, pid: child.pid, port, child, ready };
};

/** Sends SIGTERM to `child` (a ChildProcess) and resolves once it has exited. */
export const stopChild = async (child) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
};

/**
 * Drops the scratch database `databaseUrl` (with database/database-admin.js of the build in `dist`)
 * and deletes every Redis key under `redisPrefix` (SCAN + DEL of that prefix only). Failures are
 * printed, not thrown: a bench's own result stands.
 */
export const removeScratch = async ({ dist, databaseUrl, redisUrl, redisPrefix }) => {
  const { dropDatabase } = requireBackend(join(dist, 'database', 'database-admin.js'));
  await dropDatabase(databaseUrl).catch((err) =>
    console.error(`could not drop ${new URL(databaseUrl).pathname.slice(1)}: ${err.message}`),
  );
  await deleteRedisKeys(redisUrl, `${redisPrefix}*`).catch((err) =>
    console.error(`could not delete ${redisPrefix}*: ${err.message}`),
  );
};
