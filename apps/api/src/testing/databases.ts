import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { demoData } from '@portal/demo';
import { seedDemo } from '../demo/seed.js';
import { databaseUrl, TEST_RUN_VARIABLE, templatePrefix, withAdmin } from './test-run.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends Database {
  /** Closes and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
  /** Connection string (PostgreSQL) or null (PGlite in memory). */
  url: string | null;
}

const templates = new Map<string, Promise<Blob>>();

/** A migrated (and optionally seeded) PGlite image, made once per worker and copied for each test. */
function pgliteTemplate(seeded: boolean): Promise<Blob> {
  const key = seeded ? 'seeded' : 'empty';
  let found = templates.get(key);
  if (!found) {
    found = (async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir: null });
      await runMigrations(database);
      if (seeded) await seedDemo(database, demoData);
      if (!database.client) throw new Error('PGlite client not exposed');
      const image = await database.client.dumpDataDir('none');
      await database.close();
      return image;
    })();
    templates.set(key, found);
  }
  return found;
}

const postgresTemplates = new Map<string, Promise<string | null>>();

/**
 * A migrated (and optionally seeded) PostgreSQL database to copy, made once per test run (the run's
 * global setup names it and drops it at the end): a copy takes 0.3 s where migrating and seeding take 1.5.
 * Outside a Vitest run there is none (null) and each database is migrated itself.
 */
function postgresTemplate(adminUrl: string, seeded: boolean): Promise<string | null> {
  const run = process.env[TEST_RUN_VARIABLE];
  if (!run) return Promise.resolve(null);
  const name = `${templatePrefix(run)}${seeded ? 'seeded' : 'empty'}`;
  let found = postgresTemplates.get(name);
  if (!found) {
    found = withAdmin(adminUrl, async (admin) => {
      // Workers of one run share the template: the first builds it under another name and renames
      // it when complete, so no worker ever copies a half-built one.
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const building = `${name}_${process.pid}`;
        await admin.query(`create database ${building}`);
        const url = databaseUrl(adminUrl, building);
        const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
        try {
          await runMigrations(database);
          if (seeded) await seedDemo(database, demoData);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
      return name;
    });
    postgresTemplates.set(name, found);
  }
  return found;
}

/** A fresh, migrated database for one test file; `seeded` loads the demo data. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { seeded?: boolean } = {},
): Promise<TestDatabase> {
  const seeded = options.seeded ?? false;
  if (kind === 'pglite') {
    const image = await pgliteTemplate(seeded);
    const database = await openDatabase({ kind: 'pglite', dataDir: null, image });
    return { ...database, url: null, dispose: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(adminUrl, seeded);
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  if (!template) {
    await runMigrations(database);
    if (seeded) await seedDemo(database, demoData);
  }
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      await withAdmin(adminUrl, async (admin) => {
        await admin.query(`drop database if exists ${name} with (force)`);
        // A server started on this database created its staging database beside it (decision 0006).
        await admin.query(`drop database if exists ${name}_staging with (force)`);
      });
    },
  };
}
