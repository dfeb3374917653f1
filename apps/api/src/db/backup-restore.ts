import { createHash } from 'node:crypto';
import { createReadStream, existsSync, openAsBlob } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import tar from 'tar-stream';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  FILE_FOLDERS,
  knownMigrations,
  LOCK_FILES,
  lockDataFolders,
  Manifest,
  MANIFEST_ENTRY,
  tap,
  timestamp,
} from './backup-format.js';

// streamx streams (tar-stream's) are async iterables at run time; their typings do not say so.
const chunksOf = (entry: object) => entry as AsyncIterable<Buffer>;

const damaged = (file: string, why: string) =>
  new BackupError(`${file} is damaged or truncated (${why}): use another backup`);

/**
 * Replaces DATA_DIR with a backup: checks the manifest, unpacks and loads everything into a sibling
 * temp folder, then renames it into place, so a failure leaves DATA_DIR as it was. A non-empty DATA_DIR
 * is refused unless `force`, which moves it to `<dataDir>.before-restore-<time>` (returned).
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  force?: boolean;
  clock?: () => Date;
}): Promise<{ manifest: Manifest; movedAside: string | undefined }> {
  const { file } = options;
  const dataDir = resolve(options.dataDir);
  const manifest = await readManifest(file);
  const [newest, known] = [Math.max(0, ...manifest.databases.map((d) => d.migrations)), knownMigrations()];
  if (newest > known) {
    throw new BackupError(
      `${file} comes from a newer portal (${newest} migrations; this one knows ${known}): update the portal first`,
    );
  }
  const created = !existsSync(dataDir);
  await mkdir(dataDir, { recursive: true });
  let release = () => {};
  try {
    release = lockDataFolders(dataDir);
    const present = (await readdir(dataDir)).filter((name) => !LOCK_FILES.includes(name));
    if (present.length > 0 && !options.force) {
      throw new BackupError(
        `${dataDir} is not empty: run restore again with --force to move it aside to ${dataDir}.before-restore-<time>`,
      );
    }
    const stamp = timestamp(options.clock?.() ?? new Date());
    const temp = unused(`${dataDir}.restoring-${stamp}`);
    try {
      await mkdir(temp);
      await unpack(file, temp, manifest);
      await loadDatabases(temp, manifest);
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      throw error;
    }
    const aside = present.length > 0 ? unused(`${dataDir}.before-restore-${stamp}`) : undefined;
    return { manifest, movedAside: await swap(dataDir, temp, aside) };
  } catch (error) {
    release(); // first: the lock files are inside the folder
    // The folder made for the lock goes too: a failed restore leaves nothing behind.
    if (created) await rmdir(dataDir).catch(() => undefined);
    throw error;
  } finally {
    release();
  }
}

/** The archive's manifest, or a one-line BackupError saying why the file is not a usable backup. */
export async function readManifest(file: string): Promise<Manifest> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new BackupError(`${file} does not exist or is not a file`);
  let found: unknown;
  let started = false;
  try {
    for await (const entry of entriesOf(file)) {
      if (entry.header.name === MANIFEST_ENTRY && (entry.header.size ?? 0) <= 1_000_000) {
        started = true;
        const chunks: Buffer[] = [];
        for await (const chunk of chunksOf(entry)) chunks.push(chunk);
        started = false;
        found = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      }
      break;
    }
  } catch (error) {
    // The manifest's header was read but not its text: a cut-off file rather than a foreign one.
    if (started) throw damaged(file, (error as Error).message);
    // Not a tar, or not JSON: both mean "not a backup" below.
  }
  const head = found as { format?: unknown; version?: unknown } | undefined;
  if (head?.format === BACKUP_FORMAT && typeof head.version === 'number' && head.version > BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of a newer format (${head.version}; this portal reads ${BACKUP_VERSION}): update the portal first`,
    );
  }
  const parsed = Manifest.safeParse(found);
  if (!parsed.success)
    throw new BackupError(`${file} is not a portal backup (no valid ${MANIFEST_ENTRY} at its start)`);
  return parsed.data;
}

/** The entries of a tar file in order; each must be read or drained before the next arrives. */
async function* entriesOf(file: string) {
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on('error', (error) => extract.destroy(error));
  source.pipe(extract);
  try {
    yield* extract;
  } finally {
    source.destroy();
  }
}

/** `files/<key>` or `files-staging/<key>`, with no segment that could climb out of the folder. */
const isStoredFile = (name: string) => {
  const [folder, ...rest] = name.split('/');
  return (
    (FILE_FOLDERS as readonly string[]).includes(folder ?? '') &&
    rest.length > 0 &&
    rest.every((s) => s !== '' && s !== '.' && s !== '..')
  );
};

/** Writes the dumps and files of the archive under `temp`, checking them against the manifest. */
async function unpack(file: string, temp: string, manifest: Manifest): Promise<void> {
  const dumps = new Map(manifest.databases.map((d) => [d.entry, d]));
  const seen = new Set<string>();
  let count = 0;
  let bytes = 0;
  try {
    for await (const entry of entriesOf(file)) {
      const { name, type, size = 0 } = entry.header;
      if (name === MANIFEST_ENTRY || type === 'directory') {
        entry.resume();
        continue;
      }
      const dump = dumps.get(name);
      if (type !== 'file' || seen.has(name) || !(dump || isStoredFile(name))) {
        throw damaged(file, `unexpected entry ${name}`);
      }
      seen.add(name);
      if (dump) {
        const hash = createHash('sha256');
        await writeFile(join(temp, name), tap(chunksOf(entry), hash));
        if (hash.digest('hex') !== dump.sha256) throw damaged(file, `${name} does not match its checksum`);
      } else {
        const path = join(temp, ...name.split('/'));
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, chunksOf(entry));
        count += 1;
        bytes += size;
      }
    }
  } catch (error) {
    // A disk error (ENOSPC...) is no fault of the archive: passed on as it is.
    if (error instanceof BackupError || (error as NodeJS.ErrnoException).code) throw error;
    throw damaged(file, (error as Error).message);
  }
  const missing = manifest.databases.filter((d) => !seen.has(d.entry)).map((d) => d.entry);
  if (missing.length > 0) throw damaged(file, `missing ${missing.join(', ')}`);
  if (count !== manifest.files.count || bytes !== manifest.files.bytes) {
    throw damaged(file, `${count} of ${manifest.files.count} files`);
  }
}

/** Opens each dump as a PGlite data folder under `temp` and checks it answers with the recorded schema. */
async function loadDatabases(temp: string, manifest: Manifest): Promise<void> {
  for (const database of manifest.databases) {
    const dump = join(temp, database.entry);
    const dir = join(temp, database.folder);
    await mkdir(dir);
    let client: PGlite;
    try {
      const image = await openAsBlob(dump, { type: 'application/x-gzip' });
      client = await PGlite.create(dir, { loadDataDir: image });
    } catch (error) {
      throw new BackupError(
        `could not load the ${database.folder} database of the backup (written by PGlite ${manifest.pgliteVersion}): ${(error as Error).message}`,
      );
    }
    try {
      const migrations = await appliedMigrations(client);
      if (migrations !== database.migrations) {
        throw new BackupError(
          `the ${database.folder} database of the backup does not hold what its manifest says`,
        );
      }
    } finally {
      await client.close();
    }
    await rm(dump);
  }
}

/** Puts the restored folder in DATA_DIR's place; `aside` keeps the old one. */
async function swap(dataDir: string, temp: string, aside: string | undefined): Promise<string | undefined> {
  try {
    if (aside) {
      await rename(dataDir, aside);
      // The locks moved along with it: the folder set aside belongs to no process now.
      for (const lock of LOCK_FILES) await rm(join(aside, lock), { force: true });
    } else {
      for (const lock of LOCK_FILES) await rm(join(dataDir, lock), { force: true });
      await rmdir(dataDir);
    }
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw new BackupError(
      `could not move ${dataDir} aside (${(error as Error).message}); a mount point cannot be renamed: set DATA_DIR to a folder inside it`,
    );
  }
  try {
    await rename(temp, dataDir);
  } catch (error) {
    if (aside) await rename(aside, dataDir).catch(() => undefined);
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  return aside;
}

/** `path`, or `path-2`, `path-3`... when taken (two restores in one second). */
function unused(path: string): string {
  let candidate = path;
  for (let n = 2; existsSync(candidate); n++) candidate = `${path}-${n}`;
  return candidate;
}
