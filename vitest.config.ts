import { defineConfig } from 'vitest/config';
import { serverAliases } from './client/build/aliases.ts';
import { InterleavingSequencer } from './vitest.sequencer.ts';

export default defineConfig({
  resolve: { alias: serverAliases },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's own default (1 s) is short for a machine another process keeps busy; a poll that
    // passes ends as soon as it does.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: InterleavingSequencer },
    // argon2 at its smallest cost in the tests only (services/auth/passwords.ts hashOptionsFor).
    env: { ARGON2_TEST_COST: 'low' },
    // Compact: only failing files and tests, then the totals (console output of passing tests is
    // dropped); every file's and test's duration is in the JSON report (.ci/run reads it).
    // `npx vitest run --reporter=default` lists every file.
    reporters: ['minimal', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          globalSetup: [
            'server/test/support/pglite-template.ts',
            'server/test/support/postgres-template.ts',
            'server/test/support/server-build.ts',
          ],
          // The files of a worker share its loaded modules (fastify, drizzle, PGlite, the app): loading
          // them again for every file cost more than most files' tests. Every file makes its own app and
          // database (support/harness.ts) and closes them.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['client/src/test/setup.ts'],
          // The files of a worker share its loaded modules (React, Testing Library, the app and its
          // lazily loaded pages); setup.ts unmounts and clears the storage and the URL after each test.
          isolate: false,
          // The longest renders the whole dashboard and types into it: 26 s at load 24 on 2 CPUs. A
          // passing test ends as soon as it can; only a stuck one waits this long.
          testTimeout: 60_000,
        },
      },
      {
        // Chromium against the built app (pnpm build first; the root test script does).
        extends: true,
        test: {
          name: 'browser',
          include: ['client/e2e/**/*.test.ts'],
          globalSetup: ['client/e2e/support/seeded-data.ts'],
          // As in the other projects: playwright-core and the support modules load once a worker.
          // Each file starts its own app and browser (support/browser.ts) and stops them.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
