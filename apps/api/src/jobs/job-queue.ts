import PgBoss from 'pg-boss';
import { and, eq, inArray } from 'drizzle-orm';
import type { Job } from '@portal/contracts';
import type { Database } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { assertTransition } from '../http/transitions.js';
import { jobStates, type JobStatus } from '@portal/contracts';

export type JobKind = Job['kind'] | 'maintenance';

export interface JobContext {
  jobId: string;
  params: Record<string, unknown>;
  /** Reports progress (0..100) for status calls. */
  progress(percent: number): Promise<void>;
}

export type JobHandler = (ctx: JobContext) => Promise<{ resultKey?: string } | void>;

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Background work on pg-boss, in the same database as the data (PGlite through its executeSql adapter,
 * PostgreSQL natively), so a job enqueued before a restart runs after it. The `jobs` table is what
 * status calls read.
 */
export function createJobQueue(deps: { database: Database; clock: () => Date; logger: Logger }) {
  const { database, clock, logger } = deps;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    // PGlite is single-threaded: poll gently; maintenance runs on its own schedule.
    supervise: true,
    schedule: false,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  const handlers = new Map<string, JobHandler>();
  const queues = new Map<string, Promise<void>>();

  /** Creates a queue once per process; processes creating it together may deadlock or collide: retry. */
  function ensureQueue(kind: string): Promise<void> {
    let found = queues.get(kind);
    if (!found) {
      found = (async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            await boss.createQueue(kind);
            return;
          } catch (err) {
            const code = (err as { code?: string }).code;
            if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '40001')) throw err;
            await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
          }
        }
      })();
      found.catch(() => queues.delete(kind));
      queues.set(kind, found);
    }
    return found;
  }
  let started = false;

  /** Moves a job only from a state the machine allows, in one conditional update (no read-then-write race). */
  async function move(jobId: string, to: JobStatus, patch: Partial<typeof jobs.$inferInsert> = {}) {
    const from = jobStates.states.filter((state) => jobStates.can(state, to));
    const rows = await database.db
      .update(jobs)
      .set({ status: to, ...patch })
      .where(and(eq(jobs.id, jobId), inArray(jobs.status, from)))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  async function run(kind: string, jobId: string) {
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`no handler for job kind ${kind}`);
    if (!(await move(jobId, 'running', { startedAt: clock() }))) return; // cancelled before it ran
    const row = (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0];
    try {
      const result = await handler({
        jobId,
        params: row?.params ?? {},
        progress: async (percent) => {
          await database.db
            .update(jobs)
            .set({ progress: Math.max(0, Math.min(100, Math.round(percent))) })
            .where(eq(jobs.id, jobId));
        },
      });
      await move(jobId, 'succeeded', {
        progress: 100,
        finishedAt: clock(),
        resultKey: result?.resultKey ?? null,
      });
    } catch (err) {
      logger.error({ err, jobId, kind }, 'job failed');
      await move(jobId, 'failed', {
        finishedAt: clock(),
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }

  return {
    async start() {
      // Processes starting together on an empty database race to create pg-boss's schema; the loser retries.
      for (let attempt = 0; ; attempt++) {
        try {
          await boss.start();
          break;
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (attempt >= 3 || (code !== '23505' && code !== '42P06' && code !== '42P07')) throw err;
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      }
      started = true;
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      started = false;
    },
    /** Registers the worker of a kind; queued jobs of that kind (also from before a restart) start running. */
    async work(kind: JobKind, handler: JobHandler) {
      handlers.set(kind, handler);
      await ensureQueue(kind);
      await boss.work<{ jobId: string }>(kind, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (job) await run(kind, job.data.jobId);
      });
    },
    /** Records a job and queues it; returns its id for status calls. */
    async enqueue(input: {
      kind: JobKind;
      municipalityId: number | null;
      params?: Record<string, unknown>;
      createdBy?: string | null;
      /** Runs no earlier than this many seconds from now (a grace period in which it can be cancelled). */
      startAfterSeconds?: number;
    }): Promise<string> {
      const inserted = await database.db
        .insert(jobs)
        .values({
          kind: input.kind,
          municipalityId: input.municipalityId,
          params: input.params ?? {},
          createdBy: input.createdBy ?? null,
        })
        .returning({ id: jobs.id });
      const jobId = inserted[0]!.id;
      await ensureQueue(input.kind);
      await boss.send(
        input.kind,
        { jobId },
        { retryLimit: 0, ...(input.startAfterSeconds ? { startAfter: input.startAfterSeconds } : {}) },
      );
      return jobId;
    },
    /** Cancels a job that has not started; refuses (409) once it runs. */
    async cancel(jobId: string) {
      const rows = await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
      const from = rows[0]?.status as JobStatus | undefined;
      if (!from) return false;
      assertTransition(jobStates, from, 'cancelled');
      // It may have started between the read and now: then the move is refused like any other.
      if (!(await move(jobId, 'cancelled', { finishedAt: clock() })))
        assertTransition(jobStates, 'running', 'cancelled');
      return true;
    },
    /** Adds to a job's parameters (a worker records what it produced, e.g. the rendered documents). */
    async patchParams(jobId: string, patch: Record<string, unknown>) {
      const row = (await database.db.select({ params: jobs.params }).from(jobs).where(eq(jobs.id, jobId)))[0];
      if (!row) return;
      await database.db
        .update(jobs)
        .set({ params: { ...row.params, ...patch } })
        .where(eq(jobs.id, jobId));
    },
    async get(jobId: string) {
      return (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0] ?? null;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
