// Benchmark of the job queue (apps/api/src/jobs): one-page application PDFs rendered directly, one after
// another, against the same number of render jobs pushed through the real queue (pg-boss, the jobs
// table, leases) on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
// Not a test: run with `npx tsx bench/jobs/run.ts` from the repository root.
// Options: BENCH_JOBS (documents and jobs per round, default 100), JOB_CONCURRENCY (as in the API).
import { loadavg } from 'node:os';
import { loadConfig } from '../../apps/api/src/config.js';
import { createJobQueue } from '../../apps/api/src/jobs/job-queue.js';
import {
  demoBirthNotificationInput,
  demoProcedure,
  demoValues,
} from '../../apps/api/src/modules/rendering/application-pdf.fixtures.js';
import { renderProcedurePdf } from '../../apps/api/src/modules/rendering/application-pdf.js';
import {
  createTestDatabase,
  databaseKinds,
  type DatabaseKind,
} from '../../apps/api/src/testing/databases.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (n: number) => n.toFixed(n < 10 ? 1 : 0);

// The one-page document of bench/render: the demo child medical subsidy application (19 items).
const procedure = demoProcedure('child_medical_subsidy');
const onePage = { ...demoBirthNotificationInput(), procedure, values: demoValues(procedure) };

interface Measured {
  perSecond: number;
  cpuMsEach: number;
}

async function timed(count: number, work: () => Promise<void>): Promise<Measured> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { perSecond: count / seconds, cpuMsEach: (used.user + used.system) / 1000 / count };
}

const renderDirectly = () =>
  timed(JOBS, async () => {
    for (let i = 0; i < JOBS; i++) await renderProcedurePdf(onePage);
  });

/** From the first enqueue until the jobs table says every job succeeded (as status calls would see it). */
async function renderThroughQueue(kind: DatabaseKind): Promise<Measured> {
  const database = await createTestDatabase(kind);
  const logger = { info: () => {}, error: (obj: object, msg?: string) => console.error(msg, obj) };
  const queue = createJobQueue({ database, clock: () => new Date(), logger, ...loadConfig().jobs });
  try {
    await queue.start();
    let rendered = 0;
    let allRendered = () => {};
    const renderedAll = new Promise<void>((resolve) => (allRendered = resolve));
    await queue.work('render_document', async () => {
      await renderProcedurePdf(onePage);
      if (++rendered === JOBS) allRendered();
      return { resultKey: 'rendered' };
    });
    const finished = async () =>
      Number(
        (
          await database.executeSql(
            `select count(*) as n from jobs where status in ('succeeded', 'failed')`,
            [],
          )
        ).rows[0]?.n,
      );
    const measured = await timed(JOBS, async () => {
      for (let i = 0; i < JOBS; i++) await queue.enqueue({ kind: 'render_document', municipalityId: null });
      // Polling the table all along would load the database under test: only once the last render ended.
      const stuck = setTimeout(() => {
        console.error(`bench/jobs: ${rendered} of ${JOBS} jobs rendered after 10 minutes`);
        process.exit(1);
      }, 600_000);
      await renderedAll;
      clearTimeout(stuck);
      while ((await finished()) < JOBS) await new Promise((resolve) => setTimeout(resolve, 2));
    });
    const failed = await database.executeSql(`select count(*) as n from jobs where status = 'failed'`, []);
    if (Number(failed.rows[0]?.n) > 0) throw new Error(`${String(failed.rows[0]?.n)} jobs failed`);
    return measured;
  } finally {
    await queue.stop();
    await database.dispose();
  }
}

const coldStart = performance.now();
await renderProcedurePdf(onePage);
console.log(`first render (reads and parses the fonts) ${(performance.now() - coldStart).toFixed(0)} ms`);
for (let i = 0; i < 10; i++) await renderProcedurePdf(onePage);

// Direct rounds around each queue round, so a machine that slows down mid-run shows in both.
const direct = [await renderDirectly()];
const queued: { kind: DatabaseKind; measured: Measured }[] = [];
for (const kind of databaseKinds) {
  queued.push({ kind, measured: await renderThroughQueue(kind) });
  direct.push(await renderDirectly());
}
const directRate = median(direct.map((d) => d.perSecond));
const directCpu = median(direct.map((d) => d.cpuMsEach));

console.log(
  `direct: ${fmt(directRate)} one-page docs/s, ${fmt(directCpu)} ms cpu each ` +
    `(median of ${direct.length} rounds of ${JOBS})`,
);
for (const { kind, measured } of queued) {
  console.log(
    `queue on ${kind}: ${fmt(measured.perSecond)} jobs/s, ${fmt(measured.cpuMsEach)} ms cpu each in this ` +
      `process; ratio ${(measured.perSecond / directRate).toFixed(2)} (goal >= 0.8)`,
  );
}
console.log(
  `${JOBS} jobs per round, JOB_CONCURRENCY ${process.env.JOB_CONCURRENCY ?? 'default'}, ` +
    `load average ${loadavg()[0]?.toFixed(1)}`,
);
