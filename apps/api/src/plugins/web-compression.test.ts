import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web.js';

const INDEX = `<!doctype html><html lang="ja"><title>ポータル</title>${'<link rel="modulepreload">'.repeat(40)}</html>`;
const SCRIPT = `export const texts = ${JSON.stringify('申請'.repeat(2000))};`;
const ASSET = '/assets/index-AbCd1234.js';

/** A web root as the build leaves it: index.html, and a hashed asset with its .br and .gz beside it. */
function builtWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  for (const target of ['applicant', 'municipality', 'mastertool']) {
    mkdirSync(join(root, target, 'assets'), { recursive: true });
    writeFileSync(join(root, target, 'index.html'), INDEX);
  }
  const asset = join(root, 'applicant', ASSET);
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  return root;
}

describe('web plugin: compressed pages and assets', () => {
  const root = builtWebRoot();
  const app = Fastify();
  beforeAll(async () => {
    await app.register(webPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a hashed asset as its brotli file when asked, cached for a year as immutable', async () => {
    const res = await get(ASSET, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that asks for neither', async () => {
    const gzip = await get(ASSET, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses the page shell too, found or not, and keeps it uncached', async () => {
    for (const [url, status] of [
      ['/municipalities/999999/entrance', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
    const plain = await get('/municipalities/999999/entrance', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });
});
