import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../testing/databases.js';
import { createPortalTestApp, type PortalTestApp } from '../testing/portal-app.js';
import { webPagePath, webPlugin } from './web.js';

const ASSET = 'export const a = 1;';

/** A web root with the three targets' index.html, a hashed asset and a page's data, as the build leaves them. */
function fakeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  for (const target of ['applicant', 'municipality', 'mastertool']) {
    mkdirSync(join(root, target, 'assets'), { recursive: true });
    mkdirSync(join(root, target, 'page-data'), { recursive: true });
    writeFileSync(join(root, target, 'index.html'), `<html>${target}</html>`);
    writeFileSync(join(root, target, 'assets', 'index-AbCd1234.js'), ASSET);
    writeFileSync(join(root, target, 'assets', 'index-AbCd1234.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(root, target, 'page-data', 'entrance.json'), '{}');
  }
  return root;
}

describe('web plugin: production and staging areas', () => {
  const root = fakeWebRoot();
  const app = Fastify();
  const asked: string[] = [];
  beforeAll(async () => {
    await app.register(webPlugin, {
      root,
      // Production knows 999999 and 999998; staging knows only 999999.
      municipalityExists: async (code, environment) => {
        asked.push(`${environment}:${code}`);
        return environment === 'production' ? ['999999', '999998'].includes(code) : code === '999999';
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.body };
  };

  it('serves each target at its base, and the same builds under /stg for staging', async () => {
    expect(await page('/municipalities/999999/conciergeFilter')).toEqual({
      status: 200,
      body: '<html>applicant</html>',
    });
    expect((await page('/staff/login')).body).toBe('<html>municipality</html>');
    expect((await page('/mastertool/')).body).toBe('<html>mastertool</html>');
    expect((await page('/stg/municipalities/999999/conciergeFilter?procedure_group_id=1')).body).toBe(
      '<html>applicant</html>',
    );
    expect((await page('/stg/')).body).toBe('<html>applicant</html>');
    expect((await page('/stg')).body).toBe('<html>applicant</html>');
    expect((await page('/stg/staff/login')).body).toBe('<html>municipality</html>');
    expect((await page('/stg/mastertool/login')).body).toBe('<html>mastertool</html>');
  });

  it('answers HEAD as GET, without the body (link checkers and monitors ask so)', async () => {
    for (const [url, status] of [
      ['/municipalities/999999/terms', 200],
      ['/staff/login', 200],
      ['/nowhere', 404],
    ] as const) {
      const res = await app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toBe('');
    }
  });

  it('answers 404 with the same index.html for paths that are no page of their target', async () => {
    for (const [url, target] of [
      ['/nowhere', 'applicant'],
      ['/no/such/page?x=1', 'applicant'],
      ['/municipalities/999999/unknown', 'applicant'],
      ['/municipalities/999999/%E7%94%B3%E8%AB%8B', 'applicant'],
      ['/municipalities/12345', 'applicant'],
      ['/municipalities/999999/applications/not-a-uuid/form', 'applicant'],
      ['/municipalities/999999/applications/3f1c2a6e-8d4b-4c1e-9a7f-2b5d6e8f9a01/unknown', 'applicant'],
      ['//municipalities/999999', 'applicant'],
      ['/stg/nowhere', 'applicant'],
      ['/staff/nowhere', 'municipality'],
      ['/staff/documents/1/extra', 'municipality'],
      ['/stg/staff/nowhere', 'municipality'],
      ['/mastertool/nowhere', 'mastertool'],
      ['/mastertool/municipalities/999999/procedure-groups/1', 'mastertool'],
      ['/stg/mastertool/nowhere', 'mastertool'],
    ] as const) {
      expect(await page(url), url).toEqual({ status: 404, body: `<html>${target}</html>` });
    }
  });

  it('answers 200 for every page of each target, and 404 for a municipality the environment does not have', async () => {
    for (const url of [
      '/',
      '/error?status=404',
      '/maintenance',
      '/mynaportal/getting_self_information',
      '/signin-failed?reason=expired',
      '/municipalities/999999',
      '/municipalities/999999/',
      '/municipalities/999998/conciergeFilter?procedure_group_id=1',
      '/municipalities/999999/signin-failed?reason=cancelled',
      '/municipalities/999999/applications/3f1c2a6e-8d4b-4c1e-9a7f-2b5d6e8f9a01/form',
      '/stg/municipalities/999999/entrance',
      '/staff',
      '/staff/',
      '/staff/documents/42',
      '/stg/staff/audit-log',
      '/mastertool/municipalities/999999/procedure-groups/1/edit',
      '/stg/mastertool/login',
    ]) {
      expect((await page(url)).status, url).toBe(200);
    }
    asked.length = 0;
    expect(await page('/municipalities/123456')).toEqual({ status: 404, body: '<html>applicant</html>' });
    expect((await page('/municipalities/123456/applications')).status).toBe(404);
    // Staging's pages ask staging: 999998 exists in production only.
    expect((await page('/stg/municipalities/999998')).status).toBe(404);
    expect(asked).toEqual(['production:123456', 'production:123456', 'staging:999998']);
  });

  it('keeps API paths of both environments out of the pages', async () => {
    const api = await page('/stg-api/nothing/');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toHaveProperty('errors');
    expect((await page('/api/nothing/')).status).toBe(404);
  });

  it('strips only a whole /stg segment', () => {
    expect(webPagePath('/stg/staff/')).toBe('/staff/');
    expect(webPagePath('/stg')).toBe('/');
    expect(webPagePath('/stgx/')).toBe('/stgx/');
    expect(webPagePath('/staff/stg/')).toBe('/staff/stg/');
  });
});

describe.each(databaseKinds)('the portal’s pages and its municipalities on %s', (kind) => {
  const root = fakeWebRoot();
  let t: PortalTestApp;
  beforeAll(async () => {
    t = await createPortalTestApp(kind, { webRoot: root });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 404 for a municipality neither environment has, 200 for the demo one', async () => {
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await status('/municipalities/999999')).toBe(200);
    expect(await status('/municipalities/999999/applications')).toBe(200);
    expect(await status('/municipalities/123456')).toBe(404);
    expect(await status('/stg/municipalities/999999/conciergeFilter')).toBe(200);
    expect(await status('/stg/municipalities/123456')).toBe(404);
    expect(await status('/no/such/page')).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/municipalities/123456' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('<html>applicant</html>');
  });

  it('caches hashed assets for a year with the subresource headers only; pages, page data and answers are not kept', async () => {
    for (const base of ['/', '/staff/', '/mastertool/']) {
      const asset = await t.app.inject({
        method: 'GET',
        url: `${base}assets/index-AbCd1234.js`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(asset.headers['content-security-policy']).toBeUndefined();
      expect(asset.headers['x-frame-options']).toBeUndefined();
      expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(ASSET);
    }
    const data = await t.app.inject({ method: 'GET', url: '/page-data/entrance.json' });
    expect(data.headers['cache-control']).toBe('no-cache');
    for (const url of ['/page-data/no-such-page.json', '/assets/missing-AbCd1234.js']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
      expect(missing.headers['cache-control']).toBe('no-store');
    }
    for (const url of ['/municipalities/999999/entrance', '/municipalities/999999/no-such-page']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('compresses an API answer over 1 KiB for a browser that accepts it, and leaves a small one plain', async () => {
    const read = (url: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br', 'x-region-code': '999999' },
      });
    const filter = await read('/api/municipalities/999999/concierge-filter/?procedure_group_id=1');
    expect(filter.statusCode).toBe(200);
    expect(filter.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(filter.rawPayload).toString())).toHaveProperty(
      'procedure_group_id',
      1,
    );
    // A handler that sends its own (large, pre-serialised) body keeps it through the compression.
    const form = await read('/api/municipalities/999999/form/?procedure_group_id=1&procedure_ids=1,2');
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(form.rawPayload).toString())).toHaveProperty('fragments');
    const health = await read('/api/health');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
