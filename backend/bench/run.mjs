/**
 * `npm run bench`: starts the built API (ROLE=api) on a scratch database seeded like `npm start`,
 * drives each route with autocannon (50 connections, 10 s by default) and prints requests/s,
 * latency percentiles and the server's resident memory. Figures go to docs/PERFORMANCE.md.
 * BENCH_DURATION (s), BENCH_CONNECTIONS and BENCH_ROUTES (comma-separated paths) override.
 *
 * Beside every route it also measures the "raw limit": a bare Node `http` server (raw-server.mjs,
 * its own process like the API) answering the exact bytes and content-type the API returned for
 * that route, with the same autocannon settings, alternating with the API in BENCH_ROUNDS (2) rounds
 * so both see the same machine; the table gives the API as % of it (BENCH_RAW=0 skips).
 * BENCH_SCALE=1 tops the seeded database up to BENCH_TIPSTERS (10,000) tipsters and BENCH_SLIPS
 * (200,000) slips with scale-seed.mjs (set-based SQL, timed, then verified against the app's
 * settlement and statistics rules) and benches the marketplace routes (docs/PERFORMANCE.md "Marketplace at scale") by default.
 * BENCH_DIST runs another build output directory than dist/.
 * BENCH_APIS (1) > 1 runs the production shape instead of one process (topology.mjs: that many api
 * processes behind nginx, or the Node proxy with BENCH_BALANCER=node, plus BENCH_WORKERS workers, 0
 * by default): routes are driven through the balancer, RSS is every api process's, the cache
 * counters are summed over the apis.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buildIfNeeded, dropDatabaseAt, throwawayAppEnv } from '../../scripts/lib.mjs';
import { BACKEND, migrateAndSeed, rssMb } from './lib/app-processes.mjs';
import { seedScale, verifyScaleSeed } from './scale-seed.mjs';
import { startTopology } from './topology.mjs';

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
/** docs/PERFORMANCE.md "Marketplace at scale": the three list routes measured there, and top-games (cached since). */
const SCALE_ROUTES = [
  '/v2/api/slip/data/?p=1',
  '/api/home/active',
  '/v2/api/tipster/data/?all=1',
  '/api/home/top-games',
].join(';');
const scale = process.env.BENCH_SCALE === '1';
const raw = process.env.BENCH_RAW !== '0';
/** API/raw alternations per route (the route's duration is split between them). */
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const DIST = resolve(BACKEND, process.env.BENCH_DIST ?? 'dist');
const routes = (process.env.BENCH_ROUTES ?? (scale ? SCALE_ROUTES : DEFAULT_ROUTES))
  .split(';')
  .map((r) => {
    const m = /^(POST|PUT)\s+(\S+)\s*(.*)$/.exec(r.trim());
    return m
      ? { method: m[1], path: m[2], body: m[3] || undefined, label: `${m[1]} ${m[2]}` }
      : { method: 'GET', path: r.trim(), label: r.trim() };
  });
const port = Number(process.env.BENCH_PORT ?? 3200);
const apiCount = Number(process.env.BENCH_APIS ?? 1);
const workerCount = Number(process.env.BENCH_WORKERS ?? 0);
const rawPort = port + 1;
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `tips_bench_${randomBytes(4).toString('hex')}`;
// NODE_ENV test (throwawayAppEnv): production mode refuses bench-only secrets and the replay clock.
// Demo avatars and uploads go to a scratch folder removed with the database.
const env = {
  ...throwawayAppEnv({
    port,
    databaseUrl: `${pgBase}/${dbName}`,
    redisPrefix: `bench-${dbName}`,
    storageDir: mkdtempSync(join(tmpdir(), 'tips-bench-storage-')),
  }),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  ROLE: 'api',
};

/** One autocannon run of `route` against `base`, with the bench's settings. */
const drive = (base, route, seconds = duration) =>
  autocannon({
    url: `${base}${route.path}`,
    method: route.method,
    body: route.body,
    headers: route.body ? { 'content-type': 'application/json' } : undefined,
    connections,
    duration: seconds,
  });

