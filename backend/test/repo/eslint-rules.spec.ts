import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import type { ESLint } from 'eslint';

/**
 * The lint configuration keeps its promise rules (docs/CONTRIBUTING.md "Lint and format"): ESLint's
 * Node API lints `lint-fixtures/promise-mistakes.ts` with the repository's own eslint.config.mjs and
 * each line after an `expect: <rule>` comment must be reported by that rule, and nothing else. A
 * configuration that lost type information or one of the rules fails here, not silently in CI.
 * ESLint runs in a child process: it loads eslint.config.mjs with `import()`, which Jest's module
 * sandbox refuses.
 */

const ROOT = join(__dirname, '..', '..', '..');
const FIXTURE = join(__dirname, 'lint-fixtures', 'promise-mistakes.ts');

/**
 * ESLint's Node API on `file` with the repository's configuration. `ignore: false`: the main run
 * ignores lint-fixtures/ (eslint.config.mjs), this test lints it on purpose.
 */
const LINT = `
const { ESLint } = require('eslint');
const [cwd, file] = process.argv.slice(1);
new ESLint({ cwd, ignore: false })
  .lintFiles([file])
  .then((results) => process.stdout.write(JSON.stringify(results)))
  .catch((err) => { console.error(err); process.exitCode = 2; });
`;

const lint = (file: string): ESLint.LintResult[] => {
  const out = spawnSync(process.execPath, ['-e', LINT, ROOT, file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`eslint exited with ${out.status}: ${out.stderr}`);
  return JSON.parse(out.stdout) as ESLint.LintResult[];
};

/** `<rule> at line <n>` for each `// expect: <rule>` comment of the fixture: the rule must report the next line. */
const expected = (): string[] =>
  readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      const rule = /\/\/ expect: (\S+)/.exec(line)?.[1];
      return rule ? [`${rule} at line ${i + 2}`] : [];
    });

describe('eslint.config.mjs', () => {
  it('reports the floating and the misused promise of the fixture, and nothing else', () => {
    const [result] = lint(FIXTURE);
    const reported = result.messages.map((m) => `${m.ruleId ?? m.message} at line ${m.line}`);
    // The fixture keeps one mistake of each rule.
    expect(expected().map((e) => e.split(' ')[0])).toEqual(
      expect.arrayContaining([
        '@typescript-eslint/no-floating-promises',
        '@typescript-eslint/no-misused-promises',
      ]),
    );
    expect(reported.sort()).toEqual(expected().sort());
  });
});
