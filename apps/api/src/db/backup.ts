import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import tar from 'tar-stream';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  DATABASE_FOLDERS,
  FILE_FOLDERS,
  MANIFEST_ENTRY,
  lockDataFolders,
  pgliteVersion,
  tap,
  type Manifest,
} from './backup-format.js';

type Dump = Manifest['databases'][number] & { path: string };
interface StoredFile {
  entry: string;
  path: string;
  size: number;
  mtime: Date;
}

/**
 * Writes one tar archive of DATA_DIR: manifest.json, each embedded database as PGlite's dump, and the
 * local file stores. Refuses while a server holds the data folder (DataFolderBusy); a failure leaves
 * no file at `out`.
 */
export async function createBackup(options: {
  dataDir: string;
  out: string;
  clock?: () => Date;
}): Promise<Manifest> {
  const { dataDir, out } = options;
  const folders = DATABASE_FOLDERS.filter((f) => existsSync(join(dataDir, f, 'PG_VERSION')));
  if (folders.length === 0) throw new BackupError(`no embedded database in ${dataDir}: nothing to back up`);
  if (existsSync(out)) throw new BackupError(`${out} already exists: name another file`);
  await mkdir(dirname(out), { recursive: true });
  const release = lockDataFolders(dataDir);
  const partial = `${out}.partial`;
  let work: string | undefined;
  try {
    await rm(partial, { force: true }); // left by a backup that was killed
    work = await mkdtemp(join(dirname(out), '.portal-backup-'));
    const dumps: Dump[] = [];
    for (const folder of folders) dumps.push(await dumpDatabase(dataDir, folder, work));
    const files = (await Promise.all(FILE_FOLDERS.map((f) => storedFiles(dataDir, f)))).flat();
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (options.clock?.() ?? new Date()).toISOString(),
      pgliteVersion: pgliteVersion(),
      databases: dumps.map(({ path: _path, ...entry }) => entry),
      files: { count: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) },
    };
    await writeArchive(partial, manifest, [
      ...dumps.map((d) => ({ entry: d.entry, path: d.path, size: d.size, mtime: new Date() })),
      ...files,
    ]);
    await rename(partial, out);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
    release();
  }
}

/** Dumps one database folder to a file in `work` (one dump in memory at a time), hashing it on the way. */
async function dumpDatabase(dataDir: string, folder: Dump['folder'], work: string): Promise<Dump> {
  const client = await PGlite.create(join(dataDir, folder));
  try {
    // Flushed pages make the dump a clean data directory rather than one that needs WAL replay.
    await client.exec('checkpoint');
    const migrations = await appliedMigrations(client);
    const version = await client.query<{ server_version: string }>('show server_version');
    // Node's zlib compresses twice as fast as PGlite's 'gzip' (web streams); PGlite reads either back.
    const blob = await client.dumpDataDir('none');
    const entry = `${folder}.tar.gz`;
    const path = join(work, entry);
    const hash = createHash('sha256');
    await pipeline(
      Readable.fromWeb(blob.stream()),
      createGzip(),
      (source: AsyncIterable<Uint8Array>) => tap(source, hash),
      createWriteStream(path),
    );
    return {
      folder,
      entry,
      path,
      migrations,
      postgresVersion: version.rows[0]?.server_version ?? 'unknown',
      size: (await stat(path)).size,
      sha256: hash.digest('hex'),
    };
  } finally {
    await client.close();
  }
}

// localFileStorage writes `<key>.<uuid>.tmp` then renames: a leftover is a write that never finished.
const unfinishedWrite = /\.[0-9a-f-]{36}\.tmp$/;

/** The regular files of one file store, named `<folder>/<key>` in the archive, in a stable order. */
async function storedFiles(dataDir: string, folder: string): Promise<StoredFile[]> {
  const found: StoredFile[] = [];
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(join(dataDir, relative), { withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const name = `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile() && !unfinishedWrite.test(entry.name)) {
        const info = await stat(join(dataDir, name));
        found.push({ entry: name, path: join(dataDir, name), size: info.size, mtime: info.mtime });
      }
    }
  };
  await walk(folder);
  return found;
}

/** Streams the manifest and then each file into a tar at `path`; nothing is held whole in memory. */
async function writeArchive(path: string, manifest: Manifest, files: StoredFile[]): Promise<void> {
  const pack = tar.pack();
  // streamx's Pack is an async iterable at run time; its typings do not say so.
  const written = writeFile(path, pack as unknown as AsyncIterable<Buffer>, { flag: 'wx' });
  // A failed write must stop the producer too, or it would wait forever for the pack to drain.
  written.catch((error: unknown) => pack.destroy(error as Error));
  const produce = async () => {
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST_ENTRY, size: text.length, mtime: new Date() }, text, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    for (const file of files) {
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: file.entry, size: file.size, mtime: file.mtime }, (error) =>
          error ? reject(error) : resolve(),
        );
        const source = createReadStream(file.path);
        source.on('error', (error) => sink.destroy(error));
        source.pipe(sink);
      });
    }
    pack.finalize();
  };
  await Promise.all([produce(), written]);
}
