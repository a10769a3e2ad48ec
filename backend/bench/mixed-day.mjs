/**
 * `npm run bench:mixed -w backend` ("Mixed-load day" in docs/PERFORMANCE.md): a marketplace day
 * compressed into BENCH_MIXED_S seconds against the built app as production runs it.
 *
 * - BENCH_VISITORS visitors (500) browse, each with its own client address (X-Forwarded-For, the
 *   app trusting the local proxy) and a think time of BENCH_THINK_MS (500-2500, uniform) between
 *   pages: active slips (/v2/api/slip/data/?p=N, deep pages included), the home list, finished
 *   slips (deep pages too), the tipster leaderboard, tipster profiles, jackpots and game search.
 * - BENCH_BUYERS_PCT % of them (5) also buy slips, each purchase from a fresh random Kenyan
 *   MSISDN 07XXXXXXXX (never 070004x, which the Daraja sandbox refuses): POST /api/processor/buy →
 *   the prompt appears on the sandbox phone → accepted with the PIN, as the e2e tests do → the
 *   sandbox posts the STK callback → the worker pays the purchase → the picks SMS reaches the
 *   sandbox phone's inbox (time from buy to SMS measured).
 * - BENCH_TIPSTERS tipsters (20), registered through the API before the run, publish slips
 *   through POST /api/slip/create with their JWT (two each, the daily limit, at random times).
 * - Results arrive: every BENCH_SETTLE_EVERY_S (10) seconds the kick-off of the fixtures of a few
 *   open slips is moved to 3 h before the data clock's now (as if the replay clock had passed
 *   them), then a `sync-results` job is added to the fixtures queue — the job the worker's
 *   scheduler adds each minute — so the fixtures get their score and the slips settle through
 *   `fixture.finished`, as in production. Slips on sale to the buyers and the fixtures tipsters
 *   publish on are never moved.
 *
 * Prints per-route count, p50, p99 and errors (non-2xx and socket errors: must be 0), purchases
 * attempted / paid / SMS received, slips published and settled, the RSS of each app process every
 * 5 s, and the credit checks of bench/lib/credit-checks.mjs over every purchase of the run
 * (one sale share + one platform fee + one buyer SMS each). Writes the same as JSON to BENCH_OUT.
 *
 * Processes: by default a scratch database seeded like `npm start`, an api and a worker process
 * (bench/lib/scratch-app.mjs; BENCH_ROLE=all for one process). Or an already running topology:
 * BENCH_BASE_URL, BENCH_PIDS (`pid:role,...`), BENCH_DATABASE_URL and BENCH_REDIS_PREFIX (its
 * PUBLIC_URL must be BENCH_BASE_URL and it must trust the proxy for X-Forwarded-For), or
 * BENCH_TOPOLOGY: the JSON line `node bench/topology.mjs` prints (inline or a file), whose
 * balancer processes are sampled too.
 * Other settings: BENCH_PORT (3220), BENCH_CONNECTIONS (keep-alive sockets, 500), BENCH_DIST,
 * BENCH_OUT, BENCH_SMS_WAIT_S (120: how long after the run purchases may still complete).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { creditChecks } from './lib/credit-checks.mjs';
import { BACKEND, cpuMs, requireBackend, rssMb, startScratchApp } from './lib/scratch-app.mjs';

const { Client } = requireBackend('pg');
const { Queue } = requireBackend('bullmq');
const Redis = requireBackend('ioredis').default ?? requireBackend('ioredis');

const env = process.env;
const durationS = Number(env.BENCH_MIXED_S ?? 300);
const visitors = Number(env.BENCH_VISITORS ?? 500);
const buyersPct = Number(env.BENCH_BUYERS_PCT ?? 5);
const tipsterCount = Number(env.BENCH_TIPSTERS ?? 20);
const settleEveryS = Number(env.BENCH_SETTLE_EVERY_S ?? 10);
const [thinkMin, thinkMax] = (env.BENCH_THINK_MS ?? '500-2500').split('-').map(Number);
const connections = Number(env.BENCH_CONNECTIONS ?? 500);
const smsWaitMs = Number(env.BENCH_SMS_WAIT_S ?? 120) * 1000;
const port = Number(env.BENCH_PORT ?? 3220);
const out = env.BENCH_OUT;
/** BENCH_TOPOLOGY: the JSON line topology.mjs prints, inline or the path of a file holding it. */
const topology = env.BENCH_TOPOLOGY
  ? JSON.parse(
      env.BENCH_TOPOLOGY.trim().startsWith('{')
        ? env.BENCH_TOPOLOGY
        : readFileSync(env.BENCH_TOPOLOGY, 'utf8'),
    )
  : null;
