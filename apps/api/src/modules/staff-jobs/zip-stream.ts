import { createRequire } from 'node:module';
import { finished, type Readable } from 'node:stream';
import type { FileStorage } from '../../lib/file-storage.js';

interface YazlOptions {
  mtime?: Date;
  compress?: boolean;
}

interface YazlZipFile {
  addReadStream(stream: Readable, metadataPath: string, options?: YazlOptions): void;
  addBuffer(buffer: Buffer, metadataPath: string, options?: YazlOptions): void;
  end(): void;
  on(event: 'error', listener: (err: Error) => void): void;
  outputStream: Readable;
}

// yazl ships no type declarations (and @types/yazl is not installed): the calls used here are typed above.
const yazl = createRequire(import.meta.url)('yazl') as { ZipFile: new () => YazlZipFile };

/**
 * A zip written to storage while it is made: entries are streams that yazl reads one after the other,
 * and the archive streams into a temporary file that becomes the stored file at the end. Nothing is held
 * whole in memory; `window` bounds how many added entries may wait for their turn (each waiting file
 * holds an open descriptor), so the caller's loop is paused rather than running ahead of the zip.
 * Names are stored as UTF-8 (yazl sets the language-encoding flag), so Japanese names survive.
 */
export function zipToStorage(storage: FileStorage, key: string, options: { mtime: Date; window?: number }) {
  const window = options.window ?? 32;
  const zip = new yazl.ZipFile();
  let failure: Error | null = null;
  let pending = 0;
  let wake: (() => void) | null = null;
  const fail = (err: Error) => {
    if (failure) return;
    failure = err;
    zip.outputStream.destroy(err);
    wake?.();
  };
  zip.on('error', fail);
  const written = storage.putStream(key, zip.outputStream).catch((err: Error) => {
    fail(err);
    throw err;
  });
  written.catch(() => undefined); // awaited in finish(); this only marks it handled meanwhile

  const roomLeft = async () => {
    while (pending >= window && !failure) await new Promise<void>((resolve) => (wake = resolve));
    if (failure) throw failure;
  };

  return {
    /** Adds an entry read from a stream; waits while `window` entries are still waiting to be written. */
    async addStream(name: string, stream: Readable, entry: { compress: boolean }) {
      if (failure) throw failure;
      pending += 1;
      stream.once('error', fail);
      finished(stream, () => {
        pending -= 1;
        const resolve = wake;
        wake = null;
        resolve?.();
      });
      zip.addReadStream(stream, name, { mtime: options.mtime, compress: entry.compress });
      await roomLeft();
    },
    /** A small entry built in memory (a notice, a report). */
    addBuffer(name: string, bytes: Buffer, entry: { compress: boolean }) {
      if (failure) throw failure;
      zip.addBuffer(bytes, name, { mtime: options.mtime, compress: entry.compress });
    },
    /** Ends the archive; resolves with its size once it is stored. */
    async finish(): Promise<number> {
      if (failure) throw failure;
      zip.end();
      return written;
    },
    /** Stops writing (the temporary file is removed). */
    abort(err: Error) {
      fail(err);
    },
  };
}
export type StorageZip = ReturnType<typeof zipToStorage>;
