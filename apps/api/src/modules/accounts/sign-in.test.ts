import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoData } from '@portal/demo';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';

const demo = demoData.municipalities.find((m) => m.code === '999999')!;
const admin = demo.staff.find((s) => s.permission === 'administrator')!;
const other = demoData.municipalities.find((m) => m.code !== '999999')!;
const M = '/api/municipalities/999999';

describe.each(databaseKinds)('staff and operator sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs staff in with the demo password and keeps the session in the database', async () => {
    const client = await browser(t.app);
    const login = await client.request('POST', `${M}/login/`, {
      login_id: admin.email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      is_logged_in: true,
      user: { email: admin.email, permission: 'administrator' },
    });
    const cookie = login.cookies.find((c) => c.name === 'portal_staff_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const status = await client.request('GET', `${M}/login/status/`);
    expect(status.json()).toMatchObject({ is_logged_in: true, user: { email: admin.email } });
    const out = await client.request('POST', `${M}/logout/`);
    expect(out.statusCode).toBe(200);
    expect((await client.request('GET', `${M}/login/status/`)).json()).toMatchObject({
      is_logged_in: false,
      user: null,
    });
  });

  it('refuses a wrong password with one vague message, and bad input with field errors', async () => {
    const client = await browser(t.app);
    const wrong = await client.request('POST', `${M}/login/`, {
      login_id: admin.email,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await client.request('POST', `${M}/login/`, {
      login_id: 'nobody@demo.example.jp',
      password: 'x',
    });
    expect(unknown.json()).toEqual(wrong.json());
    const bad = await client.request('POST', `${M}/login/`, { login_id: '', password: 42 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['login_id', 'password']);
  });

  it('rate-limits sign-in: the sixth failure within 15 minutes is 429, even with the right password', async () => {
    const client = await browser(t.app);
    const target = demo.staff.find((s) => s.permission === 'viewer')!;
    for (let i = 0; i < 5; i++) {
      const res = await client.request('POST', `${M}/login/`, {
        login_id: target.email,
        password: `wrong-${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await client.request('POST', `${M}/login/`, {
      login_id: target.email,
      password: DEMO_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors[0].code).toBe('rate_limited');
    // How long to wait, as the per-address limit says it too: the 15-minute window.
    expect(blocked.headers['retry-after']).toBe('900');
  });

  /** 29 wrong guesses at once, then the right password: only five attempts are ever checked. */
  async function concurrentGuesses(url: string, loginId: string) {
    const client = await browser(t.app);
    const guess = (password: string) =>
      client.request('POST', url, { login_id: loginId, password }).then((r) => r.statusCode);
    const wrong = Array.from({ length: 29 }, (_, i) => guess(`wrong-${i}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const right = guess(DEMO_PASSWORD);
    return { wrong: await Promise.all(wrong), right: await right };
  }

  it('counts concurrent guesses before checking any: 30 at once never sign in (staff)', async () => {
    const target = demo.staff.find((s) => s.permission === 'clerk')!;
    const { wrong, right } = await concurrentGuesses(`${M}/login/`, target.email);
    expect(wrong.filter((s) => s === 401)).toHaveLength(5);
    expect(wrong.filter((s) => s === 429)).toHaveLength(24);
    expect(right).toBe(429);
  });

  it('counts concurrent guesses before checking any: 30 at once never sign in (operator)', async () => {
    const { wrong, right } = await concurrentGuesses(
      '/api/mastertool/login/',
      demoData.operators[0]!.login_id,
    );
    expect(wrong.filter((s) => s === 401)).toHaveLength(5);
    expect(right).toBe(429);
    // The limit is per account: cleared only by time, so the operator test signs in last in this file.
    await t.database.executeSql(`delete from sign_in_attempts where key like 'operator:%'`);
  });

  it('starts a new session and CSRF token on each sign-in and ends the browser’s previous session', async () => {
    const client = await browser(t.app);
    const before = client.token;
    const sign = () =>
      client.request('POST', `${M}/login/`, { login_id: admin.email, password: DEMO_PASSWORD });
    const first = await sign();
    const firstSession = first.cookies.find((c) => c.name === 'portal_staff_session')!.value;
    expect(first.json().csrf_token).not.toBe(before);
    const afterFirst = client.token;
    const second = await sign();
    expect(second.cookies.find((c) => c.name === 'portal_staff_session')!.value).not.toBe(firstSession);
    expect(client.token).not.toBe(afterFirst);
    // The first session is over, and the token read before the sign-in is refused.
    const old = await t.app.inject({
      method: 'GET',
      url: `${M}/login/status/`,
      headers: { 'x-region-code': '999999', cookie: `portal_staff_session=${firstSession}` },
    });
    expect(old.json()).toMatchObject({ is_logged_in: false });
    const stale = await t.app.inject({
      method: 'POST',
      url: `${M}/logout/`,
      headers: { 'x-region-code': '999999', 'x-csrf-token': afterFirst, cookie: client.jar.header() },
    });
    expect(stale.statusCode).toBe(403);
    expect((await client.request('GET', `${M}/login/status/`)).json()).toMatchObject({ is_logged_in: true });
  });

  it('does not let a staff session of one municipality act on another', async () => {
    const client = await browser(t.app);
    await client.request('POST', `${M}/login/`, { login_id: admin.email, password: DEMO_PASSWORD });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/municipalities/${other.code}/documents/`,
      headers: { 'x-region-code': other.code, cookie: client.jar.header() },
    });
    expect(res.statusCode).toBe(403);
    // The same account cannot sign in through the other municipality either.
    const cross = await browser(t.app, other.code);
    const login = await cross.request('POST', `/api/municipalities/${other.code}/login/`, {
      login_id: admin.email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
  });

  it('signs the master-tool operator in', async () => {
    const client = await browser(t.app);
    const login = await client.request('POST', '/api/mastertool/login/', {
      login_id: demoData.operators[0]!.login_id,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect((await client.request('GET', '/api/mastertool/login/status/')).json()).toMatchObject({
      is_logged_in: true,
    });
  });
});
