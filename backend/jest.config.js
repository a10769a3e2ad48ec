/**
 * Jest projects (docs/CONTRIBUTING.md §9): `unit` = *.spec.ts next to the source (no I/O), test/repo (checks over the repository's files)
 * and test/support (the tests' own helpers);
 * `integration` = test/integration and test/e2e against the real PostgreSQL and Redis,
 * each file on its own database cloned from a migrated template (test/setup/global-setup.ts).
 */
const fs = require('fs');
const path = require('path');
const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
const transform = { '^.+\\.(t|j)s$': ['@swc/jest', { ...swcrc, swcrc: false }] };

module.exports = {
  // Per-project testTimeout is ignored when projects are used: set it here (integration tests boot the app).
  testTimeout: 60000,
  // On 2 cores jest runs every file inside its own main process ("in band"), and each integration
  // file's app leaves some heap behind: past ~1,900 tests that process reached V8's 4 GB heap
  // limit and aborted. With a limit, files run in a worker process that is replaced once its heap
  // passes the limit after a file (still one file at a time on 2 cores).
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      transform,
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/test/repo/**/*.spec.ts',
        '<rootDir>/test/support/**/*.spec.ts',
      ],
    },
    {
      displayName: 'integration',
      rootDir: __dirname,
      testEnvironment: 'node',
      transform,
      testMatch: [
        '<rootDir>/test/integration/**/*.int-spec.ts',
        '<rootDir>/test/e2e/**/*.e2e-spec.ts',
      ],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
      testTimeout: 60000,
    },
  ],
};
