import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createTestDatabase, databaseKinds } from '../testing/databases.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

const logger = {
  info: () => {},
  error: (o: object, m?: string) => {
    if (process.env.JOB_DEBUG) console.log(m, o);
  },
};
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

/**
 * A process's statements that stop answering once it dies (at `die()`, or at the first statement
 * `diesAt` matches), as after SIGKILL: unlike stop(), pg-boss cannot fail its active jobs on the way out.
 */
function mortal(database: Database, diesAt?: (text: string) => boolean) {
  let dead = false;
  return {
    die: () => void (dead = true),
    dead: () => dead,
    database: {
      ...database,
      executeSql: (text: string, values?: unknown[]) => {
        if (diesAt?.(text)) dead = true;
        return dead ? new Promise<never>(() => {}) : database.executeSql(text, values);
      },
    },
  };
}

/** pg-boss fetches of a queue (a worker looking for jobs) that have answered. */
function watched(database: Database, queue: string) {
  let fetches = 0;
  return {
    fetches: () => fetches,
    database: {
      ...database,
      executeSql: async (text: string, values?: unknown[]) => {
        const result = await database.executeSql(text, values);
        if (text.includes('SKIP LOCKED') && values?.[0] === queue) fetches++;
        return result;
      },
    },
  };
}

/** A database that outlives a "process": PGlite in a folder, or a PostgreSQL test database. */
async function durableTarget(
  kind: string,
): Promise<{ target: DatabaseTarget; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'portal-jobs-'));
    return {
      target: { kind: 'pglite', dataDir: dir },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const test = await createTestDatabase('postgres');
  const url = test.url!;
  await test.close();
  return {
    target: { kind: 'postgres', url },
    cleanup: async () => {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      await admin.end();
    },
  };
}

