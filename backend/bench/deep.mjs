/**
 * `npm run bench`, deep part (docs/PERFORMANCE.md "Deep bench: API beside bare SQL"): the API at
 * BENCH_SLIPS slips (20,000 by default; 200,000 for the requirement figures) on many URLs per item,
 * each item beside its BARE counterpart, printed as one table.
 *
 * Items: 1. logged-in list pages /v2/api/slip/data/?p=200..900 with a tipster's JWT (no visitor
 * fast path); 2. the same pages as a visitor (plus the visitors' cache hit rates); 3. 50 tipster
 * profiles /api/account/profile/{username}; 4. the same 50 tipsters' /api/records/tipster/{username}
 * (records ÷ profile given beside); 5. POST /api/manage/search-games with 40 patterns.
 * The page range is clipped to the list's page count when it has fewer than 900 pages (20,000 slips
 * give about 100 open-slip pages), keeping the same share of the list (from 2/9 of it to its end).
 *
 * Bare counterpart: a bare Node `http` + `pg` server (bare-server.mjs, pool of 20 like the app)
 * running, for each URL, the SQL statements the API ran for it (captured once per item on a fresh
 * API process with cold caches — new process, own Redis prefix — one request at a time, through
 * sql-capture.cjs preloaded into the built app: same text, same parameters, same order, parallelism
 * and transactions), then writing the API's recorded body bytes with its status and content-type.
 * So API ÷ bare compares the whole API (framework, auth, mappers, caches) with the database work
 * its cold path needs; above 1 the API's caches beat the SQL it would otherwise run.
 *
 * Method per item: autocannon (BENCH_CONNECTIONS 50) cycles through the item's URLs in turn across
 * all connections; API and bare alternate in BENCH_ROUNDS (2) rounds of BENCH_DURATION/BENCH_ROUNDS
 * seconds each (BENCH_DURATION 10 s per side by default). CPU ms per request is the process's
 * utime+stime (/proc/<pid>/stat) over the API's (or bare server's) runs divided by their requests.
 * The records tables are filled first with the app's RecordsService.catchUp (records-catchup.cjs):
 * ROLE=api does not run it. BENCH_TIPSTERS (10,000), BENCH_DIST as in run.mjs, BENCH_DEEP_PORT (API; capture +1, bare +2;
 * default: free ports picked by the OS);
 * BENCH_KEEP_CAPTURES=1 keeps the captured statements (capture-*.jsonl) and plans (plan-*.json).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import pg from 'pg';
import {
  buildIfNeeded,
  dropDatabaseAt,
  throwawayAppEnv,
  waitForHealth,
} from '../../scripts/lib.mjs';
import { seedScale, verifyScaleSeed } from './scale-seed.mjs';

const BACKEND = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { JwtService } = require('@nestjs/jwt');

const slipsWanted = Number(process.env.BENCH_SLIPS ?? 20_000);
const tipstersWanted = Number(process.env.BENCH_TIPSTERS ?? 10_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const DIST = resolve(BACKEND, process.env.BENCH_DIST ?? 'dist');
/** A port nothing listens on now (the OS's pick), so parallel benches on one machine do not collide. */
const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createNetServer().once('error', fail);
    srv.listen(0, '0.0.0.0', () => {
      const { port: p } = srv.address();
      srv.close(() => ok(p));
    });
  });
const port = Number(process.env.BENCH_DEEP_PORT ?? 0) || (await freePort());
const capturePort = process.env.BENCH_DEEP_PORT ? port + 1 : await freePort();
const barePort = process.env.BENCH_DEEP_PORT ? port + 2 : await freePort();
/** The app's pg pool size (database/data-source.ts `extra.max`). */
const POOL_SIZE = 20;
const CLK_TCK =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `tips_deep_${randomBytes(4).toString('hex')}`;
const accessSecret = `bench-access-${randomBytes(12).toString('hex')}`;
// NODE_ENV test (throwawayAppEnv): production mode refuses bench-only secrets and the replay clock.
const env = {
  ...throwawayAppEnv({
    port,
    databaseUrl: `${pgBase}/${dbName}`,
    redisPrefix: `bench-${dbName}`,
    storageDir: mkdtempSync(join(tmpdir(), 'tips-deep-storage-')),
  }),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  ROLE: 'api',
  JWT_ACCESS_SECRET: accessSecret,
};

