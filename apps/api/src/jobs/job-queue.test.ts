import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseTarget } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createTestDatabase, databaseKinds } from '../testing/databases.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

const logger = { info: () => {}, error: () => {} };
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
        kind: 'maintenance',
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
      await queue.work('maintenance', async ({ params, progress }) => {
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
      expect(job.error).toBe('disk full');
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
});
