import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import type { Counter, Histogram } from 'prom-client';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Job } from '@portal/contracts';
import { outsideRequests, type Database } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { assertTransition } from '../http/transitions.js';
import { jobStates, type JobStatus } from '@portal/contracts';

export type JobKind = Job['kind'];

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

/** How a run of a job ended in this process: as the job's final state, or taken over as a retry. */
export type JobOutcome = 'succeeded' | 'failed' | 'retried';

/** What the queue counts (the system module's registry; see metrics.ts). */
export interface JobMetrics {
  outcomes: Counter<'kind' | 'outcome'>;
  duration: Histogram<'kind' | 'outcome'>;
}

/** The states a job is waiting or working in: what the gauge of jobs reports (finished ones are counted). */
export const LIVE_JOB_STATES = ['queued', 'running'] as const satisfies readonly JobStatus[];

/** The pg-boss queue a job lands in when its lease lapsed on every attempt (decision 0014). */
const INTERRUPTED_QUEUE = 'job-interrupted';
/**
 * pg-boss's expiry as sent: the longest a job may run, which pg-boss also enforces in the worker (read
 * when it fetches the job, so it stays this for every attempt). The lease is shorter: the runner moves
 * the job's `started_on` so that it lapses a lease from now, and keeps moving it while the job runs.
 */
const LONGEST_RUN_SECONDS = 3600;

export interface JobQueueOptions {
  /** Seconds a running job's lease lasts; the runner renews it at a third of that. */
  leaseSeconds?: number;
  /** Seconds between the sweeps that retry or fail lapsed jobs (one process of the cluster sweeps). */
  sweepSeconds?: number;
  /** Attempts after the first for a job whose process stopped while running it. */
  retries?: number;
  /** Jobs of one kind this process runs at once (default: the number of CPUs Node may use). */
  concurrency?: number;
  /** Where outcomes and durations are counted; none in tests that do not look. */
  metrics?: JobMetrics;
  /**
   * Seconds between an idle worker's looks for jobs this process did not send (other processes' jobs,
   * retries, delayed starts); a job sent here wakes a worker at once, and a worker that finished one
   * looks again at once.
   */
  pollingIntervalSeconds?: number;
}

/** One pg-boss worker of a kind: `busy` while it runs a job; a wake before its id is known waits for it. */
interface Slot {
  id?: string;
  busy: boolean;
  wakePending: boolean;
}

/**
 * Background work on pg-boss, in the same database as the data (PGlite through its executeSql adapter,
 * PostgreSQL natively), so a job enqueued before a restart runs after it. The `jobs` table is what
 * status calls read. A running job holds a lease (pg-boss's expiry, renewed while it runs): when its
 * process dies, pg-boss's sweep retries it, and after the last attempt fails it as interrupted.
 */
