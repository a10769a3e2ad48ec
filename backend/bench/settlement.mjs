/**
 * `npm run bench:settlement`: how long settling a busy Saturday takes. A scratch database seeded
 * like `npm start` is topped up by scale-seed.mjs to BENCH_SLIPS slips (default 200,000; 5% open,
 * one per tipster, on fixtures of the next 4 shown days), copied, and in each copy the built app
 * (an application context, no HTTP) pins its clock after the last open slip's games and runs the
 * result sync, which settles the open slips through `fixture.finished`: once one slip per
 * transaction (batch size 1, the former way) and once in set-based batches (SETTLE_BATCH). Prints
 * slips settled, seconds and slips/s for both, and checks that both copies end identical (slips,
 * tips, tipster statistics). Figures go to docs/PERFORMANCE.md, "Settlement".
 *
 * BENCH_SETTLE_ONE=0 skips the one-by-one copy (its minutes at 200,000 slips; the equality of both
 * ways is also the batch-settlement integration test's) and compares the loaded copy with the batched one.
 *
 * With BENCH_SETTLE_LOAD=1 (the default) a third copy measures the hot routes while a batch runs:
 * the built API (ROLE=api, its own process) serves that copy; each hot route is driven by
 * autocannon (BENCH_CONNECTIONS, 50) for BENCH_DURATION seconds (10) with nothing else running,
 * then again while another process settles the copy's open slips in batches; the table gives
 * requests/s, p50, p99 and max for both windows, the settlement's seconds, and non-2xx answers.
 *
 * Money-back slips and sales (docs/PRODUCT-RULES.md R240, R243-R245; scale-seed.mjs `seedOpenSales`,
 * seeded with SQL after the scale seed, so every copy holds them):
 * - BENCH_OPEN: open slips to settle (default 5% of BENCH_SLIPS; at most one per new tipster, so
 *   at most BENCH_TIPSTERS, default BENCH_SLIPS / 20);
 * - BENCH_MONEY_BACK: the share of the open slips that are money-back (0-1, default 0), e.g. 0.2;
 * - BENCH_SALES: paid M-Pesa sales spread round-robin over the open slips (default 0), each with
 *   its pending tipster share and platform fee in the ledger, e.g. 50000. A lost money-back slip's
 *   sales are then refunded by voucher inside the settlement (share reversed, voucher issued and
 *   texted through the SMS outbox), the others' shares paid.
 * Each settlement row also gives the sales settled and the vouchers issued. E.g. `BENCH_SLIPS=200000
 * BENCH_MONEY_BACK=0.2 BENCH_SALES=50000 BENCH_SETTLE_ONE=0 BENCH_SETTLE_LOAD=0 npm run
 * bench:settlement -w backend` settles 10,000 open slips, 2,000 of them money-back, with 50,000 sales.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildIfNeeded, dropDatabaseAt, waitForHealth } from '../../scripts/lib.mjs';
import { seedOpenSales, seedScale } from './scale-seed.mjs';

const BACKEND = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(BACKEND, 'dist');
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const slips = Number(process.env.BENCH_SLIPS ?? 200_000);
const tipsters = Number(process.env.BENCH_TIPSTERS ?? Math.round(slips / 20));
const openWanted =
  process.env.BENCH_OPEN === undefined || process.env.BENCH_OPEN === ''
    ? undefined
    : Number(process.env.BENCH_OPEN);
const moneyBackShare = Number(process.env.BENCH_MONEY_BACK ?? 0);
const sales = Number(process.env.BENCH_SALES ?? 0);
const name = `tips_bench_settle_${randomBytes(4).toString('hex')}`;
const storage = mkdtempSync(join(tmpdir(), 'tips-bench-settle-'));
const underLoad = process.env.BENCH_SETTLE_LOAD !== '0';
const oneByOne = process.env.BENCH_SETTLE_ONE !== '0';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3240);
/** The hot routes of docs/PERFORMANCE.md "Marketplace at scale", as a visitor asks for them. */
const HOT_ROUTES = ['/api/home/active', '/v2/api/slip/data/?p=1', '/v2/api/tipster/data/?all=1'];

const env = (db) => ({
  ...process.env,
  NODE_ENV: 'test',
  ROLE: 'api',
  LOG_LEVEL: 'warn',
  DATABASE_URL: `${pgBase}/${db}`,
  REDIS_PREFIX: `bench-${db}`,
  STORAGE_DIR: storage,
});

const query = async (db, sql, params) => {
  const c = new pg.Client({ connectionString: `${pgBase}/${db}` });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
};

