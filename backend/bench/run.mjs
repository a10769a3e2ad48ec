/**
 * `npm run bench`: starts the built API (ROLE=api) on a scratch database seeded like `npm start`,
 * drives each route with autocannon (50 connections, 10 s by default) and prints requests/s,
 * latency percentiles and the server's resident memory. Figures go to docs/PERFORMANCE.md.
 * BENCH_DURATION (s), BENCH_CONNECTIONS and BENCH_ROUTES (comma-separated paths) override.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BACKEND = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(BACKEND, '..');
const require = createRequire(join(BACKEND, 'package.json'));
const { Client } = require('pg');

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const routes = (process.env.BENCH_ROUTES ?? '/api/health').split(',');
const port = Number(process.env.BENCH_PORT ?? 3200);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `tips_bench_${randomBytes(4).toString('hex')}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  ROLE: 'api',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: `${pgBase}/${dbName}`,
  REDIS_PREFIX: `bench-${dbName}`,
  // production mode checks: bench-only secrets and real-time clock would be refused, so run as test
};
env.NODE_ENV = 'test';

const rssKb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
};

const main = async () => {
  if (!existsSync(join(BACKEND, 'dist', 'main.js'))) spawnSync('npm', ['run', 'build'], { cwd: BACKEND, stdio: 'inherit' });
  for (const step of ['database/migrate.js', 'database/seed/run-seed.js']) {
    if (existsSync(join(BACKEND, 'dist', step))) spawnSync(process.execPath, [join(BACKEND, 'dist', step)], { env, stdio: 'inherit' });
  }
  const server = spawn(process.execPath, [join(BACKEND, 'dist', 'main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (let i = 0; i < 100; i++) {
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(`node ${process.version}, ${connections} connections, ${duration} s per route, idle RSS ${(rssKb(server.pid) / 1024).toFixed(0)} MB`);
    console.log('| route | req/s (mean) | p50 ms | p99 ms | non-2xx | RSS after MB |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const route of routes) {
      const r = await autocannon({ url: `http://127.0.0.1:${port}${route}`, connections, duration });
      console.log(`| ${route} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${(rssKb(server.pid) / 1024).toFixed(0)} |`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const admin = new Client({ connectionString: `${pgBase}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
