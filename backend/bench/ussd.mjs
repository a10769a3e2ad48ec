/**
 * `npm run bench:ussd` ("USSD and paybill" in docs/PERFORMANCE.md): on a scratch database migrated
 * and seeded like `npm start`, the built app as docker-compose runs it (an `api` and a `worker`
 * process, lib/scratch-app.mjs), then:
 *   1. USSD steps: Africa's Talking's form-encoded requests (docs/PROVIDERS.md "Africa's Talking
 *      USSD") for the menu screens that do not buy — main menu, today's top slips, a slip's
 *      confirm screen, next page, buy by code (ask, then a slip's code), betting limits, help —
 *      each with a fresh sessionId and phone, cycled over BENCH_CONNECTIONS connections for
 *      BENCH_USSD_SECONDS: requests/s, p50/p99 latency, non-200 answers; then, one step at a time,
 *      SQL statements per step, counted in the api process by bench/sql-capture.cjs
 *      (BENCH_SQL_COUNT=1; a few from the process's own timers may be counted with them), and the
 *      api process's CPU time per step (/proc), over BENCH_USSD_CPU_N requests of each step;
 *   2. C2B confirmations end to end: N pending paybill purchases with their reference (the rows
 *      POST /api/processor/buy-paybill leaves), N Daraja C2B confirmation bodies posted as fast
 *      as the API takes them, until every purchase is paid and every buyer SMS sent:
 *      confirmations/s = N / (first post → last SMS sent); every purchase credited once
 *      (lib/credit-checks.mjs), no unmatched payment.
 *
 * Environment: BENCH_SMS (`sandbox`: our Africa's Talking sandbox in the api process, as before;
 * `stub`: a bare answer in this process, as bench:callbacks measures STK callbacks), BENCH_USSD_SECONDS
 * (15), BENCH_CONNECTIONS (50), BENCH_C2B (2000), BENCH_USSD_CPU_N
 * (2000), BENCH_PORT (3230), BENCH_PG_URL, BENCH_DIST, BENCH_TIMEOUT_S (600), BENCH_NODE_ARGS (added
 * to both processes' node arguments, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import autocannon from 'autocannon';
import { randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { creditChecks } from './lib/credit-checks.mjs';
import { BACKEND, cpuMs, requireBackend, startScratchApp } from './lib/scratch-app.mjs';

const { Client } = requireBackend('pg');

const SECONDS = Number(process.env.BENCH_USSD_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const N = Number(process.env.BENCH_C2B ?? 2000);
const port = Number(process.env.BENCH_PORT ?? 3230);
const timeoutMs = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;
const distDir = process.env.BENCH_DIST ? join(BACKEND, process.env.BENCH_DIST) : undefined;
const ussdKey = `bench-ussd-${randomBytes(8).toString('hex')}`;
const callbackToken = `bench-c2b-callback-${randomBytes(8).toString('hex')}`;
const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679'; // src/modules/processor/domain/purchase-code.ts
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** `sandbox`: our Africa's Talking sandbox in the api process; `stub`: a bare answer in this process (as bench:callbacks' BENCH_SMS). */
const smsMode = process.env.BENCH_SMS === 'stub' ? 'stub' : 'sandbox';

/** A bare Africa's Talking send answer (docs/PROVIDERS.md §3.2: 201, statusCode 101); no delivery reports. */
const startAtStub = () =>
  new Promise((resolveStub) => {
    let n = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const recipient = {
          statusCode: 101,
          number: '+254700000000',
          status: 'Success',
          cost: 'KES 0.8000',
          messageId: `ATXid_ussdbench${++n}`,
        };
        res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            SMSMessageData: {
              Message: 'Sent to 1/1 Total Cost: KES 0.8000',
              Recipients: [recipient],
            },
          }),
        );
      });
    });
    server.listen(0, '127.0.0.1', () =>
      resolveStub({
        origin: `http://127.0.0.1:${server.address().port}`,
        close: () => server.close(),
      }),
    );
  });

/** AT's form body for one request of a fresh session and phone. */
const ussdBody = (text) => {
  const n = randomInt(10_000_000);
  return `sessionId=ATUid_bench${randomBytes(6).toString('hex')}&serviceCode=%2A384%2A123%23&phoneNumber=%2B2547${String(n).padStart(8, '0')}&networkCode=63902&text=${encodeURIComponent(text)}`;
};