/** Settles `db`'s open slips in this process with `batchSize` slips per transaction; returns { settled, ms }. */
const settle = async (db, batchSize) => {
  Object.assign(process.env, env(db));
  const req = createRequire(join(DIST, 'main.js'));
  const { NestFactory } = req('@nestjs/core');
  const { AppModule } = req(join(DIST, 'app.module.js'));
  const { AdjustableClock } = req(join(DIST, 'common/clock/adjustable-clock.js'));
  const { fixedClock } = req(join(DIST, 'common/clock/clock.js'));
  const { ResultSyncService } = req(join(DIST, 'modules/fixtures/result-sync.service.js'));
  const { SlipSettlementService } = req(join(DIST, 'modules/slip/slip-settlement.service.js'));
  const app = await NestFactory.createApplicationContext(AppModule.forRoot('api'), {
    logger: ['error'],
  });
  try {
    const [{ last }] = await query(
      db,
      `SELECT max(f.kickoff) AS last FROM slip s JOIN tip t ON t.slip_id = s.id JOIN fixture f ON f.id = t.fixture_id WHERE s.slip_result IS NULL`,
    );
    const clock = app.get(AdjustableClock);
    const { offsetMs } = await app
      .get(req(join(DIST, 'modules/fixtures/replay-clock.service.js')).ReplayClock)
      .frame();
    clock.set(
      fixedClock(new Date(new Date(last).getTime() + offsetMs + 6 * 3600_000).toISOString()),
    );
    app.get(SlipSettlementService).batchSize = batchSize;
    const [{ open }] = await query(
      db,
      `SELECT count(*)::int AS open FROM slip WHERE slip_result IS NULL`,
    );
    const [{ vouchers: vouchersBefore }] = await query(
      db,
      `SELECT count(*)::int AS vouchers FROM voucher`,
    );
    const t0 = process.hrtime.bigint();
    await app.get(ResultSyncService).syncResults();
    await app.get(SlipSettlementService).sweep();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const [{ left }] = await query(
      db,
      `SELECT count(*)::int AS left FROM slip WHERE slip_result IS NULL`,
    );
    // Sales whose share left W (paid, unpaid or refunded) and vouchers the settlement issued.
    const [{ shares }] = await query(
      db,
      `SELECT count(*)::int AS shares FROM ledger_entry WHERE kind = 'sale_share' AND status <> 'W'`,
    );
    const [{ vouchers }] = await query(db, `SELECT count(*)::int AS vouchers FROM voucher`);
    return { open, settled: open - left, ms, shares, vouchers: vouchers - vouchersBefore };
  } finally {
    await app.close();
  }
};

/** One autocannon window over every hot route at once (connections shared between them). */
const driveHot = (seconds) =>
  Promise.all(
    HOT_ROUTES.map((path) =>
      autocannon({
        url: `http://127.0.0.1:${port}${path}`,
        connections: Math.max(1, Math.round(connections / HOT_ROUTES.length)),
        duration: seconds,
      }),
    ),
  );

/**
 * Hot routes with nothing else running, then while another process settles `db`'s open slips in
 * batches of 1,000: rows of the "hot routes while a batch settles" table.
 */
const hotRoutesDuringSettlement = async (db) => {
  const api = spawn(process.execPath, [join(DIST, 'main.js')], {
    env: { ...env(db), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, 120_000);
    await driveHot(2); // warm-up: caches filled, JIT settled
    const quiet = await driveHot(duration);
    const t0 = process.hrtime.bigint();
    const settling = new Promise((ok, fail) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--run', db, '1000'], {
        env: env(db),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.once('exit', (code) =>
        code === 0
          ? ok({
              ...JSON.parse(out.trim().split('\n').pop()),
              wallMs: Number(process.hrtime.bigint() - t0) / 1e6,
            })
          : fail(new Error(`settlement under load exited ${code}`)),
      );
    });
    const [busy, settled] = await Promise.all([driveHot(duration), settling]);
    return HOT_ROUTES.map((path, i) => ({ path, quiet: quiet[i], busy: busy[i], settled }));
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => (api.exitCode !== null ? r() : api.once('exit', r)));
  }
};

const snapshot = (db) =>
  query(
    db,
    `SELECT (SELECT md5(string_agg(concat_ws(',', id, slip_result, settled_accumulator), ';' ORDER BY id)) FROM slip) AS slips,
            (SELECT md5(string_agg(concat_ws(',', id, result), ';' ORDER BY id)) FROM tip) AS tips,
            (SELECT md5(string_agg(concat_ws(',', user_id, tips, won, lost, cancelled, profit, odds_sum, rating), ';' ORDER BY user_id)) FROM tipster_stat) AS stats,
            (SELECT md5(string_agg(concat_ws(',', kind, purchase_id, status, amount), ';' ORDER BY kind, purchase_id))
               FROM ledger_entry WHERE kind IN ('sale_share', 'sale_share_reversal')) AS shares,
            (SELECT md5(string_agg(concat_ws(',', source_purchase_id, reason, amount), ';' ORDER BY source_purchase_id)) FROM voucher) AS vouchers`,
  );

