import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '@portal/contracts';
import { toFastifyPath } from '../../http/route-kit.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(databaseKinds)('system calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers health with 200 {"status":"ok"} after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"status":"ok"}');
  });

  it('serves the seeded configuration of the demo municipality', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/municipalities/999999/',
      headers: { 'x-region-code': '999999' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.municipality).toMatchObject({ code: '999999', name: 'デモ市' });
    expect(body.procedure_groups.map((g: { name: string }) => g.name)).toContain('出生・子育て');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/municipalities/999998/',
      headers: { 'x-region-code': '999998' },
    });
    expect(other.json().procedure_groups.map((g: { name: string }) => g.name)).not.toContain('出生・子育て');
  });

  it('serves terms for a browser and a tablet, and refuses another device', async () => {
    for (const device of ['browser', 'tablet']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/municipalities/999999/terms-service/?device=${device}`,
        headers: { 'x-region-code': '999999' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().device).toBe(device);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/municipalities/999999/terms-service/?device=phone',
      headers: { 'x-region-code': '999999' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'validation_failed', field: 'device' });
  });

  it('publishes an OpenAPI document with every route of the table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of routeTable) {
      expect(doc.paths[r.path]?.[r.method.toLowerCase()]?.operationId, r.id).toBe(r.id);
    }
  });

  it('exposes Prometheus metrics including request durations by route', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('http_request_duration_seconds_bucket{');
    expect(res.body).toContain('route="system.health"');
  });

  it('sends the API’s strict headers with a JSON answer, and the document’s with anything else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBeUndefined();
    // An unknown call under /api is answered in JSON: the API set too (issue 34 item 7).
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(unknown.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(unknown.headers['referrer-policy']).toBeUndefined();
    // Anything but JSON (metrics' text, an unknown page): the document set.
    for (const url of ['/metrics', '/no-such-page']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy']).toContain("script-src 'self'");
      expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(other.headers['referrer-policy']).toBe('same-origin');
      expect(other.headers['permissions-policy']).toContain('geolocation=()');
      expect(other.headers['cache-control']).toBe('no-store');
    }
  });

  it('registers every route of the table', () => {
    for (const r of routeTable) {
      // With ignoreTrailingSlash, Fastify stores '/x/' as '/x'.
      const url = toFastifyPath(r.path);
      const found =
        t.app.hasRoute({ method: r.method, url }) ||
        t.app.hasRoute({ method: r.method, url: url.replace(/\/$/, '') });
      expect(found, r.id).toBe(true);
    }
  });
});
