import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../testing/listening-app.js';
import { devOriginRedirect } from './dev-origin.js';

const PUBLIC_URL = 'http://localhost:3000';

describe('development origin: another loopback name of PUBLIC_URL is moved to PUBLIC_URL', () => {
  const publicUrl = new URL(PUBLIC_URL);
  const at = (host: string, url: string, method = 'GET') =>
    devOriginRedirect({ host, url, method }, publicUrl);

  it('moves pages and the sign-in start, with path and query', () => {
    expect(at('127.0.0.1:3000', '/municipalities/999999/applications?x=1')).toBe(
      'http://localhost:3000/municipalities/999999/applications?x=1',
    );
    expect(at('[::1]:3000', '/')).toBe('http://localhost:3000/');
    expect(at('127.0.0.1:3000', '/stg/staff/login')).toBe('http://localhost:3000/stg/staff/login');
    expect(at('127.0.0.1:3000', '/api/applicant/login/?municipality_code=999999')).toBe(
      'http://localhost:3000/api/applicant/login/?municipality_code=999999',
    );
    expect(at('127.0.0.1:3000', '/stg-api/applicant/login/?municipality_code=999999')).toBe(
      'http://localhost:3000/stg-api/applicant/login/?municipality_code=999999',
    );
  });

  it('leaves PUBLIC_URL’s own host, other ports and hosts, API calls, files and writes alone', () => {
    expect(at('localhost:3000', '/municipalities/999999')).toBeNull();
    expect(at('127.0.0.1:4000', '/municipalities/999999')).toBeNull();
    expect(at('127.0.0.1', '/municipalities/999999')).toBeNull();
    expect(at('portal.example.jp:3000', '/municipalities/999999')).toBeNull();
    expect(at('127.0.0.1:3000', '/api/csrf-token')).toBeNull();
    expect(at('127.0.0.1:3000', '/api/applicant/login/callback/?state=s')).toBeNull();
    expect(at('127.0.0.1:3000', '/dev/idp/.well-known/openid-configuration')).toBeNull();
    expect(at('127.0.0.1:3000', '/metrics')).toBeNull();
    expect(at('127.0.0.1:3000', '/assets/index-abc.js')).toBeNull();
    expect(at('127.0.0.1:3000', '/municipalities/999999', 'POST')).toBeNull();
    expect(at('not a host', '/')).toBeNull();
  });
});

// The app listens (its sign-in start asks the identity stand-in at PUBLIC_URL over HTTP), on a free port
// whose PUBLIC_URL names 127.0.0.1: `localhost` with the same port is the other loopback name.
describe('development origin in the app (Host header)', () => {
  let dev: ListeningApp;
  let production: ListeningApp;
  beforeAll(async () => {
    [dev, production] = await Promise.all([
      createListeningApp('pglite'),
      createListeningApp('pglite', {
        env: {
          NODE_ENV: 'production',
          APP_SECRET: 'a'.repeat(40),
          MALWARE_SCAN: 'off',
          // The stand-ins may run in production (a demonstration): the redirect still never does.
          SIMULATORS: 'true',
        },
      }),
    ]);
  });
  afterAll(async () => {
    await dev?.close();
    await production?.close();
  });

  const port = (t: ListeningApp) => new URL(t.url).port;
  const get = (t: ListeningApp, url: string, host: string) =>
    t.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  it('redirects a page and the sign-in start opened on localhost or [::1] to PUBLIC_URL', async () => {
    for (const host of [`localhost:${port(dev)}`, `[::1]:${port(dev)}`]) {
      const page = await get(dev, '/municipalities/999999/applications?procedure_group_id=1', host);
      expect(page.statusCode, host).toBe(302);
      expect(page.headers.location).toBe(
        `${dev.url}/municipalities/999999/applications?procedure_group_id=1`,
      );
      const login = await get(dev, '/api/applicant/login/?municipality_code=999999&return_to=%2F', host);
      expect(login.statusCode, host).toBe(302);
      expect(login.headers.location).toBe(
        `${dev.url}/api/applicant/login/?municipality_code=999999&return_to=%2F`,
      );
      // No sign-in transaction was started on the wrong host.
      expect(login.cookies).toEqual([]);
    }
  });

  it('starts sign-in at once on PUBLIC_URL’s own host', async () => {
    const login = await get(dev, '/api/applicant/login/?municipality_code=999999', new URL(dev.url).host);
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toMatch(new RegExp(`^${dev.url}/dev/idp/`));
    expect(login.cookies.map((c) => c.name)).toContain('portal_applicant_login');
  });

  it('never redirects in production', async () => {
    const host = `localhost:${port(production)}`;
    const page = await get(production, '/municipalities/999999', host);
    expect(page.statusCode).not.toBe(302);
    const login = await get(production, '/api/applicant/login/?municipality_code=999999', host);
    expect(login.headers.location ?? '').toMatch(/\/dev\/idp\//);
  });
});
