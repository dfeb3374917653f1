// Lighthouse on the built portal: starts `node apps/api/dist/server.js` on a fresh embedded database (demo
// data, municipality 999999) and audits the applicant's entrance, concierge filter, terms and home pages
// (and the staff sign-in page, for information) with Lighthouse's default mobile profile (simulated slow 4G,
// 4x CPU slowdown) in headless Chromium, RUNS times each; reports the medians. Goals: performance >= 95 and
// accessibility 100 on the four applicant pages, the entrance's transfer size <= 150 KiB. A report: exit
// code 0 whether or not the goals are met (MISSED is printed); 1 only when it cannot measure; 2 when it
// gives no verdict because Lighthouse's benchmarkIndex (median) is below BENCHMARK_INDEX_FLOOR (2500).
// Run: npx tsx bench/lighthouse/run.ts   (RUNS=5; LIGHTHOUSE_JSON_DIR=dir keeps every JSON report)
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { freePort, waitForHealth } from '../../apps/api/src/testing/server-process.js';
import { NO_VERDICT_EXIT_CODE, benchmarkIndexFloor, judge, kib, verdictLines } from './verdict.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverScript = join(repoRoot, 'apps/api/dist/server.js');
const applicantIndex = join(repoRoot, 'apps/web/dist/applicant/index.html');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.RUNS ?? 3);
const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;

/** The pages audited (packages/contracts/src/web-pages.ts); `goals: false` is printed for information. */
const pages = [
  { name: 'entrance', path: '/municipalities/999999/entrance', goals: true },
  { name: 'concierge filter', path: '/municipalities/999999/conciergeFilter', goals: true },
  { name: 'terms', path: '/municipalities/999999/terms', goals: true },
  { name: 'home', path: '/municipalities/999999', goals: true },
  { name: 'staff sign-in', path: '/staff/login', goals: false },
] as const;
type Page = (typeof pages)[number];

