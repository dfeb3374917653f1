import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoData } from '@portal/demo';
import { browser, createTestApp, type TestApp } from '../testing/test-app.js';

/** An https PUBLIC_URL alone (NODE_ENV not production) gives Secure cookies, HSTS and upgraded requests. */
describe('an https public address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://portal.example.jp' } });
  });
  afterAll(() => t.close());

  it('marks the session and CSRF cookies Secure and sends HSTS', async () => {
    const client = await browser(t.app);
    const admin = demoData.municipalities.find((m) => m.code === '999999')!.staff[0]!;
    const login = await client.request('POST', '/api/municipalities/999999/login/', {
      login_id: admin.email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.length).toBeGreaterThan(0);
    for (const cookie of login.cookies) expect(cookie, cookie.name).toMatchObject({ secure: true });
    expect(login.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // A document (here the answer to a page address outside the contract) also upgrades its requests.
    const other = await client.request('GET', '/no-such-page');
    expect(other.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(other.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