/** Reads `sqlcount N` lines the api process prints at SIGWINCH (bench/sql-capture.cjs). */
const sqlCounter = (proc) => {
  let waiting = null;
  let seen = '';
  proc.child.stdout.on('data', (buf) => {
    seen = (seen + buf.toString()).slice(-4000);
    const m = /sqlcount (\d+)\n/.exec(seen);
    if (m && waiting) {
      seen = seen.slice(m.index + m[0].length);
      const w = waiting;
      waiting = null;
      w(Number(m[1]));
    }
  });
  return () =>
    new Promise((resolve) => {
      waiting = resolve;
      process.kill(proc.pid, 'SIGWINCH');
    });
};

const main = async () => {
  const at = smsMode === 'stub' ? await startAtStub() : null;
  const app = await startScratchApp({
    name: 'bench_ussd',
    port,
    distDir,
    nodeArgs: [
      '--require',
      join(BACKEND, 'bench', 'sql-capture.cjs'),
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: {
      BENCH_SQL_COUNT: '1',
      USSD_CALLBACK_KEY: ussdKey,
      MPESA_CALLBACK_TOKEN: callbackToken,
      ...(at ? { AT_BASE_URL: at.origin } : {}),
    },
  });
  const db = new Client({ connectionString: app.databaseUrl });
  try {
    await db.connect();
    const dist = distDir ?? join(BACKEND, 'dist');
    const { ussdCodeOf } = requireBackend(join(dist, 'modules', 'slip', 'domain', 'ussd-code.js'));
    const api = app.processes.find((p) => p.role === 'api');
    const sqlCount = sqlCounter(api);
    const path = `/api/ussd/africastalking?key=${ussdKey}`;
    const { rows: slips } = await db.query(
      `SELECT id, price_ksh::text price FROM slip WHERE slip_result IS NULL ORDER BY id DESC LIMIT 50`,
    );
    if (!slips.length) throw new Error('the seed created no slip on sale');
    const code = ussdCodeOf(Number(slips[0].id));
    const steps = [
      ['main menu', ''],
      ["today's top slips", '1'],
      ['a slip to confirm', '1*1'],
      ['next page', '1*9'],
      ['buy by code: ask', '3'],
      ['buy by code: the slip', `3*${code}`],
      ['betting limits', '4'],
      ['help', '0'],
    ];
    const post = (text) =>
      fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: ussdBody(text),
      }).then((r) => r.text());
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, 1 ROLE=api + 1 ROLE=worker process, buyer SMS to ${smsMode === 'stub' ? 'a bare stub (BENCH_SMS=stub)' : "our Africa's Talking sandbox in the api process"}; a machine shared with other jobs unless said otherwise`,
    );
    for (const [name, text] of steps)
      console.log(
        `  ${name.padEnd(22)} text=${JSON.stringify(text).padEnd(10)} → ${JSON.stringify((await post(text)).slice(0, 60))}`,
      );

    // 1. USSD steps/s (warm-up first).
    await autocannon({
      url: app.baseUrl,
      connections: 10,
      amount: 500,
      requests: steps.map(([, text]) => ({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (req) => ({ ...req, body: ussdBody(text) }),
      })),
    });
    const r = await autocannon({
      url: app.baseUrl,
      connections,
      duration: SECONDS,
      requests: steps.map(([, text]) => ({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (req) => ({ ...req, body: ussdBody(text) }),
      })),
    });
    console.log(
      `USSD steps: ${Math.round(r.requests.average)} req/s over ${SECONDS} s, ${connections} connections; latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ` +
        `${r['2xx']} answered 200, ${r.non2xx} other, ${r.errors + r.timeouts} errors/timeouts`,
    );
    // SQL statements per step (sequential, 100 each).
    const per = [];
    for (const [name, text] of steps) {
      const before = await sqlCount();
      for (let i = 0; i < 100; i++) await post(text);
      per.push([name, ((await sqlCount()) - before) / 100]);
    }
    console.log(
      `SQL statements per step: ${per.map(([name, n]) => `${name} ${n.toFixed(2)}`).join(', ')}`,
    );
    // API CPU per step: BENCH_USSD_CPU_N requests of one step (10 connections), the api process's CPU time (/proc) over them.
    const cpuN = Number(process.env.BENCH_USSD_CPU_N ?? 2000);
    const cpu = [];
    for (const [name, text] of steps) {
      const before = cpuMs(api.pid);
      const one = await autocannon({
        url: app.baseUrl,
        connections: 10,
        amount: cpuN,
        requests: [
          {
            method: 'POST',
            path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (req) => ({ ...req, body: ussdBody(text) }),
          },
        ],
      });
      cpu.push([name, (cpuMs(api.pid) - before) / cpuN, Math.round(one.requests.average)]);
    }
    console.log(
      `API CPU per step (ms, ${cpuN} requests each, 10 connections; req/s): ${cpu.map(([name, ms, rps]) => `${name} ${ms.toFixed(3)} (${rps}/s)`).join(', ')}`,
    );

    // 2. C2B confirmations end to end.
    const codes = new Set();
    while (codes.size < N)
      codes.add(
        Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
      );
    const codeList = [...codes];
    const purchases = Array.from({ length: N }, (_, i) => {
      const slip = slips[i % slips.length];
      return {
        slipId: slip.id,
        price: slip.price,
        phone: `2547${String(50_000_000 + i)}`,
        code: codeList[i],
        transId: `TC${i.toString(36).toUpperCase().padStart(8, '0')}`,
      };
    });
    await db.query(
      `WITH p AS (
         INSERT INTO purchase (kind, slip_id, phone, amount, currency, provider, code, status)
         SELECT 'slip', s, ph, a::numeric, 'KES', 'c2b', c, 'pending' FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS t(s, ph, a, c)
         RETURNING id)
       INSERT INTO c2b_reference (purchase_id, expires_at) SELECT id, '2100-01-01T00:00:00Z'::timestamptz FROM p`,
      [
        purchases.map((p) => p.slipId),
        purchases.map((p) => p.phone),
        purchases.map((p) => p.price),
        purchases.map((p) => p.code),
      ],
    );
    const paybill = process.env.MPESA_PAYBILL ?? '600984';
    const {
      rows: [base],
    } = await db.query(
      `SELECT count(*)::int n FROM sms_outbox WHERE purpose = 'deliver-slip' AND status IN ('sent', 'delivered')`,
    );
    let next = 0;
    const t0 = Date.now();
    let paidAt = 0;
    let sentAt = 0;
    let polling = true;
    const poller = (async () => {
      while (polling && Date.now() - t0 < timeoutMs) {
        const {
          rows: [c],
        } = await db.query(
          `SELECT (SELECT count(*)::int FROM purchase WHERE provider = 'c2b' AND code = ANY($1) AND status = 'paid') paid,
                  (SELECT count(*)::int FROM sms_outbox WHERE purpose = 'deliver-slip' AND status IN ('sent', 'delivered')) sent,
                  (SELECT count(*)::int FROM sms_outbox WHERE purpose = 'deliver-slip' AND status = 'failed') failed`,
          [codeList],
        );
        if (!paidAt && c.paid >= N) paidAt = Date.now();
        if (!sentAt && c.sent - base.n >= N) sentAt = Date.now();
        if (paidAt && sentAt) return;
        if (c.failed) throw new Error(`C2B: ${c.failed} buyer SMS failed`);
        await sleep(100);
      }
    })();
    poller.catch(() => undefined); // awaited below; a failure must not crash the run before the cleanup
    const c2b = await autocannon({
      url: app.baseUrl,
      connections,
      amount: N,
      requests: [
        {
          method: 'POST',
          path: `/api/processor/c2b/confirmation/${callbackToken}`,
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            const p = purchases[next++ % N];
            return {
              ...req,
              body: JSON.stringify({
                TransactionType: 'Pay Bill',
                TransID: p.transId,
                TransTime: '20261205093000',
                TransAmount: p.price,
                BusinessShortCode: paybill,
                BillRefNumber: p.code,
                InvoiceNumber: '',
                OrgAccountBalance: '',
                ThirdPartyTransID: '',
                MSISDN: '25470****149',
                FirstName: 'John',
                MiddleName: '',
                LastName: 'Doe',
              }),
            };
          },
        },
      ],
    });
    const postMs = Date.now() - t0;
    await poller;
    polling = false;
    if (!paidAt || !sentAt) throw new Error(`C2B: not done within ${timeoutMs / 1000} s`);
    const credit = await creditChecks(db, `p.provider = 'c2b' AND p.code = ANY($1)`, [codeList]);
    const {
      rows: [unmatched],
    } = await db.query(`SELECT count(*)::int n FROM unmatched_payment`);
    console.log(
      `C2B confirmations: ${N} posted in ${(postMs / 1000).toFixed(1)} s (${Math.round((N * 1000) / postMs)}/s accepted, p99 ${c2b.latency.p99} ms, ${c2b.non2xx} non-200); ` +
        `all paid after ${((paidAt - t0) / 1000).toFixed(1)} s, all buyer SMS sent after ${((sentAt - t0) / 1000).toFixed(1)} s → ${Math.round((N * 1000) / (sentAt - t0))} confirmations/s end to end`,
    );
    console.log(
      `credit checks: ${credit.paid}/${credit.purchases} paid, sales ${credit.sales} = shares ${credit.shares} + fees ${credit.fees}; unmatched payments ${unmatched.n}; ${credit.problems.length ? `PROBLEMS: ${credit.problems.join('; ')}` : 'each credited once'}`,
    );
    if (credit.problems.length || unmatched.n) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    await app.stop();
    at?.close();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
