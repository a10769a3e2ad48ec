import { defineConfig } from 'vitest/config';

/**
 * Unit tests in jsdom. No React plugin: the automatic JSX runtime (tsconfig `react-jsx`) is all
 * tests need, and vitest may run on a newer Vite major than the app build.
 */
export default defineConfig({
  // Resolve packages as the browser build does. Without this, Node conditions pick React
  // Router's CJS build for `react-router` but its ESM build for `react-router/dom`, and the
  // two would not share the data-router context.
  resolve: { conditions: ['module', 'browser', 'development|production'] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Tests wait for conditions (findBy*, waitFor: test-setup.ts); on a busy 2-core machine a
    // test that renders the whole back office waits several times, each up to its bound.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