const main = async () => {
  // One mode per process (the app context is built once per process): `node settlement.mjs --run <db> <batch>`.
  if (process.argv[2] === '--run') {
    const r = await settle(process.argv[3], Number(process.argv[4]));
    console.log(JSON.stringify(r));
    return;
  }
  buildIfNeeded({ frontend: false });
  for (const step of ['database/migrate.js', 'seed/run-seed.js']) {
    const r = spawnSync(process.execPath, [join(DIST, step)], { env: env(name), stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${step} failed`);
  }
  const seeded = await seedScale(`${pgBase}/${name}`, { tipsters, slips, open: openWanted });
  const sold = await seedOpenSales(`${pgBase}/${name}`, { moneyBack: moneyBackShare, sales });
  const copy = `${name}_one`;
  const loadCopy = `${name}_load`;
  if (oneByOne) await query('postgres', `CREATE DATABASE ${copy} TEMPLATE ${name}`);
  if (underLoad) await query('postgres', `CREATE DATABASE ${loadCopy} TEMPLATE ${name}`);
  try {
    const rows = [];
    const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' })
      .stdout.split(' ')
      .slice(0, 3)
      .join(' ');
    for (const [db, batch, label] of [
      ...(oneByOne ? [[copy, 1, 'one slip per transaction']] : []),
      [name, 1000, 'batches of 1,000 (SETTLE_BATCH)'],
    ]) {
      const out = spawnSync(
        process.execPath,
        [fileURLToPath(import.meta.url), '--run', db, String(batch)],
        { encoding: 'utf8', env: env(db) },
      );
      if (out.status !== 0) throw new Error(`${label}: ${out.stderr}`);
      const r = JSON.parse(out.stdout.trim().split('\n').pop());
      rows.push(
        `| ${label} | ${r.open} | ${r.settled} | ${r.shares} | ${r.vouchers} | ${(r.ms / 1000).toFixed(1)} | ${Math.round(r.settled / (r.ms / 1000))} |`,
      );
    }
    const [b] = await snapshot(name);
    const [a] = oneByOne ? await snapshot(copy) : [b];
    console.log(
      `node ${process.version}, ${slips} slips (${seeded.open ?? '?'} open, ${sold.moneyBack} of them money-back), ${sold.sales} paid sales ` +
        `over the open slips, load average before ${load}`,
    );
    console.log(
      '| settlement | open slips | settled | sales settled | vouchers issued | seconds | slips/s |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const r of rows) console.log(r);
    const same = ['slips', 'tips', 'stats', 'shares', 'vouchers'].every((k) => a[k] === b[k]);
    if (oneByOne)
      console.log(
        same
          ? 'both ways end identical (slips, tips, tipster_stat, sale shares, vouchers)'
          : `DIFFERENT: ${JSON.stringify({ a, b })}`,
      );
    if (!same) process.exitCode = 1;
    if (underLoad) {
      const rows = await hotRoutesDuringSettlement(loadCopy);
      const s = rows[0].settled;
      console.log(
        `\nHot routes while a batch settles: ${s.settled} of ${s.open} open slips settled in ${(s.ms / 1000).toFixed(1)} s inside a ` +
          `${(s.wallMs / 1000).toFixed(1)} s process (app start included), ${connections} connections over ${HOT_ROUTES.length} routes, ` +
          `${duration} s windows, load average after ${spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ').slice(0, 3).join(' ')}`,
      );
      console.log(
        '| route | quiet req/s | quiet p50 / p99 / max ms | settling req/s | settling p50 / p99 / max ms | non-2xx |',
      );
      console.log('| --- | --- | --- | --- | --- | --- |');
      for (const r of rows) {
        const l = (x) => `${x.latency.p50} / ${x.latency.p99} / ${x.latency.max}`;
        console.log(
          `| ${r.path} | ${r.quiet.requests.average.toFixed(0)} | ${l(r.quiet)} | ${r.busy.requests.average.toFixed(0)} | ${l(r.busy)} | ${r.quiet.non2xx + r.busy.non2xx + r.quiet.errors + r.busy.errors} |`,
        );
      }
      const [c] = await snapshot(loadCopy);
      const sameUnderLoad = ['slips', 'tips', 'stats', 'shares', 'vouchers'].every(
        (k) => c[k] === b[k],
      );
      console.log(
        sameUnderLoad
          ? 'the copy settled under load ends identical too'
          : `DIFFERENT under load: ${JSON.stringify({ b, c })}`,
      );
      if (!sameUnderLoad) process.exitCode = 1;
    }
  } finally {
    if (underLoad) await dropDatabaseAt(`${pgBase}/${loadCopy}`);
    if (oneByOne) await dropDatabaseAt(`${pgBase}/${copy}`);
    await dropDatabaseAt(`${pgBase}/${name}`);
    rmSync(storage, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
