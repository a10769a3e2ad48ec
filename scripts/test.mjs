/**
 * `npm test`: every test layer of docs/CONTRIBUTING.md §9 against the real PostgreSQL and Redis of this machine
 * (embedded PostgreSQL / a private redis-server when nothing answers on the defaults), then prints
 * one line `N passed, N failed` and exits non-zero when anything failed. Tests that did not run
 * (a suite that failed to load, tests skipped because an earlier one of a serial group failed,
 * an interrupted run) are named on the line before and counted as failed; tests skipped in the
 * code (it.skip, test.skip) are reported on their own line and are not failures.
 * A run leaves nothing behind: each layer's Redis keys carry this run's prefixes and its files go
 * under one temporary folder; at the end any key or file still there fails the run (then it is removed).
 *   0. lint and format first (docs/CONTRIBUTING.md "Lint and format"): ESLint, Prettier, then the layers
 *   1. backend jest: unit (*.spec.ts) and integration (*.int-spec.ts, *.e2e-spec.ts)
 *   2. frontend vitest (*.test.ts[x])
 *   3. browser: Playwright with Debian's /usr/bin/chromium against the built app on a fresh database
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildIfNeeded,
  deleteRedisKeys,
  dropDatabaseAt,
  filesUnder,
  freePort,
  log,
  NO_REDIS_MESSAGE,
  postgresAnswers,
  redisAnswers,
  redisKeys,
  ROOT,
  startEmbeddedPostgres,
  startLocalRedis,
  throwawayAppEnv,
  waitForHealth,
} from './lib.mjs';

const { jestLikeTally, playwrightTally } = createRequire(import.meta.url)('./test-tally.cjs');

/** `node scripts/test.mjs --e2e [playwright args]`: only the browser tests (e.g. one file), reports in their own folder. */
const E2E_ONLY = process.argv[2] === '--e2e';
const E2E_ARGS = E2E_ONLY ? process.argv.slice(3) : [];
const OUT = join(ROOT, '.data', E2E_ONLY ? `test-results-e2e-${process.pid}` : 'test-results');
/** passed; failed (includes notRun); notRun: tests or suites that did not run; skipped: skipped in the code. */
const totals = { passed: 0, failed: 0, notRun: 0, skipped: 0 };
const stops = [];

/** This run: the id in the jest layer's Redis prefixes (`test-<run>-…`) and the folder every layer's files go under. */
const RUN_ID = randomBytes(4).toString('hex');
const RUN_TMP = mkdtempSync(join(tmpdir(), `tips-test-${RUN_ID}-`));
/** Redis key patterns of this run, checked empty at the end (the browser layer adds its server's prefix). */
const runKeyPatterns = [`test-${RUN_ID}-*`];

const run = (cmd, args, opts = {}) =>
  spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const redisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Adds one layer's tally to the totals and logs it. */
const addTally = (label, { passed, failed, notRun, skipped }) => {
  totals.passed += passed;
  totals.failed += failed + notRun;
  totals.notRun += notRun;
  totals.skipped += skipped;
  const extra = [notRun && `${notRun} did not run`, skipped && `${skipped} skipped in code`].filter(
    Boolean,
  );
  log(`${label}: ${passed} passed, ${failed} failed${extra.length ? `, ${extra.join(', ')}` : ''}`);
};

/** Adds a jest/vitest JSON report to the totals; a missing report (the runner crashed) counts as one test that did not run. */
const addJestLike = (label, file) => {
  const r = readJson(file);
  if (!r) {
    log(`${label}: no report (the runner crashed)`);
    addTally(label, { passed: 0, failed: 0, notRun: 1, skipped: 0 });
    return;
  }
  addTally(label, jestLikeTally(r));
};

const ensureServices = async () => {
  const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await postgresAnswers(pgUrl))) {
    if (process.env.TEST_DATABASE_URL)
      throw new Error(`PostgreSQL does not answer at TEST_DATABASE_URL`);
    log('no PostgreSQL on 127.0.0.1:5432: using the embedded PostgreSQL');
    const pg = await startEmbeddedPostgres('postgres');
    process.env.TEST_DATABASE_URL = pg.url;
    stops.push(pg.stop);
  }
  if (!(await redisAnswers(redisUrl()))) {
    if (process.env.TEST_REDIS_URL) throw new Error(`Redis does not answer at TEST_REDIS_URL`);
    const redis = await startLocalRedis();
    if (!redis) throw new Error(NO_REDIS_MESSAGE);
    process.env.TEST_REDIS_URL = redis.url;
    stops.push(redis.stop);
  }
};

