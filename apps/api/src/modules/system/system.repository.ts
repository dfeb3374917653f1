import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { ping, type Database } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';

/** A migration as drizzle records it once applied: the hash of its file and its journal time. */
export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

/** A migration of this build: its journal tag, and the time and hash drizzle records when it applies it. */
export interface BundledMigration {
  tag: string;
  when: number;
  hash: string;
}

/** The migrations shipped with this build, read from its journal and files as drizzle's migrator reads them. */
export function bundledMigrations(folder = migrationsFolder()): BundledMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
    tag: journal.entries[i]!.tag,
    when: m.folderMillis,
    hash: m.hash,
  }));
}

/** What the readiness checks read from the database. */
export function createSystemRepository(database: Database) {
  return {
    /** Throws when the database does not answer. */
    ping: () => ping(database.db),

    /** The migrations drizzle's migrator recorded as applied; none on a database it never migrated. */
    async appliedMigrations(): Promise<AppliedMigration[]> {
      try {
        const { rows } = await database.executeSql(
          'select hash, created_at::text as created_at from drizzle.__drizzle_migrations',
        );
        return rows.map((r) => ({ hash: String(r.hash), createdAt: Number(r.created_at) }));
      } catch (err) {
        // 3F000 / 42P01: no drizzle schema or table yet, i.e. nothing applied.
        const code = (err as { code?: string }).code;
        if (code === '3F000' || code === '42P01') return [];
        throw err;
      }
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;
