import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationSettings } from '@portal/contracts';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import { sessionCookie } from '../sessions/sessions.service.js';
import { createOutboxRepository } from '../../simulators/outbox/outbox.repository.js';
import { unsubscribeToken } from './notification-tokens.js';

const S = '/api/municipalities/999999/notification-settings/';

describe.each(databaseKinds)('notification address and choices on %s', (kind) => {
  let t: TestApp;
  // The app's clock runs ahead when a test moves it (a code expiring).
  let ahead = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => new Date(Date.now() + ahead) });
  });
  afterAll(() => t.close());

  /** The code in the newest mail to the address (the development outbox keeps it). */
  async function codeMailedTo(email: string) {
    const [mail] = await createOutboxRepository(t.database.db).latest({ limit: 1, to: email });
    const code = /確認コード：(\d{6})/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return { code, mail: mail! };
  }

  const errorOf = (res: { json(): unknown }) =>
    (res.json() as { errors: { code: string; field?: string }[] }).errors[0];

  it('starts with no address and every event chosen', async () => {
    const r = await signedInApplicant(t, 'notify-start');
    const res = await r.request('GET', S);
    expect(res.statusCode).toBe(200);
    expect(NotificationSettings.parse(res.json())).toEqual({
      email: null,
      email_verified_at: null,
      events: ['received', 'remanded', 'completed', 'rejected', 'draft_expiring'],
      pending: null,
    });
  });

  it('mails a code (stored hashed), refuses a wrong one and verifies the address with the right one', async () => {
    const r = await signedInApplicant(t, 'notify-verify');
    const sent = await r.request('POST', `${S}code/`, { email: 'taro@example.jp' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ email: null, pending: { email: 'taro@example.jp' } });
    const { code, mail } = await codeMailedTo('taro@example.jp');
    // Japanese first, English after it, one mail.
    expect(mail.subject).toMatch(/^【デモ市】確認コード \d{6} \/ .+: confirmation code$/);
    expect(mail.text.indexOf('確認コード')).toBeLessThan(mail.text.indexOf('Confirmation code'));
    const stored = await t.database.executeSql(
      'select code_hash from notification_codes where applicant_id = $1',
      [r.applicantId],
    );
    expect(String(stored.rows[0]?.code_hash)).not.toContain(code);

    const wrong = await r.request('PUT', `${S}email/`, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'validation_failed', field: 'code' });

    const right = await r.request('PUT', `${S}email/`, { code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ email: 'taro@example.jp', pending: null });
    expect(right.json().email_verified_at).not.toBeNull();
    // Spent: the same code again finds nothing pending.
    const again = await r.request('PUT', `${S}email/`, { code });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'conflict', field: 'code' });
  });

  it('keeps the verified address while a new one waits for its code', async () => {
    const r = await signedInApplicant(t, 'notify-change');
    await r.request('POST', `${S}code/`, { email: 'first@example.jp' });
    await r.request('PUT', `${S}email/`, { code: (await codeMailedTo('first@example.jp')).code });
    const changing = await r.request('POST', `${S}code/`, { email: 'second@example.jp' });
    expect(changing.json()).toMatchObject({
      email: 'first@example.jp',
      pending: { email: 'second@example.jp' },
    });
    await r.request('PUT', `${S}email/`, { code: (await codeMailedTo('second@example.jp')).code });
    expect((await r.request('GET', S)).json()).toMatchObject({ email: 'second@example.jp', pending: null });
  });

  it('refuses a code once expired (10 minutes)', async () => {
    const r = await signedInApplicant(t, 'notify-expired');
    await r.request('POST', `${S}code/`, { email: 'late@example.jp' });
    const { code } = await codeMailedTo('late@example.jp');
    ahead = 11 * 60_000;
    try {
      const late = await r.request('PUT', `${S}email/`, { code });
      expect(late.statusCode).toBe(409);
      expect(errorOf(late)).toMatchObject({ code: 'conflict', field: 'code' });
      expect((await r.request('GET', S)).json()).toMatchObject({ email: null, pending: null });
    } finally {
      ahead = 0;
    }
  });

  it('spends the code after 5 wrong tries: the fifth answers 429, the right code then 409', async () => {
    const r = await signedInApplicant(t, 'notify-guess');
    await r.request('POST', `${S}code/`, { email: 'guess@example.jp' });
    const { code } = await codeMailedTo('guess@example.jp');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i++)
      expect((await r.request('PUT', `${S}email/`, { code: wrong })).statusCode).toBe(400);
    const fifth = await r.request('PUT', `${S}email/`, { code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(errorOf(fifth)).toMatchObject({ code: 'rate_limited' });
    expect((await r.request('PUT', `${S}email/`, { code })).statusCode).toBe(409);
  });

  it('limits codes sent: 3 per address and 5 per resident in 15 minutes, with Retry-After', async () => {
    const r = await signedInApplicant(t, 'notify-flood');
    for (let i = 0; i < 3; i++)
      expect((await r.request('POST', `${S}code/`, { email: 'flood@example.jp' })).statusCode).toBe(200);
    const address = await r.request('POST', `${S}code/`, { email: 'flood@example.jp' });
    expect(address.statusCode).toBe(429);
    expect(Number(address.headers['retry-after'])).toBeGreaterThan(0);
    // The fourth attempt counted against the resident too: one more address, then the resident's limit.
    expect((await r.request('POST', `${S}code/`, { email: 'other@example.jp' })).statusCode).toBe(200);
    const resident = await r.request('POST', `${S}code/`, { email: 'third@example.jp' });
    expect(resident.statusCode).toBe(429);
    expect(errorOf(resident)).toMatchObject({ code: 'rate_limited' });
  });

  it('refuses a bad address, a bad code shape and an unknown event in the one error format', async () => {
    const r = await signedInApplicant(t, 'notify-bad');
    for (const email of ['not-an-address', '', 'a@b', `${'x'.repeat(250)}@example.jp`]) {
      const res = await r.request('POST', `${S}code/`, { email });
      expect(res.statusCode, email).toBe(400);
      expect(errorOf(res), email).toMatchObject({ code: 'validation_failed', field: 'email' });
    }
    const shape = await r.request('PUT', `${S}email/`, { code: '12345' });
    expect(errorOf(shape)).toMatchObject({ code: 'validation_failed', field: 'code' });
    const event = await r.request('PUT', S, { events: ['received', 'birthday'] });
    expect(event.statusCode).toBe(400);
    expect(errorOf(event)).toMatchObject({ code: 'validation_failed' });
  });

  it('saves the chosen events (each once, in one order) and removes the address', async () => {
    const r = await signedInApplicant(t, 'notify-events');
    const saved = await r.request('PUT', S, { events: ['completed', 'remanded', 'completed'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().events).toEqual(['remanded', 'completed']);
    await r.request('POST', `${S}code/`, { email: 'events@example.jp' });
    await r.request('PUT', `${S}email/`, { code: (await codeMailedTo('events@example.jp')).code });
    // Verifying keeps what was chosen.
    expect((await r.request('GET', S)).json()).toMatchObject({
      email: 'events@example.jp',
      events: ['remanded', 'completed'],
    });
    const removed = await r.request('DELETE', `${S}email/`);
    expect(removed.json()).toMatchObject({
      email: null,
      email_verified_at: null,
      events: ['remanded', 'completed'],
    });
  });

  it('stops the mails by a signed unsubscribe link without sign-in, and refuses an altered one', async () => {
    const r = await signedInApplicant(t, 'notify-unsubscribe');
    await r.request('POST', `${S}code/`, { email: 'stop@example.jp' });
    await r.request('PUT', `${S}email/`, { code: (await codeMailedTo('stop@example.jp')).code });
    const secret = String(
      (await t.database.executeSql("select value from app_settings where key = 'app_secret'")).rows[0]!.value,
    );
    const municipalityId = Number(
      (await t.database.executeSql("select id from municipalities where code = '999999'")).rows[0]!.id,
    );
    const token = unsubscribeToken(secret, {
      municipalityId,
      applicantId: r.applicantId,
      email: 'stop@example.jp',
    });
    const stranger = await browser(t.app);
    const [payload, signature] = token.split('.');
    const forged = unsubscribeToken('another-secret-of-32-characters!!', {
      municipalityId,
      applicantId: r.applicantId,
      email: 'stop@example.jp',
    });
    for (const bad of [
      `${payload}.${signature!.slice(0, -2)}xx`,
      `${payload}x.${signature}`,
      forged,
      'x'.repeat(40),
    ]) {
      const res = await stranger.request('POST', `${S}unsubscribe/`, { token: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'bad_request', field: 'token' });
    }
    expect((await r.request('GET', S)).json().events).toHaveLength(5);
    // Another municipality's link of the same token is refused.
    const elsewhere = await browser(t.app, '999998');
    expect(
      (
        await elsewhere.request('POST', '/api/municipalities/999998/notification-settings/unsubscribe/', {
          token,
        })
      ).statusCode,
    ).toBe(400);
    const ok = await stranger.request('POST', `${S}unsubscribe/`, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await r.request('GET', S)).json()).toMatchObject({ email: 'stop@example.jp', events: [] });
  });

  it('keeps each municipality apart: another municipality’s session is refused', async () => {
    const r = await signedInApplicant(t, 'notify-tenant');
    const cross = await browser(t.app, '999998');
    cross.jar.set(sessionCookie.applicant, r.jar.get(sessionCookie.applicant)!);
    expect((await cross.request('GET', '/api/municipalities/999998/notification-settings/')).statusCode).toBe(
      403,
    );
    expect((await cross.request('GET', '/api/municipalities/999998/notices/')).statusCode).toBe(403);
    const elsewhere = await signedInApplicant(t, 'notify-tenant', '999998');
    await r.request('PUT', S, { events: ['completed'] });
    const theirs = await elsewhere.request('GET', '/api/municipalities/999998/notification-settings/');
    expect(theirs.json().events).toHaveLength(5);
  });
});
