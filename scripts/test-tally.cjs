/**
 * How `npm test` (scripts/test.mjs) counts a test layer's JSON report. Every tally is
 * `{ passed, failed, notRun, skipped }`: `notRun` are tests (or whole files) that should have run
 * and did not — the closing line counts them as failed — and `skipped` are tests skipped in the
 * code (it.skip, test.skip, test.fixme), reported apart and not failures.
 * CommonJS so that jest can test it (backend/test/e2e/npm-test-tally.e2e-spec.ts).
 */

/**
 * Tally of a jest or vitest JSON report. A file that failed without any test passing or failing
 * (it failed to load, or a file-level hook failed) did not run: its tests, or once when none are
 * known. Other tests that neither passed nor failed: in a file that failed they did not run (vitest
 * skips the rest of a suite whose hook failed), as did vitest's `pending` ones (still queued or
 * running when the report was written); in a passing file they were skipped in the code.
 */
const jestLikeTally = (report) => {
  const vitest = report.numRuntimeErrorTestSuites === undefined;
  const tally = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    notRun: 0,
    skipped: 0,
  };
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const fileFailed = file.status === 'failed';
    const ran = tests.filter((t) => t.status === 'passed' || t.status === 'failed').length;
    if (fileFailed && ran === 0) {
      tally.notRun += Math.max(1, tests.length);
      continue;
    }
    for (const t of tests) {
      if (t.status === 'passed' || t.status === 'failed') continue;
      if (fileFailed || (vitest && t.status === 'pending')) tally.notRun += 1;
      else tally.skipped += 1;
    }
  }
  return tally;
};

/**
 * Tally of a Playwright JSON report: `expected` and `flaky` passed, `unexpected` failed; a
 * `skipped` test whose expected status is not `skipped` did not run (an earlier test of its serial
 * group failed, or the run was interrupted), while one expected to be skipped was skipped in the
 * code (test.skip, test.fixme). Each error outside any test (a file that failed to load, a failed
 * global setup) counts as one that did not run. `notRunTitles` names the tests that did not run.
 */
const playwrightTally = (report) => {
  const tally = {
    passed: 0,
    failed: 0,
    notRun: (report.errors ?? []).length,
    skipped: 0,
    notRunTitles: [],
  };
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.expectedStatus === 'skipped' && (t.status === 'skipped' || t.status === 'expected'))
          tally.skipped += 1;
        else if (t.status === 'expected' || t.status === 'flaky') tally.passed += 1;
        else if (t.status === 'unexpected') tally.failed += 1;
        else {
          tally.notRun += 1;
          tally.notRunTitles.push([...titles, spec.title].filter(Boolean).join(' › '));
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return tally;
};

module.exports = { jestLikeTally, playwrightTally };
