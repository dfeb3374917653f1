import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { openDatabase, type Database } from './client.js';
import { runMigrations } from './migrate.js';

/**
 * Opens and migrates the staging environment's database (decision 0006): a second PGlite folder
 * `DATA_DIR/pgdata-staging` when embedded, else `STAGING_DATABASE_URL` (default: DATABASE_URL's name
 * suffixed `_staging`). A missing PostgreSQL staging database on the production server is created
 * (the production role needs CREATEDB; otherwise create it once by hand).
 */
export async function openConfiguredStagingDatabase(
  config: Config,
  /** Production's database, just opened: a pristine embedded one is copied instead of a second initdb. */
  production?: Database,
): Promise<Database> {
  if (!config.stagingDatabaseUrl) {
    const folder = 'pgdata-staging';
    const fresh = !existsSync(join(config.dataDir, folder, 'PG_VERSION'));
    const image =
      fresh && production?.client && (await isPristine(production))
        ? await production.client.dumpDataDir('none')
        : undefined;
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: config.dataDir,
      folder,
      ...(image ? { image } : {}),
    });
    await runMigrations(database);
    return database;
  }
  await ensureDatabase(config.stagingDatabaseUrl, config.databaseUrl);
  const database = await openDatabase({
    kind: 'postgres',
    url: config.stagingDatabaseUrl,
    poolSize: config.poolSize,
  });
  await runMigrations(database);
  return database;
}

/** Migrated and never used: no municipality and no setting (the app stores its first on its first start). */
async function isPristine(database: Database): Promise<boolean> {
  const r = await database.executeSql(
    'select (select count(*) from municipalities) + (select count(*) from app_settings) as n',
  );
  return Number(r.rows[0]?.n ?? 1) === 0;
}

const sameServer = (a: URL, b: URL) => a.hostname === b.hostname && (a.port || '5432') === (b.port || '5432');

/** Creates the database of `url` when it does not exist, through a connection to `adminUrl`'s server. */
export async function ensureDatabase(url: string, adminUrl: string | undefined): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (err) {
    await probe.end().catch(() => undefined);
    if ((err as { code?: string }).code !== '3D000') throw err;
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!adminUrl || !sameServer(target, new URL(adminUrl))) {
    throw new Error(
      `staging database "${name}" does not exist: create it, or point STAGING_DATABASE_URL at one`,
    );
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  } catch (err) {
    // Another process starting at the same moment created it first.
    const code = (err as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') {
      throw new Error(
        `staging database "${name}" does not exist and could not be created (${(err as Error).message}): ` +
          'create it, or point STAGING_DATABASE_URL at one',
      );
    }
  } finally {
    await admin.end();
  }
}