/**
 * Several autocannon runs folded into one figure: requests/s averaged over the whole time, p50 the
 * mean of the runs' p50s, p99 the worst run's (conservative), non-2xx summed.
 */
const fold = (runs) => ({
  requests: { average: runs.reduce((s, r) => s + r.requests.average, 0) / runs.length },
  latency: {
    p50: Math.round(runs.reduce((s, r) => s + r.latency.p50, 0) / runs.length),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
  },
  non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
});

/**
 * The API processes' cache counters (GET /api/health/cache of each api in `apiUrls`, numbers
 * summed per cache and counter), or null.
 */
const cacheStats = async (apiUrls) => {
  try {
    const all = await Promise.all(
      apiUrls.map(async (url) => (await (await fetch(`${url}/api/health/cache`)).json()).caches),
    );
    const sum = {};
    for (const caches of all) {
      for (const [name, counters] of Object.entries(caches)) {
        sum[name] ??= {};
        for (const [key, value] of Object.entries(counters))
          if (typeof value === 'number') sum[name][key] = (sum[name][key] ?? 0) + value;
      }
    }
    return sum;
  } catch {
    return null;
  }
};

/** Hit rates of the in-process caches between two cacheStats() readings, as one line. */
const cacheLine = (label, before, after) => {
  if (!before || !after) return `${label}: cache counters unavailable`;
  const d = (cache, key) => (after[cache]?.[key] ?? 0) - (before[cache]?.[key] ?? 0);
  const rate = (hits, total) => (total ? `${((100 * hits) / total).toFixed(1)}%` : '-');
  const vh = d('VisitorResponseCache', 'hits');
  const vm = d('VisitorResponseCache', 'misses');
  const parts = [`visitors' fast path ${rate(vh, vh + vm)} (${vh} hits, ${vm} misses)`];
  for (const name of ['SlipListCache', 'TopGamesCache']) {
    const [local, stale, redis, loads] = ['localHits', 'staleHits', 'redisHits', 'loads'].map((k) =>
      d(name, k),
    );
    if (local + stale + redis + loads)
      parts.push(
        `${name} ${rate(local + stale, local + stale + redis + loads)} in process (${redis} Redis, ${loads} loads)`,
      );
  }
  const sh = d('SearchGamesCache', 'hits');
  const sm = d('SearchGamesCache', 'misses');
  if (sh + sm) parts.push(`SearchGamesCache ${rate(sh, sh + sm)} (${sm} queries)`);
  const seeks = d('SlipPageIndex', 'seeks');
  const builds = d('SlipPageIndex', 'builds');
  if (seeks + builds) parts.push(`SlipPageIndex ${builds} builds, ${seeks} seeks`);
  return `${label}: ${parts.join('; ')}`;
};

