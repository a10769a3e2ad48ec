/**
 * `npm run bench:callbacks` ("Payment callbacks" in docs/PERFORMANCE.md): on a scratch
 * database migrated and seeded like `npm start`, starts the built app the way production runs it
 * (an `api` process and a `worker` process, as docker-compose does; BENCH_ROLE=all for the one
 * process of `npm start`; BENCH_APIS api and BENCH_WORKERS worker processes behind a load balancer
 * with topology.mjs, "Production shape on one machine" in docs/PERFORMANCE.md), creates N pending M-Pesa slip purchases (the rows POST
 * /api/processor/buy leaves: amount = slip price, CheckoutRequestID, purchase code, MSISDN),
 * posts N valid Daraja STK callbacks as fast as the API takes them (autocannon), then measures:
 *   - accept rate: callbacks answered 200 per second;
 *   - time until every purchase is paid, and until every buyer SMS is sent (DB polled);
 *   - end-to-end callbacks/s = N / time from first post to last SMS sent;
 *   - CPU ms per callback of every api and worker process, the balancer (when there is one) and
 *     this database's PostgreSQL backends (the figure that holds on a shared machine), and the
 *     ceiling it implies on idle cores;
 * and checks every purchase was credited exactly once (one sale share 60% W + one platform fee
 * 40% P per purchase, sums right, one buyer SMS each), then posts every callback a second time
 * and checks nothing changed.
 *
 * Environment: BENCH_CALLBACKS (N, 5000), BENCH_CONNECTIONS (100), BENCH_ROLE (`split` | `all`),
 * BENCH_APIS (1) and BENCH_WORKERS (1) with `split`, BENCH_BALANCER (`nginx` | `node` | `none`; by
 * default none for one api, else nginx when installed; PUBLIC_URL is the balancer's URL),
 * BENCH_SMS (`sandbox`: our Africa's Talking sandbox in the api process, with its delivery
 * reports; `stub`: a bare in-bench HTTP answer, to show what the sandbox costs), BENCH_AT_REPORTS
 * (with the stub: delivery reports it posts per message, e.g. `Submitted,Success`; the run then
 * also waits until every final report is applied and the CPU includes our report route), BENCH_PORT,
 * BENCH_PG_URL, BENCH_DIST (build folder, `dist`), BENCH_TIMEOUT_S (600), BENCH_NODE_ARGS (node
 * flags for the app processes, e.g. `--cpu-prof`).
 */
import autocannon from 'autocannon';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from '../../scripts/lib.mjs';
import {
  BACKEND,
  cpuMs,
  migrateAndSeed,
  removeScratch,
  requireBackend,
  rssMb,
} from './lib/app-processes.mjs';
import { creditChecks } from './lib/credit-checks.mjs';
import { startTopology } from './topology.mjs';

const { Client } = requireBackend('pg');
const { Queue } = requireBackend('bullmq');
const Redis = requireBackend('ioredis').default ?? requireBackend('ioredis');

