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
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabaseAt, waitForHealth } from '../../scripts/lib.mjs';

const BACKEND = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(BACKEND, '..');

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Routes as 'PATH' or 'POST PATH JSON', separated by ';'. */
const DEFAULT_ROUTES = [
  '/api/health',
  '/api/slip/markets',
  'POST /api/manage/search-games {"pattern":"arsenal"}',
  '/api/home/top-games',
  '/v2/api/slip/data/?p=1',
  '/api/home/active',
  '/v2/api/slip/data/finished/',
  '/v2/api/tipster/data/?all=1',
].join(';');
const routes = (process.env.BENCH_ROUTES ?? DEFAULT_ROUTES).split(';').map((r) => {
  const m = /^(POST|PUT)\s+(\S+)\s*(.*)$/.exec(r.trim());
  return m ? { method: m[1], path: m[2], body: m[3] || undefined, label: `${m[1]} ${m[2]}` } : { method: 'GET', path: r.trim(), label: r.trim() };
});
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
  const timings = [];
  for (const step of ['database/migrate.js', 'database/seed/run-seed.js']) {
    if (!existsSync(join(BACKEND, 'dist', step))) continue;
    const t0 = process.hrtime.bigint();
    spawnSync(process.execPath, [join(BACKEND, 'dist', step)], { env, stdio: 'ignore' });
    timings.push(`${step.replace('database/', '').replace('.js', '')} ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(1)} s`);
  }
  const server = spawn(process.execPath, [join(BACKEND, 'dist', 'main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`);
    console.log(`node ${process.version}, ${connections} connections, ${duration} s per route, idle RSS ${(rssKb(server.pid) / 1024).toFixed(0)} MB`);
    console.log(`empty database → ${timings.join(', ')} (seed = import of every data file + demo marketplace)`);
    console.log('| route | req/s (mean) | p50 ms | p99 ms | non-2xx | RSS after MB |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const route of routes) {
      const r = await autocannon({
        url: `http://127.0.0.1:${port}${route.path}`,
        method: route.method,
        body: route.body,
        headers: route.body ? { 'content-type': 'application/json' } : undefined,
        connections,
        duration,
      });
      console.log(`| ${route.label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${(rssKb(server.pid) / 1024).toFixed(0)} |`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropDatabaseAt(`${pgBase}/${dbName}`);
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
