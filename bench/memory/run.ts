// Idle memory of the embedded default (issue 15): `npm start`'s way of serving (scripts/start.mjs
// --serve-only: the launcher and the server it starts) on a fresh data folder, then restarted on it, then
// after some use; against a bare Node process in the same run. A report: exit code 0 whether the goal is
// met or not, 1 only when it cannot measure. Run from the repository root after `npm run build`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../../apps/api/src/testing/server-process.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 20);
const GOAL_MB = 400;

interface Started {
  launcher: ChildProcess;
  serverPid: number;
  port: number;
  readyMs: number;
}

const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set and its peak of a process, from /proc (kB). */
function rss(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function start(dataDir: string): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Rounds of calls from one address, faster than a person: no rate limit is met (decision 0045).
    RATE_LIMIT_READS: '1000000',
    RATE_LIMIT_WRITES: '1000000',
  };
  delete env.DATABASE_URL;
  const since = Date.now();
  const launcher = spawn(process.execPath, ['scripts/start.mjs', '--serve-only'], {
    cwd: root,
    env,
    stdio: 'pipe',
  });
  let output = '';
  launcher.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  launcher.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitForHealth(`http://127.0.0.1:${port}`, launcher, () => output, 120_000);
  const serverPid = Number(/\(process (\d+)\)/.exec(output)?.[1]);
  if (!serverPid) throw new Error(`the launcher did not name the server's process:\n${output}`);
  return { launcher, serverPid, port, readyMs: Date.now() - since };
}

async function stop(started: Started): Promise<void> {
  const closed = new Promise((resolve) => started.launcher.once('close', resolve));
  started.launcher.kill('SIGTERM');
  await closed;
}

/** What residents' first visits ask: the public reads of the configuration, the session check, a page. */
async function use(port: number, rounds: number): Promise<void> {
  const headers = { 'x-region-code': '999999' };
  const paths = [
    '/api/municipalities/999999/',
    '/api/municipalities/999999/terms-service/?device=browser',
    '/api/municipalities/999999/concierge-filter/?procedure_group_id=1',
    '/api/municipalities/999999/form/?procedure_group_id=1&procedure_ids=1,2&version=1',
    '/api/applicant/login/status/',
    '/municipalities/999999/entrance',
  ];
  for (let i = 0; i < rounds; i++) {
    await Promise.all(
      paths.map(async (path) => {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
      }),
    );
  }
}

async function measure(
  label: string,
  dataDir: string,
  rounds = 0,
): Promise<{ label: string; server: number }> {
  const started = await start(dataDir);
  try {
    if (rounds > 0) await use(started.port, rounds);
    await sleep(IDLE_SECONDS * 1000);
    const server = rss(started.serverPid);
    const launcher = rss(started.launcher.pid!);
    console.log(
      `${label.padEnd(34)} ready in ${(started.readyMs / 1000).toFixed(1)} s; after ${IDLE_SECONDS} s idle: ` +
        `server ${mb(server.rss)} (peak ${mb(server.peak)}), launcher ${mb(launcher.rss)}, together ${mb(server.rss + launcher.rss)}`,
    );
    return { label, server: server.rss };
  } finally {
    await stop(started);
  }
}

async function bareNode(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await sleep(1000);
  const { rss: kb } = rss(child.pid!);
  child.kill();
  return kb;
}

if (!existsSync(join(root, 'apps/api/dist/server.js')) || !existsSync(join(root, 'apps/web/dist'))) {
  console.error('bench/memory: no build; run `npm run build` first');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
try {
  console.log(
    `bench/memory: ${new Date().toISOString()}, ${cpus().length} cores, loadavg ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ` +
      `node scripts/start.mjs --serve-only on the embedded database in a fresh folder, ${IDLE_SECONDS} s idle before each reading`,
  );
  const bare = await bareNode();
  console.log(`${'bare node (baseline)'.padEnd(34)} ${mb(bare)}`);
  const runs = [
    await measure('first start (creates and seeds)', dataDir),
    await measure('restart', dataDir),
    await measure('restart, then 200 rounds of reads', dataDir, 200),
  ];
  console.log('goal:');
  for (const run of runs) {
    const verdict = run.server <= GOAL_MB * 1024 ? 'met' : 'MISSED';
    console.log(`  server idle <= ${GOAL_MB} MB, ${run.label}: ${mb(run.server)} — ${verdict}`);
  }
} catch (error) {
  console.error(`bench/memory: cannot measure: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
