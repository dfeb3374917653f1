// Benchmark: whole resident journeys (without rendering) through the HTTP API of the real server
// (`node apps/api/dist/server.js` on a fresh PostgreSQL database), driven by a load generator in its own
// process (client.ts): virtual users sign in once with the identity stand-in, then start an application,
// walk the assistant, choose procedures, fill the form and attach files, again and again. Reports
// journeys/s and p50/p99 per request and per route at each CONCURRENCY level, errors, and, in the same
// run, the portal's PUT form/ and GET form/values/ against a bare Fastify + pg server (own process)
// doing one INSERT of 2 KB JSON and one SELECT by primary key, both under autocannon (own process).
// Goals (issue 15): >= 50 journeys/s on this 2-core machine, p99 <= 200 ms at 50 concurrent journeys,
// 0 errors; resident writes >= 0.5x the bare INSERT, reads >= 0.7x the bare SELECT. A report: exit 0
// either way, 1 only when it cannot measure.
// Run: npx tsx bench/journeys/run.ts   (after `npm run build`; see bench/journeys/README.md for options)
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, waitForHealth } from '../../apps/api/src/testing/server-process.js';
import { SEEDED_ROWS } from './shared.js';
import type { CannonJob, CannonResult, JourneysJob, JourneysResult, Session, Summary } from './shared.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const serverJs = join(root, 'apps/api/dist/server.js');
if (!existsSync(serverJs)) {
  console.log('bench/journeys: apps/api/dist/server.js is missing: run `npm run build` first');
  process.exit(1);
}

const LEVELS = (process.env.CONCURRENCY ?? '10,50')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const DURATION = Number(process.env.DURATION ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const BASELINE_DURATION = Number(process.env.BASELINE_DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
// Extra node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (not allowed in NODE_OPTIONS).
const SERVER_NODE_ARGS = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const PROCEDURES = (process.env.PROCEDURES ?? 'birth_notification,child_allowance').split(',');
const adminUrl =
  process.env.TEST_DATABASE_URL ??
  process.env.BENCH_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
// The demo residents of デモ市 (packages/demo/src/demo-data.ts), always with the right PIN: three wrong
// ones lock a card.
const RESIDENTS = [
  ['demo-resident-0001', '1234'],
  ['demo-resident-0002', '2345'],
  ['demo-resident-0003', '3456'],
  ['demo-resident-0004', '4567'],
  ['demo-resident-0005', '5678'],
  ['demo-resident-0006', '6789'],
].map(([subject, pin]) => ({ subject: subject!, pin: pin! }));
// All virtual users come from 127.0.0.1: the per-address sign-in limit (default 100 failed attempts per
// window, counted before they are checked) is raised so 50 concurrent sign-ins are never refused.
const SERVER_ENV = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SIGN_IN_ADDRESS_LIMIT: '1000000',
  // Likewise every request of every user is counted per address (decision 0045): no rate limit is met.
  RATE_LIMIT_READS: '1000000',
  RATE_LIMIT_WRITES: '1000000',
  RATE_LIMIT_UPLOADS: '1000000',
  RATE_LIMIT_JOBS: '1000000',
  // As in production: answers written by the compiled serializers alone (development also checks them).
  RESPONSE_CHECK: 'false',
};

const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const pad = (s: string | number, n: number) => String(s).padStart(n);

// ---------------------------------------------------------------------------------------------------------
// Processes and databases, all cleaned up at the end (and on Ctrl-C)
// ---------------------------------------------------------------------------------------------------------

const children: ChildProcess[] = [];
const databases: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'bench-journeys-'));

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const dbUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
};

async function createDatabase(name: string) {
  await admin((c) => c.query(`create database "${name}"`));
  databases.push(name);
  return dbUrl(name);
}

