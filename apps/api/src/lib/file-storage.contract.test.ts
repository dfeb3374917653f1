import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../testing/s3-server.js';
import { localFileStorage, type FileStorage } from './file-storage.js';
import { s3FileStorage } from './s3-file-storage.js';

const MiB = 1024 * 1024;

/** `size` bytes of a repeating but not constant pattern, produced 1 MiB at a time (never held whole). */
function largeStream(size: number): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(MiB);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31) % 251;
  let sent = 0;
  const stream = Readable.from(
    (function* () {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(MiB, size - sent));
        part[0] = sent / MiB; // each MiB differs from the last
        hash.update(part);
        sent += part.length;
        yield Buffer.from(part);
      }
    })(),
  );
  return { stream, sha256: () => hash.digest('hex') };
}

async function digestOf(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** The one contract every file store keeps: the local folder and an S3-compatible bucket alike. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: FileStorage; close(): Promise<void> }>,
) {
  describe(`file storage contract: ${name}`, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(() => close());

    it('is ready while it can be used (the readiness probe)', async () => {
      await expect(storage.ready()).resolves.toBeUndefined();
    });

    it('reads back what was put, and a second put replaces it', async () => {
      await storage.put('attachments/a/one.pdf', new TextEncoder().encode('first'));
      expect((await storage.get('attachments/a/one.pdf')).toString()).toBe('first');
      await storage.put('attachments/a/one.pdf', new TextEncoder().encode('second'));
      expect((await storage.get('attachments/a/one.pdf')).toString()).toBe('second');
    });

    it('a missing key rejects with ENOENT, by get and by getStream', async () => {
      await expect(storage.get('attachments/none.pdf')).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(storage.getStream('attachments/none.pdf')).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('deletes, and deleting what is not there is no error', async () => {
      await storage.put('renderings/x.pdf', new Uint8Array([1, 2, 3]));
      await storage.delete('renderings/x.pdf');
      await expect(storage.get('renderings/x.pdf')).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(storage.delete('renderings/x.pdf')).resolves.toBeUndefined();
    });

    it('refuses a key that climbs out of its place', async () => {
      await expect(storage.put('../outside', new Uint8Array([1]))).rejects.toThrow(/escapes/);
    });

    it('streams a 100 MB export in and out without changing a byte', async () => {
      const source = largeStream(100 * MiB);
      const written = await storage.putStream('exports/big.zip', source.stream);
      expect(written).toBe(100 * MiB);
      const back = await digestOf(await storage.getStream('exports/big.zip'));
      expect(back).toEqual({ size: 100 * MiB, sha256: source.sha256() });
      await storage.delete('exports/big.zip');
    }, 120_000);

    it('a failing source leaves nothing under the key', async () => {
      const failing = Readable.from(
        (async function* () {
          yield Buffer.alloc(1024, 7);
          throw new Error('export failed half-way');
        })(),
      );
      await expect(storage.putStream('exports/broken.zip', failing)).rejects.toThrow(/half-way/);
      await expect(storage.get('exports/broken.zip')).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });
}

storageContract('local folder', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'storage-'));
  return { storage: localFileStorage(folder), close: () => rm(folder, { recursive: true, force: true }) };
});

storageContract('S3 (s3rver)', async () => {
  const s3 = await startS3Server();
  const storage = s3FileStorage({
    bucket: s3.bucket,
    prefix: 'portal/files',
    endpoint: s3.endpoint,
    credentials: s3.credentials,
  });
  return {
    storage,
    async close() {
      storage.client.destroy();
      await s3.stop();
    },
  };
});

describe('file storage readiness probe when the store cannot be used', () => {
  it('local folder: rejects once the folder is gone, and is ready again when it is back', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'storage-'));
    const root = join(folder, 'files');
    const storage = localFileStorage(root);
    try {
      await expect(storage.ready()).resolves.toBeUndefined();
      await rm(root, { recursive: true });
      await expect(storage.ready()).rejects.toMatchObject({ code: 'ENOENT' });
      await mkdir(root);
      await expect(storage.ready()).resolves.toBeUndefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('S3: rejects when the bucket is missing, and when the endpoint no longer listens', async () => {
    const s3 = await startS3Server();
    const at = (bucket: string) =>
      s3FileStorage({ bucket, prefix: 'portal/files', endpoint: s3.endpoint, credentials: s3.credentials });
    const storage = at(s3.bucket);
    const missing = at('no-such-bucket');
    let running = true;
    try {
      await expect(storage.ready()).resolves.toBeUndefined();
      await expect(missing.ready()).rejects.toThrow('bucket no-such-bucket answered HTTP 404');
      await s3.stop();
      running = false;
      const started = Date.now();
      await expect(storage.ready()).rejects.toThrow(/bucket portal-test is not reachable/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      storage.client.destroy();
      missing.client.destroy();
      if (running) await s3.stop();
    }
  });
});
