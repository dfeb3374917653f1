import { defineConfig } from 'vitest/config';

// One run for the whole workspace; database tests run on PGlite always and on PostgreSQL when
// TEST_DATABASE_URL is set (each test file creates and drops its own database there).
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'scripts/*.test.mjs',
      'deploy/*.test.ts',
    ],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