const external = Boolean(topology || env.BENCH_BASE_URL);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (xs) => xs[randomInt(xs.length)];
const run = randomBytes(3).toString('hex');

// ---------------------------------------------------------------- HTTP with per-route timings
const agent = new Agent({ keepAlive: true, maxSockets: connections });
/** route label → { ms: number[], errors, statuses: {code: n} } */
const routes = new Map();
const stat = (label) => {
  let s = routes.get(label);
  if (!s) routes.set(label, (s = { ms: [], errors: 0, statuses: {}, samples: [] }));
  return s;
};
let baseUrl = '';

/**
 * One request, timed under `label`. Resolves { status, body } (body parsed when JSON); a socket
 * error counts as an error with status 0. A status outside `ok` (2xx) counts as an error.
 */
const call = (label, method, path, { body, token, ip, ok = (s) => s >= 200 && s < 300 } = {}) =>
  new Promise((resolveCall) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { accept: 'application/json' };
    if (payload)
      Object.assign(headers, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      });
    if (token) headers.authorization = `Bearer ${token}`;
    if (ip) headers['x-forwarded-for'] = ip;
    const s = stat(label);
    const t0 = performance.now();
    const done = (status, text) => {
      s.ms.push(performance.now() - t0);
      s.statuses[status] = (s.statuses[status] ?? 0) + 1;
      if (!ok(status)) {
        s.errors++;
        if (s.samples.length < 3)
          s.samples.push(`${method} ${path} → ${status} ${String(text).slice(0, 200)}`);
      }
      let parsed = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      resolveCall({ status, body: parsed });
    };
    const req = httpRequest(`${baseUrl}${path}`, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => done(res.statusCode, Buffer.concat(chunks).toString('utf8')));
      res.on('error', (err) => done(0, err.message));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout 30 s')));
    req.on('error', (err) => done(0, err.message));
    req.end(payload);
  });

const quantile = (sorted, q) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;

