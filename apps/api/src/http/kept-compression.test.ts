import compress from '@fastify/compress';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { keptCompression, SYNC_COMPRESSION_MAX_BYTES } from './kept-compression.js';

const JSON_TEXT = JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ code: `申請_${i}` })) });

describe('kept compression', () => {
  it('compresses one Buffer once per encoding and a fresh one anew', () => {
    const kept = keptCompression();
    const bytes = Buffer.from(JSON_TEXT);
    const br = kept.brotliCompressSync(bytes);
    expect(kept.brotliCompressSync(bytes)).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(JSON_TEXT);
    const gz = kept.gzipSync(bytes);
    expect(kept.gzipSync(bytes)).toBe(gz);
    expect(gunzipSync(gz).toString()).toBe(JSON_TEXT);
    const copy = Buffer.from(JSON_TEXT);
    expect(kept.brotliCompressSync(copy)).not.toBe(br);
    expect(brotliDecompressSync(kept.brotliCompressSync(copy)).toString()).toBe(JSON_TEXT);
  });

  it('does not keep what it made of a string', () => {
    const kept = keptCompression();
    const first = kept.gzipSync(JSON_TEXT);
    expect(kept.gzipSync(JSON_TEXT)).not.toBe(first);
    expect(gunzipSync(first).toString()).toBe(JSON_TEXT);
  });

  it('serves a kept answer compressed, with its length, as often as it is asked', async () => {
    const app = Fastify();
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
      zlib: keptCompression(),
    });
    const bytes = Buffer.from(JSON_TEXT);
    app.get('/kept', (_request, reply) => reply.type('application/json').send(bytes));
    for (const encoding of ['br', 'br', 'gzip']) {
      const res = await app.inject({ url: '/kept', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(res.rawPayload).toString();
      expect(text).toBe(JSON_TEXT);
    }
    const plain = await app.inject({ url: '/kept' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JSON_TEXT);
    await app.close();
  });
});
