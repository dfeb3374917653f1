import type { Hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { Config } from '../config.js';
import { exitIfBusy, lockDataFolder } from './data-lock.js';
import { migrationsFolder } from './migrate.js';

/** The embedded databases under DATA_DIR (production's, staging's: decision 0006). */
export const DATABASE_FOLDERS = ['pgdata', 'pgdata-staging'] as const;
/** The local file stores under DATA_DIR (lib/storage.ts). */
export const FILE_FOLDERS = ['files', 'files-staging'] as const;
/** The archive's first entry: a restore reads it before touching anything. */
export const MANIFEST_ENTRY = 'manifest.json';
export const BACKUP_FORMAT = 'municipal-portal-backup';
/** Raised when the archive layout changes; a restore refuses versions above the one it knows. */
export const BACKUP_VERSION = 1;

export const Manifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  /** Version of this archive layout. */
  version: z.number().int().min(1),
  /** When the backup was taken (ISO 8601, UTC). */
  createdAt: z.string(),
  /** The PGlite release that wrote the database dumps. */
  pgliteVersion: z.string(),
  databases: z.array(
    z.object({
      folder: z.enum(DATABASE_FOLDERS),
      /** The entry holding PGlite's gzipped dumpDataDir() of that folder. */
      entry: z.string(),
      /** Migrations applied to the database when it was dumped. */
      migrations: z.number().int().min(0),
      postgresVersion: z.string(),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  /** Stored files (both environments) and their total size, to notice a cut-off archive. */
  files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
});
export type Manifest = z.infer<typeof Manifest>;

/** A refusal or a bad archive: the command-line entries print its message as one line. */
export class BackupError extends Error {}

/** The installed PGlite's version (its package.json is not exported, so found beside its entry). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** How many migrations this build of the portal knows (a newer backup's schema would confuse it). */
export function knownMigrations(): number {
  const journal = join(migrationsFolder(), 'meta', '_journal.json');
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

/** Migrations drizzle recorded in an embedded database (0 before the first). */
export async function appliedMigrations(client: PGlite): Promise<number> {
  const r = await client.query<{ n: number }>(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
       else (select count(*)::int from drizzle.__drizzle_migrations) end as n`,
  );
  return r.rows[0]?.n ?? 0;
}

/** Feeds the chunks of `source` to `hash` as they pass. */
export async function* tap(source: AsyncIterable<Uint8Array>, hash: Hash): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Local time as YYYYMMDD-HHMMSS, for file and folder names an operator reads. */
export function timestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}-` +
    `${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`
  );
}

/** Why backup/restore do not apply to this configuration, or undefined when the data is all under DATA_DIR. */
export function notEmbedded(config: Pick<Config, 'databaseUrl' | 'storage'>): string | undefined {
  const reasons = [
    config.databaseUrl &&
      'DATABASE_URL is set: back up PostgreSQL (production and staging databases) with pg_dump or point-in-time recovery',
    config.storage && "STORAGE_URL is s3://: rely on the bucket's own versioning or backup for files",
  ].filter(Boolean);
  return reasons.length
    ? `backup/restore cover only the embedded database and files under DATA_DIR; ${reasons.join('; ')}`
    : undefined;
}

/**
 * Holds both embedded databases' locks (data-lock.ts) so no server opens them meanwhile; throws
 * DataFolderBusy when one is in use. Returns the release.
 */
export function lockDataFolders(dataDir: string): () => void {
  const releases: (() => void)[] = [];
  try {
    for (const folder of DATABASE_FOLDERS) releases.push(lockDataFolder(join(dataDir, folder)));
  } catch (error) {
    for (const release of releases) release();
    throw error;
  }
  return () => releases.forEach((release) => release());
}

/** The lock files lockDataFolders leaves in DATA_DIR while held. */
export const LOCK_FILES: string[] = DATABASE_FOLDERS.map((folder) => `${folder}.lock`);

/** For the command-line entries: a refusal is one line on stderr and exit code 1, not a stack trace. */
export function exitIfRefused(error: unknown): never {
  if (error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  return exitIfBusy(error);
}