// ---------------------------------------------------------------- the run
const main = async () => {
  let app = null;
  let processes;
  let databaseUrl;
  let redisPrefix;
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (topology) {
    // The line topology.mjs prints: {"baseUrl", "processes": [{pid, role}], "databaseUrl", "redisPrefix", "balancer"?: {kind, pids}}.
    ({ baseUrl, databaseUrl, redisPrefix } = topology);
    processes = [
      ...topology.processes.map(({ pid, role }) => ({ pid, role })),
      ...(topology.balancer?.pids ?? []).map((pid) => ({ pid, role: topology.balancer.kind })),
    ];
  } else if (external) {
    baseUrl = env.BENCH_BASE_URL.replace(/\/$/, '');
    databaseUrl = env.BENCH_DATABASE_URL;
    redisPrefix = env.BENCH_REDIS_PREFIX;
    if (!databaseUrl || !redisPrefix)
      throw new Error('BENCH_BASE_URL needs BENCH_DATABASE_URL and BENCH_REDIS_PREFIX');
    processes = (env.BENCH_PIDS ?? '')
      .split(',')
      .filter(Boolean)
      .map((x) => {
        const [pid, role] = x.split(':');
        return { pid: Number(pid), role: role ?? 'app' };
      });
  } else {
    app = await startScratchApp({
      name: 'bench_mixed',
      port,
      split: (env.BENCH_ROLE ?? 'split') !== 'all',
      distDir: env.BENCH_DIST ? join(BACKEND, env.BENCH_DIST) : undefined,
      // The bench stands for the proxy in front of the app: each visitor comes with its own address.
      env: { TRUST_PROXY: '127.0.0.1' },
    });
    ({ baseUrl, databaseUrl, redisPrefix } = app);
    processes = app.processes.map(({ pid, role }) => ({ pid, role }));
  }
  // Two processes of one role are told apart by their order.
  const seen = {};
  for (const p of processes)
    p.name =
      processes.filter((q) => q.role === p.role).length > 1
        ? `${p.role}${(seen[p.role] = (seen[p.role] ?? 0) + 1)}`
        : p.role;

  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const fixturesQueue = new Queue('fixtures', { connection: redis, prefix: redisPrefix });
  try {
    // ------------------------------------------------ what the visitors, buyers and tipsters use
    const dataNowSql = `(now() - coalesce((SELECT (start_day - anchor) FROM replay_state LIMIT 1), 0) * interval '1 day')`;
    const usernames = (
      await db.query(`SELECT username FROM app_user WHERE role = 'tipster' ORDER BY id LIMIT 200`)
    ).rows.map((r) => r.username);
    const teams = (
      await db.query(
        `SELECT DISTINCT home_team FROM fixture WHERE kickoff > ${dataNowSql} - interval '7 days' LIMIT 200`,
      )
    ).rows.map((r) => r.home_team);
    const patterns = [...new Set(teams.map((t) => t.slice(0, 4)))];
    // Slips on sale to the buyers: the open slips whose first game is latest.
    const onSale = (
      await db.query(
        `SELECT s.id, min(f.kickoff) first FROM slip s JOIN tip t ON t.slip_id = s.id JOIN fixture f ON f.id = t.fixture_id
          WHERE s.slip_result IS NULL AND s.price_ksh > 0 GROUP BY s.id HAVING min(f.kickoff) > ${dataNowSql} + interval '6 hours'
          ORDER BY first DESC LIMIT 10`,
      )
    ).rows.map((r) => Number(r.id));
    const onSaleGames = (
      await db.query(`SELECT DISTINCT fixture_id::text id FROM tip WHERE slip_id = ANY($1)`, [
        onSale,
      ])
    ).rows.map((r) => r.id);
    // Open slips whose results arrive during the run, earliest games first; none shares a game with a slip on sale.
    const toSettle = (
      await db.query(
        `SELECT s.id FROM slip s JOIN tip t ON t.slip_id = s.id JOIN fixture f ON f.id = t.fixture_id
          WHERE s.slip_result IS NULL AND NOT (s.id = ANY($1))
          GROUP BY s.id HAVING bool_and(NOT (f.id::text = ANY($2)) AND f.result_ft_home IS NOT NULL)
          ORDER BY max(f.kickoff) LIMIT 1000`,
        [onSale, onSaleGames],
      )
    ).rows.map((r) => Number(r.id));
    // Fixtures tipsters publish on: upcoming and offered (the replayed data holds their result),
    // priced 1.30-4.00 on market 1, kick-off > 6 h away, in no open slip. The games of the slips
    // published in the run leave this pool when their results arrive.
    const publishPool = new Set(
      (
        await db.query(
          `SELECT f.id::text FROM fixture f JOIN fixture_odds o ON o.fixture_id = f.id AND o.market_id = 1
            WHERE f.kickoff > ${dataNowSql} + interval '6 hours' AND f.status = 'NS' AND f.result_ft_home IS NOT NULL
              AND o.odd BETWEEN 1.30 AND 4.00
              AND NOT EXISTS (SELECT 1 FROM tip t JOIN slip s ON s.id = t.slip_id WHERE t.fixture_id = f.id AND s.slip_result IS NULL)
            ORDER BY f.kickoff LIMIT 400`,
        )
      ).rows.map((r) => r.id),
    );
    const openAtStart = (await db.query(`SELECT id FROM slip WHERE slip_result IS NULL`)).rows.map(
      (r) => Number(r.id),
    );
    if (!onSale.length) throw new Error('no open slip on sale to buy');
    if (publishPool.size < 12) throw new Error('no upcoming fixtures to publish on');

    const first = await call('setup', 'GET', '/v2/api/slip/data/?p=1');
    const activePages = Math.max(1, Number(first.body?.num_pages ?? 1));
    const fin = await call('setup', 'GET', '/v2/api/slip/data/finished/?p=1');
    const finishedPages = Math.max(1, Number(fin.body?.num_pages ?? 1));

    // Tipsters: registered through the API (own addresses: the per-address sign-up limit).
    const tipsters = [];
    for (let i = 0; i < tipsterCount; i++) {
      const username = `mix${run}_${i}`;
      const res = await call('setup', 'POST', '/api/account/register', {
        ip: `10.250.${i >> 8}.${i & 255}`,
        body: {
          username,
          email: `${username}@bench.tips`,
          phone_number: `0711${run.slice(0, 3).replace(/[a-f]/g, '5')}${String(i).padStart(3, '0')}`,
          password: 'bench-password-1',
          country: 'KE',
        },
      });
      if (res.status !== 201)
        throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
      tipsters.push({ username, token: res.body.token, left: 2 });
    }
    routes.delete('setup');

    const mode = external
      ? `running topology at ${baseUrl}`
      : `${processes.map((p) => p.role).join(' + ')} processes on a scratch database (${app.setup.join(', ')})`;
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, ${mode}; ${durationS} s, ${visitors} visitors (think ${thinkMin}-${thinkMax} ms, ${buyersPct}% buyers), ` +
        `${tipsters.length} tipsters, ${openAtStart.length} open slips: ${onSale.length} on sale, ${toSettle.length} to settle (every ${settleEveryS} s), active list ${activePages} pages, finished ${finishedPages}`,
    );

    const t0 = Date.now();
    const end = t0 + durationS * 1000;
    const running = () => Date.now() < end;

    // ------------------------------------------------ RSS every 5 s
    // RSS of each process every 5 s, with the CPU it used since the previous sample (% of one core);
    // this bench's own CPU beside (it shares the cores), and the machine's load average.
    const rss = [];
    let lastCpu = {
      at: Date.now(),
      ...Object.fromEntries(processes.map((p) => [p.name, cpuMs(p.pid)])),
      bench: 0,
    };
    const benchCpu0 = process.cpuUsage();
    const sampleRss = () => {
      const now = {
        at: Date.now(),
        ...Object.fromEntries(processes.map((p) => [p.name, cpuMs(p.pid)])),
      };
      const c = process.cpuUsage(benchCpu0);
      now.bench = (c.user + c.system) / 1000;
      const pct = (k) =>
        now.at > lastCpu.at ? Math.round(((now[k] - lastCpu[k]) / (now.at - lastCpu.at)) * 100) : 0;
      rss.push({
        t: Math.round((now.at - t0) / 1000),
        ...Object.fromEntries(processes.map((p) => [p.name, rssMb(p.pid)])),
        cpuPct: {
          ...Object.fromEntries(processes.map((p) => [p.name, pct(p.name)])),
          bench: pct('bench'),
        },
        load1: +loadavg()[0].toFixed(2),
      });
      lastCpu = now;
    };
    sampleRss();
    const rssTimer = setInterval(sampleRss, 5000);

    // ------------------------------------------------ visitors
    const browse = [
      [
        20,
        () => [
          'GET /v2/api/slip/data/?p=N',
          `/v2/api/slip/data/?p=${randomInt(3) ? 1 + randomInt(Math.min(3, activePages)) : 1 + randomInt(activePages)}`,
        ],
      ],
      [15, () => ['GET /api/home/active', '/api/home/active']],
      [
        10,
        () => [
          'GET /v2/api/slip/data/finished/?p=N',
          `/v2/api/slip/data/finished/?p=${randomInt(2) ? 1 : 1 + randomInt(finishedPages)}`,
        ],
      ],
      [10, () => ['GET /v2/api/tipster/data/?all=1', '/v2/api/tipster/data/?all=1']],
      [
        20,
        () => [
          'GET /api/account/profile/{username}',
          `/api/account/profile/${encodeURIComponent(pick(usernames))}`,
        ],
      ],
      [10, () => ['GET /api/jackpot/get-all-jackpots', '/api/jackpot/get-all-jackpots']],
      [15, () => ['POST /api/manage/search-games', '/api/manage/search-games']],
    ];
    const weight = browse.reduce((s, [w]) => s + w, 0);
    const nextPage = () => {
      let r = randomInt(weight);
      for (const [w, f] of browse) if ((r -= w) < 0) return f();
      return browse[0][1]();
    };
    const think = () => sleep(thinkMin + randomInt(Math.max(1, thinkMax - thinkMin)));

    const purchases = {
      attempted: 0,
      accepted: 0,
      sms: 0,
      refused: 0,
      msisdns: [],
      buyToSmsMs: [],
    };
    const randomMsisdn = () => {
      for (;;) {
        const local = `07${String(randomInt(100_000_000)).padStart(8, '0')}`;
        if (!local.startsWith('070004')) return local;
      }
    };
    /** One purchase: buy → prompt on the sandbox phone → accept with the PIN → picks SMS in the inbox. */
    const buy = async (ip) => {
      const local = randomMsisdn();
      const msisdn = `254${local.slice(1)}`;
      const slip = pick(onSale);
      purchases.attempted++;
      purchases.msisdns.push(msisdn);
      const tBuy = Date.now();
      const res = await call('POST /api/processor/buy', 'POST', '/api/processor/buy', {
        ip,
        body: { phone: local, slip },
      });
      if (res.status !== 200) return;
      let prompt;
      while (!prompt && Date.now() - tBuy < 60_000) {
        const phone = await call(
          'GET /sandbox/api/phones/{msisdn}',
          'GET',
          `/sandbox/api/phones/${msisdn}`,
        );
        prompt = phone.body?.prompts?.[0];
        if (!prompt) await sleep(250);
      }
      if (!prompt) return void stat('purchase: prompt never shown').errors++;
      const accepted = await call(
        'POST /sandbox/api/phones/{msisdn}/prompts/{id}/accept',
        'POST',
        `/sandbox/api/phones/${msisdn}/prompts/${prompt.checkoutRequestId}/accept`,
        { body: { pin: '1234' } },
      );
      if (accepted.status !== 200) return;
      purchases.accepted++;
      const deadline = Math.max(end, Date.now()) + smsWaitMs;
      for (;;) {
        const phone = await call(
          'GET /sandbox/api/phones/{msisdn}',
          'GET',
          `/sandbox/api/phones/${msisdn}`,
        );
        if ((phone.body?.messages ?? []).some((m) => m.body.startsWith(`Slip ${slip} `))) {
          purchases.sms++;
          purchases.buyToSmsMs.push(Date.now() - tBuy);
          return;
        }
        if (Date.now() > deadline) return void stat('purchase: picks SMS never received').errors++;
        await sleep(1000);
      }
    };
    const buyers = Math.round((visitors * buyersPct) / 100);
    const visitor = async (v) => {
      const ip = `10.${1 + (v >> 16)}.${(v >> 8) & 255}.${v & 255}`;
      const buyer = v < buyers;
      await sleep(randomInt(Math.max(1, thinkMax)));
      let pages = 0;
      while (running()) {
        const [label, path] = nextPage();
        if (label.startsWith('POST'))
          await call(label, 'POST', path, { ip, body: { pattern: pick(patterns) } });
        else await call(label, 'GET', path, { ip });
        pages++;
        // A buyer browses a few pages, buys (a fresh phone each time, as many people share a device), and goes on.
        if (buyer && pages % (4 + randomInt(4)) === 0 && running())
          await buy(`10.200.${randomInt(256)}.${randomInt(256)}`);
        await think();
      }
    };

    // ------------------------------------------------ tipsters publishing, results arriving
    // One sequence, so a game never leaves the publish pool while a slip on it is being published.
    // Each wave of results: the games of the slips published since the last wave and of a share
    // of the open seed slips get a kick-off 3 h before the data clock's now, then a `sync-results`
    // job (the job the worker's scheduler adds every minute) gives them their scores.
    const publishedIds = [];
    let published = 0;
    let moved = 0;
    let waves = 0;
    const publishAt = tipsters.flatMap((tp) =>
      [0, 1].map(() => ({ tp, at: t0 + randomInt(Math.max(1, durationS * 1000 - 2000)) })),
    );
    const waveCount = Math.max(1, Math.floor(durationS / settleEveryS));
    const perWave = Math.ceil(toSettle.length / waveCount);
    const waveAt = Array.from({ length: waveCount }, (_, i) => ({
      wave: i,
      at: t0 + (i + 1) * settleEveryS * 1000 - 500,
    }));
    const events = [...publishAt, ...waveAt].sort((x, y) => x.at - y.at);
    let lastWaveSlip = 0;
    const market = (async () => {
      for (const e of events) {
        if (e.at > Date.now()) await sleep(e.at - Date.now());
        if (e.tp) {
          const pool = [...publishPool];
          const games = new Set();
          while (games.size < 3) games.add(pick(pool));
          const res = await call('POST /api/slip/create', 'POST', '/api/slip/create', {
            token: e.tp.token,
            ip: '10.251.0.1',
            body: {
              published: true,
              tip_id: null,
              amount: 100,
              tips: [...games].map((g) => ({ game: Number(g), market: 1 })),
            },
          });
          if (res.status === 201) {
            published++;
            publishedIds.push(Number(res.body.id));
          }
          continue;
        }
        const fresh = publishedIds.slice(lastWaveSlip);
        lastWaveSlip = publishedIds.length;
        const wave = [...toSettle.slice(e.wave * perWave, (e.wave + 1) * perWave), ...fresh];
        const games = (
          await db.query(`SELECT DISTINCT fixture_id::text id FROM tip WHERE slip_id = ANY($1)`, [
            wave,
          ])
        ).rows.map((r) => r.id);
        for (const g of games) publishPool.delete(g);
        if (publishPool.size < 3) throw new Error('the publish pool ran out of games');
        const r = await db.query(
          `UPDATE fixture SET kickoff = ${dataNowSql} - interval '3 hours' WHERE finished_at IS NULL AND id::text = ANY($1)`,
          [games],
        );
        moved += r.rowCount;
        waves++;
        await fixturesQueue.add('sync-results', {}, { removeOnComplete: 100, removeOnFail: 100 });
      }
    })();

    await Promise.all([...Array.from({ length: visitors }, (_, v) => visitor(v)), market]);
    const runMs = Date.now() - t0;
    // Settlement of the last wave: one more tick after the run.
    await fixturesQueue.add('sync-results', {}, { removeOnComplete: 100, removeOnFail: 100 });
    clearInterval(rssTimer);
    sampleRss();
    // Every slip whose games all had their results must settle: waited for up to 60 s.
    const settledWaitEnd = Date.now() + 60_000;
    const tracked = [...openAtStart, ...publishedIds];
    let settled = 0;
    let settleable = 0;
    for (;;) {
      [{ settled, settleable }] = (
        await db.query(
          `SELECT count(*) FILTER (WHERE s.slip_result IS NOT NULL)::int settled,
                  count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM tip t JOIN fixture f ON f.id = t.fixture_id
                                                      WHERE t.slip_id = s.id AND f.finished_at IS NULL AND f.kickoff > ${dataNowSql} - interval '2 hours'))::int settleable
             FROM slip s WHERE s.id = ANY($1)`,
          [tracked],
        )
      ).rows;
      if (settled >= settleable || Date.now() > settledWaitEnd) break;
      await sleep(500);
    }

    // ------------------------------------------------ checks
    const credit = await creditChecks(db, `p.phone = ANY($1)`, [purchases.msisdns]);
    const table = [...routes.entries()].map(([route, s]) => {
      const sorted = [...s.ms].sort((a, b) => a - b);
      return {
        route,
        count: s.ms.length + (s.ms.length ? 0 : s.errors),
        p50: +quantile(sorted, 0.5).toFixed(1),
        p99: +quantile(sorted, 0.99).toFixed(1),
        errors: s.errors,
        statuses: s.statuses,
        samples: s.samples,
      };
    });
    const total = table.reduce(
      (a, r) => ({ count: a.count + r.count, errors: a.errors + r.errors }),
      { count: 0, errors: 0 },
    );
    const all = [...routes.values()].flatMap((s) => s.ms).sort((a, b) => a - b);
    const sms = [...purchases.buyToSmsMs].sort((a, b) => a - b);

    console.log(
      `\nrun ${(runMs / 1000).toFixed(0)} s: ${total.count} requests, ${(total.count / (runMs / 1000)).toFixed(0)}/s, errors ${total.errors}\n`,
    );
    console.log('| route | count | p50 ms | p99 ms | errors |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const r of table)
      console.log(`| ${r.route} | ${r.count} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    console.log(
      `| all | ${total.count} | ${quantile(all, 0.5).toFixed(1)} | ${quantile(all, 0.99).toFixed(1)} | ${total.errors} |`,
    );
    console.log('\n| measure | value |');
    console.log('| --- | --- |');
    console.log(
      `| purchases attempted / prompt accepted / paid / picks SMS in the sandbox inbox | ${purchases.attempted} / ${purchases.accepted} / ${credit.paid} / ${purchases.sms} |`,
    );
    console.log(
      `| buy → picks SMS received, p50 / p99 | ${(quantile(sms, 0.5) / 1000).toFixed(1)} s / ${(quantile(sms, 0.99) / 1000).toFixed(1)} s |`,
    );
    console.log(`| slips published (of ${publishAt.length} tries) | ${published} |`);
    console.log(
      `| slips settled (open at start or published in the run; ${moved} games' results arrived in ${waves} waves) | ${settled} of ${settleable} whose games all ended |`,
    );
    console.log(
      `| credit checks (sales Ksh ${credit.sales}) | ${credit.problems.length ? credit.problems.join('; ') : `each of ${credit.paid} paid purchases: one sale share + one platform fee + one buyer SMS`} |`,
    );
    console.log(
      `\nRSS MB (CPU % of one core over the previous 5 s), every 5 s${rss.length > 25 ? `, every ${Math.ceil(rss.length / 25)}th sample shown; all in BENCH_OUT` : ''}\n`,
    );
    const names = processes.map((p) => p.name);
    console.log(`| t s | ${names.join(' | ')} | bench CPU % | load avg 1 min |`);
    console.log(`| ---: | ${names.map(() => '---:').join(' | ')} | ---: | ---: |`);
    const stride = Math.ceil(rss.length / 25);
    rss.forEach((r, i) => {
      if (i % stride === 0 || i === rss.length - 1) {
        console.log(
          `| ${r.t} | ${names.map((n) => (r[n] === null ? 'gone' : `${r[n].toFixed(0)} (${r.cpuPct[n]}%)`)).join(' | ')} | ${r.cpuPct.bench}% | ${r.load1} |`,
        );
      }
    });

    const problems = [...credit.problems];
    if (total.errors)
      problems.push(
        `${total.errors} errors: ${table
          .filter((r) => r.errors)
          .map((r) => `${r.route} ${r.errors} (${r.samples.join(' | ')})`)
          .join('; ')}`,
      );
    if (credit.paid !== purchases.accepted)
      problems.push(`${purchases.accepted} prompts accepted but ${credit.paid} purchases paid`);
    if (purchases.sms !== purchases.accepted)
      problems.push(
        `${purchases.accepted} prompts accepted but ${purchases.sms} picks SMS received`,
      );
    if (published !== publishAt.length)
      problems.push(`${publishAt.length - published} publishes failed`);
    if (settled === 0 || settled < settleable)
      problems.push(`${settled} slips settled of ${settleable} whose games all ended`);
    console.log(
      problems.length
        ? `\nFAILED checks:\n- ${problems.join('\n- ')}`
        : '\nchecks: no errors; every purchase credited once with one SMS; every publish accepted; slips settled',
    );
    if (problems.length) process.exitCode = 1;
    if (out) {
      writeFileSync(
        out,
        JSON.stringify(
          {
            at: new Date(t0).toISOString(),
            node: process.version,
            cpus: cpus().length,
            topology: external ? 'external' : 'scratch',
            baseUrl,
            processes: processes.map(({ pid, role, name }) => ({ pid, role, name })),
            settings: {
              durationS,
              visitors,
              buyersPct,
              tipsters: tipsterCount,
              settleEveryS,
              thinkMs: [thinkMin, thinkMax],
              connections,
            },
            runMs,
            requests: total.count,
            errors: total.errors,
            routes: table,
            purchases: {
              attempted: purchases.attempted,
              accepted: purchases.accepted,
              paid: credit.paid,
              sms: purchases.sms,
              buyToSmsP50Ms: quantile(sms, 0.5),
              buyToSmsP99Ms: quantile(sms, 0.99),
              sales: credit.sales,
            },
            slips: {
              publishTries: publishAt.length,
              published,
              settled,
              settleable,
              gamesFinished: moved,
              waves,
            },
            rss,
            problems,
          },
          null,
          2,
        ),
      );
      console.log(`wrote ${out}`);
    }
  } finally {
    await fixturesQueue.close().catch(() => undefined);
    redis.disconnect();
    await db.end().catch(() => undefined);
    agent.destroy();
    await app?.stop();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
