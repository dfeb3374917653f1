import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type RouteDef } from '@portal/contracts';
import { databaseKinds } from '../testing/databases.js';
import { rowCounts } from '../testing/row-counts.js';
import { samplePath } from '../testing/sample-paths.js';
import { browser, createTestApp, type TestApp } from '../testing/test-app.js';

const routes = routeTable as readonly RouteDef[];
const writes = routes.filter((r) => r.method !== 'GET');
// A core system's bearer-key writes carry no cookie, so no CSRF (decision 0057): the key check refuses them.
const bearerWrites = writes.filter((r) => r.audience === 'integration');
const browserWrites = writes.filter((r) => r.audience !== 'integration');
const regional = routes.filter((r) => r.path.includes('{code}'));

describe.each(databaseKinds)('request guards on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('refuses every write without a CSRF header with 403 and changes nothing', async () => {
    const before = await rowCounts(t.database);
    expect(bearerWrites.map((r) => r.id)).toEqual(['integration.documents.status']);
    for (const def of browserWrites) {
      const res = await t.app.inject({
        method: def.method,
        url: samplePath(def),
        headers: { 'x-region-code': '999999' },
        payload: {},
      });
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(403);
      expect(res.json().errors[0].code).toBe('csrf_failed');
    }
    // Without CSRF a bearer-key write is let through to the key check: with no key, 401.
    for (const def of bearerWrites) {
      const res = await t.app.inject({
        method: def.method,
        url: samplePath(def),
        headers: { 'x-region-code': '999999' },
        payload: {},
      });
      expect(res.statusCode, `${def.method} ${def.path}`).toBe(401);
      expect(res.json().errors[0].code).toBe('unauthenticated');
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('refuses every write that requires a token when the token is wrong, and changes nothing', async () => {
    const client = await browser(t.app);
    const before = await rowCounts(t.database);
    const tokenRoutes = writes.filter((r) => r.csrf === 'required');
    expect(tokenRoutes.length).toBeGreaterThan(30);
    for (const def of tokenRoutes) {
      for (const wrong of ['', 'A'.repeat(43), `${client.token.slice(0, -1)}x`]) {
        const res = await t.app.inject({
          method: def.method,
          url: samplePath(def),
          headers: { 'x-region-code': '999999', 'x-csrf-token': wrong, cookie: client.jar.header() },
          payload: {},
        });
        expect(res.statusCode, `${def.method} ${def.path} with "${wrong}"`).toBe(403);
      }
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('accepts the token of this browser only: another browser’s token is refused', async () => {
    const a = await browser(t.app);
    const b = await browser(t.app);
    const url = '/api/municipalities/999999/logout/';
    const mixed = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-region-code': '999999', 'x-csrf-token': b.token, cookie: a.jar.header() },
    });
    expect(mixed.statusCode).toBe(403);
    // With its own token the call passes CSRF and reaches the sign-in check.
    const own = await a.request('POST', url);
    expect(own.statusCode).toBe(401);
  });

  it('refuses a region header that differs from the path (400) on every municipal route, touching nothing', async () => {
    const client = await browser(t.app);
    const before = await rowCounts(t.database);
    for (const def of regional) {
      for (const header of ['999998', undefined, 'abc']) {
        const headers: Record<string, string> = { 'x-csrf-token': client.token, cookie: client.jar.header() };
        if (header !== undefined) headers['x-region-code'] = header;
        const res = await t.app.inject({ method: def.method, url: samplePath(def), headers, payload: {} });
        expect(res.statusCode, `${def.method} ${def.path} with ${header}`).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ code: 'region_mismatch', field: 'x-region-code' });
      }
    }
    expect(await rowCounts(t.database)).toEqual(before);
  });

  it('answers an unknown municipality with 404 in the error body', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/municipalities/123456/',
      headers: { 'x-region-code': '123456' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('not_found');
  });

  it('answers an unknown /api route with 404 and the error body naming the path', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-call/' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        errors: [{ code: 'not_found', message: 'Page not found: /api/no-such-call/' }],
      });
    }
  });

  it('requires sign-in on signed-in routes (401 with the error body)', async () => {
    const client = await browser(t.app);
    const res = await client.request('GET', '/api/municipalities/999999/documents/');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('unauthenticated');
  });
});
