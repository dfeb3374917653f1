import { describe, expect, it } from 'vitest';
import { createMetrics, metricsScrape, type Metrics } from '../modules/system/metrics.js';
import { createTestDatabase, databaseKinds } from '../testing/databases.js';
import { createJobQueue } from './job-queue.js';

const logger = { info: () => {}, error: () => {}, warn: () => {} };
const clock = () => new Date();

async function waitFor<T>(check: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The value of one series of the registry (0 when it has none). */
async function valueOf(metrics: Metrics, name: string, labels: Record<string, string>) {
  const metric = await metrics.registry.getSingleMetric(name)?.get();
  const found = metric?.values.find(
    (v) =>
      (!('metricName' in v) || v.metricName === name) &&
      Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want),
  );
  return found?.value ?? 0;
}

describe.each(databaseKinds)('job metrics on %s', (kind) => {
  it('counts a success and a failure with their durations, by kind and outcome', async () => {
    const database = await createTestDatabase(kind);
    const metrics = createMetrics();
    const queue = createJobQueue({ database, clock, logger, metrics: metrics.jobs });
    try {
      await queue.start();
      await queue.work('export', async () => {
        await new Promise((r) => setTimeout(r, 50));
        return { resultKey: 'exports/x.zip' };
      });
      await queue.work('render_document', async () => {
        throw new Error('font missing');
      });
      const ok = await queue.enqueue({ kind: 'export', municipalityId: null });
      const bad = await queue.enqueue({ kind: 'render_document', municipalityId: null });
      await waitFor(async () => (await queue.get(ok))?.status === 'succeeded');
      await waitFor(async () => (await queue.get(bad))?.status === 'failed');

      const outcome = (k: string, o: string) =>
        valueOf(metrics, 'portal_job_outcomes_total', { kind: k, outcome: o });
      expect(await outcome('export', 'succeeded')).toBe(1);
      expect(await outcome('export', 'failed')).toBe(0);
      expect(await outcome('render_document', 'failed')).toBe(1);
      expect(await outcome('render_document', 'succeeded')).toBe(0);
      const histogram = (await metrics.jobs.duration.get()).values;
      const count = (k: string, o: string) =>
        histogram.find(
          (v) =>
            v.metricName === 'portal_job_duration_seconds_count' &&
            v.labels.kind === k &&
            v.labels.outcome === o,
        )?.value;
      const sum = (k: string, o: string) =>
        histogram.find(
          (v) =>
            v.metricName === 'portal_job_duration_seconds_sum' &&
            v.labels.kind === k &&
            v.labels.outcome === o,
        )?.value;
      expect(count('export', 'succeeded')).toBe(1);
      expect(sum('export', 'succeeded')).toBeGreaterThanOrEqual(0.04);
      expect(count('render_document', 'failed')).toBe(1);
      expect(count('export', 'failed')).toBe(0);
    } finally {
      await queue.stop();
      await database.dispose();
    }
  });

  it('counts a retry in the process that takes over a job whose process stopped', async () => {
    const database = await createTestDatabase(kind);
    const lease = { leaseSeconds: 3, sweepSeconds: 1 };
    const crashedMetrics = createMetrics();
    const survivorMetrics = createMetrics();
    const crashed = createJobQueue({ database, clock, logger, ...lease, metrics: crashedMetrics.jobs });
    const survivor = createJobQueue({ database, clock, logger, ...lease, metrics: survivorMetrics.jobs });
    let release = () => {};
    try {
      await crashed.start();
      await crashed.work('export', () => new Promise((resolve) => (release = () => resolve(undefined))));
      const jobId = await crashed.enqueue({ kind: 'export', municipalityId: null });
      await waitFor(async () => (await crashed.get(jobId))?.status === 'running');
      await crashed.stop();

      await survivor.start();
      await survivor.work('export', async () => ({ resultKey: 'done' }));
      await waitFor(async () => (await survivor.get(jobId))?.status === 'succeeded', 30_000);
      const outcome = (m: Metrics, o: string) =>
        valueOf(m, 'portal_job_outcomes_total', { kind: 'export', outcome: o });
      expect(await outcome(survivorMetrics, 'retried')).toBe(1);
      expect(await outcome(survivorMetrics, 'succeeded')).toBe(1);
      // The stopped run ending late moves nothing, so its process counts nothing either.
      release();
      await new Promise((r) => setTimeout(r, 300));
      for (const o of ['succeeded', 'failed', 'retried']) expect(await outcome(crashedMetrics, o)).toBe(0);
    } finally {
      release();
      await survivor.stop();
      await database.dispose();
    }
  }, 60_000);

  it('shows queued and running jobs by kind at scrape time, from one grouped count over an index', async () => {
    const database = await createTestDatabase(kind);
    const metrics = createMetrics();
    const queue = createJobQueue({ database, clock, logger, metrics: metrics.jobs });
    const scrape = metricsScrape({ metrics, jobs: queue, logger });
    let release = () => {};
    try {
      await queue.start();
      await queue.work(
        'render_document',
        () => new Promise((resolve) => (release = () => resolve(undefined))),
      );
      // Two exports waiting an hour (no worker of that kind either), one render running.
      await queue.enqueue({ kind: 'export', municipalityId: null, startAfterSeconds: 3600 });
      await queue.enqueue({ kind: 'export', municipalityId: null, startAfterSeconds: 3600 });
      const running = await queue.enqueue({ kind: 'render_document', municipalityId: null });
      await waitFor(async () => (await queue.get(running))?.status === 'running');

      let text = await scrape.text();
      expect(text).toContain('portal_jobs{kind="export",state="queued"} 2');
      expect(text).toContain('portal_jobs{kind="render_document",state="running"} 1');
      expect(text).toContain('portal_jobs{kind="render_document",state="queued"} 0');
      expect(text).toContain('portal_jobs{kind="documents_delete",state="running"} 0');

      release();
      await waitFor(async () => (await queue.get(running))?.status === 'succeeded');
      text = await scrape.text();
      expect(text).toContain('portal_jobs{kind="render_document",state="running"} 0');
      expect(text).toContain('portal_jobs{kind="export",state="queued"} 2');

      // The count can use the partial index jobs_live (its predicate matches the query's).
      const { rows } = await database.executeSql(
        `set enable_seqscan = off;
         explain select kind, status, count(*)::int from jobs
         where status in ('queued', 'running') group by kind, status`,
      );
      expect(rows.map((r) => String(Object.values(r)[0])).join('\n')).toContain('jobs_live');
    } finally {
      release();
      await queue.stop();
      await database.dispose();
    }
  });
});
