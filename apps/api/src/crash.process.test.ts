import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type SqlExecutor } from './db/client.js';
import {
  crashEnv,
  jobRows,
  killMidWork,
  preparedSavers,
  signedInStaff,
  startWorkload,
  storedCounters,
  untilFinal,
  type Answer,
  type Saver,
  type Workload,
} from './testing/crash.js';
import { createTestDatabase } from './testing/databases.js';
import { startServer, type ServerProcess } from './testing/server-process.js';

/**
 * How long after the kill every acknowledged job must be final: B's start (embedded; up to ~40 s on a
 * loaded 2-core machine), then per attempt lease 3 s + two sweeps of 1 s + retry delay 1 s, three attempts.
 */
const BOUND_MS = 90_000;

/** The survivor's view after the kill: saves kept, every acknowledged job final within the bound. */
async function checkAfterKill(url: string, savers: Saver[], work: Workload, killedAt: number) {
  const states = await untilFinal(url, work.jobs, BOUND_MS);
  const finalAfterMs = Date.now() - killedAt;
  for (const job of work.jobs) expect(['succeeded', 'failed']).toContain(states.get(job.id)?.status);
  const counters = await storedCounters(url, savers);
  for (const c of counters) {
    // The last acknowledged value, or the one in flight when the server died: never an older one.
    expect(c.stored, JSON.stringify(c)).toBeGreaterThanOrEqual(c.acked);
    expect(c.stored, JSON.stringify(c)).toBeLessThanOrEqual(c.attempted);
  }
  expect(work.refused).toEqual([]);
  return { states, counters, finalAfterMs };
}

/**
 * Every job in the table ends within the bound, also one whose request the kill cut off (its row written,
 * its answer never sent: it lapses and is retried like any other); logs the tally (how many were retried).
 */
async function tally(label: string, database: SqlExecutor, figures: Record<string, unknown>) {
  const open = (r: { status: string }) => r.status === 'queued' || r.status === 'running';
  const until = Date.now() + BOUND_MS;
  let rows = await jobRows(database);
  while (rows.some(open) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    rows = await jobRows(database);
  }
  expect(rows.filter(open)).toEqual([]);
  const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
  console.log(
    `[crash ${label}]`,
    JSON.stringify({
      ...figures,
      jobRows: rows.length,
      retried: count((r) => r.attempts > 1),
      retriedKinds: [...new Set(rows.filter((r) => r.attempts > 1).map((r) => r.kind))],
      succeeded: count((r) => r.status === 'succeeded'),
      failedInterrupted: count((r) => r.failure === 'interrupted'),
      failedError: count((r) => r.failure === 'error'),
    }),
  );
}

const figuresOf = (savers: Saver[], work: Workload, timings: Record<string, number>) => ({
  savesAcked: savers.reduce((n, s) => n + s.acked, 0),
  savesInFlight: savers.filter((s) => s.attempted > s.acked).length,
  exportsAcked: work.jobs.filter((j) => j.kind === 'export').length,
  rendersAcked: work.jobs.filter((j) => j.kind === 'render_applicant').length,
  ...timings,
});

// Real server processes killed mid-work; each start may take long on a loaded machine (as in server.process).
describe('SIGKILL during form saves and jobs', { timeout: 300_000 }, () => {
  it('embedded: a restart on the same folder keeps every acknowledged save and ends every job', async () => {
    const startedAt = Date.now();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    const env = { DATA_DIR: dataDir, ...crashEnv };
    const seen: Answer[] = [];
    let b: ServerProcess | undefined;
    try {
      const a = await startServer(env);
      let work: Workload | undefined;
      try {
        const savers = await preparedSavers(a.url, seen);
        work = startWorkload(a.url, savers, await signedInStaff(a.url, seen));
        const killedAt = await killMidWork(a, work);

        b = await startServer(env);
        const restartMs = Date.now() - killedAt;
        const { finalAfterMs } = await checkAfterKill(b.url, savers, work, killedAt);
        expect(seen, '5xx answers').toEqual([]);
        await b.stop();
        b = undefined;
        // The folder as B left it, opened here (the server holds its lock while it runs).
        const database = await openDatabase({ kind: 'pglite', dataDir });
        try {
          const runtimeMs = Date.now() - startedAt;
          const timings = { restartMs, finalAfterKillMs: finalAfterMs, runtimeMs };
          await tally('embedded', database, figuresOf(savers, work, timings));
        } finally {
          await database.close();
        }
      } finally {
        await a.stop('SIGKILL'); // first: the loops end once their server is gone
        await work?.stop();
      }
    } finally {
      await b?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: with two processes, the survivor ends every job and serves every acknowledged save',
    async () => {
      const startedAt = Date.now();
      const database = await createTestDatabase('postgres');
      await database.close();
      const env = { DATABASE_URL: database.url!, SEED_DEMO: 'true', ...crashEnv };
      const seen: Answer[] = [];
      const servers: ServerProcess[] = [];
      try {
        // One after the other: the crash is the subject here (server.process.test starts two together).
        servers.push(await startServer(env));
        servers.push(await startServer(env));
        const [a, b] = servers as [ServerProcess, ServerProcess];
        const savers = await preparedSavers(a.url, seen);
        const work = startWorkload(a.url, savers, await signedInStaff(a.url, seen));
        const killedAt = await killMidWork(a, work);

        const { finalAfterMs } = await checkAfterKill(b.url, savers, work, killedAt);
        expect(seen, '5xx answers').toEqual([]);
        const client = new pg.Client({ connectionString: database.url! });
        await client.connect();
        try {
          const executor = {
            executeSql: async (text: string) => ({ rows: (await client.query(text)).rows }),
          };
          const timings = { finalAfterKillMs: finalAfterMs, runtimeMs: Date.now() - startedAt };
          await tally('postgres', executor, figuresOf(savers, work, timings));
        } finally {
          await client.end();
        }
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await database.dispose();
      }
    },
  );
});