/** Runs one whole-repository check: one test in the tally, passed when the command exits 0 (its findings are printed). */
const check = (label, cmd, args) => {
  const r = run(cmd, args);
  addTally(
    label,
    r.status === 0
      ? { passed: 1, failed: 0, notRun: 0, skipped: 0 }
      : { passed: 0, failed: 1, notRun: 0, skipped: 0 },
  );
};

/**
 * ESLint's type-aware rules (eslint.config.mjs) over backend/ and frontend/: `npm run lint:eslint`,
 * cached in .data/eslint-cache, so a run re-lints only changed files (docs/PERFORMANCE.md "Lint and
 * format" has the timings).
 */
const eslint = () => check('lint (eslint)', 'npm', ['run', '--silent', 'lint:eslint']);

/**
 * Prettier (.prettierrc, .prettierignore): `npm run format:check`, which lists each file not in
 * Prettier's style; cached in .data/prettier-check-cache (only files that passed the check).
 */
const prettier = () => check('format (prettier)', 'npm', ['run', '--silent', 'format:check']);

/**
 * The backend's layers (.dependency-cruiser.cjs, docs/ARCHITECTURE.md "Layers"): one check, one
 * test in the tally; a wrong-way import fails it and is printed.
 */
const boundaries = () =>
  check('layers (dependency-cruiser)', 'npx', [
    'depcruise',
    '--config',
    '.dependency-cruiser.cjs',
    'backend/src',
  ]);

const backend = () => {
  const report = join(OUT, 'backend.json');
  run('npx', ['jest', '--ci', '--json', `--outputFile=${report}`], {
    cwd: join(ROOT, 'backend'),
    // Redis prefixes test-<run>-<db> and each test app's STORAGE_DIR under the run's folder (backend/test/setup).
    env: {
      ...process.env,
      TIPS_TEST_RUN_ID: RUN_ID,
      TIPS_TEST_STORAGE_ROOT: join(RUN_TMP, 'jest'),
    },
  });
  addJestLike('backend (jest)', report);
};

/**
 * The long replay run (docs/RELIABILITY.md "Replays"): with TEST_RELIABILITY_RUNS=<n> (`.ci/run`
 * sets 1000) the fast-check callback replays run again with n schedules after the backend's own
 * run (which replays a dozen); its tests join the tally.
 */
const reliability = () => {
  const runs = Number(process.env.TEST_RELIABILITY_RUNS ?? 0);
  if (!runs) return;
  const report = join(OUT, 'reliability.json');
  run(
    'npx',
    [
      'jest',
      '--ci',
      '--selectProjects',
      'integration',
      '--json',
      `--outputFile=${report}`,
      'test/integration/processor/callback-replays.int-spec.ts',
    ],
    {
      cwd: join(ROOT, 'backend'),
      env: {
        ...process.env,
        REPLAY_RUNS: String(runs),
        TIPS_TEST_RUN_ID: RUN_ID,
        TIPS_TEST_STORAGE_ROOT: join(RUN_TMP, 'jest-reliability'),
      },
    },
  );
  addJestLike(`reliability (${runs} replay schedules)`, report);
};

const frontend = () => {
  const report = join(OUT, 'frontend.json');
  run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: join(ROOT, 'frontend') },
  );
  addJestLike('frontend (vitest)', report);
};

