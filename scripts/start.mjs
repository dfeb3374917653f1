// `npm start`: installs what is missing, builds what changed (scripts/build-stamp.mjs) and runs the server
// as its child, one line per phase. SIGTERM, SIGINT and SIGHUP are handed to whichever child runs (build or
// server) and the launcher exits with the server's code, so stopping `npm start` stops the server
// (package.json runs this with `exec`: npm's signal reaches this process, not a shell in between).
// `--serve-only` skips the install check and the build: it serves what is built.
// Node built-ins only until bootstrap has installed the dependencies.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTargets, decide } from './build-stamp.mjs';
import { logFormatter } from './log-format.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const serveOnly = process.argv.includes('--serve-only');
const say = (line) => console.log(`[start] ${line}`);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** The child running now (a build or the server) and the signal that asked us to stop, if one did. */
let child;
let stopSignal;
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    stopSignal ??= signal;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });
}

/** Exits as the child did: its code, or 128 + the number of the signal that ended it. */
const exitLike = (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0));

if (!serveOnly) {
  const started = Date.now();
  await import('./bootstrap.mjs');
  say(`dependencies checked (${seconds(started)})`);

  const built = [];
  for (const target of buildTargets(root, process.env.BUILD_OUT)) {
    const decision = decide(root, target);
    if (!decision.build) continue;
    const since = Date.now();
    // Quiet unless it fails: then everything the build printed is shown.
    child = spawn(process.execPath, ['build.mjs'], { cwd: target.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const [code, signal] = await new Promise((resolve) => child.once('close', (...r) => resolve(r)));
    if (stopSignal) exitLike(code, signal ?? stopSignal);
    if (code !== 0) {
      process.stderr.write(output);
      say(`${target.name} build failed (exit ${code ?? signal})`);
      exitLike(code || 1, null);
    }
    built.push(`${target.name} in ${seconds(since)} (${decision.reason})`);
  }
  say(built.length ? `built ${built.join(', ')}` : 'build skipped (inputs unchanged)');
}

const server = process.env.BUILD_OUT
  ? join(process.env.BUILD_OUT, 'api', 'dist', 'server.js')
  : join(root, 'apps', 'api', 'dist', 'server.js');
// In a terminal the server's JSON log lines are shown as text; piped or redirected they stay JSON.
const pretty = Boolean(process.stdout.isTTY);
child = spawn(process.execPath, ['--expose-gc', server], {
  cwd: root,
  stdio: ['ignore', pretty ? 'pipe' : 'inherit', 'inherit'],
  // glibc gives freed large blocks back to the system (the embedded databases' first start frees ~200 MB;
  // decision 0031); values set in the environment win.
  env: { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072', ...process.env },
});
if (pretty) child.stdout.pipe(logFormatter({ colour: true })).pipe(process.stdout);
say(`serving: node ${relative(root, server)} (process ${child.pid})`);
child.once('error', (error) => {
  say(`could not start the server: ${error.message}`);
  process.exit(1);
});
child.once('close', exitLike);
