import { spawnSync } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';
import { REPO_ROOT } from '../../src/config/app-config';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { jestLikeTally, playwrightTally } = require(
  join(REPO_ROOT, 'scripts', 'test-tally.cjs'),
) as {
  jestLikeTally: (report: unknown) => Tally;
  playwrightTally: (report: unknown) => Tally & { notRunTitles: string[] };
};

jest.setTimeout(180_000);

interface Tally {
  passed: number;
  failed: number;
  notRun: number;
  skipped: number;
}

/**
 * `npm test`'s closing line counts what did not run (scripts/test-tally.cjs): each runner is run
 * for real on a small project holding a passing test, a failing one, tests that cannot run
 * because of it (a serial group after a failure, a suite whose hook failed), a file that fails to
 * load and a test skipped in the code, and its JSON report is tallied.
 */
describe("npm test's tally of the runners' reports", () => {
  let dir: string;
  /** Runs node in `dir` with this environment minus what marks a jest worker (Playwright refuses to run inside jest). */
  const node = (args: string[], env: Record<string, string> = {}) => {
    const base = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !k.startsWith('JEST') && k !== 'CI' && k !== 'NODE_OPTIONS',
      ),
    );
    return spawnSync(process.execPath, args, {
      cwd: dir,
      env: { ...base, ...env },
      encoding: 'utf8',
    });
  };
  /** Runs Playwright on `dir` and returns its JSON report. */
  const runPlaywright = () => {
    const out = join(dir, 'report.json');
    node(
      [
        join(REPO_ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
        'test',
        '--config',
        'playwright.config.mjs',
        '--reporter=json',
      ],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    );
    return report(out);
  };
  const report = (file: string) => {
    if (!existsSync(file)) throw new Error(`no report at ${file}`);
    return JSON.parse(readFileSync(file, 'utf8'));
  };

  beforeEach(() => {
    // Inside the repository, so the runners and their packages resolve from its node_modules.
    mkdirSync(join(REPO_ROOT, '.data'), { recursive: true });
    dir = mkdtempSync(join(REPO_ROOT, '.data', 'tally-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('Playwright: tests after a failure in a serial group did not run; test.skip is apart', () => {
    writeFileSync(
      join(dir, 'playwright.config.mjs'),
      `export default { testDir: '.', testMatch: '*.pw.mjs', workers: 1, retries: 0, outputDir: './out' };\n`,
    );
    writeFileSync(
      join(dir, 'serial.pw.mjs'),
      `import { expect, test } from '@playwright/test';
test.describe.configure({ mode: 'serial' });
test('passes', () => {});
test('fails', () => { expect(1).toBe(2); });
test('would run next', () => {});
test('would run last', () => {});
`,
    );
    writeFileSync(
      join(dir, 'skip.pw.mjs'),
      `import { test } from '@playwright/test';\ntest('runs', () => {});\ntest.skip('skipped in the code', () => {});\n`,
    );
    const tally = playwrightTally(runPlaywright());
    expect(tally).toMatchObject({ passed: 2, failed: 1, notRun: 2, skipped: 1 });
    expect(tally.notRunTitles).toEqual([
      expect.stringContaining('would run next'),
      expect.stringContaining('would run last'),
    ]);
  });

  it('Playwright: a file that fails to load stops the whole run, which did not run (its report has no test at all)', () => {
    writeFileSync(
      join(dir, 'playwright.config.mjs'),
      `export default { testDir: '.', testMatch: '*.pw.mjs', workers: 1, retries: 0, outputDir: './out' };\n`,
    );
    writeFileSync(
      join(dir, 'fine.pw.mjs'),
      `import { test } from '@playwright/test';\ntest('would pass', () => {});\n`,
    );
    writeFileSync(
      join(dir, 'broken.pw.mjs'),
      `import { test } from '@playwright/test';\nthrow new Error('cannot load');\ntest('never seen', () => {});\n`,
    );
    const tally = playwrightTally(runPlaywright());
    expect(tally).toMatchObject({ passed: 0, failed: 0, skipped: 0 });
    expect(tally.notRun).toBeGreaterThanOrEqual(1);
  });

  it('vitest: a file that fails to load and the tests of a suite whose beforeAll failed did not run; it.skip is apart', () => {
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      `export default { test: { include: ['*.vt.test.mjs'], environment: 'node' } };\n`,
    );
    writeFileSync(
      join(dir, 'a.vt.test.mjs'),
      `import { beforeAll, describe, expect, it } from 'vitest';
it('passes', () => {});
it('fails', () => { expect(1).toBe(2); });
it.skip('skipped in the code', () => {});
describe('hook fails', () => {
  beforeAll(() => { throw new Error('no database'); });
  it('would run', () => {});
  it('would run too', () => {});
});
`,
    );
    writeFileSync(
      join(dir, 'b.vt.test.mjs'),
      `import { it } from 'vitest';\nit('passes', () => {});\nit.skip('skipped in the code', () => {});\n`,
    );
    writeFileSync(
      join(dir, 'c.vt.test.mjs'),
      `import { it } from 'vitest';\nthrow new Error('cannot load');\nit('never seen', () => {});\n`,
    );
    const out = join(dir, 'report.json');
    node([
      join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      'vitest.config.mjs',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ]);
    // a: 'skipped in the code' sits in a failed file, so it counts as not run (vitest's report cannot tell).
    expect(jestLikeTally(report(out))).toEqual({ passed: 2, failed: 1, notRun: 4, skipped: 1 });
  });

  it('jest: a suite that fails to run did not run; it.skip and it.todo are apart', () => {
    writeFileSync(
      join(dir, 'jest.config.js'),
      `module.exports = { testMatch: ['**/*.jt.test.js'], testEnvironment: 'node' };\n`,
    );
    writeFileSync(
      join(dir, 'a.jt.test.js'),
      `it('passes', () => {});\nit('fails', () => expect(1).toBe(2));\n`,
    );
    writeFileSync(
      join(dir, 'b.jt.test.js'),
      `it('passes', () => {});\nit.skip('skipped in the code', () => {});\nit.todo('later');\n`,
    );
    writeFileSync(join(dir, 'c.jt.test.js'), `throw new Error('cannot load');\n`);
    const out = join(dir, 'report.json');
    node([
      join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--ci',
      '--json',
      `--outputFile=${out}`,
      '--rootDir',
      dir,
    ]);
    expect(jestLikeTally(report(out))).toEqual({ passed: 2, failed: 1, notRun: 1, skipped: 2 });
  });
});
