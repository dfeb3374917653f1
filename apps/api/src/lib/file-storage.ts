import { constants, createWriteStream, mkdirSync } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and rendered files live: a local folder (the default) or an S3-compatible bucket
 * (`s3-file-storage.ts`), same calls. A missing key rejects with an error whose code is ENOENT.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Writes a stream without holding it in memory (large exports); resolves with the bytes written. */
  putStream(key: string, source: Readable): Promise<number>;
  /** Opens a file for streaming; rejects when it does not exist. */
  getStream(key: string): Promise<Readable>;
  /**
   * The readiness probe: resolves when the store can be used now, rejects saying why otherwise. Cheap
   * enough to run on every probe (one system call, or one request); it writes nothing.
   */
  ready(): Promise<void>;
}

/** The error for a key that holds no file, the same from every store. */
export function missingFile(key: string): Error {
  return Object.assign(new Error(`no file stored under ${key}`), { code: 'ENOENT' });
}

/**
 * Files under one folder; keys are relative paths, written atomically (temp file, then rename). The
 * folder is made at once, so a folder that is gone later (a volume unmounted, removed) fails `ready()`.
 */
export function localFileStorage(root: string): FileStorage {
  const base = resolve(root);
  try {
    mkdirSync(base, { recursive: true });
  } catch {
    // Not creatable now (no permission, read-only): `ready()` says so, and every write fails alike.
  }
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the folder: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    get: (key) => readFile(pathOf(key)),
    delete: (key) => rm(pathOf(key), { force: true }),
    async putStream(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomUUID()}.tmp`;
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, count, createWriteStream(temp));
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      await rename(temp, path);
      return size;
    },
    async getStream(key) {
      const handle = await open(pathOf(key), 'r');
      return handle.createReadStream();
    },
    async ready() {
      // Present, readable and writable by this process (a read-only file system fails too).
      await access(base, constants.R_OK | constants.W_OK);
    },
  };
}
