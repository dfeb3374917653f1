// Browser tests of the three web areas against the real server: built, started on a free port with a
// fresh data folder (embedded database, demo data, development stand-ins), in Debian's Chromium.
// Run from the repository root: `npm run test:e2e`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** A port nobody listens on now (asked of the OS in a child process: the config must load synchronously). */
function freePort(): string {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  );
  if (probe.status !== 0 || !/^\d+$/.test(probe.stdout)) throw new Error(`no free port: ${probe.stderr}`);
  return probe.stdout;
}

// Worker processes load this file again and inherit the environment: pick the port and folder once.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const port = process.env.E2E_PORT;
const repo = join(import.meta.dirname, '..');
// Each run builds into a folder of its own (inside the repository, so the server's packages resolve):
// runs side by side, and the developer's dist folders, stay untouched.
process.env.E2E_BUILD_OUT ??= join(repo, '.build', `e2e-${port}`);
const buildOut = process.env.E2E_BUILD_OUT;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per run, like the build: a run starting beside another would otherwise wipe its traces.
  outputDir: `../test-results/e2e-${port}`,
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 900 },
    // Less motion: MUI then draws no transitions, so axe never measures a colour half-way through one.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium: never download a browser.
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    // Recording a trace of every test costs CPU on two cores: ask for one with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npm run build && node ${join(buildOut, 'api', 'dist', 'server.js')}`,
    cwd: repo,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      BUILD_OUT: buildOut,
      // Every browser worker calls from 127.0.0.1 (some share a signed-in state), faster than a person:
      // rate limits stay out of the way (decision 0045; apps/api/src/plugins/rate-limit.test.ts tests them).
      RATE_LIMIT_READS: '1000000',
      RATE_LIMIT_WRITES: '1000000',
      RATE_LIMIT_UPLOADS: '1000000',
      RATE_LIMIT_JOBS: '1000000',
    },
  },
});