describe.each(databaseKinds)('job queue on %s', (kind) => {
  it('runs a job enqueued before a restart after the restart', async () => {
    const { target, cleanup } = await durableTarget(kind);
    let first: Database | undefined;
    let second: Database | undefined;
    let queue: JobQueue | undefined;
    try {
      first = await openDatabase(target);
      await runMigrations(first);
      const before = createJobQueue({ database: first, clock, logger });
      await before.start();
      const jobId = await before.enqueue({
        kind: 'export',
        municipalityId: null,
        params: { task: 'test', n: 7 },
      });
      expect((await before.get(jobId))?.status).toBe('queued');
      await before.stop();
      await first.close();
      first = undefined;

      second = await openDatabase(target);
      queue = createJobQueue({ database: second, clock, logger });
      await queue.start();
      const seen: unknown[] = [];
      await queue.work('export', async ({ params, progress }) => {
        seen.push(params);
        await progress(50);
        return { resultKey: 'done' };
      });
      const job = await waitFor(async () => {
        const row = await queue!.get(jobId);
        return row?.status === 'succeeded' ? row : null;
      });
      expect(seen).toEqual([{ task: 'test', n: 7 }]);
      expect(job).toMatchObject({ progress: 100, resultKey: 'done', error: null });
      expect(job.finishedAt).toBeInstanceOf(Date);
    } finally {
      await queue?.stop();
      await second?.close();
      await first?.close();
      await cleanup();
    }
  });

  it('records a failure with its message, and refuses to cancel a finished job (409)', async () => {
    const database = await createTestDatabase(kind);
    const queue = createJobQueue({ database, clock, logger });
    try {
      await queue.start();
      await queue.work('export', async () => {
        throw new Error('disk full');
      });
      const jobId = await queue.enqueue({ kind: 'export', municipalityId: null });
      const job = await waitFor(async () => {
        const row = await queue.get(jobId);
        return row?.status === 'failed' ? row : null;
      });
      expect(job).toMatchObject({ error: 'disk full', failure: 'error', attempts: 1 });
      await expect(queue.cancel(jobId)).rejects.toMatchObject({ code: 'illegal_transition', status: 409 });
    } finally {
      await queue.stop();
      await database.dispose();
    }
  });

  it('cancels a queued job before it runs; the worker then skips it', async () => {
    const database = await createTestDatabase(kind);
    const queue = createJobQueue({ database, clock, logger });
    try {
      await queue.start();
      const jobId = await queue.enqueue({ kind: 'documents_delete', municipalityId: null });
      await queue.cancel(jobId);
      let ran = false;
      await queue.work('documents_delete', async () => {
        ran = true;
      });
      await new Promise((r) => setTimeout(r, 1500));
      expect(ran).toBe(false);
      expect((await queue.get(jobId))?.status).toBe('cancelled');
    } finally {
      await queue.stop();
      await database.dispose();
    }
  });

  // A process that stops while running a job (crash, deploy) drops its lease: stop() here stands for it.
  const lease = { leaseSeconds: 3, sweepSeconds: 1 };

  it('drops what pg-boss records after stop: a job ending after its database closed rejects nothing', async () => {
    const database = await createTestDatabase(kind);
    const queue = createJobQueue({ database, clock, logger, ...lease });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    let release = () => {};
    try {
      await queue.start();
      await queue.work('export', () => new Promise((resolve) => (release = () => resolve(undefined))));
      const jobId = await queue.enqueue({ kind: 'export', municipalityId: null, params: { n: 1 } });
      await waitFor(async () => (await queue.get(jobId))?.status === 'running');
      // Stop's wait ends with the job still running; then the database closes, as the app's shutdown does.
      await queue.stop();
      await database.dispose();
      release();
      await new Promise((r) => setTimeout(r, 500));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      release();
    }
  }, 60_000);

  it('retries a job whose process stopped while running it, in another process, and finishes it', async () => {
    const database = await createTestDatabase(kind);
    const crashed = createJobQueue({ database, clock, logger, ...lease });
    const survivor = createJobQueue({ database, clock, logger, ...lease });
    let release = () => {};
    try {
      await crashed.start();
      await crashed.work('export', () => new Promise((resolve) => (release = () => resolve(undefined))));
      const jobId = await crashed.enqueue({ kind: 'export', municipalityId: null, params: { n: 1 } });
      await waitFor(async () => (await crashed.get(jobId))?.status === 'running');
      await crashed.stop();

      await survivor.start();
      await survivor.work('export', async ({ params }) => ({ resultKey: `done-${String(params.n)}` }));
      const job = await waitFor(async () => {
        const row = await survivor.get(jobId);
        return row?.status === 'succeeded' ? row : null;
      }, 30_000);
      expect(job).toMatchObject({ resultKey: 'done-1', attempts: 2, failure: null, error: null });
      // The stopped run ending late changes nothing.
      release();
      await new Promise((r) => setTimeout(r, 300));
      expect((await survivor.get(jobId))?.status).toBe('succeeded');
    } finally {
      release();
      await survivor.stop();
      await database.dispose();
    }
  }, 60_000);

  it('fails a job as interrupted once its process stopped on every attempt', async () => {
    const database = await createTestDatabase(kind);
    const crashed = createJobQueue({ database, clock, logger, ...lease, retries: 0 });
    const survivor = createJobQueue({ database, clock, logger, ...lease, retries: 0 });
    try {
      await crashed.start();
      // Its run never ends: the process is gone.
      await crashed.work('render_document', () => new Promise(() => {}));
      const jobId = await crashed.enqueue({ kind: 'render_document', municipalityId: null });
      await waitFor(async () => (await crashed.get(jobId))?.status === 'running');
      await crashed.stop();

      await survivor.start();
      const job = await waitFor(async () => {
        const row = await survivor.get(jobId);
        return row?.status === 'failed' ? row : null;
      }, 30_000);
      expect(job).toMatchObject({ failure: 'interrupted', attempts: 1 });
      expect(job.finishedAt).toBeInstanceOf(Date);
    } finally {
      await survivor.stop();
      await database.dispose();
    }
  }, 60_000);

  it('retries a job whose process died between pg-boss handing it over and the first renewal', async () => {
    const database = await createTestDatabase(kind);
    // Dies as it sends its first renewal: pg-boss has marked the job active, with the hour it was sent with.
    const doomed = mortal(database, (text) => text.includes('SET started_on = now() +'));
    const crashed = createJobQueue({ database: doomed.database, clock, logger, ...lease });
    const survivor = createJobQueue({ database, clock, logger, ...lease });
    try {
      await crashed.start();
      await crashed.work('export', async () => ({ resultKey: 'never' }));
      const jobId = await crashed.enqueue({ kind: 'export', municipalityId: null });
      await waitFor(async () => doomed.dead());
      void crashed.stop(); // clears its timers; its last statements never answer

      await survivor.start();
      await survivor.work('export', async () => ({ resultKey: 'done' }));
      // Within lease + two sweeps, not the hour the job was sent with.
      const job = await waitFor(async () => {
        const row = await survivor.get(jobId);
        return row?.status === 'succeeded' ? row : null;
      }, 30_000);
      expect(job).toMatchObject({ resultKey: 'done', attempts: 1 });
    } finally {
      await survivor.stop();
      await database.dispose();
    }
  }, 60_000);

  it('gives a retried job the whole run time, not what was left of the lost attempt’s lease', async () => {
    const database = await createTestDatabase(kind);
    const doomed = mortal(database);
    const crashed = createJobQueue({ database: doomed.database, clock, logger, ...lease });
    const survivor = createJobQueue({ database, clock, logger, ...lease });
    try {
      await crashed.start();
      await crashed.work('export', () => new Promise(() => {}));
      const jobId = await crashed.enqueue({ kind: 'export', municipalityId: null });
      await waitFor(async () => (await crashed.get(jobId))?.status === 'running');
      await new Promise((r) => setTimeout(r, 1500)); // a renewal or two
      doomed.die();
      void crashed.stop();

      await survivor.start();
      let runs = 0;
      // Longer than a lease and than what the lost attempt had left: pg-boss must not abandon it.
      await survivor.work('export', async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 7000));
        return { resultKey: 'slow' };
      });
      const job = await waitFor(async () => {
        const row = await survivor.get(jobId);
        return row?.status === 'succeeded' ? row : null;
      }, 40_000);
      expect(job).toMatchObject({ resultKey: 'slow', attempts: 2 });
      expect(runs).toBe(1);
    } finally {
      await survivor.stop();
      await database.dispose();
    }
  }, 60_000);

  it('keeps renewing the lease of each job running longer than the lease, side by side', async () => {
    const database = await createTestDatabase(kind);
    const queue = createJobQueue({ database, clock, logger, ...lease, concurrency: 2 });
    try {
      await queue.start();
      let runs = 0;
      await queue.work('export', async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 7000));
        return { resultKey: 'slow' };
      });
      const jobIds = [
        await queue.enqueue({ kind: 'export', municipalityId: null }),
        await queue.enqueue({ kind: 'export', municipalityId: null }),
      ];
      for (const jobId of jobIds) {
        const job = await waitFor(async () => {
          const row = await queue.get(jobId);
          return row?.status === 'succeeded' ? row : null;
        }, 30_000);
        expect(job).toMatchObject({ resultKey: 'slow', attempts: 1 });
      }
      expect(runs).toBe(2);
    } finally {
      await queue.stop();
      await database.dispose();
    }
  }, 60_000);
});

