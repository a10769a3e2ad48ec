/**
 * The production shape on one machine (docs/PERFORMANCE.md "Production shape on one machine"):
 * N built api processes (ROLE=api, each on its own port), M worker processes (ROLE=worker) and a
 * load balancer on one port in front of the apis, all on the same PostgreSQL and Redis.
 *
 * The balancer is nginx when it is installed (`apt-get install nginx-light`: run in the foreground
 * with a generated config in a temp folder, `daemon off`, one worker process, an upstream with
 * least_conn and keep-alive connections), else balancer-proxy.mjs (a bare Node reverse proxy, also
 * least_conn). With one api and no balancer asked for, the api itself listens on the port.
 *
 * As a module: `startTopology({ apis, workers, balancer, env, port })` on a database that is already
 * migrated. As a CLI (`node backend/bench/topology.mjs`): builds if needed, migrates and seeds a
 * scratch database (or uses BENCH_DATABASE_URL as it is), starts the shape, prints one JSON line
 * {"baseUrl", "processes": [{"pid", "role", "port"?}], "databaseUrl", "redisPrefix", "balancer"} and
 * runs until SIGINT/SIGTERM (or until an app process dies), then stops everything and drops what it
 * created. CLI environment: BENCH_APIS (2), BENCH_WORKERS (2), BENCH_BALANCER (`nginx` | `node` |
 * `none`, default nginx when installed), BENCH_PORT (3230), BENCH_DATABASE_URL, BENCH_PG_URL,
 * BENCH_REDIS_PREFIX, BENCH_DIST (`dist`), BENCH_NODE_ARGS, REDIS_URL; everything else in the
 * environment reaches the app processes (e.g. MPESA_CALLBACK_TOKEN).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildIfNeeded,
  deleteRedisKeys,
  dropDatabaseAt,
  freePort,
  waitForHealth,
} from '../../scripts/lib.mjs';
import { BACKEND, childPids, migrateAndSeed, startApp, stopChild } from './lib/app-processes.mjs';

/** The nginx binary on PATH (or /usr/sbin), or null. */
export const nginxBinary = () => {
  const which = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], {
    encoding: 'utf8',
  });
  return which.status === 0 ? which.stdout.trim().split('\n')[0] : null;
};

/** nginx.conf for a foreground nginx on `port` balancing `apiPorts`, its files under `dir`. */
const nginxConfig = (dir, port, apiPorts) => `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream app {
    least_conn;
${apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 128;
    keepalive_requests 100000;
  }
  server {
    listen 127.0.0.1:${port};
    keepalive_requests 100000;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 120s;
    }
  }
}
`;

/** Resolves once `child` prints `text` on stdout; rejects if it exits first. */
const printed = (child, text, what) =>
  new Promise((ok, fail) => {
    let seen = '';
    child.stdout.on('data', (buf) => {
      seen = (seen + buf.toString()).slice(-200);
      if (seen.includes(text)) ok();
    });
    child.once('exit', (code) => fail(new Error(`${what} exited (${code})`)));
  });

/**
 * Starts the shape on `env`'s DATABASE_URL (already migrated), REDIS_URL and REDIS_PREFIX:
 * `apis` api processes (role `apiRole`, `api` or `all`), `workers` worker processes and, when
 * `balancer` is `nginx` | `node` | `auto` (nginx if installed, else node), a balancer on `port`;
 * `none` (the default for one api) has the api listen on `port` itself. Every process gets
 * PUBLIC_URL = the balancer's URL (providers' sandboxes and callbacks are reached through it) and,
 * behind a balancer, TRUST_PROXY=127.0.0.1 unless `env` sets it. `nodeArgs` go to the app processes.
 * Resolves once every api answers /api/health (directly and through the balancer) and every worker
 * has started. Returns { baseUrl, apiUrls, balancer: 'nginx' | 'node' | 'none', processes:
 * [{ pid, role, port }], appPids(), balancerPids(), stop() }; throws (after stopping what it
 * started) when something does not come up within `timeoutMs`.
 */
