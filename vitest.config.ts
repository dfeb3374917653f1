import { defineConfig } from 'vitest/config';

const web = 'apps/web/src/**/*.test.{ts,tsx}';

// One run for the whole workspace; database tests run on PGlite always and on PostgreSQL when
// TEST_DATABASE_URL is set (each test file creates and drops its own database there).
export default defineConfig({
  test: {
    pool: 'forks',
    // Two files at once even on two cores: many API tests wait on timers, sockets and child processes.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    projects: [
      // The web tests mock modules (vi.mock): each file gets fresh modules.
      { extends: true, test: { name: 'web', include: [web] } },
      // Server, packages and scripts share a worker's modules between files, so the app, its schemas
      // and the migrated PGlite image load once per worker, not once per file (decision 0030).
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'scripts/*.test.mjs',
            'deploy/*.test.ts',
            'tools/*/*.test.ts',
            'eslint-rules/*.test.js',
            // Pure helpers of the benchmarks (the benchmarks themselves run by hand, bench/README.md).
            'bench/*/*.test.ts',
          ],
          isolate: false,
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
        },
      },
    ],
  },
});