const N = Number(process.env.BENCH_CALLBACKS ?? 5000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const split = (process.env.BENCH_ROLE ?? 'split') !== 'all';
const apiCount = split ? Number(process.env.BENCH_APIS ?? 1) : 1;
const workerCount = split ? Number(process.env.BENCH_WORKERS ?? 1) : 0;
const smsMode = process.env.BENCH_SMS === 'stub' ? 'stub' : 'sandbox';
/** Delivery reports the stub posts per message, in order (BENCH_AT_REPORTS, e.g. `Submitted,Success`); none by default. */
const atReports =
  smsMode === 'stub'
    ? (process.env.BENCH_AT_REPORTS ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
const atCallbackToken = `bench-at-reports-${randomBytes(8).toString('hex')}`;
const dist = join(BACKEND, process.env.BENCH_DIST ?? 'dist');
/** Extra node flags for the app processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to find a bottleneck. */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const timeoutMs = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;
const port = Number(process.env.BENCH_PORT ?? 3210);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const dbName = `tips_bench_cb_${randomBytes(4).toString('hex')}`;
const databaseUrl = `${pgBase}/${dbName}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `bench-${dbName}`;
const callbackToken = `bench-stk-callback-${randomBytes(8).toString('hex')}`;
/** CheckoutRequestIDs of this run start with this (Daraja's look: ws_CO_<date><digits>). */
const CHECKOUT_PREFIX = 'ws_CO_23112026bench';
const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679'; // src/modules/processor/domain/purchase-code.ts

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const secs = (ms) => (ms / 1000).toFixed(1);

/**
 * A bare Africa's Talking answer (docs/PROVIDERS.md §3.2: 201, statusCode 101). With BENCH_AT_REPORTS
 * (e.g. `Submitted,Success`) it then posts those delivery reports (§3.3, form-encoded, in order)
 * for each message to `reportUrl`, as Africa's Talking does: our report route is then measured too.
 */
const startAtStub = () =>
  new Promise((resolveStub) => {
    let n = 0;
    const stub = {
      origin: '',
      reportUrl: '',
      reportsPosted: 0,
      reportErrors: 0,
      close: () => server.close(),
    };
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const postReport = (id, status) =>
      new Promise((done) => {
        const body = new URLSearchParams({
          id,
          status,
          phoneNumber: '+254700000000',
          networkCode: '63902',
        }).toString();
        const req = httpRequest(
          stub.reportUrl,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode === 200) stub.reportsPosted++;
              else stub.reportErrors++;
              done();
            });
          },
        );
        req.on('error', () => {
          stub.reportErrors++;
          done();
        });
        req.end(body);
      });
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const messageId = `ATXid_bench${++n}`;
        const recipient = {
          statusCode: 101,
          number: '+254700000000',
          status: 'Success',
          cost: 'KES 0.8000',
          messageId,
        };
        res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            SMSMessageData: {
              Message: 'Sent to 1/1 Total Cost: KES 0.8000',
              Recipients: [recipient],
            },
          }),
        );
        if (atReports.length && stub.reportUrl) {
          void (async () => {
            for (const status of atReports) await postReport(messageId, status);
          })();
        }
      });
    });
    server.listen(0, '127.0.0.1', () => {
      stub.origin = `http://127.0.0.1:${server.address().port}`;
      resolveStub(stub);
    });
  });

/** The STK callback Daraja posts for purchase `p` (docs/PROVIDERS.md §1.6), ResultCode 0. */
const callbackBody = (p) =>
  JSON.stringify({
    Body: {
      stkCallback: {
        MerchantRequestID: `bench-${p.i}`,
        CheckoutRequestID: p.checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: p.amount },
            { Name: 'MpesaReceiptNumber', Value: p.receipt },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20261123103547 },
            { Name: 'PhoneNumber', Value: Number(p.phone) },
          ],
        },
      },
    },
  });

/** Posts every callback once, `connections` at a time; returns {ms, ok, non2xx, errors, p50, p99}. */
const postAll = async (purchases) => {
  let next = 0;
  const t0 = Date.now();
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    amount: purchases.length,
    requests: [
      {
        method: 'POST',
        path: `/api/processor/mpesa/callback/${callbackToken}`,
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: callbackBody(purchases[next++ % purchases.length]),
        }),
      },
    ],
  });
  return {
    ms: Date.now() - t0,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    p50: r.latency.p50,
    p99: r.latency.p99,
  };
};

/**
 * What the callbacks may touch, to compare before/after the replay: the credit checks of
 * lib/credit-checks.mjs over this run's purchases, and digests of their purchase, ledger and
 * buyer SMS rows.
 */
const snapshot = async (db) => {
  const credit = await creditChecks(db, 'p.checkout_request_id LIKE $1', [`${CHECKOUT_PREFIX}%`]);
  const [digests] = (
    await db.query(
      `WITH p AS (SELECT * FROM purchase WHERE checkout_request_id LIKE $1)
       SELECT (SELECT md5(string_agg(id || status || coalesce(receipt, '') || coalesce(paid_at::text, '') || updated_at::text, ',' ORDER BY id)) FROM p) purchases,
              (SELECT md5(string_agg(l.id || l.amount::text || l.status, ',' ORDER BY l.id)) FROM ledger_entry l JOIN p ON p.id = l.purchase_id) ledger,
              (SELECT count(*) || ' rows, ' || count(*) FILTER (WHERE o.status IN ('sent', 'delivered')) || ' sent, ' || coalesce(md5(string_agg(o.id::text, ',' ORDER BY o.id)), '')
                 FROM sms_outbox o JOIN p ON p.phone = o.to_msisdn WHERE o.purpose = 'deliver-slip') sms`,
      [`${CHECKOUT_PREFIX}%`],
    )
  ).rows;
  return { credit, digests };
};

