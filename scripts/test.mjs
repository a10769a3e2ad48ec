/**
 * `npm test`: every test layer of style.md §9 against the real PostgreSQL and Redis of this machine
 * (embedded PostgreSQL / a private redis-server when nothing answers on the defaults), then prints
 * one line `N passed, N failed` and exits non-zero when anything failed.
 *   1. backend jest: unit (*.spec.ts) and integration (*.int-spec.ts, *.e2e-spec.ts)
 *   2. frontend vitest (*.test.ts[x])
 *   3. browser: Playwright with Debian's /usr/bin/chromium against the built app on a fresh database
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildIfNeeded, dropDatabaseAt, freePort, log, NO_REDIS_MESSAGE, postgresAnswers, redisAnswers, ROOT, startEmbeddedPostgres, startLocalRedis, throwawayAppEnv, waitForHealth,
} from './lib.mjs';

/** `node scripts/test.mjs --e2e [playwright args]`: only the browser tests (e.g. one file), reports in their own folder. */
const E2E_ONLY = process.argv[2] === '--e2e';
const E2E_ARGS = E2E_ONLY ? process.argv.slice(3) : [];
const OUT = join(ROOT, '.data', E2E_ONLY ? `test-results-e2e-${process.pid}` : 'test-results');
const totals = { passed: 0, failed: 0 };
const stops = [];

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** Adds a jest/vitest JSON report to the totals; a missing report or a suite that failed to run counts as a failure. */
const addJestLike = (label, file) => {
  const r = readJson(file);
  if (!r) {
    log(`${label}: no report (the runner crashed)`);
    totals.failed += 1;
    return;
  }
  const broken = r.numRuntimeErrorTestSuites ?? 0;
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests + broken;
  log(`${label}: ${r.numPassedTests} passed, ${r.numFailedTests} failed${broken ? `, ${broken} suites failed to run` : ''}`);
};

const ensureServices = async () => {
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(pgUrl))) {
    if (process.env.TEST_DATABASE_URL) throw new Error(`PostgreSQL does not answer at TEST_DATABASE_URL`);
    log('no PostgreSQL on 127.0.0.1:5432: using the embedded PostgreSQL');
    const pg = await startEmbeddedPostgres('postgres');
    process.env.TEST_DATABASE_URL = pg.url;
    stops.push(pg.stop);
  }
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl))) {
    if (process.env.TEST_REDIS_URL) throw new Error(`Redis does not answer at TEST_REDIS_URL`);
    const redis = await startLocalRedis();
    if (!redis) throw new Error(NO_REDIS_MESSAGE);
    process.env.TEST_REDIS_URL = redis.url;
    stops.push(redis.stop);
  }
};

const backend = () => {
  const report = join(OUT, 'backend.json');
  run('npx', ['jest', '--ci', '--json', `--outputFile=${report}`], { cwd: join(ROOT, 'backend') });
  addJestLike('backend (jest)', report);
};

const frontend = () => {
  const report = join(OUT, 'frontend.json');
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: join(ROOT, 'frontend') });
  addJestLike('frontend (vitest)', report);
};

const browser = async () => {
  const e2eDir = join(ROOT, 'frontend', 'e2e');
  if (!existsSync(e2eDir) || !readdirSync(e2eDir, { recursive: true }).some((f) => String(f).endsWith('.e2e.ts'))) return;
  if (!existsSync('/usr/bin/chromium')) {
    log('browser tests need Debian chromium (/usr/bin/chromium): apt-get install -y chromium');
    totals.failed += 1;
    return;
  }
  buildIfNeeded();
  const pgBase = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  pgBase.pathname = `/tips_e2e_${randomBytes(5).toString('hex')}`;
  const port = await freePort();
  const env = {
    ...throwawayAppEnv({
      port, databaseUrl: pgBase.toString(), redisPrefix: `e2e-${port}`, storageDir: join('.data', `e2e-storage-${port}`),
    }),
    // STK prompts wait on /sandbox/phone/{msisdn} until a test accepts (or declines) them there.
    SANDBOX_AUTO_ACCEPT: 'false',
  };
  const node = (file) => run(process.execPath, [join(ROOT, 'backend', 'dist', file)], { env });
  if (node('database/migrate.js').status !== 0) {
    totals.failed += 1;
    return;
  }
  const seed = join(ROOT, 'backend', 'dist', 'database', 'seed', 'run-seed.js');
  if (existsSync(seed) && node('database/seed/run-seed.js').status !== 0) {
    totals.failed += 1;
    return;
  }
  const server = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], { cwd: ROOT, env, stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base);
    const report = join(OUT, 'browser.json');
    run('npx', ['playwright', 'test', '--reporter=list,json', `--output=${join(OUT, 'playwright')}`, ...E2E_ARGS], {
      cwd: join(ROOT, 'frontend'),
      // E2E_DATABASE_URL: the server's database, for tests that set up what the UI cannot (an admin).
      env: { ...process.env, E2E_BASE_URL: base, E2E_DATABASE_URL: pgBase.toString(), PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    });
    const r = readJson(report);
    if (!r) {
      log('browser (playwright): no report');
      totals.failed += 1;
    } else {
      const { expected = 0, unexpected = 0, flaky = 0 } = r.stats ?? {};
      totals.passed += expected + flaky;
      totals.failed += unexpected;
      log(`browser (playwright): ${expected + flaky} passed, ${unexpected} failed`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropDatabaseAt(pgBase.toString());
    rmSync(join(ROOT, env.STORAGE_DIR), { recursive: true, force: true });
  }
};

const main = async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await ensureServices();
  if (!E2E_ONLY) {
    backend();
    frontend();
  }
  await browser().catch((err) => {
    log(`browser tests: ${err.message}`);
    totals.failed += 1;
  });
};

main()
  .catch((err) => {
    log(`test run failed: ${err instanceof Error ? err.message : err}`);
    totals.failed += 1;
  })
  .finally(async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
    console.log(`${totals.passed} passed, ${totals.failed} failed`);
    process.exitCode = totals.failed ? 1 : 0;
  });
