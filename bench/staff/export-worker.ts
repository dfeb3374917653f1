// One export job run in a process of its own (as a separate job worker would run it), for bench/staff:
// the export service's worker function with its real repository, storage and configuration, and the
// process's RSS sampled every 10 ms. Prints one JSON line: { ms, peakRss, baseRss, size }.
// Usage: node --import tsx bench/staff/export-worker.ts <database url> <storage dir> <params json>
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db } from '../../apps/api/src/db/client.js';
import * as schema from '../../apps/api/src/db/schema/index.js';
import type { JobQueue } from '../../apps/api/src/jobs/job-queue.js';
import { localFileStorage } from '../../apps/api/src/lib/file-storage.js';
import { createAnswerContextReader } from '../../apps/api/src/modules/applications/answer-context.js';
import { createAnswerContextRepository } from '../../apps/api/src/modules/applications/answer-context.repository.js';
import { createAuditRepository } from '../../apps/api/src/modules/audit/audit.repository.js';
import { createConfigurationRepository } from '../../apps/api/src/modules/configuration/configuration.repository.js';
import { createPublishedConfiguration } from '../../apps/api/src/modules/configuration/published-configuration.js';
import { createExportRepository } from '../../apps/api/src/modules/staff-jobs/exports.repository.js';
import { createExportService } from '../../apps/api/src/modules/staff-jobs/exports.service.js';
import { createStaffJobsRepository } from '../../apps/api/src/modules/staff-jobs/staff-jobs.repository.js';

const [url, storageDir, paramsJson] = process.argv.slice(2);
if (!url || !storageDir || !paramsJson)
  throw new Error('usage: export-worker.ts <url> <storage dir> <params json>');

// The PostgreSQL side of db/client.ts, without importing PGlite (about 37 MB a worker never uses).
const pool = new pg.Pool({ connectionString: url, max: 3 });
const database: Database = {
  kind: 'postgres',
  db: drizzle(pool, { schema }) as unknown as Db,
  statements: () => 0,
  recentStatements: () => [],
  executeSql: async (text, values) => ({
    rows: (await pool.query(text, values)).rows as Record<string, unknown>[],
  }),
  close: () => pool.end(),
};
let size = 0;
const jobs = {
  async patchParams(_jobId: string, patch: Record<string, unknown>) {
    if (typeof patch.size === 'number') size = patch.size;
  },
} as unknown as JobQueue;
const service = createExportService({
  jobs,
  storage: localFileStorage(storageDir),
  exports: createExportRepository(database),
  repository: createStaffJobsRepository(database.db),
  published: createPublishedConfiguration({ configuration: createConfigurationRepository(database.db) }),
  answers: createAnswerContextReader({
    repository: createAnswerContextRepository(database.db),
    clock: () => new Date(),
  }),
  audit: createAuditRepository(database.db),
  clock: () => new Date(),
  logger: { error: (obj) => console.error(obj) },
});

const baseRss = process.memoryUsage().rss;
let peakRss = baseRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);
const t0 = performance.now();
await service.run(
  '00000000-0000-4000-8000-000000000001',
  JSON.parse(paramsJson) as Record<string, unknown>,
  async () => {},
);
const ms = performance.now() - t0;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
await database.close();
console.log(JSON.stringify({ ms, peakRss, baseRss, size }));
