import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { demoData } from '@portal/demo';
import { seedDemo } from '../demo/seed.js';

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
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await runMigrations(database);
  if (seeded) await seedDemo(database, demoData);
  return {
    ...database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      // A server started on this database created its staging database beside it (decision 0006).
      await cleanup.query(`drop database if exists ${name}_staging with (force)`);
      await cleanup.end();
    },
  };
}