/** The API's answer to `route` (body bytes and content-type), which the raw server then repeats. */
const capture = async (route) => {
  const res = await fetch(`http://127.0.0.1:${port}${route.path}`, {
    method: route.method,
    body: route.body,
    headers: route.body ? { 'content-type': 'application/json' } : undefined,
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    body: Buffer.from(await res.arrayBuffer()),
  };
};

/**
 * Measures the API and a bare Node http server (own process) answering `answer`'s bytes with the
 * same autocannon settings, interleaved (API, raw, API, raw... BENCH_ROUNDS rounds sharing the
 * route's duration) so that other load on the machine weighs on both alike.
 */
const apiBesideRaw = async (route, answer, dir) => {
  const file = join(dir, 'body');
  writeFileSync(file, answer.body);
  const child = spawn(
    process.execPath,
    [join(BACKEND, 'bench', 'raw-server.mjs'), String(rawPort), file, answer.contentType],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    await new Promise((ok, fail) => {
      child.stdout.once('data', ok);
      child.once('exit', (code) => fail(new Error(`raw server exited (${code})`)));
    });
    const api = [];
    const bare = [];
    const slice = Math.max(1, Math.round(duration / rounds));
    for (let i = 0; i < rounds; i++) {
      api.push(await drive(`http://127.0.0.1:${port}`, route, slice));
      bare.push(await drive(`http://127.0.0.1:${rawPort}`, route, slice));
    }
    return { api: fold(api), raw: fold(bare) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
};

const main = async () => {
  // The default build is rebuilt when src/ is newer (a stale dist/ would measure old code); BENCH_DIST is run as it is.
  if (!process.env.BENCH_DIST) buildIfNeeded({ frontend: false });
  const timings = migrateAndSeed(DIST, env);
  let scaleNote = '';
  if (scale) {
    let s;
    let v;
    try {
      s = await seedScale(env.DATABASE_URL, {
        tipsters: Number(process.env.BENCH_TIPSTERS ?? 10_000),
        slips: Number(process.env.BENCH_SLIPS ?? 200_000),
        dist: DIST,
      });
      v = await verifyScaleSeed(env.DATABASE_URL, { dist: DIST });
    } catch (err) {
      await dropDatabaseAt(`${pgBase}/${dbName}`);
      rmSync(env.STORAGE_DIR, { recursive: true, force: true });
      throw err;
    }
    scaleNote =
      `scale seed ${(s.ms / 1000).toFixed(1)} s: +${s.tipsters} tipsters, +${s.slips} slips (${s.open} open) with ${s.tips} tips over ${s.days} history days; ` +
      `verified: every tipster_stat and tips_count equals its slips, ${v.slipsRecomputed} settled slips recomputed by the settlement rules`;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tips-bench-'));
  let topology = null;
  try {
    topology = await startTopology({
      apis: apiCount,
      workers: workerCount,
      balancer: process.env.BENCH_BALANCER,
      env,
      port,
      dist: DIST,
    });
    const apiPids = topology.processes.filter((p) => p.role === 'api').map((p) => p.pid);
    /** Resident memory of every api process, MB, as `a / b`. */
    const rss = () => apiPids.map((pid) => (rssMb(pid) ?? 0).toFixed(0)).join(' / ');
    const shape =
      topology.balancer === 'none'
        ? ''
        : `, ${apiCount} api + ${workerCount} worker processes behind ${topology.balancer === 'nginx' ? 'nginx' : 'a Node proxy (balancer-proxy.mjs)'}`;
    console.log(
      `node ${process.version}, ${connections} connections, ${duration} s per route${shape}, idle RSS ${rss()} MB`,
    );
    console.log(
      `empty database → ${timings.join(', ')} (seed = import of every data file + demo marketplace)`,
    );
    if (scaleNote) console.log(scaleNote);
    if (raw) {
      console.log(
        '| route | req/s (mean) | p50 ms | p99 ms | non-2xx | RSS after MB | body bytes | raw req/s | raw p50 ms | raw p99 ms | API % of raw |',
      );
      console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    } else {
      console.log('| route | req/s (mean) | p50 ms | p99 ms | non-2xx | RSS after MB |');
      console.log('| --- | --- | --- | --- | --- | --- |');
    }
    const cacheLines = [];
    for (const route of routes) {
      const answer = raw ? await capture(route) : null;
      const before = await cacheStats(topology.apiUrls);
      const pair = answer
        ? await apiBesideRaw(route, answer, dir)
        : { api: await drive(`http://127.0.0.1:${port}`, route) };
      cacheLines.push(cacheLine(route.label, before, await cacheStats(topology.apiUrls)));
      const r = pair.api;
      const row = `| ${route.label} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${rss()} |`;
      if (!answer) {
        console.log(row);
        continue;
      }
      const b = pair.raw;
      const pct = b.requests.average
        ? ((100 * r.requests.average) / b.requests.average).toFixed(0)
        : '-';
      console.log(
        `${row} ${answer.body.length} | ${b.requests.average.toFixed(0)} | ${b.latency.p50} | ${b.latency.p99} | ${pct}% |`,
      );
    }
    console.log('\nIn-process cache hit rates during each route (GET /api/health/cache):');
    for (const line of cacheLines) console.log(`- ${line}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await topology?.stop();
    await dropDatabaseAt(`${pgBase}/${dbName}`);
    rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