let cleaning: Promise<void> | null = null;
function cleanUp() {
  cleaning ??= (async () => {
    await Promise.all(children.map(stop));
    await admin(async (c) => {
      for (const name of databases) await c.query(`drop database if exists "${name}" with (force)`);
    }).catch((err) => console.error(`bench/journeys: could not drop ${databases.join(', ')}: ${err}`));
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

/**
 * Forks a TypeScript child (tsx as a loader in the child itself) and waits for its answer: the first IPC
 * message whose `kind` is not `window` (those go to `onWindow`).
 */
function forkOnce<T>(
  file: string,
  env: Record<string, string>,
  onWindow?: (edge: 'start' | 'end') => void,
): { child: ChildProcess; message: Promise<T> } {
  const child = fork(here(file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const message = new Promise<T>((resolve, reject) => {
    child.on('message', (m: { kind?: string; edge?: 'start' | 'end' }) => {
      if (m.kind === 'window') onWindow?.(m.edge!);
      else resolve(m as T);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code} before answering`)));
  });
  return { child, message };
}

/** CPU seconds of one process (utime + stime from /proc, in USER_HZ: 100 on Linux); 0 when unreadable. */
function processCpuSeconds(pid: number | undefined) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Busy and total jiffies of the whole machine (/proc/stat). */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

interface CpuSnapshot {
  at: number;
  server: number;
  backends: Map<number, number>;
  machine: { busy: number; total: number };
}

/** CPU so far of `pid` and of the PostgreSQL backends connected to `dbNames` (when /proc shows them). */
async function snapshot(pid: number | undefined, dbNames: string[]): Promise<CpuSnapshot> {
  const pids = await admin((c) =>
    c.query<{ pid: number }>('select pid from pg_stat_activity where datname = any($1)', [dbNames]),
  );
  return {
    at: performance.now(),
    server: processCpuSeconds(pid),
    backends: new Map(pids.rows.map((r) => [r.pid, processCpuSeconds(r.pid)])),
    machine: machineTicks(),
  };
}

interface CpuUse {
  seconds: number;
  server: number;
  /** null when the backends' /proc entries are not readable (PostgreSQL elsewhere). */
  postgres: number | null;
  machineBusy: number;
}

/** CPU between two snapshots; a backend that closed in between is missed (the pools keep theirs open). */
function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): CpuUse {
  let postgres = 0;
  for (const [pid, cpu] of b.backends) postgres += cpu - (a.backends.get(pid) ?? 0);
  const readable = [...b.backends.values()].some((x) => x > 0);
  return {
    seconds: (b.at - a.at) / 1000,
    server: b.server - a.server,
    postgres: readable ? postgres : null,
    machineBusy: (b.machine.busy - a.machine.busy) / Math.max(1, b.machine.total - a.machine.total),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The measurements
// ---------------------------------------------------------------------------------------------------------

interface Level {
  result: JourneysResult;
  cpu: CpuUse;
}

async function journeys(
  url: string,
  server: ChildProcess,
  dbNames: string[],
  concurrency: number,
  seconds: number,
) {
  const job: JourneysJob = {
    url,
    concurrency,
    durationSeconds: seconds,
    procedures: PROCEDURES,
    residents: RESIDENTS,
  };
  // CPU of the server and of its PostgreSQL backends over the measured window (the client says when).
  const edges: Promise<CpuSnapshot>[] = [];
  const { message } = forkOnce<JourneysResult>('client.ts', { JOURNEYS_JOB: JSON.stringify(job) }, () =>
    edges.push(snapshot(server.pid, dbNames)),
  );
  const result = await message;
  const [start, end] = await Promise.all(edges);
  if (!start || !end) throw new Error('the load generator did not report its window');
  return { result, cpu: cpuBetween(start, end) } satisfies Level;
}

async function cannon(job: CannonJob, pid: number | undefined, dbNames: string[]) {
  const before = await snapshot(pid, dbNames);
  const result = await forkOnce<CannonResult>('cannon.ts', { CANNON_JOB: JSON.stringify(job) }).message;
  const cpu = cpuBetween(before, await snapshot(pid, dbNames));
  const total = result.requestsPerSecond * job.durationSeconds;
  // CPU milliseconds per request of the server and its backends: steadier than req/s on a shared machine.
  const perRequest = (seconds: number) => (seconds * 1000) / Math.max(1, total);
  return {
    ...result,
    cpuMs: perRequest(cpu.server + (cpu.postgres ?? 0)),
    serverMs: perRequest(cpu.server),
    postgresMs: perRequest(cpu.postgres ?? 0),
  };
}

const line = (s: Summary) => `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`;
function routeTable(routes: Record<string, Summary>, seconds: number | null) {
  const width = Math.max(...Object.keys(routes).map((r) => r.length), 10);
  const head = `    ${'route'.padEnd(width)} ${pad('count', 7)}${seconds ? pad('req/s', 8) : ''} ${pad('p50', 9)} ${pad('p99', 9)} ${pad('max', 9)}`;
  const rows = Object.entries(routes).map(
    ([route, s]) =>
      `    ${route.padEnd(width)} ${pad(s.count, 7)}${seconds ? pad((s.count / seconds).toFixed(0), 8) : ''} ${pad(ms(s.p50), 9)} ${pad(ms(s.p99), 9)} ${pad(ms(s.max), 9)}`,
  );
  return [head, ...rows].join('\n');
}

function printLevel({ result: r, cpu }: Level) {
  // Journeys that fit in the window are few when one takes seconds (each virtual user starts one at the
  // window's start and leaves one unfinished at its end); the steady rate is the window's requests
  // divided by the requests of one journey.
  const completed = r.journeys.count / r.seconds;
  const perSecond = r.requestsPerJourney ? r.requests.count / r.requestsPerJourney / r.seconds : 0;
  const fiveHundreds = r.errors.filter((e) => e.status >= 500).reduce((a, e) => a + e.count, 0);
  const errorCount = r.errors.reduce((a, e) => a + e.count, 0);
  console.log(
    `\nconcurrency ${r.concurrency}: ${perSecond.toFixed(1)} journeys/s (window requests / requests per journey; ` +
      `${r.journeys.count} journeys completed in ${r.seconds} s = ${completed.toFixed(1)}/s, ${r.journeysFailed} failed)`,
  );
  console.log(`  journey (start to attachments confirmed): ${line(r.journeys)}`);
  console.log(
    `  requests: ${(r.requests.count / r.seconds).toFixed(0)} req/s, ${r.requestsPerJourney.toFixed(1)} per journey, ${line(r.requests)}`,
  );
  console.log(
    `  errors: ${errorCount} (5xx: ${fiveHundreds})` +
      (r.errors.length
        ? ` — ${r.errors.map((e) => `${e.count}x ${e.status || 'network'} ${e.route}`).join('; ')}`
        : ''),
  );
  if (r.firstFailure) console.log(`  first failure: ${r.firstFailure}`);
  // Per journey of nothing is no figure: the window saw no request (the machine too loaded, or all failed).
  if (r.requests.count === 0) {
    console.log('  cpu per journey: not measured (no request ended in the window)');
    return { perSecond, errorCount, fiveHundreds };
  }
  const journeysInWindow = perSecond * r.seconds;
  const each = (seconds: number) => `${((seconds * 1000) / journeysInWindow).toFixed(0)} ms`;
  const serving = cpu.server + (cpu.postgres ?? 0);
  console.log(
    `  cpu in the window: server ${(cpu.server / cpu.seconds).toFixed(2)} cores, postgres backends ` +
      `${cpu.postgres === null ? 'n/a' : `${(cpu.postgres / cpu.seconds).toFixed(2)} cores`}, load generator ` +
      `${(r.clientCpuSeconds / r.seconds).toFixed(2)} cores; machine ${(cpu.machineBusy * 100).toFixed(0)} % busy ` +
      `(the rest: other processes)`,
  );
  // Ceilings from CPU alone: one Node server process uses at most about one core; several processes
  // (README "Several server processes") and PostgreSQL could share all the cores.
  const cores = availableParallelism();
  const ceiling = (cpuSeconds: number, n: number) =>
    ((n * journeysInWindow) / Math.max(1e-9, cpuSeconds)).toFixed(1);
  console.log(
    `  cpu per journey: server ${each(cpu.server)}, postgres ${cpu.postgres === null ? 'n/a' : each(cpu.postgres)}, ` +
      `load generator ${each(r.clientCpuSeconds)} -> ceilings: ${ceiling(cpu.server, 1)} journeys/s for one ` +
      `server process (one core), ${ceiling(serving, cores)} for server processes + postgres alone on ${cores} cores`,
  );
  console.log(
    `  sign-in (once per virtual user, not in the journeys): ${r.signIns.count} sign-ins, ${line(r.signIns)}`,
  );
  console.log(routeTable(r.signInRoutes, null));
  console.log('  journey requests per route:');
  console.log(routeTable(r.routes, r.seconds));
  return { perSecond, errorCount, fiveHundreds };
}

// ---------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------

let exitCode = 0;
try {
  const name = `bench_journeys_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = await createDatabase(name);
  const stagingUrl = await createDatabase(`${name}_staging`);
  const bareUrl = await createDatabase(`${name}_bare`);
  const portalDbs = [name, `${name}_staging`];

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, serverJs], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      DATABASE_URL: databaseUrl,
      STAGING_DATABASE_URL: stagingUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(server);
  let serverLog = '';
  server.stdout?.on('data', (d) => (serverLog = (serverLog + d).slice(-20_000)));
  server.stderr?.on('data', (d) => (serverLog = (serverLog + d).slice(-20_000)));
  await waitForHealth(url, server, () => serverLog, 120_000);

  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(
    `bench/journeys: ${new Date().toISOString()}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ` +
      `loadavg ${load} before the run`,
  );
  console.log(
    `server: node apps/api/dist/server.js on PostgreSQL (${new URL(adminUrl).host}, fresh database ${name}), ` +
      `pool ${process.env.DATABASE_POOL_SIZE ?? 10}, ${Object.entries(SERVER_ENV)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
  );
  console.log(
    `journey: login status, concierge filter, POST concierge-values, assistant pages (GET concierge-assistant, ` +
      `PUT concierge-values, GET form/values, PUT form), GET/PUT procedures (${PROCEDURES.join(' + ')}), ` +
      `GET form, GET form/values, POST form, GET procedure-attaches, one upload per required slot, PUT ` +
      `procedure-attaches; residents ${RESIDENTS.map((r) => r.subject.slice(-4)).join(', ')} round-robin; ` +
      `${DURATION} s per level after all sign-ins, ${WARMUP} s warm-up at concurrency 10 first`,
  );

  if (WARMUP > 0) {
    const warm = await journeys(url, server, portalDbs, 10, WARMUP);
    console.log(
      `warm-up: ${(warm.result.journeys.count / WARMUP).toFixed(1)} journeys/s, ` +
        `${warm.result.errors.reduce((a, e) => a + e.count, 0)} errors (not counted)`,
    );
  }

  const levels: { concurrency: number; perSecond: number; p99: number; errors: number; failed: number }[] =
    [];
  let sessions: Session[] = [];
  for (const concurrency of LEVELS) {
    const level = await journeys(url, server, portalDbs, concurrency, DURATION);
    const printed = printLevel(level);
    levels.push({
      concurrency,
      perSecond: printed.perSecond,
      p99: level.result.requests.p99,
      errors: printed.errorCount,
      failed: level.result.journeysFailed,
    });
    if (level.result.sessions.length >= sessions.length) sessions = level.result.sessions;
  }

  // The baseline: bare INSERT / SELECT against the portal's own write and read, alternating.
  let ratios: { write: number; read: number } | null = null;
  if (BASELINE_DURATION > 0 && sessions.length > 0) {
    const bare = forkOnce<{ port: number }>('bare-server.ts', { BARE_DATABASE_URL: bareUrl });
    const bareBase = `http://127.0.0.1:${(await bare.message).port}`;
    const twoKb = JSON.stringify({
      standard_item_fragments: Array.from({ length: 20 }, (_, i) => ({
        standard_item_code: `item_${i}`,
        sequence: 1,
        value: 'テスト'.repeat(12),
      })),
    });
    const json = { 'content-type': 'application/json' };
    const common = { connections: CONNECTIONS, durationSeconds: BASELINE_DURATION };
    const bareSide = { pid: bare.child.pid, dbs: [`${name}_bare`] };
    const portalSide = { pid: server.pid, dbs: portalDbs };
    type Run = Omit<CannonJob, 'connections' | 'durationSeconds'> & { pid?: number; dbs: string[] };
    // The same page with its first generic text answer changed, alternating: every request writes one answer.
    const changed = (body: unknown): string | undefined => {
      const copy = structuredClone(body) as { standard_item_fragments?: { value: unknown }[] };
      const answer = copy.standard_item_fragments?.find((f) => f.value === 'テスト');
      if (!answer) return undefined;
      answer.value = 'テス';
      return JSON.stringify(copy);
    };
    const runs: Record<'bareInsert' | 'portalPut' | 'portalPutChange' | 'bareSelect' | 'portalGet', Run> = {
      bareInsert: {
        ...bareSide,
        url: bareBase,
        requests: [{ method: 'POST', path: '/rows', headers: json, body: twoKb }],
      },
      portalPut: {
        ...portalSide,
        url,
        requests: sessions.map((s) => ({
          method: 'PUT',
          path: `${s.app}/form/`,
          headers: { ...s.headers, ...json },
          body: JSON.stringify(s.putForm),
        })),
      },
      portalPutChange: {
        ...portalSide,
        url,
        requests: sessions.flatMap((s) => {
          const alternate = changed(s.putForm);
          return alternate === undefined
            ? []
            : [
                {
                  method: 'PUT',
                  path: `${s.app}/form/`,
                  headers: { ...s.headers, ...json },
                  body: JSON.stringify(s.putForm),
                  alternate,
                },
              ];
        }),
      },
      bareSelect: {
        ...bareSide,
        url: bareBase,
        requests: [{ method: 'GET', path: '/rows/{n}', headers: {} }],
        randomId: SEEDED_ROWS,
      },
      portalGet: {
        ...portalSide,
        url,
        requests: sessions.map((s) => ({ method: 'GET', path: `${s.app}/form/values/`, headers: s.headers })),
      },
    };
    // Alternating rounds, medians by req/s: the machine is shared and its load changes minute by minute.
    type Measured = CannonResult & { cpuMs: number; serverMs: number; postgresMs: number };
    const rounds: Record<keyof typeof runs, Measured[]> = {
      bareInsert: [],
      portalPut: [],
      portalPutChange: [],
      bareSelect: [],
      portalGet: [],
    };
    // BASELINE_RUNS narrows the rounds to some runs (e.g. `portalPut` under --cpu-prof); figures need all four.
    const only = process.env.BASELINE_RUNS?.split(',').filter(Boolean);
    for (let round = 0; round < ROUNDS; round++) {
      for (const key of Object.keys(runs) as (keyof typeof runs)[]) {
        if (only && !only.includes(key)) continue;
        if (runs[key].requests.length === 0) continue;
        const { pid, dbs, ...job } = runs[key];
        rounds[key].push(await cannon({ ...common, ...job }, pid, dbs));
      }
    }
    const sum = (xs: Measured[], k: 'non2xx' | 'errors' | 'timeouts') => xs.reduce((a, x) => a + x[k], 0);
    const median = (xs: Measured[]): Measured | undefined => {
      if (xs.length === 0) return undefined;
      const sorted = [...xs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
      const mid = sorted[Math.floor(sorted.length / 2)]!;
      // Errors of any round count, not only the median's.
      return { ...mid, non2xx: sum(xs, 'non2xx'), errors: sum(xs, 'errors'), timeouts: sum(xs, 'timeouts') };
    };
    const bareInsert = median(rounds.bareInsert);
    const portalPut = median(rounds.portalPut);
    const portalPutChange = median(rounds.portalPutChange);
    const bareSelect = median(rounds.bareSelect);
    const portalGet = median(rounds.portalGet);
    await stop(bare.child);
    const putBytes = Math.max(...sessions.map((s) => JSON.stringify(s.putForm).length));
    const show = (label: string, r: Measured | undefined) =>
      r &&
      console.log(
        `  ${label.padEnd(44)} ${pad(r.requestsPerSecond.toFixed(0), 6)} req/s, p50 ${pad(r.p50, 4)} ms, ` +
          `p99 ${pad(r.p99, 4)} ms, cpu ${r.cpuMs.toFixed(2)} ms/req ` +
          `(server ${r.serverMs.toFixed(2)} + postgres ${r.postgresMs.toFixed(2)})` +
          (r.non2xx || r.errors || r.timeouts
            ? `, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (ratio not valid)`
            : ''),
      );
    console.log(
      `\nbaseline: autocannon (own process), ${CONNECTIONS} connections, ${BASELINE_DURATION} s each; ` +
        `medians of ${ROUNDS} alternating rounds; portal calls spread over ${sessions.length} signed-in ` +
        `residents' drafts (from the last level)`,
    );
    show(`bare Fastify + pg INSERT of ${twoKb.length} B JSON`, bareInsert);
    show(`portal PUT form/ (a page sent again as stored, <= ${putBytes} B)`, portalPut);
    show('portal PUT form/, one answer changed each time', portalPutChange);
    show('bare Fastify + pg SELECT by primary key', bareSelect);
    show('portal GET form/values/', portalGet);
    if (!bareInsert || !portalPut || !bareSelect || !portalGet) {
      console.log('  (BASELINE_RUNS: only some runs measured, no ratios)');
    } else {
      ratios = {
        write: portalPut.requestsPerSecond / bareInsert.requestsPerSecond,
        read: portalGet.requestsPerSecond / bareSelect.requestsPerSecond,
      };
      console.log(
        `  by cpu per request (for information, steadier on a shared machine): writes ` +
          `${(bareInsert.cpuMs / portalPut.cpuMs).toFixed(2)}x, reads ${(bareSelect.cpuMs / portalGet.cpuMs).toFixed(2)}x` +
          (portalPutChange
            ? `; writes changing an answer ${(bareInsert.cpuMs / portalPutChange.cpuMs).toFixed(2)}x`
            : ''),
      );
      const portalClean = !portalPut.non2xx && !portalPut.errors && !portalGet.non2xx && !portalGet.errors;
      if (!portalClean)
        console.log('  the portal answered errors in the focused runs: the ratios are not valid');
    }
  } else {
    console.log('\nbaseline: skipped (BASELINE_DURATION=0 or no session finished a journey)');
  }

  const best = levels.reduce((a, b) => (b.perSecond > (a?.perSecond ?? -1) ? b : a), levels[0]);
  const at50 = levels.find((l) => l.concurrency === 50);
  const errors = levels.reduce((a, l) => a + l.errors + l.failed, 0);
  console.log('\ngoals:');
  console.log(
    `  >= 50 journeys/s without rendering: ${best ? `${best.perSecond.toFixed(1)} (concurrency ${best.concurrency})` : 'not measured'} — ${verdict(!!best && best.perSecond >= 50)}`,
  );
  console.log(
    `  p99 <= 200 ms per request at 50 concurrent journeys: ${at50 ? `${ms(at50.p99)} — ${verdict(at50.p99 <= 200)}` : 'not measured (50 not in CONCURRENCY)'}`,
  );
  console.log(
    `  0 errors: ${errors} (errors and failed journeys over all levels) — ${verdict(errors === 0)}`,
  );
  if (ratios) {
    console.log(
      `  resident writes >= 0.5x bare INSERT: ${ratios.write.toFixed(2)}x — ${verdict(ratios.write >= 0.5)}`,
    );
    console.log(
      `  resident reads >= 0.7x bare SELECT: ${ratios.read.toFixed(2)}x — ${verdict(ratios.read >= 0.7)}`,
    );
  }
  console.log(
    `loadavg ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} after the run`,
  );
} catch (err) {
  console.error(`bench/journeys: could not measure: ${err instanceof Error ? err.stack : err}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
