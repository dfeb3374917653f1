import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
}

/** The error for a key that holds no file, the same from every store. */
export function missingFile(key: string): Error {
  return Object.assign(new Error(`no file stored under ${key}`), { code: 'ENOENT' });
}

/** Files under one folder; keys are relative paths, written atomically (temp file, then rename). */
export function localFileStorage(root: string): FileStorage {
  const base = resolve(root);
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
  };
}