/** The command line to print: the BENCH_* variables set and how the bench was started. */
const commandLine = () => {
  const vars = Object.entries(process.env)
    .filter(([k]) => k.startsWith('BENCH_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`);
  const how = process.env.npm_lifecycle_event
    ? `npm run ${process.env.npm_lifecycle_event}`
    : `node bench/deep.mjs`;
  return [...vars, how].join(' ');
};

/** CPU time (ms, user + system) a process has used so far. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
};

/** A child process running `args`, resolved once it prints `ready` or answers /api/health. */
const startNode = (args, childEnv, { health } = {}) => {
  const child = spawn(process.execPath, args, {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((_, fail) =>
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited (${code})`))),
  );
  const ready = Promise.race([
    health ? waitForHealth(health) : new Promise((ok) => child.stdout.once('data', ok)),
    exited,
  ]);
  exited.catch(() => undefined);
  child.stdout.resume();
  return ready.then(() => child);
};
/** The measured API's statement count so far (sql-capture.cjs with BENCH_SQL_COUNT=1 answers SIGWINCH). */
const sqlCount = (child) =>
  new Promise((ok, fail) => {
    let text = '';
    const timer = setTimeout(() => {
      child.stdout.off('data', on);
      fail(new Error('the API did not report its statement count'));
    }, 10_000);
    const on = (chunk) => {
      text += chunk;
      const m = /sqlcount (\d+)\n/.exec(text);
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off('data', on);
      ok(Number(m[1]));
    };
    child.stdout.on('data', on);
    child.kill('SIGWINCH');
  });
const stop = async (child) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
};

/** A request of an item: method, path, optional JSON body and headers. */
const request = (path, extra = {}) => ({ method: 'GET', path, ...extra });
const keyOf = (r) => `${r.method} ${r.path}${r.body ? ` ${r.body}` : ''}`;

/** One autocannon run cycling through `reqs` (one shared round-robin over all connections). */
const drive = (base, reqs, seconds) => {
  let next = 0;
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (r) => {
          const q = reqs[next++ % reqs.length];
          return { ...r, method: q.method, path: q.path, body: q.body, headers: q.headers ?? {} };
        },
      },
    ],
  });
};

/** Runs folded: mean requests/s, mean p50, worst p99, non-2xx summed, requests counted. */
const fold = (runs, cpu) => {
  const total = runs.reduce((s, r) => s + r.requests.total, 0);
  return {
    rps: runs.reduce((s, r) => s + r.requests.average, 0) / runs.length,
    p50: runs.reduce((s, r) => s + r.latency.p50, 0) / runs.length,
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    non2xx: runs.reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0),
    total,
    cpuPerReq: total ? cpu / total : NaN,
  };
};

/** The API process's cache counters (GET /api/health/cache), or null. */
const cacheStats = async () => {
  try {
    return (await (await fetch(`http://127.0.0.1:${port}/api/health/cache`)).json()).caches;
  } catch {
    return null;
  }
};

/**
 * Captures item `reqs` on a fresh API process (cold caches, own Redis prefix) with the SQL hook:
 * one request at a time; returns the bare server's plan ({ key: { status, contentType, body, steps } })
 * and the statement counts.
 */
const capture = async (name, reqs, dir) => {
  const file = join(dir, `capture-${name}.jsonl`);
  writeFileSync(file, '');
  const capEnv = {
    ...env,
    PORT: String(capturePort),
    PUBLIC_URL: env.PUBLIC_URL,
    REDIS_PREFIX: `${env.REDIS_PREFIX}-cap-${name}`,
    BENCH_SQL_CAPTURE: file,
  };
  const server = await startNode(
    ['--require', join(BACKEND, 'bench', 'sql-capture.cjs'), join(DIST, 'main.js')],
    capEnv,
    {
      health: `http://127.0.0.1:${capturePort}`,
    },
  );
  const answers = new Map();
  try {
    for (const r of reqs) {
      if (answers.has(keyOf(r))) continue;
      const res = await fetch(`http://127.0.0.1:${capturePort}${r.path}`, {
        method: r.method,
        body: r.body,
        headers: r.headers,
      });
      answers.set(keyOf(r), {
        status: res.status,
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        body: Buffer.from(await res.arrayBuffer()),
      });
    }
  } finally {
    await stop(server);
  }
  // Lines: a request's arrival {req, method, url, begin}, a statement's start {req, id, client, sql, params, t}, its end {id, end}.
  const starts = new Map();
  const byReq = new Map();
  const arrivals = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const o = JSON.parse(line);
    if (o.begin) arrivals.push(o);
    else if (o.sql !== undefined) {
      starts.set(o.id, o);
      if (!byReq.has(o.req)) byReq.set(o.req, []);
      byReq.get(o.req).push(o);
    } else if (starts.has(o.id)) starts.get(o.id).end = o.end;
  }
  // The capture's requests other than the health polls are the distinct reqs, in order (one at a time).
  const distinct = [...new Map(reqs.map((r) => [keyOf(r), r])).values()];
  const mine = arrivals.filter((a) => a.url !== '/api/health');
  if (mine.length !== distinct.length)
    throw new Error(`capture ${name}: ${mine.length} requests seen, ${distinct.length} sent`);
  const plan = {};
  let statements = 0;
  let first = 0;
  distinct.forEach((r, i) => {
    if (mine[i].url !== r.path || mine[i].method !== r.method)
      throw new Error(`capture ${name}: request ${i} is ${mine[i].method} ${mine[i].url}`);
    const key = keyOf(r);
    const stmts = byReq.get(mine[i].req) ?? [];
    statements += stmts.length;
    if (i === 0) first = stmts.length;
    const a = answers.get(key);
    plan[key] = {
      status: a.status,
      contentType: a.contentType,
      body: a.body.toString('base64'),
      steps: stepsOf(stmts),
    };
  });
  return {
    plan,
    statements,
    first,
    urls: distinct.length,
    statuses: countStatuses([...answers.values()]),
  };
};

const countStatuses = (answers) => {
  const c = {};
  for (const a of answers) c[a.status] = (c[a.status] ?? 0) + 1;
  return Object.entries(c)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
};

/**
 * Statements (start order) → steps for the bare server: a transaction (BEGIN … COMMIT/ROLLBACK on
 * one client) is one step; each step waits for the steps that had finished before it started in
 * the capture (`after`: their indices), so the replay keeps the API's order and parallelism.
 */
const stepsOf = (stmts) => {
  const steps = [];
  const open = new Map();
  for (const s of stmts) {
    const st = { sql: s.sql, params: s.params };
    const tx = open.get(s.client);
    if (tx) {
      tx.tx.push(st);
      tx.end = s.end ?? Infinity;
      if (/^\s*(COMMIT|ROLLBACK)\b/i.test(s.sql)) open.delete(s.client);
    } else if (/^\s*(BEGIN|START TRANSACTION)\b/i.test(s.sql)) {
      const step = { tx: [st], start: s.t, end: s.end ?? Infinity };
      open.set(s.client, step);
      steps.push(step);
    } else steps.push({ ...st, start: s.t, end: s.end ?? Infinity });
  }
  return steps.map(({ start, end, ...step }) => ({
    ...step,
    after: steps.flatMap((o, i) => (o.end <= start ? [i] : [])),
  }));
};

/** API and bare interleaved for one item; CPU per request from each process's CPU time. */
const measure = async (api, reqs, planFile) => {
  const bare = await startNode(
    [
      join(BACKEND, 'bench', 'bare-server.mjs'),
      String(barePort),
      planFile,
      env.DATABASE_URL,
      String(POOL_SIZE),
    ],
    env,
  );
  try {
    const a = [];
    const b = [];
    let aCpu = 0;
    let bCpu = 0;
    let aSql = 0;
    const slice = Math.max(1, Math.round(duration / rounds));
    for (let i = 0; i < rounds; i++) {
      let c0 = cpuMs(api.pid);
      const q0 = await sqlCount(api);
      a.push(await drive(`http://127.0.0.1:${port}`, reqs, slice));
      aCpu += cpuMs(api.pid) - c0;
      aSql += (await sqlCount(api)) - q0;
      c0 = cpuMs(bare.pid);
      b.push(await drive(`http://127.0.0.1:${barePort}`, reqs, slice));
      bCpu += cpuMs(bare.pid) - c0;
    }
    const apiRuns = fold(a, aCpu);
    return {
      api: { ...apiRuns, sqlPerReq: apiRuns.total ? aSql / apiRuns.total : NaN },
      bare: fold(b, bCpu),
    };
  } finally {
    await stop(bare);
  }
};

/** Deletes the run's Redis keys (the API's and the captures' prefixes all start with REDIS_PREFIX). */
const dropRedisKeys = async () => {
  const Redis = require('ioredis');
  const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_PREFIX}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};

const one = async (client, sql, params) => (await client.query(sql, params)).rows[0];

const main = async () => {
  const load0 = loadavg();
  const started = new Date();
  if (!process.env.BENCH_DIST) buildIfNeeded({ frontend: false });
  const notes = [];
  for (const step of ['database/migrate.js', 'seed/run-seed.js']) {
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [join(DIST, step)], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`${step} failed (${r.status})`);
    notes.push(
      `${step.replace('database/', '').replace('.js', '')} ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const s = await seedScale(env.DATABASE_URL, {
    tipsters: tipstersWanted,
    slips: slipsWanted,
    dist: DIST,
  });
  const v = await verifyScaleSeed(env.DATABASE_URL, { dist: DIST });
  notes.push(
    `scale seed ${(s.ms / 1000).toFixed(1)} s (+${s.tipsters} tipsters, +${s.slips} slips, ${s.open} open; verified, ${v.slipsRecomputed} slips recomputed)`,
  );
  const cu = spawnSync(process.execPath, [join(BACKEND, 'bench', 'records-catchup.cjs'), DIST], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (cu.status !== 0) throw new Error(`records catch-up failed (${cu.status})`);
  const caught = JSON.parse(cu.stdout.trim().split('\n').pop());
  notes.push(
    `records catch-up ${(caught.ms / 1000).toFixed(1)} s (${caught.counted} settled slips counted by RecordsService.catchUp)`,
  );

  // Inputs: a tipster with an open slip (JWT), 50 scale tipsters spread over the ids, 40 team-name patterns.
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  let viewer;
  let tipsters;
  let patterns;
  let counts;
  try {
    counts = await one(
      db,
      `SELECT (SELECT count(*)::int FROM slip) AS slips, (SELECT count(*)::int FROM slip WHERE slip_result IS NULL) AS open,
                                   (SELECT count(*)::int FROM record_tipster) AS records, (SELECT count(*)::int FROM record_slip) AS recorded`,
    );
    viewer = await one(
      db,
      `SELECT u.id, u.username, u.role FROM app_user u WHERE u.role = 'tipster'
          AND EXISTS (SELECT 1 FROM slip s WHERE s.user_id = u.id AND s.slip_result IS NULL) ORDER BY u.id DESC LIMIT 1`,
    );
    tipsters = (
      await db.query(
        `WITH t AS (SELECT u.username, row_number() OVER (ORDER BY u.id) AS n, count(*) OVER () AS c
                      FROM app_user u JOIN record_tipster r ON r.user_id = u.id WHERE u.role = 'tipster')
         SELECT username FROM t WHERE (n - 1) % greatest(c / 50, 1) = 0 ORDER BY n LIMIT 50`,
      )
    ).rows.map((r) => r.username);
    patterns = (
      await db.query(
        `SELECT lower(split_part(home_team, ' ', 1)) AS p, count(*) FROM fixture
          WHERE length(split_part(home_team, ' ', 1)) >= 4 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 40`,
      )
    ).rows.map((r) => r.p);
  } finally {
    await db.end();
  }
  if (!counts.records || !counts.recorded)
    throw new Error('records tables are empty after the catch-up');
  if (tipsters.length < 50) throw new Error(`only ${tipsters.length} tipsters with a record`);
  notes.push(
    `records: ${counts.records} tipsters, ${counts.recorded} slips recorded (of ${counts.slips} slips, ${counts.open} open)`,
  );
  // The app's own signer (token.service.ts), with the bench API's secret; valid for the whole run.
  const { signAccessToken } = require(join(DIST, 'modules/account/auth/token.service.js'));
  const token = signAccessToken(
    new JwtService(),
    { id: viewer.id, username: viewer.username, role: viewer.role },
    null,
    accessSecret,
    6 * 3600,
  );
  const auth = { authorization: `Bearer ${token}` };

  const api = await startNode(
    ['--require', join(BACKEND, 'bench', 'sql-capture.cjs'), join(DIST, 'main.js')],
    { ...env, BENCH_SQL_COUNT: '1' },
    {
      health: `http://127.0.0.1:${port}`,
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'tips-deep-'));
  try {
    const numPages = (await (await fetch(`http://127.0.0.1:${port}/v2/api/slip/data/?p=1`)).json())
      .num_pages;
    const hi = Math.min(900, numPages);
    const lo = hi === 900 ? 200 : Math.max(1, Math.round((hi * 2) / 9));
    const pages = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
    const items = [
      {
        name: 'logged-in',
        label: `1. logged-in list p=${lo}..${hi} (tipster JWT)`,
        reqs: pages.map((p) => request(`/v2/api/slip/data/?p=${p}`, { headers: auth })),
      },
      {
        name: 'visitor',
        label: `2. visitor list p=${lo}..${hi}`,
        reqs: pages.map((p) => request(`/v2/api/slip/data/?p=${p}`)),
        cache: true,
      },
      {
        name: 'profile',
        label: '3. profile, 50 tipsters',
        reqs: tipsters.map((u) => request(`/api/account/profile/${u}`)),
      },
      {
        name: 'records',
        label: '4. records, same 50 tipsters',
        reqs: tipsters.map((u) => request(`/api/records/tipster/${u}`)),
      },
      {
        name: 'search',
        label: '5. search-games, 40 patterns',
        reqs: patterns.map((p) =>
          request('/api/manage/search-games', {
            method: 'POST',
            body: JSON.stringify({ pattern: p }),
            headers: { 'content-type': 'application/json' },
          }),
        ),
      },
    ];
    const rows = [];
    const captures = [];
    const cacheLines = [];
    for (const item of items) {
      const cap = await capture(item.name, item.reqs, dir);
      item.sqlPerUrl = cap.statements / cap.urls;
      captures.push(
        `${item.name}: ${cap.urls} URLs (${cap.statuses}), ${cap.statements} statements captured (${(cap.statements / cap.urls).toFixed(1)}/URL, first URL ${cap.first})`,
      );
      const planFile = join(dir, `plan-${item.name}.json`);
      writeFileSync(planFile, JSON.stringify(cap.plan));
      const before = item.cache ? await cacheStats() : null;
      const m = await measure(api, item.reqs, planFile);
      if (item.cache) {
        const after = await cacheStats();
        const d = (c, k) => (after?.[c]?.[k] ?? 0) - (before?.[c]?.[k] ?? 0);
        const h = d('VisitorResponseCache', 'hits');
        const mi = d('VisitorResponseCache', 'misses');
        cacheLines.push(
          `visitor fast path during item 2 (API runs only): ${h + mi ? ((100 * h) / (h + mi)).toFixed(1) : '-'}% hits (${h} hits, ${mi} misses)`,
        );
      }
      rows.push({ item, m });
    }
    const load1 = loadavg();
    const f = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '-');
    console.log(`\n## Deep bench: API beside bare SQL — ${slipsWanted.toLocaleString('en')} slips`);
    console.log(
      `date ${started.toISOString()}; machine ${cpus()[0]?.model ?? '?'}, ${cpus().length} cores; node ${process.version}`,
    );
    console.log(
      `load average at start ${load0.map((x) => x.toFixed(2)).join(' ')}, at end ${load1.map((x) => x.toFixed(2)).join(' ')}`,
    );
    console.log(
      `command: ${commandLine()}  (${connections} connections, ${duration} s per side per item in ${rounds} alternating rounds)`,
    );
    console.log(`setup: ${notes.join('; ')}`);
    console.log(
      '| item | URLs | API req/s | API p50 ms | API p99 ms | API CPU ms/req | API SQL/req | bare req/s | bare p50 ms | bare p99 ms | bare CPU ms/req | bare SQL/req | non-2xx API/bare | API ÷ bare (req/s) |',
    );
    console.log(
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const { item, m } of rows) {
      const urls = new Set(item.reqs.map(keyOf)).size;
      console.log(
        `| ${item.label} | ${urls} | ${f(m.api.rps)} | ${f(m.api.p50, 1)} | ${m.api.p99} | ${f(m.api.cpuPerReq, 2)} | ${f(m.api.sqlPerReq, 2)} | ${f(m.bare.rps)} | ${f(m.bare.p50, 1)} | ${m.bare.p99} | ${f(m.bare.cpuPerReq, 2)} | ${f(item.sqlPerUrl, 2)} | ${m.api.non2xx}/${m.bare.non2xx} | ${f(m.api.rps / m.bare.rps, 2)} |`,
      );
    }
    const prof = rows.find((r) => r.item.name === 'profile').m.api;
    const rec = rows.find((r) => r.item.name === 'records').m.api;
    console.log(
      `\nrecords ÷ profile (API, same 50 tipsters): time per request ${f(prof.rps / rec.rps, 2)}×, p50 ${f(rec.p50 / prof.p50, 2)}×, p99 ${f(rec.p99 / prof.p99, 2)}×, CPU/req ${f(rec.cpuPerReq / prof.cpuPerReq, 2)}× (requirement: within 2× at 200,000 slips)`,
    );
    for (const line of cacheLines) console.log(`- ${line}`);
    console.log('- captures (cold API process per item, one request at a time):');
    for (const line of captures) console.log(`  - ${line}`);
  } finally {
    if (process.env.BENCH_KEEP_CAPTURES === '1') console.log(`captures and plans kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
    await stop(api);
    await dropDatabaseAt(env.DATABASE_URL);
    await dropRedisKeys();
    rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  }
};

main().catch(async (err) => {
  console.error(err);
  await dropDatabaseAt(env.DATABASE_URL).catch(() => undefined);
  await dropRedisKeys().catch(() => undefined);
  rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  process.exit(1);
});