/** One Lighthouse run's figures: scores 0–100 as the report shows them, times in ms, bytes. */
interface Sample {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Server {
  origin: string;
  child: ChildProcess;
  dataDir: string;
  output: string[];
}

/**
 * The built server on a fresh PGlite data folder (it seeds the demo data into it) and a free port.
 * NODE_ENV=development: production adds HSTS and upgrade-insecure-requests, which plain http on
 * 127.0.0.1 cannot follow; the web builds and their caching and compression are the same in both.
 */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.STAGING_DATABASE_URL;
  const child = spawn(process.execPath, [serverScript], { cwd: repoRoot, env, stdio: 'pipe' });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server = { origin, child, dataDir, output };
  try {
    await waitForHealth(server.origin, child, () => server.output.slice(-20).join('\n'), 60_000);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return server;
}

/** SIGTERM, wait for the exit (SIGKILL after 10 s), remove the data folder. */
async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

/**
 * One Lighthouse navigation (default config: mobile, simulated throttling) in the launched Chromium; a
 * run that fails to record (e.g. NO_NAVSTART on a busy machine; Lighthouse says to run again) is tried
 * up to three times.
 */
async function audit(url: string, port: number, attempt = 1): Promise<Result> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    const problem = `${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt >= 3) throw new Error(problem);
    console.log(`  ${problem}; again`);
    return audit(url, port, attempt + 1);
  }
  return lhr;
}

function sampleOf(lhr: Result): Sample {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (value === null || value === undefined) throw new Error(`${lhr.finalDisplayedUrl}: no ${id} score`);
    return Math.round(value * 100);
  };
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`${lhr.finalDisplayedUrl}: no ${id} value`);
    return value;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    bytes: metric('total-byte-weight'),
  };
}

/** Each figure's median over the runs (taken figure by figure, so not necessarily from one run). */
function medians(samples: Sample[]): Sample {
  const of = (key: keyof Sample) => median(samples.map((s) => s[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    si: of('si'),
    bytes: of('bytes'),
  };
}

/** The accessibility audits that failed in a run (what keeps the score below 100). */
function failedAccessibilityAudits(lhr: Result): string[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id)
    .sort();
}

/** The page's medians; after the performance score, its lowest and highest over the runs. */
function pageLine(page: Page, m: Sample, samples: Sample[]): string {
  const scores = samples.map((s) => s.performance);
  const range = `(${Math.min(...scores)}-${Math.max(...scores)})`;
  return (
    `${page.name.padEnd(17)} perf ${String(m.performance).padStart(3)} ${range.padEnd(9)} a11y ${String(m.accessibility).padStart(3)}  ` +
    `FCP ${seconds(m.fcp)}  LCP ${seconds(m.lcp)}  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}  ` +
    `SI ${seconds(m.si)}  transfer ${kib(m.bytes)}${page.goals ? '' : '  (information)'}`
  );
}

if (!existsSync(serverScript) || !existsSync(applicantIndex)) {
  console.error('bench/lighthouse: no build found (apps/api/dist, apps/web/dist): run `npm run build` first');
  process.exit(1);
}
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`bench/lighthouse: RUNS must be a whole number >= 1, not ${process.env.RUNS}`);
  process.exit(1);
}
let floor: number;
try {
  floor = benchmarkIndexFloor(process.env.BENCHMARK_INDEX_FLOOR);
} catch (error) {
  console.error(`bench/lighthouse: ${(error as Error).message}`);
  process.exit(1);
}
if (jsonDir) mkdirSync(jsonDir, { recursive: true });

const server = await startServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
// Ctrl-C: stop the server and Chromium before leaving (chrome-launcher's own handler would skip the server).
process.once('SIGINT', () => {
  chrome?.kill();
  void stopServer(server).finally(() => process.exit(130));
});
try {
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    handleSIGINT: false,
  });
  const built = statSync(applicantIndex).mtime.toISOString();
  // A first, discarded run: the server's and Chromium's cold start are not the pages' doing.
  const warm = await audit(`${server.origin}${pages[0].path}`, chrome.port);
  const settings = warm.configSettings;
  console.log(
    `bench/lighthouse: Lighthouse ${warm.lighthouseVersion}, ${warm.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ` +
      `${settings.formFactor}, ${settings.throttlingMethod} throttling (RTT ${settings.throttling.rttMs} ms, ` +
      `${Math.round(settings.throttling.throughputKbps)} Kbps, CPU x${settings.throttling.cpuSlowdownMultiplier}); ` +
      `${runs} run(s) per page, medians; web build of ${built}; ${server.origin}`,
  );

  const samples = new Map<Page, Sample[]>(pages.map((page) => [page, []]));
  const lastRun = new Map<Page, Result>();
  const benchmarkIndexes: number[] = [];
  // Round by round over all pages, so a slow minute of the machine does not fall on one page only.
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const lhr = await audit(`${server.origin}${page.path}`, chrome.port);
      const final = new URL(lhr.finalDisplayedUrl).pathname;
      if (run === 1 && final.replace(/\/$/, '') !== page.path.replace(/\/$/, ''))
        console.log(`  ${page.name}: ${page.path} ends on ${final}`);
      samples.get(page)?.push(sampleOf(lhr));
      lastRun.set(page, lhr);
      // Recorded for each run (printed below): the verdict depends on their median.
      benchmarkIndexes.push(lhr.environment.benchmarkIndex ?? Number.NaN);
      if (jsonDir) {
        const file = `${page.name.replace(/\s+/g, '-')}-${run}.json`;
        writeFileSync(join(jsonDir, file), JSON.stringify(lhr, null, 2));
      }
    }
  }

  const results = new Map<Page, Sample>();
  for (const page of pages) {
    const m = medians(samples.get(page) ?? []);
    results.set(page, m);
    console.log(pageLine(page, m, samples.get(page) ?? []));
    const failed = failedAccessibilityAudits(lastRun.get(page) as Result);
    if (failed.length > 0)
      console.log(`  ${page.name}: accessibility audits failed (last run): ${failed.join(', ')}`);
  }
  // Lighthouse's own CPU benchmark in each run: lower means a slower or busier machine (simulated timings
  // scale with the observed CPU work, so a busy machine scores lower). Below the floor, no verdict.
  const benchmarkIndex = median(benchmarkIndexes);
  console.log(
    `machine: Lighthouse benchmarkIndex median ${Math.round(benchmarkIndex)}, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(
    `machine: benchmarkIndex per run ${benchmarkIndexes.map((b) => Math.round(b)).join(' ')}; ` +
      `floor ${floor}${floor > 0 ? '' : ' (off)'} (BENCHMARK_INDEX_FLOOR)`,
  );
  const verdict = judge(
    pages.map((page) => ({ name: page.name, goals: page.goals, ...(results.get(page) as Sample) })),
    benchmarkIndex,
    floor,
  );
  for (const line of verdictLines(verdict)) console.log(line);
  if (verdict.outcome === 'no verdict') process.exitCode = NO_VERDICT_EXIT_CODE;
  if (jsonDir) console.log(`JSON reports in ${jsonDir}`);
} catch (error) {
  // The server's last words help when a page failed to load (a rebuild under way, a crash).
  if (server.output.length > 0) console.error(`server output:\n${server.output.slice(-20).join('\n')}`);
  throw error;
} finally {
  chrome?.kill();
  await stopServer(server);
}