/** Waits until the payments and sms queues have nothing waiting, active or delayed. */
const queuesIdle = async () => {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queues = ['payments', 'sms'].map(
    (name) => new Queue(name, { connection, prefix: redisPrefix }),
  );
  try {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const counts = await Promise.all(
        queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
      );
      // Schedulers keep one delayed job per schedule; only callback and SMS jobs count.
      const busy = counts.reduce((s, c) => s + c.waiting + c.active + c.prioritized, 0);
      if (busy === 0) return;
      if (Date.now() > end) throw new Error('queues still busy');
      await sleep(200);
    }
  } finally {
    await Promise.all(queues.map((q) => q.close()));
    connection.disconnect();
  }
};

/** The pid of the Redis server at REDIS_URL when it runs on this machine (its /proc entry is readable), else null. */
const redisServerPid = async () => {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
    return pid && existsSync(`/proc/${pid}/stat`) ? pid : null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
};

const main = async () => {
  // The default build is rebuilt when src/ is newer (a stale dist/ would measure old code); BENCH_DIST is run as it is.
  if (!process.env.BENCH_DIST) buildIfNeeded({ frontend: false });
  const at = smsMode === 'stub' ? await startAtStub() : null;
  const env = {
    ...process.env,
    // production mode refuses the sandboxes and the replay clock: run as test, logs at warn as in production.
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    MPESA_CALLBACK_TOKEN: callbackToken,
    ...(at ? { AT_BASE_URL: at.origin, AT_CALLBACK_TOKEN: atCallbackToken } : {}),
  };
  let topology = null;
  const db = new Client({ connectionString: databaseUrl });
  try {
    const timings = migrateAndSeed(dist, env);
    topology = await startTopology({
      apis: apiCount,
      workers: workerCount,
      apiRole: split ? 'api' : 'all',
      balancer: process.env.BENCH_BALANCER,
      env,
      port,
      dist,
      nodeArgs,
    });
    const procs = topology.processes;
    if (at)
      at.reportUrl = `http://127.0.0.1:${port}/api/notifications/sms/delivery-report/${atCallbackToken}`;
    await db.connect();

    // N pending purchases, as POST /api/processor/buy leaves them after the STK push (kind slip,
    // the slip's Ksh price, buyer MSISDN, our code, CheckoutRequestID + MerchantRequestID).
    // Slips on sale now (the public active list, by the app's clock): a slip whose first game has
    // kicked off is not sold, and its purchases would be closed by the picks-delivery check (R224)
    // while the bench compares the ledger before and after the replay.
    const active = await (await fetch(`${env.PUBLIC_URL}/api/home/active`)).json();
    const activeIds = (active.slips ?? []).map((s) => Number(s.id)).filter(Number.isInteger);
    const slips = (
      await db.query(
        `SELECT id, price_ksh::text price FROM slip WHERE id = ANY($1::int[]) ORDER BY id LIMIT 50`,
        [activeIds],
      )
    ).rows;
    if (!slips.length) throw new Error('the seed left no slip on sale (GET /api/home/active)');
    const codes = new Set();
    while (codes.size < N)
      codes.add(
        Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
      );
    const codeList = [...codes];
    const purchases = Array.from({ length: N }, (_, i) => {
      const slip = slips[i % slips.length];
      return {
        i,
        slipId: slip.id,
        amount: Number(slip.price),
        price: slip.price,
        phone: `2547${String(10_000_000 + i).slice(-8)}`,
        code: codeList[i],
        checkoutRequestId: `${CHECKOUT_PREFIX}${String(i).padStart(7, '0')}`,
        receipt: `TB${i.toString(36).toUpperCase().padStart(8, '0')}`,
      };
    });
    await db.query(
      `INSERT INTO purchase (kind, slip_id, phone, amount, currency, provider, code, checkout_request_id, merchant_request_id, status)
       SELECT 'slip', s, ph, a::numeric, 'KES', 'mpesa', c, cr, 'bench-' || cr, 'pending'
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(s, ph, a, c, cr)`,
      [
        purchases.map((p) => p.slipId),
        purchases.map((p) => p.phone),
        purchases.map((p) => p.price),
        purchases.map((p) => p.code),
        purchases.map((p) => p.checkoutRequestId),
      ],
    );

    const mode = split
      ? `${apiCount} ROLE=api + ${workerCount} ROLE=worker process${workerCount === 1 ? '' : 'es'}${topology.balancer === 'none' ? '' : ` behind ${topology.balancer === 'nginx' ? 'nginx' : 'a Node proxy (balancer-proxy.mjs)'}`}`
      : 'one ROLE=all process';
    const sms =
      smsMode === 'stub'
        ? `a bare in-bench HTTP answer (${atReports.length ? `then delivery reports ${atReports.join(' → ')} posted to our report route` : 'no delivery reports'})`
        : "our Africa's Talking sandbox (in the api process, with delivery reports)";
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, ${mode}, ${N} callbacks over ${connections} connections, SMS to ${sms}`,
    );
    console.log(`empty database → ${timings.join(', ')}`);

    // The seed's demo marketplace has buyer SMS of its own: count only what this run adds.
    const {
      rows: [base],
    } = await db.query(
      `SELECT count(*)::int n, count(*) FILTER (WHERE status = 'delivered')::int delivered FROM sms_outbox WHERE purpose = 'deliver-slip' AND status IN ('sent', 'delivered')`,
    );
    const waitReports = atReports.includes('Success');
    // CPU used by each app process and by this database's PostgreSQL backends during the run: the
    // machine may be shared, so CPU ms per callback is the figure that does not depend on other load.
    const pgPids = async () =>
      (
        await db.query(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [dbName],
        )
      ).rows.map((r) => r.pid);
    const lbPids = topology.balancerPids();
    const cpuBefore = new Map([
      ...[...procs.map((p) => p.pid), ...lbPids].map((pid) => [pid, cpuMs(pid)]),
      ...(await pgPids()).map((pid) => [pid, cpuMs(pid)]),
    ]);
    // Redis (the local server, when this machine runs it: shared with anything else using it) and
    // this bench process (autocannon + the poller) use the same cores: shown beside, not in the total.
    const redisPid = await redisServerPid();
    const redisBefore = redisPid ? cpuMs(redisPid) : 0;
    // Transactions committed in this database (group commit: fewer per callback = bigger batches).
    const commits = async () => {
      await db.query('SELECT pg_stat_clear_snapshot()');
      return Number(
        (await db.query('SELECT xact_commit FROM pg_stat_database WHERE datname = $1', [dbName]))
          .rows[0].xact_commit,
      );
    };
    const commitsBefore = await commits();
    let polls = 0;
    const benchBefore = process.cpuUsage();
    const t0 = Date.now();
    let paidAt = 0;
    let sentAt = 0;
    let reportedAt = 0;
    let polling = true;
    const poller = (async () => {
      while (polling && Date.now() - t0 < timeoutMs) {
        const { rows } = await db.query(
          `SELECT (SELECT count(*)::int FROM purchase WHERE checkout_request_id LIKE $1 AND status = 'paid') paid,
                  (SELECT count(*)::int FROM sms_outbox WHERE purpose = 'deliver-slip' AND status IN ('sent', 'delivered')) sent,
                  (SELECT count(*)::int FROM sms_outbox WHERE purpose = 'deliver-slip' AND status = 'delivered') delivered`,
          [`${CHECKOUT_PREFIX}%`],
        );
        polls++;
        if (!paidAt && rows[0].paid >= N) paidAt = Date.now();
        if (!sentAt && rows[0].sent - base.n >= N) sentAt = Date.now();
        if (waitReports && !reportedAt && rows[0].delivered - base.delivered >= N)
          reportedAt = Date.now();
        if (paidAt && sentAt && (!waitReports || reportedAt)) return;
        await sleep(100);
      }
    })();
    const post = await postAll(purchases);
    await poller;
    polling = false;
    if (!paidAt || !sentAt || (waitReports && !reportedAt))
      throw new Error(`not done within ${timeoutMs / 1000} s`);
    const benchCpu = process.cpuUsage(benchBefore);
    const besides = {
      redis: redisPid ? cpuMs(redisPid) - redisBefore : null,
      bench: (benchCpu.user + benchCpu.system) / 1000,
    };
    const used = (pid) => cpuMs(pid) - (cpuBefore.get(pid) ?? 0);
    // Per role, summed over its processes (each process's own share kept for the table).
    const cpu = {};
    const perProcess = {};
    for (const p of procs) {
      cpu[p.role] = (cpu[p.role] ?? 0) + used(p.pid);
      (perProcess[p.role] ??= []).push(used(p.pid));
    }
    if (lbPids.length) cpu.balancer = lbPids.reduce((sum, pid) => sum + used(pid), 0);
    cpu.postgres = (await pgPids()).reduce((sum, pid) => sum + used(pid), 0);
    await queuesIdle();
    // Backends report their counters at most once a second: wait for the last report.
    await sleep(1500);
    const committed = (await commits()) - commitsBefore - polls - 4; // the poller, pgPids() and commits() itself
    const first = await snapshot(db);

    const replay = await postAll(purchases);
    await sleep(1000);
    await queuesIdle();
    await sleep(1000);
    const second = await snapshot(db);

    const rate = (ms) => Math.round(N / (ms / 1000));
    console.log('| measure | value |');
    console.log('| --- | --- |');
    console.log(
      `| callbacks posted / answered 200 / non-2xx / errors | ${N} / ${post.ok} / ${post.non2xx} / ${post.errors} |`,
    );
    console.log(
      `| accept: time to answer all, callbacks/s | ${secs(post.ms)} s, ${rate(post.ms)}/s (p50 ${post.p50} ms, p99 ${post.p99} ms) |`,
    );
    console.log(`| every purchase paid after | ${secs(paidAt - t0)} s (${rate(paidAt - t0)}/s) |`);
    console.log(`| every buyer SMS sent after | ${secs(sentAt - t0)} s |`);
    console.log(`| end to end, callbacks/s | ${rate(sentAt - t0)}/s |`);
    if (waitReports) {
      console.log(
        `| every final delivery report applied after (${at.reportsPosted} reports answered 200, ${at.reportErrors} not) | ${secs(reportedAt - t0)} s (${rate(reportedAt - t0)}/s) |`,
      );
    }
    const cpuTotal = Object.values(cpu).reduce((a, b) => a + b, 0);
    const cpuPart = ([k, v]) =>
      `${k} ${(v / N).toFixed(2)}${perProcess[k]?.length > 1 ? ` (${perProcess[k].map((x) => (x / N).toFixed(2)).join(' + ')})` : ''}`;
    console.log(
      `| CPU per callback, ms (first post → last SMS${waitReports ? ' and report' : ''}) | ${Object.entries(cpu).map(cpuPart).join(', ')}; total ${(cpuTotal / N).toFixed(2)} (Redis not counted) |`,
    );
    console.log(
      `| CPU-bound ceiling on ${cpus().length} idle cores | ${Math.round((cpus().length * 1000) / (cpuTotal / N))}/s |`,
    );
    console.log(
      `| beside, CPU per callback, ms | ${besides.redis === null ? 'redis not local' : `redis-server ${(besides.redis / N).toFixed(2)}`}, this bench (autocannon + poller) ${(besides.bench / N).toFixed(2)} |`,
    );
    console.log(
      `| PostgreSQL transactions committed per callback (the bench's own queries not counted; group commit makes it small) | ${(committed / N).toFixed(3)} |`,
    );
    console.log(
      `| replay of all N: answered 200, callbacks/s | ${replay.ok}, ${rate(replay.ms)}/s |`,
    );
    console.log(
      `| RSS after, MB | ${procs.map((p) => `${p.role} ${(rssMb(p.pid) ?? 0).toFixed(0)}`).join(', ')} |`,
    );

    const problems = [];
    const { credit } = first;
    if (post.ok !== N || replay.ok !== N)
      problems.push(`not every callback answered 200 (${post.ok}, replay ${replay.ok})`);
    if (credit.purchases !== N || credit.paid !== N)
      problems.push(`purchases: ${credit.purchases}, paid ${credit.paid}, expected ${N}`);
    problems.push(...credit.problems);
    if (JSON.stringify(first) !== JSON.stringify(second))
      problems.push(
        `the replay changed something:\n${JSON.stringify(first)}\n${JSON.stringify(second)}`,
      );
    console.log(
      problems.length
        ? `FAILED checks:\n- ${problems.join('\n- ')}`
        : `checks: ${N} purchases paid once; ${N} sale shares (W, ${credit.shares}) + ${N} platform fees (P, ${credit.fees}) = sales ${credit.sales}; ${N} buyer SMS sent, one per purchase; replaying all ${N} callbacks changed nothing`,
    );
    if (problems.length) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    await topology?.stop();
    at?.close();
    await removeScratch({ dist, databaseUrl, redisUrl, redisPrefix });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
