import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@portal/demo';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  accountId,
  auditRows,
  demoStaff,
  linkToken,
  M,
  mailsTo,
  openLink,
  publicCall,
  signedIn,
  waitForMails,
} from './staff-accounts.testing.js';

const RESET = `${M}/password-reset/`;
const NEW_PASSWORD = 'new-Password-2027';

describe.each(databaseKinds)('staff password reset on %s', (kind) => {
  let t: TestApp;
  let now = Date.parse('2026-11-24T09:00:00+09:00');
  let ip = 0;
  /** Each test comes from its own address, 20 minutes after the previous one (fresh rate-limit windows). */
  let from: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => new Date(now) });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now += 20 * 60_000;
    from = `198.51.100.${++ip}`;
  });

  const request = (email: string, options: { ip?: string; code?: string } = {}) =>
    publicCall(
      t,
      'POST',
      options.code ? `/api/municipalities/${options.code}/password-reset/` : RESET,
      { email },
      {
        ip: from,
        ...options,
      },
    );
  /** The form session each link was exchanged for in this "browser", by municipality and token. */
  const forms = new Map<string, string>();
  /** Opens the link once (as its page does), then sends the new password in its form session. */
  async function confirm(token: string, password: string, code?: string) {
    const key = `${code ?? '999999'}:${token}`;
    let cookie = forms.get(key);
    if (cookie === undefined) {
      const opened = await openLink(t, 'password_reset', token, { ip: from, ...(code ? { code } : {}) });
      if (opened.res.statusCode !== 200 || !opened.cookie) return opened.res;
      cookie = opened.cookie;
      forms.set(key, cookie);
    }
    return publicCall(
      t,
      'PUT',
      code ? `/api/municipalities/${code}/password-reset/` : RESET,
      { password },
      { ip: from, cookie, ...(code ? { code } : {}) },
    );
  }

  /** Requests a reset and returns the token of the link mailed to the address. */
  async function resetToken(email: string): Promise<string> {
    const before = (await mailsTo(t, email)).length;
    const res = await request(email);
    expect(res.statusCode).toBe(202);
    const mails = await waitForMails(t, email, before + 1);
    return linkToken(mails.at(-1)!.body, '/staff/password-reset');
  }

  it('mails a one-use link valid for 30 minutes, storing only the token’s SHA-256', async () => {
    const res = await request(demoStaff.viewerShimin.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await waitForMails(t, demoStaff.viewerShimin, 1);
    expect(mail!.recipient).toBe(demoStaff.viewerShimin);
    expect(mail!.subject).toBe('【デモ市】パスワード再設定のご案内');
    expect(mail!.body).toContain('http://localhost:3000/staff/password-reset?token=');
    const token = linkToken(mail!.body, '/staff/password-reset');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.executeSql(
      'select token_hash, expires_at, used_at from password_reset_tokens where staff_account_id = $1',
      [await accountId(t, demoStaff.viewerShimin)],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(new Date(rows.rows[0]!.expires_at as string).getTime()).toBe(now + 30 * 60_000);
    expect(rows.rows[0]!.used_at).toBeNull();
    expect(JSON.stringify(await t.database.executeSql('select * from password_reset_tokens'))).not.toContain(
      token,
    );
    const audit = await auditRows(t, 'password_reset.request');
    expect(audit.at(-1)).toMatchObject({
      target_type: 'staff_account',
      target_id: await accountId(t, demoStaff.viewerShimin),
      ip: from,
    });
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const tokensBefore = await t.database.executeSql('select count(*)::int as n from password_reset_tokens');
    const unknown = await request('nobody@demo.example.jp');
    const known = await request(demoStaff.clerkKodomo);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await waitForMails(t, demoStaff.clerkKodomo, 1);
    expect(await mailsTo(t, 'nobody@demo.example.jp')).toEqual([]);
    const tokensAfter = await t.database.executeSql('select count(*)::int as n from password_reset_tokens');
    expect(Number(tokensAfter.rows[0]!.n)).toBe(Number(tokensBefore.rows[0]!.n) + 1);
    // An address of another municipality is unknown here.
    await request(demoStaff.adminKenko);
    await request(demoStaff.clerkKodomo);
    await waitForMails(t, demoStaff.clerkKodomo, 2);
    expect(await mailsTo(t, demoStaff.adminKenko)).toEqual([]);
  });

  it('sets the new password once, ends every session of the account and refuses the link again', async () => {
    const email = demoStaff.clerkShimin;
    const phone = await signedIn(t, email);
    const laptop = await signedIn(t, email);
    const token = await resetToken(email);

    const done = await confirm(token, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    for (const client of [phone, laptop]) {
      expect((await client.request('GET', `${M}/login/status/`)).json()).toMatchObject({
        is_logged_in: false,
      });
      expect((await client.request('POST', `${M}/logout/`)).statusCode).toBe(401);
    }
    const sessions = await t.database.executeSql(
      'select count(*)::int as n from sessions where subject_id = $1',
      [await accountId(t, email)],
    );
    expect(Number(sessions.rows[0]!.n)).toBe(0);

    const old = await browser(t.app);
    expect(
      (await old.request('POST', `${M}/login/`, { login_id: email, password: DEMO_PASSWORD })).statusCode,
    ).toBe(401);
    await signedIn(t, email, NEW_PASSWORD);

    const again = await confirm(token, 'another-Password-2028');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ code: 'validation_failed', field: 'token' });
    expect(again.json().errors[0].message).toMatch(/expired|used/);
    await signedIn(t, email, NEW_PASSWORD);

    const audit = await auditRows(t, 'password_reset.complete');
    expect(audit.at(-1)).toMatchObject({
      actor_kind: 'staff',
      actor_id: await accountId(t, email),
      target_id: await accountId(t, email),
    });
  });

  it('exchanges the link once: a second opening says it was used and how to go on', async () => {
    const token = await resetToken(demoStaff.viewerShimin);
    const first = await openLink(t, 'password_reset', token, { ip: from });
    expect(first.res.statusCode).toBe(200);
    expect(first.cookie).toMatch(/^portal_password_reset_session=/);
    const cookie = first.res.cookies.find((c) => c.name === 'portal_password_reset_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // Only the session token's hash is stored, for the reset token (its subject), for 30 minutes.
    const stored = await t.database.executeSql(
      "select subject_id, expires_at from sessions where kind = 'password_reset' order by created_at desc limit 1",
    );
    expect(JSON.stringify(stored.rows)).not.toContain(cookie.value);
    expect(new Date(stored.rows[0]!.expires_at as string).getTime()).toBe(now + 30 * 60_000);

    // The same link opened again elsewhere (a forwarded mail, a second device): refused, the way named.
    const second = await openLink(t, 'password_reset', token, { ip: from });
    expect(second.res.statusCode).toBe(409);
    expect(second.res.json().errors[0]).toMatchObject({ code: 'conflict', field: 'token' });
    expect(second.res.json().errors[0].message).toMatch(/already opened.*request a new one/);
    // Opened again in the browser that holds its form: carries on with the same form session.
    const same = await openLink(t, 'password_reset', token, { ip: from, cookie: first.cookie });
    expect(same.res.statusCode).toBe(200);
    expect(same.res.cookies).toEqual([]);
    const done = await publicCall(
      t,
      'PUT',
      RESET,
      { password: NEW_PASSWORD },
      { ip: from, cookie: first.cookie },
    );
    expect(done.statusCode, done.body).toBe(200);
    // The form session ended with the form.
    expect(done.cookies.find((c) => c.name === 'portal_password_reset_session')?.value).toBe('');
    const reused = await publicCall(
      t,
      'PUT',
      RESET,
      { password: 'other-Password-2030' },
      { ip: from, cookie: first.cookie },
    );
    expect(reused.statusCode).toBe(400);
    await signedIn(t, demoStaff.viewerShimin, NEW_PASSWORD);
  });

  it('lets a link opened just before it expires be finished within 30 minutes of opening', async () => {
    const token = await resetToken(demoStaff.clerkKodomo);
    now += 29 * 60_000;
    const opened = await openLink(t, 'password_reset', token, { ip: from });
    expect(opened.res.statusCode).toBe(200);
    now += 20 * 60_000;
    const done = await publicCall(
      t,
      'PUT',
      RESET,
      { password: NEW_PASSWORD },
      { ip: from, cookie: opened.cookie },
    );
    expect(done.statusCode, done.body).toBe(200);
    await signedIn(t, demoStaff.clerkKodomo, NEW_PASSWORD);
  });

  it('refuses an expired link (after 30 minutes)', async () => {
    const token = await resetToken(demoStaff.viewerKodomo);
    now += 30 * 60_000 + 1000;
    const res = await confirm(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'validation_failed', field: 'token' });
    await signedIn(t, demoStaff.viewerKodomo);
  });

  it('refuses a password against the policy with a password field error, keeping the link usable', async () => {
    const token = await resetToken(demoStaff.viewerShimin);
    for (const weak of ['short-Pw-1', 'no-digits-at-all-here', '123456789012345']) {
      const res = await confirm(token, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().errors.every((e: { field: string }) => e.field === 'password')).toBe(true);
    }
    const ok = await confirm(token, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    await signedIn(t, demoStaff.viewerShimin, NEW_PASSWORD);
  });

  it('refuses unknown tokens, bad input and a token of another municipality', async () => {
    const unknown = await confirm('x'.repeat(43), NEW_PASSWORD);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('token');

    const bad = await publicCall(t, 'PUT', RESET, { password: 1 }, { ip: from });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['password']);
    const badToken = await openLink(t, 'password_reset', 'short', { ip: from });
    expect(badToken.res.statusCode).toBe(400);
    expect(badToken.res.json().errors.map((e: { field: string }) => e.field)).toEqual(['token']);
    // A password without an opened link (no form session) is refused at the link.
    const noForm = await publicCall(t, 'PUT', RESET, { password: NEW_PASSWORD }, { ip: from });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().errors[0].field).toBe('token');
    const noEmail = await publicCall(t, 'POST', RESET, { email: 'not-an-address' }, { ip: from });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors[0].field).toBe('email');

    // サンプル町's administrator asks for a reset there; the token does not work at デモ市.
    const res = await request(demoStaff.adminKenko, { code: '999998' });
    expect(res.statusCode).toBe(202);
    const [mail] = await waitForMails(t, demoStaff.adminKenko, 1);
    expect(mail!.subject).toContain('サンプル町');
    const token = linkToken(mail!.body, '/staff/password-reset');
    expect(mail!.body).toContain('municipality=999998');
    const cross = await confirm(token, NEW_PASSWORD);
    expect(cross.statusCode).toBe(400);
    expect((await confirm(token, NEW_PASSWORD, '999998')).statusCode).toBe(200);
  });

  it('makes an earlier link useless when a new one is requested', async () => {
    const first = await resetToken(demoStaff.adminKodomo);
    const second = await resetToken(demoStaff.adminKodomo);
    expect((await confirm(first, NEW_PASSWORD)).statusCode).toBe(400);
    expect((await confirm(second, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends a sign-in lock: five failures block the account until the password is reset', async () => {
    const email = demoStaff.clerkShimin;
    const client = await browser(t.app);
    for (let i = 0; i < 5; i++) {
      await client.request('POST', `${M}/login/`, { login_id: email, password: `wrong-${i}` });
    }
    const blocked = await client.request('POST', `${M}/login/`, { login_id: email, password: NEW_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const token = await resetToken(email);
    expect((await confirm(token, 'reset-Password-2029')).statusCode).toBe(200);
    await signedIn(t, email, 'reset-Password-2029');
  });

  it('sends at most 3 mails per address in 15 minutes and answers 429 beyond 10 requests from one client', async () => {
    const email = demoStaff.viewerKodomo;
    const before = (await mailsTo(t, email)).length;
    for (let i = 0; i < 5; i++) expect((await request(email)).statusCode).toBe(202);
    await waitForMails(t, email, before + 3);
    // Wait for anything still running: nothing beyond the third mail arrives.
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailsTo(t, email)).length).toBe(before + 3);

    for (let i = 0; i < 5; i++) expect((await request(`someone-${i}@demo.example.jp`)).statusCode).toBe(202);
    const limited = await request('someone-else@demo.example.jp');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    expect(limited.json().errors[0].code).toBe('rate_limited');
    // Another client is not affected, and the window ends after 15 minutes.
    expect((await request('someone@demo.example.jp', { ip: '203.0.113.200' })).statusCode).toBe(202);
    now += 16 * 60_000;
    expect((await request('someone-else@demo.example.jp')).statusCode).toBe(202);
  });
});