describe.each(databaseKinds)('job workers on %s', (kind) => {
  // A poll an hour apart: whatever runs within the test was not found by polling.
  const noPolling = { pollingIntervalSeconds: 3600 };

  it('starts a job this process enqueues at once, not at the next poll', async () => {
    const database = await createTestDatabase(kind);
    const spy = watched(database, 'export');
    const queue = createJobQueue({ database: spy.database, clock, logger, ...noPolling, concurrency: 1 });
    try {
      await queue.start();
      await queue.work('export', async () => ({ resultKey: 'done' }));
      await waitFor(async () => spy.fetches() >= 1); // the worker looked, found nothing and sleeps
      const jobId = await queue.enqueue({ kind: 'export', municipalityId: null });
      const job = await waitFor(async () => {
        const row = await queue.get(jobId);
        return row?.status === 'succeeded' ? row : null;
      });
      expect(job).toMatchObject({ resultKey: 'done', attempts: 1 });
    } finally {
      await queue.stop();
      await database.dispose();
    }
  });

  it('runs up to `concurrency` jobs of a kind at once, and takes the next as they end', async () => {
    const database = await createTestDatabase(kind);
    const queue = createJobQueue({ database, clock, logger, ...noPolling, concurrency: 2 });
    const releases: (() => void)[] = [];
    try {
      await queue.start();
      await queue.work('render_document', () => new Promise((resolve) => releases.push(() => resolve())));
      const jobIds: string[] = [];
      for (let i = 0; i < 3; i++)
        jobIds.push(await queue.enqueue({ kind: 'render_document', municipalityId: null }));
      const statuses = async () => Promise.all(jobIds.map(async (id) => (await queue.get(id))?.status));
      await waitFor(async () => (await statuses()).filter((s) => s === 'running').length === 2);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await statuses()).sort()).toEqual(['queued', 'running', 'running']);
      expect(releases).toHaveLength(2);

      // Every slot was busy when the third was sent: it is taken as they end, without a poll.
      for (const release of releases.splice(0)) release();
      await waitFor(async () => releases.length === 1);
      releases[0]!();
      await waitFor(async () => (await statuses()).every((s) => s === 'succeeded'));
    } finally {
      for (const release of releases) release();
      await queue.stop();
      await database.dispose();
    }
  });

  it('runs each job of a burst once, also those taken before their row was written', async () => {
    const database = await createTestDatabase(kind);
    const queue = createJobQueue({ database, clock, logger, concurrency: 4 });
    const runs = new Map<unknown, number>();
    try {
      await queue.start();
      await queue.work('export', async ({ params }) => {
        runs.set(params.n, (runs.get(params.n) ?? 0) + 1);
      });
      // Workers busy with the first jobs look again while later ones are being sent and recorded.
      const jobIds: string[] = [];
      for (let n = 0; n < 60; n++)
        jobIds.push(await queue.enqueue({ kind: 'export', municipalityId: null, params: { n } }));
      await waitFor(async () => {
        const rows = await Promise.all(jobIds.map((id) => queue.get(id)));
        return rows.every((row) => row?.status === 'succeeded');
      });
      expect([...runs.values()]).toEqual(Array(60).fill(1));
    } finally {
      await queue.stop();
      await database.dispose();
    }
  });

  it('fails only the job that failed among jobs running side by side', async () => {
    const database = await createTestDatabase(kind);
    const queue = createJobQueue({ database, clock, logger, concurrency: 3 });
    let running = 0;
    let together = 0;
    try {
      await queue.start();
      await queue.work('export', async ({ params }) => {
        running++;
        together = Math.max(together, running);
        await waitFor(async () => together === 3); // all three are in their handlers
        running--;
        if (params.fail) throw new Error(`disk full ${String(params.n)}`);
        return { resultKey: `done-${String(params.n)}` };
      });
      const jobIds = await Promise.all(
        [1, 2, 3].map((n) =>
          queue.enqueue({ kind: 'export', municipalityId: null, params: { n, fail: n === 2 } }),
        ),
      );
      const rows = await waitFor(async () => {
        const found = await Promise.all(jobIds.map((id) => queue.get(id)));
        return found.every((row) => row?.finishedAt) ? found : null;
      });
      expect(rows.map((row) => [row?.status, row?.resultKey, row?.error, row?.attempts])).toEqual([
        ['succeeded', 'done-1', null, 1],
        ['failed', null, 'disk full 2', 1],
        ['succeeded', 'done-3', null, 1],
      ]);
    } finally {
      await queue.stop();
      await database.dispose();
    }
  });
});

describe.each(databaseKinds)('scheduled work on %s', (kind) => {
  it('keeps one schedule per name however many processes register it', async () => {
    const database = await createTestDatabase(kind);
    const queues = [1, 2].map(() => createJobQueue({ database, clock, logger }));
    try {
      for (const queue of queues) {
        await queue.start();
        await queue.schedule('purge-sessions', '0 * * * *', async () => {});
      }
      const { rows } = await database.executeSql(
        `select name, cron from pgboss.schedule where name = 'purge-sessions'`,
        [],
      );
      expect(rows).toEqual([{ name: 'purge-sessions', cron: '0 * * * *' }]);
    } finally {
      for (const queue of queues) await queue.stop();
      await database.dispose();
    }
  });
});
