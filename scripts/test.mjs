// npm test: installs what is missing (dependencies, and the Debian tools the tests use), then runs every
// check and ends with one line of every runner's totals. Uses only Node built-ins.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingTools, installCommand } from './test-tools.mjs';
import { phaseLine, readPlaywrightTotals, readVitestTotals, totalsLine } from './test-totals.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.build', 'test-results');
const say = (line) => console.log(`[test] ${line}`);

const run = (command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

// The tools first: a browser test without its browser fails late and in Playwright's words.
const bootstrap = spawnSync(process.execPath, [join(root, 'scripts/bootstrap.mjs')], { stdio: 'inherit' });
if (bootstrap.status !== 0) process.exit(bootstrap.status ?? 1);
let missing = missingTools();
if (missing.length > 0 && process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0) {
  say(`installing ${missing.map((t) => t.package).join(', ')} with apt-get`);
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  spawnSync('apt-get', ['update'], quiet);
  spawnSync('apt-get', ['install', '-y', ...missing.map((t) => t.package)], quiet);
  missing = missingTools();
}
if (missing.length > 0) {
  console.error(
    `[test] missing ${missing.map((t) => t.command).join(', ')}: run \`${installCommand(missing)}\``,
  );
  process.exit(1);
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const started = Date.now();
const phases = [];
const timed = async (name, work) => {
  const from = Date.now();
  const code = await work();
  phases.push({ name, ok: code === 0, seconds: (Date.now() - from) / 1000 });
  say(phaseLine(phases.at(-1)));
  return code;
};

// Lint and typecheck are each one core's work: side by side they take the time of the longer.
say('lint and typecheck');
await Promise.all([
  timed(
    'lint',
    async () =>
      (await run('npx', ['eslint', '.', '--max-warnings', '0'])) ||
      run('npx', ['prettier', '--check', '.', '--log-level', 'warn']),
  ),
  // The browser tests are not in the build graph of tsc -b: checked on their own.
  timed(
    'typecheck',
    async () => (await run('npx', ['tsc', '-b'])) || run('npx', ['tsc', '-p', 'e2e/tsconfig.json']),
  ),
]);
const vitestJson = join(results, 'vitest.json');
say('unit and API tests (Vitest)');
await timed('vitest', () =>
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]),
);
const playwrightJson = join(results, 'playwright.json');
say('browser tests (Playwright)');
await timed('playwright', () =>
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson,
  }),
);

const line = totalsLine({
  phases,
  runners: { vitest: readVitestTotals(vitestJson), playwright: readPlaywrightTotals(playwrightJson) },
  seconds: (Date.now() - started) / 1000,
});
console.log(line);
process.exit(phases.every((p) => p.ok) ? 0 : 1);
