import type { Config } from '../config.js';
import { openDatabase, type Database } from './client.js';
import { runMigrations } from './migrate.js';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.poolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await runMigrations(database);
  return database;
}