export function createJobQueue(
  deps: { database: Database; clock: () => Date; logger: Logger } & JobQueueOptions,
) {
  const { database, clock, logger, metrics } = deps;
  const count = (kind: string, outcome: JobOutcome, startedAt?: number) => {
    metrics?.outcomes.inc({ kind, outcome });
    if (startedAt !== undefined && outcome !== 'retried') {
      metrics?.duration.observe({ kind, outcome }, (performance.now() - startedAt) / 1000);
    }
  };
  const leaseSeconds = deps.leaseSeconds ?? 60;
  const retries = deps.retries ?? 2;
  const concurrency = Math.max(1, deps.concurrency ?? availableParallelism());
  const pollingIntervalSeconds = deps.pollingIntervalSeconds ?? 0.5;
  // Leases this process renews; dropped on stop, so a job still running here passes to another process.
  const leases = new Set<NodeJS.Timeout>();
  // After stop, pg-boss may still record a job that outlived stop's wait (it does not await that call,
  // so a closed database would reject unhandled): its statements then never answer, as a stopped
  // process's; the job's lease lapses and it runs again elsewhere, as after a crash.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        stopped ? new Promise<never>(() => {}) : database.executeSql(text, values),
    },
    schema: 'pgboss',
    // The sweep (pg-boss maintenance) takes a cluster-wide lock; so do scheduled (cron) jobs.
    supervise: true,
    maintenanceIntervalSeconds: deps.sweepSeconds ?? 30,
    schedule: true,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  // After each sweep (one process of the cluster): unrenewed jobs lapse, and the next sweep retries them.
  boss.on('maintenance', () => {
    lapseUnrenewed().catch((err: unknown) => logger.error({ err }, 'unrenewed jobs not lapsed'));
  });
  const handlers = new Map<string, JobHandler>();
  const workers = new Map<string, Slot[]>();
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

  /**
   * Moves a job only from a state the machine allows, in one conditional update (no read-then-write
   * race); returns the moved job's kind, or null when it was not moved.
   */
  async function move(jobId: string, to: JobStatus, patch: Partial<typeof jobs.$inferInsert> = {}) {
    const from = jobStates.states.filter((state) => jobStates.can(state, to));
    const rows = await database.db
      .update(jobs)
      .set({ status: to, ...patch })
      .where(and(eq(jobs.id, jobId), inArray(jobs.status, from)))
      .returning({ kind: jobs.kind });
    return rows[0]?.kind ?? null;
  }

  /**
   * Sets the lease of a running pg-boss job (name $1, id $2) to end $3 seconds from now (pg-boss v10 has
   * no heartbeat). It moves `started_on`, not `expire_in`: a retry is fetched with `expire_in` as sent,
   * which pg-boss also takes as the retry's time limit in the worker.
   */
  const RENEW_LEASE = `UPDATE pgboss.job SET started_on = now() + make_interval(secs => $3) - expire_in
       WHERE name = $1 AND id = $2 AND state = 'active'`;

  async function renewLease(kind: string, bossJobId: string) {
    await database.executeSql(RENEW_LEASE, [kind, bossJobId, leaseSeconds]);
  }

  /**
   * Renews the lease (first, so a crash from here on lapses within one lease), then starts the job's row,
   * in one statement: each costs about a millisecond on the embedded database. A first run starts a queued job; a retry also takes over a job
   * still `running`, whose process stopped (the lease passing on, not a change of state). Returns the
   * job's parameters, or null when its row is not there (yet) or not to be started.
   */
  async function begin(kind: string, bossJobId: string, jobId: string, retry: boolean) {
    const from: JobStatus[] = retry ? ['queued', 'running'] : ['queued'];
    const { rows } = await database.executeSql(
      `WITH lease AS (${RENEW_LEASE})
       UPDATE jobs SET status = 'running', started_at = $4::timestamptz, progress = 0, attempts = attempts + 1
       WHERE id = $5 AND status = ANY($6::text[]) RETURNING params`,
      [kind, bossJobId, leaseSeconds, clock().toISOString(), jobId, from],
    );
    return (rows[0]?.params as Record<string, unknown> | undefined) ?? null;
  }

  /**
   * A job fetched more than a lease ago and never renewed (its process died between pg-boss's fetch and
   * the first renewal) would hold for the whole expiry: its lease is made to lapse now instead.
   */
  async function lapseUnrenewed() {
    await database.executeSql(
      `UPDATE pgboss.job SET started_on = now() - expire_in
       WHERE state = 'active' AND started_on < now() - make_interval(secs => $1)
         AND started_on + expire_in > now() + make_interval(secs => $1)`,
      [leaseSeconds],
    );
  }

  const rowExists = async (jobId: string) =>
    (await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId))).length > 0;

  /**
   * A job is sent before its row is written (enqueue): a worker that finds no row waits a moment for it.
   * Once the row is there, begin again even at once: it may have been written since the first try.
   * A row that never comes (its process died) fails the run, so pg-boss retries and at last gives up.
   */
  async function beginOnceRecorded(kind: string, job: PgBoss.JobWithMetadata<{ jobId: string }>) {
    const { jobId } = job.data;
    for (let wait = 0; wait < 20; wait++) {
      if (await rowExists(jobId)) return begin(kind, job.id, jobId, job.retryCount > 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${jobId} has no row`);
  }

  async function run(kind: string, job: PgBoss.JobWithMetadata<{ jobId: string }>) {
    const { jobId } = job.data;
    const handler = handlers.get(kind);
    if (!handler) throw new Error(`no handler for job kind ${kind}`);
    const params =
      (await begin(kind, job.id, jobId, job.retryCount > 0)) ?? (await beginOnceRecorded(kind, job));
    if (!params) return; // cancelled before it ran, or already over
    if (job.retryCount > 0) count(kind, 'retried');
    const startedAt = performance.now();
    const lease = setInterval(
      () => {
        renewLease(kind, job.id).catch((err: unknown) => logger.error({ err, jobId }, 'lease not renewed'));
      },
      (leaseSeconds * 1000) / 3,
    );
    lease.unref();
    leases.add(lease);
    try {
      const result = await handler({
        jobId,
        params,
        progress: async (percent) => {
          await database.db
            .update(jobs)
            .set({ progress: Math.max(0, Math.min(100, Math.round(percent))) })
            .where(eq(jobs.id, jobId));
        },
      });
      const moved = await move(jobId, 'succeeded', {
        progress: 100,
        finishedAt: clock(),
        resultKey: result?.resultKey ?? null,
      });
      if (moved) count(kind, 'succeeded', startedAt);
    } catch (err) {
      logger.error({ err, jobId, kind }, 'job failed');
      const moved = await move(jobId, 'failed', {
        finishedAt: clock(),
        // A refusal of the data (the project's validation_failed) carries a reason written for staff.
        failure: (err as { code?: unknown } | null)?.code === 'validation_failed' ? 'invalid' : 'error',
        error: err instanceof Error ? err.message : String(err),
      });
      if (moved) count(kind, 'failed', startedAt);
    } finally {
      clearInterval(lease);
      leases.delete(lease);
    }
  }

  /**
   * A job that cannot start or be recorded fails alone in pg-boss (retried, at last interrupted): the
   * worker's callback never throws, as pg-boss would then fail its whole batch.
   */
  async function settle(kind: string, job: PgBoss.JobWithMetadata<{ jobId: string }>) {
    try {
      await run(kind, job);
    } catch (err) {
      logger.error({ err, jobId: job.data.jobId, kind }, 'job not run');
      // If this fails too, the job stays active without renewals and lapses into a retry.
      await boss.fail(kind, job.id, err as object).catch(() => {});
    }
  }

  /** Ends the worker's sleep (pg-boss's notifyWorker), or makes it look again once its current job ends. */
  function wake(slot: Slot) {
    if (slot.id) boss.notifyWorker(slot.id);
    else slot.wakePending = true;
  }

  /** Wakes one idle worker of a kind; with all busy none, as each looks again when its job ends. */
  function wakeIdle(kind: string, except?: Slot) {
    const idle = workers.get(kind)?.find((slot) => !slot.busy && slot !== except);
    if (idle) wake(idle);
  }

  return {
    async start() {
      stopped = false;
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
      // A job whose lease lapsed on its last attempt arrives here: the client is told it was interrupted.
      await ensureQueue(INTERRUPTED_QUEUE);
      await boss.work<{ jobId: string }>(INTERRUPTED_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
        if (!job) return;
        logger.error({ jobId: job.data.jobId }, 'job interrupted on every attempt');
        const kind = await outsideRequests(() =>
          move(job.data.jobId, 'failed', {
            finishedAt: clock(),
            failure: 'interrupted',
            error: `its process stopped on each of ${retries + 1} attempts`,
          }),
        );
        if (kind) count(kind, 'failed');
      });
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      stopped = true;
      for (const lease of leases) clearInterval(lease);
      leases.clear();
      workers.clear();
      started = false;
    },
    /**
     * Registers the workers of a kind, `concurrency` of them taking a job at a time (a worker taking a batch
     * fetches again only once all of it ended: a long job, or a batch found half full, would hold slots
     * idle); queued jobs of that kind (also from before a restart) start.
     */
    async work(kind: JobKind, handler: JobHandler) {
      handlers.set(kind, handler);
      await ensureQueue(kind);
      const slots: Slot[] = [];
      workers.set(kind, slots);
      for (let i = 0; i < concurrency; i++) {
        const slot: Slot = { busy: false, wakePending: false };
        slots.push(slot);
        slot.id = await boss.work<{ jobId: string }>(
          kind,
          {
            // One worker polls; the others are woken by it (and by enqueue), and look now and then anyway.
            pollingIntervalSeconds: i === 0 ? pollingIntervalSeconds : Math.max(pollingIntervalSeconds, 5),
            includeMetadata: true,
            batchSize: 1,
          },
          async (batch) => {
            slot.busy = true;
            wakeIdle(kind, slot); // more may be waiting: an idle sibling looks, and wakes another if so
            try {
              await outsideRequests(() => Promise.all(batch.map((job) => settle(kind, job))));
            } finally {
              slot.busy = false;
              wake(slot); // pg-boss would sleep out the polling interval; there may be more right now
            }
          },
        );
        if (slot.wakePending) boss.notifyWorker(slot.id);
      }
    },
    /**
     * Runs `handler` on a cron schedule, once per cluster (pg-boss keeps one schedule per name and lets
     * one process fire it); these runs leave no row in the jobs table.
     */
    async schedule(name: string, cron: string, handler: () => Promise<void>) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { retryLimit: 0, expireInSeconds: leaseSeconds });
      await boss.work(name, { pollingIntervalSeconds: 5 }, async ([job]) => {
        if (job) await outsideRequests(handler);
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
      // Sent first, then recorded: a process dying in between leaves a pg-boss job that finds no row
      // (and ends), never a row queued for ever with nothing to run it.
      const jobId = randomUUID();
      await ensureQueue(input.kind);
      await boss.send(
        input.kind,
        { jobId },
        {
          retryLimit: retries,
          retryDelay: 1,
          expireInSeconds: LONGEST_RUN_SECONDS,
          deadLetter: INTERRUPTED_QUEUE,
          ...(input.startAfterSeconds ? { startAfter: input.startAfterSeconds } : {}),
        },
      );
      await database.db.insert(jobs).values({
        id: jobId,
        kind: input.kind,
        municipalityId: input.municipalityId,
        params: input.params ?? {},
        createdBy: input.createdBy ?? null,
      });
      // Once recorded, so the worker finds the row on its first look.
      if (!input.startAfterSeconds) wakeIdle(input.kind);
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
    /**
     * Jobs queued or running now, by kind and state, in the whole cluster: one grouped count over the
     * partial index `jobs_live` (its predicate written out, so the planner matches it).
     */
    async liveCounts(): Promise<{ kind: string; state: string; count: number }[]> {
      return database.db
        .select({ kind: jobs.kind, state: jobs.status, count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(sql`${jobs.status} in ('queued', 'running')`)
        .groupBy(jobs.kind, jobs.status);
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
