import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type RouteDef } from '@portal/contracts';
import { loadConfig, stagingUrlFor } from './config.js';
import { demoData, DEMO_PASSWORD } from '@portal/demo';
import { ensureDatabase } from './db/staging.js';
import { stagingCookieHeader, stagingSetCookie } from './plugins/staging-forward.js';
import { databaseKinds } from './testing/databases.js';
import { createPortalTestApp, operatorOn, prefixBrowser, type PortalTestApp } from './testing/portal-app.js';
import { rowCounts } from './testing/row-counts.js';
import { samplePath } from './testing/sample-paths.js';

const clerk = demoData.municipalities[0]!.staff.find((s) => s.permission === 'clerk')!;
const M = '/municipalities/999999';

describe('staging configuration', () => {
  it('defaults the PostgreSQL staging database to the same server with the name suffixed _staging', () => {
    expect(stagingUrlFor('postgres://u:p@db:5432/portal?sslmode=require')).toBe(
      'postgres://u:p@db:5432/portal_staging?sslmode=require',
    );
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/portal' });
    expect(config.stagingDatabaseUrl).toBe('postgres://u@db/portal_staging');
    expect(loadConfig({}).stagingDatabaseUrl).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@db/a', STAGING_DATABASE_URL: 'postgres://u@other/b' })
        .stagingDatabaseUrl,
    ).toBe('postgres://u@other/b');
    expect(() => loadConfig({ STAGING_DATABASE_URL: 'postgres://u@db/b' })).toThrow(/STAGING_DATABASE_URL/);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://u@db/a', STAGING_DATABASE_URL: 'postgres://u@db/a' }),
    ).toThrow(/another database/);
  });

  it('keeps only staging’s cookies, without their prefix, on a forwarded request', () => {
    expect(stagingCookieHeader('portal_csrf=a; stg_portal_csrf=b; stg_portal_operator_session=c')).toBe(
      'portal_csrf=b; portal_operator_session=c',
    );
    expect(stagingCookieHeader('portal_staff_session=x')).toBeUndefined();
    expect(stagingCookieHeader(undefined)).toBeUndefined();
  });

  it('renames staging’s cookies and moves their /api paths under /stg-api', () => {
    expect(stagingSetCookie('portal_login=x; Path=/api/applicant/login/; HttpOnly')).toBe(
      'stg_portal_login=x; Path=/stg-api/applicant/login/; HttpOnly',
    );
    expect(stagingSetCookie('portal_csrf=y; Path=/; SameSite=Strict')).toBe(
      'stg_portal_csrf=y; Path=/; SameSite=Strict',
    );
    expect(stagingSetCookie('a=b; Path=/apiary')).toBe('stg_a=b; Path=/apiary');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('creates a missing staging database once', async () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const url = new URL(admin);
    url.pathname = `/portal_test_${process.pid}_${randomBytes(4).toString('hex')}_staging`;
    try {
      // Two processes starting together: both succeed.
      await Promise.all([ensureDatabase(url.toString(), admin), ensureDatabase(url.toString(), admin)]);
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      expect((await client.query('select 1 as one')).rows[0]).toEqual({ one: 1 });
      await client.end();
    } finally {
      const cleanup = new pg.Client({ connectionString: admin });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
      await cleanup.end();
    }
  });
});