export const startTopology = async ({
  apis = 1,
  workers = 1,
  balancer,
  env,
  port,
  dist = join(BACKEND, 'dist'),
  nodeArgs = [],
  apiRole = 'api',
  timeoutMs = 60_000,
}) => {
  const kind = balancer ?? (apis > 1 ? 'auto' : 'none');
  if (kind === 'none' && apis !== 1) throw new Error('more than one api needs a balancer');
  const balancerKind = kind === 'auto' ? (nginxBinary() ? 'nginx' : 'node') : kind;
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiPorts =
    balancerKind === 'none'
      ? [port]
      : await Promise.all(Array.from({ length: apis }, () => freePort()));
  const appEnv = {
    ...env,
    PUBLIC_URL: baseUrl,
    ...(balancerKind !== 'none' && !env.TRUST_PROXY ? { TRUST_PROXY: '127.0.0.1' } : {}),
  };
  const apps = [];
  let lb = null;
  let dir = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (lb) await stopChild(lb);
    // Apis first (no new jobs), then workers, as a rollout would.
    for (const app of apps) await stopChild(app.child);
    if (dir) rmSync(dir, { recursive: true, force: true });
    process.off('exit', killOnExit);
  };
  // If the caller dies without stop(), take the processes with it.
  const killOnExit = () =>
    [lb, ...apps.map((a) => a.child)].forEach((c) => c?.exitCode === null && c.kill('SIGTERM'));
  process.on('exit', killOnExit);
  try {
    for (let i = 0; i < apis; i++)
      apps.push(startApp({ dist, role: apiRole, env: appEnv, nodeArgs, port: apiPorts[i] }));
    for (let i = 0; i < workers; i++)
      apps.push(startApp({ dist, role: 'worker', env: appEnv, nodeArgs }));
    await Promise.all([
      ...apiPorts.map((p) => waitForHealth(`http://127.0.0.1:${p}`, timeoutMs)),
      ...apps.map((a) =>
        Promise.race([
          a.ready,
          new Promise((_, fail) =>
            setTimeout(() => fail(new Error(`worker ${a.pid} did not start`)), timeoutMs).unref(),
          ),
        ]),
      ),
    ]);
    if (balancerKind === 'nginx') {
      dir = mkdtempSync(join(tmpdir(), 'tips-bench-nginx-'));
      // nginx run as root hands requests to its worker as `nobody`, which must reach the temp folders.
      chmodSync(dir, 0o755);
      for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
      writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, apiPorts));
      lb = spawn(
        nginxBinary(),
        ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      lb.once('exit', (code) => !stopped && console.error(`nginx exited (${code})`));
    } else if (balancerKind === 'node') {
      lb = spawn(
        process.execPath,
        [join(BACKEND, 'bench', 'balancer-proxy.mjs'), String(port), ...apiPorts.map(String)],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await printed(lb, 'listening', 'balancer-proxy.mjs');
      lb.stdout.resume();
    }
    await waitForHealth(baseUrl, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    baseUrl,
    apiUrls: apiPorts.map((p) => `http://127.0.0.1:${p}`),
    balancer: balancerKind,
    processes: apps.map(({ pid, role, port: p }) => (p ? { pid, role, port: p } : { pid, role })),
    /** Every app process (api and worker) pid. */
    appPids: () => apps.map((a) => a.pid),
    /** The balancer's pids: nginx's master and its worker, or the Node proxy; [] without one. */
    balancerPids: () =>
      lb ? [lb.pid, ...(balancerKind === 'nginx' ? childPids(lb.pid) : [])] : [],
    /** Resolves with the first app process that exits (pid, role, code) while the shape runs. */
    died: new Promise((r) =>
      apps.forEach((a) =>
        a.child.once('exit', (code) => !stopped && r({ pid: a.pid, role: a.role, code })),
      ),
    ),
    stop,
  };
};

/** CLI: a scratch (or given) database, the shape on it, one JSON line, then wait for a signal. */
const cli = async () => {
  const apis = Number(process.env.BENCH_APIS ?? 2);
  const workers = Number(process.env.BENCH_WORKERS ?? 2);
  const port = Number(process.env.BENCH_PORT ?? 3230);
  const dist = join(BACKEND, process.env.BENCH_DIST ?? 'dist');
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const given = process.env.BENCH_DATABASE_URL;
  const dbName = `tips_bench_topo_${randomBytes(4).toString('hex')}`;
  const databaseUrl = given ?? `${pgBase}/${dbName}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = process.env.BENCH_REDIS_PREFIX ?? `bench-${dbName}`;
  const storageDir = mkdtempSync(join(tmpdir(), 'tips-bench-storage-'));
  const env = {
    ...process.env,
    // production mode refuses the sandboxes and the replay clock: run as test, logs at warn as in production.
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    STORAGE_DIR: process.env.STORAGE_DIR ?? storageDir,
  };
  let topology = null;
  const cleanup = async () => {
    await topology?.stop();
    rmSync(storageDir, { recursive: true, force: true });
    // What this run made up goes: the scratch database, and the Redis keys of a prefix of its own.
    if (!given)
      await dropDatabaseAt(databaseUrl).catch((err) =>
        console.error(`could not drop ${dbName}: ${err.message}`),
      );
    if (!process.env.BENCH_REDIS_PREFIX)
      await deleteRedisKeys(redisUrl, `${redisPrefix}:*`).catch(() => undefined);
  };
  let exiting = false;
  const exit = async (code) => {
    if (exiting) return;
    exiting = true;
    await cleanup();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void exit(0));
  try {
    if (!process.env.BENCH_DIST) buildIfNeeded({ frontend: false });
    const timings = given ? [] : migrateAndSeed(dist, env);
    topology = await startTopology({
      apis,
      workers,
      balancer: process.env.BENCH_BALANCER,
      env,
      port,
      dist,
      nodeArgs,
    });
    if (timings.length) console.error(`scratch database ${dbName}: ${timings.join(', ')}`);
    console.log(
      JSON.stringify({
        baseUrl: topology.baseUrl,
        processes: topology.processes,
        balancer: { kind: topology.balancer, pids: topology.balancerPids() },
        databaseUrl,
        redisPrefix,
      }),
    );
    const dead = await topology.died;
    console.error(`${dead.role} process ${dead.pid} exited (${dead.code}): stopping`);
    await exit(1);
  } catch (err) {
    console.error(err);
    await exit(1);
  }
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void cli();
