import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { s3FileStorage } from '../../lib/s3-file-storage.js';
import { createTestDatabase, databaseKinds, type DatabaseKind } from '../../testing/databases.js';
import { createPortalTestApp } from '../../testing/portal-app.js';
import { startS3Server } from '../../testing/s3-server.js';
import { freePort } from '../../testing/server-process.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { bundledMigrations } from './system.repository.js';

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

/** The checks a 503 names, in its error body's `field`s; every entry is `unavailable`. */
async function failedChecks(app: FastifyInstance, url = '/api/health/ready') {
  const res = await get(app, url);
  expect(res.statusCode, res.body).toBe(503);
  const errors = (res.json() as { errors: { code: string; message: string; field?: string }[] }).errors;
  for (const e of errors) expect(e.code).toBe('unavailable');
  return errors;
}

/** The app on a fresh seeded database with the given file storage (the S3 cases). */
async function appWithStorage(kind: DatabaseKind, storage: ReturnType<typeof s3FileStorage>) {
  const database = await createTestDatabase(kind, { seeded: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ config, database, webRoot: null, storage });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      storage.client.destroy();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(databaseKinds)('liveness and readiness on %s', (kind) => {
  describe('one server whose checks are broken one at a time', () => {
    let t: TestApp;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'portal-health-'));
      t = await createTestApp(kind, { storageDir: dataDir });
    });
    afterAll(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 200 {"status":"ok"} on /api/health/live, /api/health/ready and /api/health', async () => {
      for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
        const res = await get(t.app, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe('{"status":"ok"}');
      }
    });

    it('is not ready while a migration of this build is not applied, and names it', async () => {
      const last = bundledMigrations().at(-1)!;
      const table = 'drizzle.__drizzle_migrations';
      const row = (
        await t.database.executeSql(`select hash from ${table} where created_at = $1`, [last.when])
      ).rows[0]!;
      await t.database.executeSql(`delete from ${table} where created_at = $1`, [last.when]);
      try {
        const errors = await failedChecks(t.app);
        expect(errors).toEqual([
          {
            code: 'unavailable',
            field: 'migrations',
            message: `1 of ${bundledMigrations().length} migrations are not applied (first missing: ${last.tag})`,
          },
        ]);
        // /api/health means readiness too; liveness does not look.
        expect((await failedChecks(t.app, '/api/health')).map((e) => e.field)).toEqual(['migrations']);
        expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
      } finally {
        await t.database.executeSql(`insert into ${table} (hash, created_at) values ($1, $2)`, [
          row.hash,
          last.when,
        ]);
      }
      expect((await get(t.app, '/api/health/ready')).statusCode).toBe(200);
    });

    it('is not ready when a migration was applied from a different file', async () => {
      const last = bundledMigrations().at(-1)!;
      const table = 'drizzle.__drizzle_migrations';
      await t.database.executeSql(`update ${table} set hash = 'edited' where created_at = $1`, [last.when]);
      try {
        expect(await failedChecks(t.app)).toEqual([
          {
            code: 'unavailable',
            field: 'migrations',
            message: `migration ${last.tag} was applied from a different file`,
          },
        ]);
      } finally {
        await t.database.executeSql(`update ${table} set hash = $1 where created_at = $2`, [
          last.hash,
          last.when,
        ]);
      }
      expect((await get(t.app, '/api/health/ready')).statusCode).toBe(200);
    });

    it('is not ready while the local file folder is gone, without saying where it is', async () => {
      const files = join(dataDir, 'files');
      rmSync(files, { recursive: true, force: true });
      try {
        const res = await get(t.app, '/api/health/ready');
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          errors: [{ code: 'unavailable', field: 'storage', message: 'the file storage is not reachable' }],
        });
        expect(res.body).not.toContain(dataDir);
        expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
      } finally {
        mkdirSync(files, { recursive: true });
      }
      expect((await get(t.app, '/api/health/ready')).statusCode).toBe(200);
    });

    // Last: the database stays closed.
    it('stays live with the database closed, and is not ready naming only the database', async () => {
      await t.database.close();
      const live = await get(t.app, '/api/health/live');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      expect(await failedChecks(t.app)).toEqual([
        { code: 'unavailable', field: 'database', message: 'the database is not reachable' },
      ]);
      expect((await failedChecks(t.app, '/api/health')).map((e) => e.field)).toEqual(['database']);
      // Metrics still answer (process metrics matter most now), without the jobs gauge.
      const metrics = await get(t.app, '/metrics');
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('process_cpu_user_seconds_total');
      expect(metrics.body).not.toMatch(/^portal_jobs\{/m);
    });
  });

  it('is ready with an S3 bucket that answers, and not ready once its endpoint stops listening', async () => {
    const s3 = await startS3Server();
    let running = true;
    const storage = s3FileStorage({
      bucket: s3.bucket,
      prefix: 'portal/files',
      endpoint: s3.endpoint,
      credentials: s3.credentials,
    });
    const t = await appWithStorage(kind, storage);
    try {
      expect((await get(t.app, '/api/health/ready')).statusCode).toBe(200);
      await s3.stop();
      running = false;
      expect(await failedChecks(t.app)).toEqual([
        { code: 'unavailable', field: 'storage', message: 'the file storage is not reachable' },
      ]);
      expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await t.close();
      if (running) await s3.stop();
    }
  });

  it('is not ready with an S3 endpoint where nothing listens', async () => {
    const storage = s3FileStorage({
      bucket: 'portal',
      prefix: 'files',
      endpoint: `http://127.0.0.1:${await freePort()}`,
      credentials: { accessKeyId: 'none', secretAccessKey: 'none' },
    });
    const t = await appWithStorage(kind, storage);
    try {
      expect((await failedChecks(t.app)).map((e) => e.field)).toEqual(['storage']);
    } finally {
      await t.close();
    }
  });

  it('answers both probes under staging’s prefix too, from staging', async () => {
    const t = await createPortalTestApp(kind);
    try {
      for (const url of ['/stg-api/health/live', '/stg-api/health/ready']) {
        const res = await get(t.app, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.json()).toEqual({ status: 'ok' });
        expect(res.headers['x-portal-environment']).toBe('staging');
      }
    } finally {
      await t.close();
    }
  });
});