describe.each(databaseKinds)('production (/api) and staging (/stg-api) on %s', (kind) => {
  let t: PortalTestApp;
  beforeAll(async () => {
    t = await createPortalTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers health on both prefixes, staging marked as such', async () => {
    const prod = await t.app.inject({ method: 'GET', url: '/api/health' });
    const stg = await t.app.inject({ method: 'GET', url: '/stg-api/health' });
    expect([prod.statusCode, stg.statusCode]).toEqual([200, 200]);
    expect(stg.json()).toEqual({ status: 'ok' });
    expect(stg.headers['x-portal-environment']).toBe('staging');
    expect(prod.headers['x-portal-environment']).toBeUndefined();
  });

  it('answers the same call differently after a staging-only change', async () => {
    const terms = (prefix: '/api' | '/stg-api') =>
      t.app.inject({
        method: 'GET',
        url: `${prefix}${M}/terms-service/?device=browser`,
        headers: { 'x-region-code': '999999' },
      });
    const before = await terms('/api');
    expect((await terms('/stg-api')).json()).toEqual(before.json());
    await t.stagingDatabase.executeSql(
      `update terms_of_service set title = 'ステージングの利用規約' where device = 'browser'`,
    );
    expect((await terms('/stg-api')).json().title).toBe('ステージングの利用規約');
    expect((await terms('/api')).json()).toEqual(before.json());
  });

  it('forwards bodies and keeps sessions per environment (staging cookies are prefixed)', async () => {
    const stg = await prefixBrowser(t.app, '/stg-api');
    const login = await stg.request('POST', `${M}/login/`, {
      login_id: clerk.email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.cookies.map((c) => c.name)).toContain('stg_portal_staff_session');
    expect(login.cookies.every((c) => c.name.startsWith('stg_'))).toBe(true);
    expect((await stg.request('GET', `${M}/login/status/`)).json().is_logged_in).toBe(true);
    // The same browser on production: not signed in there.
    const prod = await t.app.inject({
      method: 'GET',
      url: `/api${M}/login/status/`,
      headers: { 'x-region-code': '999999', cookie: stg.jar.header() },
    });
    expect(prod.json().is_logged_in).toBe(false);
    // A bad body is refused by staging's own validation, with the error body.
    const bad = await stg.request('POST', `${M}/login/`, { login_id: '', password: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['login_id', 'password']);
  });

  it('signs operators in per environment', async () => {
    const prod = await operatorOn(t.app, '/api');
    expect((await prod.request('GET', '/mastertool/municipalities/')).statusCode).toBe(200);
    // Production's session means nothing to staging.
    const onStaging = await t.app.inject({
      method: 'GET',
      url: '/stg-api/mastertool/municipalities/',
      headers: { cookie: prod.jar.header() },
    });
    expect(onStaging.statusCode).toBe(401);
    expect(onStaging.json().errors[0].code).toBe('unauthenticated');
    const stg = await operatorOn(t.app, '/stg-api');
    expect((await stg.request('GET', '/mastertool/municipalities/')).statusCode).toBe(200);
  });

  it('runs staging’s guards and error bodies: CSRF, region, unknown paths', async () => {
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/stg-api${M}/logout/`,
      headers: { 'x-region-code': '999999' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().errors[0].code).toBe('csrf_failed');
    const region = await t.app.inject({
      method: 'GET',
      url: `/stg-api${M}/`,
      headers: { 'x-region-code': '999998' },
    });
    expect(region.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/stg-api/no-such-call/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('not_found');
    const bare = await t.app.inject({ method: 'GET', url: '/stg-api' });
    expect(bare.statusCode).toBe(404);
  });

  it('refuses every write without a CSRF header on /stg-api too, touching nothing in staging', async () => {
    const before = await rowCounts(t.stagingDatabase);
    for (const def of (routeTable as readonly RouteDef[]).filter((r) => r.method !== 'GET')) {
      const url = samplePath(def).replace(/^\/api\//, '/stg-api/');
      const res = await t.app.inject({
        method: def.method,
        url,
        headers: { 'x-region-code': '999999' },
        payload: {},
      });
      // A core system's bearer-key write has no CSRF: without a key it is refused 401 (decision 0057).
      const [status, code] = def.audience === 'integration' ? [401, 'unauthenticated'] : [403, 'csrf_failed'];
      expect(res.statusCode, `${def.method} ${url}`).toBe(status);
      expect(res.json().errors[0].code).toBe(code);
    }
    expect(await rowCounts(t.stagingDatabase)).toEqual(before);
  });

  it('forwards over real HTTP, request bodies included', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/stg-api/mastertool/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': '' },
      body: JSON.stringify({ login_id: 'operator', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('stg_portal_operator_session='))).toBe(true);
    expect(((await res.json()) as { is_logged_in: boolean }).is_logged_in).toBe(true);
  });
});
