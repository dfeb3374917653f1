import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { submittedDocuments } from '../documents/documents.fixtures.js';
import { createSignatureRepository } from './signatures.repository.js';

/** A render job retried after a crash stores its renderings once (migration 0015). */
describe.each(databaseKinds)('renderings per job on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let applicationId: string;
  let municipalityId: number;
  const rows = async () =>
    (
      await t.database.executeSql(
        'select job_id, procedure_id, sha256 from rendered_documents where application_id = $1 order by job_id, sha256',
        [applicationId],
      )
    ).rows;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-renderings-'));
    t = await createTestApp(kind, { storageDir: dir });
    applicationId = (await submittedDocuments(t, dir, { procedureCodes: ['birth_notification'] }))
      .applicationId;
    municipalityId = Number(
      (await t.database.executeSql("select id from municipalities where code = '999999'")).rows[0]!.id,
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rendering = (jobId: string, sha256: string) => ({
    municipalityId,
    applicationId,
    procedureId: 1,
    jobId,
    audience: 'applicant',
    storageKey: `rendered/${applicationId}/${jobId}/1.pdf`,
    sha256,
    pages: 1,
  });

  it('replaces a retried job’s rendering of a procedure, and keeps other jobs’ own', async () => {
    const signatures = createSignatureRepository(t.database.db);
    const [first, second] = [randomUUID(), randomUUID()];
    await signatures.insertRendering(rendering(first, 'a'.repeat(64)));
    await signatures.insertRendering(rendering(first, 'b'.repeat(64)));
    // A second later: PGlite's clock can give two statements in a row the same time.
    await signatures.insertRendering({
      ...rendering(second, 'c'.repeat(64)),
      createdAt: new Date(Date.now() + 1000),
    });
    const stored = await rows();
    expect(stored.filter((r) => r.job_id === first).map((r) => r.sha256)).toEqual(['b'.repeat(64)]);
    expect(stored.filter((r) => r.job_id === second)).toHaveLength(1);
    expect((await signatures.latestRenderings(applicationId)).get(1)?.jobId).toBe(second);
  });

  it('the migration keeps each job’s newest row when a database already holds repeats', async () => {
    await t.database.executeSql('delete from rendered_documents where application_id = $1', [applicationId]);
    await t.database.executeSql('drop index rendered_documents_job_procedure');
    const job = randomUUID();
    for (const [sha, at] of [
      ['d', '2032-01-01T00:00:00Z'],
      ['e', '2032-01-01T00:05:00Z'],
    ] as const) {
      await t.database.executeSql(
        `insert into rendered_documents (municipality_id, application_id, procedure_id, job_id, audience, storage_key, sha256, pages, created_at)
         values ($1, $2, 1, $3, 'applicant', 'k', $4, 1, $5)`,
        [municipalityId, applicationId, job, sha.repeat(64), at],
      );
    }
    const migration = readFileSync(join(migrationsFolder(), '0015_rendering_per_job.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.database.executeSql(statement);
    expect((await rows()).map((r) => r.sha256)).toEqual(['e'.repeat(64)]);
  });
});
