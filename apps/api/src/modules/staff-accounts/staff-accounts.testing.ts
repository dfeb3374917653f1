import { expect } from 'vitest';
import { DEMO_PASSWORD } from '@portal/demo';
import { browser, type TestApp } from '../../testing/test-app.js';

/** Helpers of the staff account tests (not a test file itself). */

export const M = '/api/municipalities/999999';

export const demoStaff = {
  adminShimin: 'admin.shimin@demo.example.jp',
  clerkShimin: 'clerk.shimin@demo.example.jp',
  viewerShimin: 'viewer.shimin@demo.example.jp',
  adminKodomo: 'admin.kodomo@demo.example.jp',
  clerkKodomo: 'clerk.kodomo@demo.example.jp',
  viewerKodomo: 'viewer.kodomo@demo.example.jp',
  adminKenko: 'admin.kenko@sample.example.jp',
} as const;

export type Client = Awaited<ReturnType<typeof browser>>;

/** A browser signed in as a staff member (of 999999 unless another code is given). */
export async function signedIn(t: TestApp, email: string, password = DEMO_PASSWORD, code = '999999') {
  const client = await browser(t.app, code);
  const res = await client.request('POST', `/api/municipalities/${code}/login/`, {
    login_id: email,
    password,
  });
  expect(res.statusCode, `sign-in of ${email}: ${res.body}`).toBe(200);
  return client;
}

/** A call made before any session exists: region header and an empty CSRF header, from a given address. */
export function publicCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  options: { ip?: string; code?: string; cookie?: string } = {},
) {
  const headers: Record<string, string> = {
    'x-region-code': options.code ?? '999999',
    'x-forwarded-for': options.ip ?? '192.0.2.1',
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (method !== 'GET') headers['x-csrf-token'] = '';
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export interface StoredMail {
  id: number;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
}

/** Mails in the development outbox to an address, oldest first. */
export async function mailsTo(t: TestApp, email: string): Promise<StoredMail[]> {
  const r = await t.database.executeSql(
    'select id, sender, recipient, subject, body from dev_outbox where lower(recipient) = $1 order by id',
    [email.toLowerCase()],
  );
  return r.rows as unknown as StoredMail[];
}

/** Waits until an address has `count` mails (password reset mails leave after the answer). */
export async function waitForMails(t: TestApp, email: string, count: number, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(t, email);
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`expected ${count} mails to ${email}, found ${mails.length}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token of the link to a path in a mail text. */
export function linkToken(text: string, path: string): string {
  const match = new RegExp(`(https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\?\\S+)`).exec(text);
  if (!match) throw new Error(`no link to ${path} in:\n${text}`);
  const token = new URL(match[1]!).searchParams.get('token');
  if (!token) throw new Error(`the link has no token: ${match[1]}`);
  return token;
}

export async function departmentId(t: TestApp, code: string, municipality = '999999'): Promise<number> {
  const r = await t.database.executeSql(
    'select d.id from departments d join municipalities m on m.id = d.municipality_id where d.code = $1 and m.code = $2',
    [code, municipality],
  );
  return Number(r.rows[0]!.id);
}

export async function accountId(t: TestApp, email: string): Promise<string> {
  const r = await t.database.executeSql('select id from staff_accounts where email = $1', [email]);
  return String(r.rows[0]!.id);
}

export async function auditRows(t: TestApp, action: string) {
  const r = await t.database.executeSql(
    'select actor_kind, actor_id, action, target_type, target_id, detail, ip from audit_log where action = $1 order by id',
    [action],
  );
  return r.rows;
}

export const PERMISSION = { administrator: 1, clerk: 2, viewer: 3 } as const;

/**
 * Opens a mailed link as its page does (decision 0044): exchanges the token, once, for a form session;
 * answers the refusal, or the cookie to send with the form.
 */
export async function openLink(
  t: TestApp,
  kind: 'invitation' | 'password_reset',
  token: string,
  options: { ip?: string; code?: string; cookie?: string } = {},
) {
  const base = `/api/municipalities/${options.code ?? '999999'}`;
  const path =
    kind === 'invitation' ? `${base}/accounts/invitation/session/` : `${base}/password-reset/session/`;
  const res = await publicCall(t, 'POST', path, { token }, options);
  const name = kind === 'invitation' ? 'portal_invitation_session' : 'portal_password_reset_session';
  const value = res.cookies.find((c) => c.name === name)?.value;
  return { res, cookie: value ? `${name}=${value}` : options.cookie };
}