const browser = async () => {
  const e2eDir = join(ROOT, 'frontend', 'e2e');
  if (
    !existsSync(e2eDir) ||
    !readdirSync(e2eDir, { recursive: true }).some((f) => String(f).endsWith('.e2e.ts'))
  )
    return;
  if (!existsSync('/usr/bin/chromium')) {
    log('browser tests need Debian chromium (/usr/bin/chromium): apt-get install -y chromium');
    addTally('browser (playwright)', { passed: 0, failed: 0, notRun: 1, skipped: 0 });
    return;
  }
  buildIfNeeded({ exitOnFailure: false });
  const pgBase = new URL(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  pgBase.pathname = `/tips_e2e_${randomBytes(5).toString('hex')}`;
  const port = await freePort();
  const redisPrefix = `e2e-${port}`;
  runKeyPatterns.push(`${redisPrefix}:*`);
  const env = {
    ...throwawayAppEnv({
      port,
      databaseUrl: pgBase.toString(),
      redisPrefix,
      storageDir: join(RUN_TMP, 'e2e-storage'),
    }),
    // STK prompts wait on /sandbox/phone/{msisdn} until a test accepts (or declines) them there.
    SANDBOX_AUTO_ACCEPT: 'false',
  };
  const node = (file) => run(process.execPath, [join(ROOT, 'backend', 'dist', file)], { env });
  let server = null;
  try {
    if (node('database/migrate.js').status !== 0) throw new Error('migrations failed');
    const seed = join(ROOT, 'backend', 'dist', 'seed', 'run-seed.js');
    if (existsSync(seed) && node('seed/run-seed.js').status !== 0)
      throw new Error('the seed failed');
    server = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base);
    const report = join(OUT, 'browser.json');
    run(
      'npx',
      [
        'playwright',
        'test',
        '--reporter=list,json',
        `--output=${join(OUT, 'playwright')}`,
        ...E2E_ARGS,
      ],
      {
        cwd: join(ROOT, 'frontend'),
        // E2E_DATABASE_URL: the server's database, for tests that set up what the UI cannot (an admin).
        env: {
          ...process.env,
          E2E_BASE_URL: base,
          E2E_DATABASE_URL: pgBase.toString(),
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        },
      },
    );
    const r = readJson(report);
    if (!r) {
      log('browser (playwright): no report');
      addTally('browser (playwright)', { passed: 0, failed: 0, notRun: 1, skipped: 0 });
    } else {
      const tally = playwrightTally(r);
      for (const title of tally.notRunTitles) log(`did not run: ${title}`);
      addTally('browser (playwright)', tally);
    }
  } finally {
    if (server) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await dropDatabaseAt(pgBase.toString()).catch((err) =>
      log(`could not drop ${pgBase.pathname}: ${err.message}`),
    );
    await deleteRedisKeys(redisUrl(), `${redisPrefix}:*`);
    rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  }
};

/**
 * Fails the run when it left anything behind: Redis keys under its prefixes or files under its
 * temporary folder (each layer cleans up after itself; this finds the one that did not). Then
 * removes them, so even a failed run leaves nothing.
 */
const checkLeftovers = async () => {
  const left = [];
  for (const pattern of runKeyPatterns) {
    const keys = await redisKeys(redisUrl(), pattern);
    if (keys.length) {
      left.push(`${keys.length} Redis keys ${pattern} (e.g. ${keys.slice(0, 3).join(', ')})`);
      await deleteRedisKeys(redisUrl(), pattern);
    }
  }
  const files = filesUnder(RUN_TMP);
  if (files.length)
    left.push(`${files.length} files under ${RUN_TMP} (e.g. ${files.slice(0, 3).join(', ')})`);
  rmSync(RUN_TMP, { recursive: true, force: true });
  if (left.length) {
    log(`the run left things behind (removed now): ${left.join('; ')}`);
    totals.failed += 1;
  }
};

const main = async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  if (!E2E_ONLY) {
    // First, before anything starts: they need no database and are the quickest to fail.
    eslint();
    // Prettier's check, one entry of the tally like ESLint (docs/CONTRIBUTING.md "Lint and format").
    prettier();
  }
  await ensureServices();
  if (!E2E_ONLY) {
    // Before jest: its start test (backend/test/e2e) runs the built app as `npm start` would.
    buildIfNeeded({ exitOnFailure: false });
    boundaries();
    backend();
    reliability();
    frontend();
  }
  await browser().catch((err) => {
    log(`browser tests: ${err.message}`);
    addTally('browser (playwright)', { passed: 0, failed: 0, notRun: 1, skipped: 0 });
  });
};

main()
  .catch((err) => {
    log(`test run failed: ${err instanceof Error ? err.message : err}`);
    totals.failed += 1;
  })
  .finally(async () => {
    await checkLeftovers().catch((err) => {
      log(`could not check what the run left behind: ${err.message}`);
      totals.failed += 1;
    });
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
    if (totals.skipped)
      log(`${totals.skipped} tests skipped in the code (it.skip / test.skip), not counted`);
    console.log(`${totals.notRun} did not run (counted as failed)`);
    console.log(`${totals.passed} passed, ${totals.failed} failed`);
    process.exitCode = totals.failed ? 1 : 0;
  });
