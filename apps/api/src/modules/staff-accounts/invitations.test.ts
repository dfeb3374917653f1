import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  auditRows,
  departmentId,
  demoStaff,
  linkToken,
  M,
  mailsTo,
  openLink,
  PERMISSION,
  publicCall,
  signedIn,
  type Client,
} from './staff-accounts.testing.js';

const PASSWORD = 'first-Password-2026';

const names = {
  last_name: '佐藤',
  first_name: '花子',
  last_name_kana: 'サトウ',
  first_name_kana: 'ハナコ',
};

describe.each(databaseKinds)('staff invitations on %s', (kind) => {
  let t: TestApp;
  let now = Date.parse('2026-11-24T09:00:00+09:00');
  let admin: Client;
  let shimin: number;
  let kodomo: number;
  let kenko: number;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => new Date(now) });
    admin = await signedIn(t, demoStaff.adminShimin);
    shimin = await departmentId(t, 'shimin');
    kodomo = await departmentId(t, 'kodomo');
    kenko = await departmentId(t, 'kenko', '999998');
  });
  afterAll(() => t.close());

  const invite = (email: string, permission_id: number, department_ids: number[], client = admin) =>
    client.request('POST', `${M}/accounts/invitation/`, { email, permission_id, department_ids });

  /** Invites and returns the token of the mailed link. */
  async function invited(email: string, permission: number, departments: number[]) {
    const res = await invite(email, permission, departments);
    expect(res.statusCode, res.body).toBe(201);
    return linkToken((await mailsTo(t, email)).at(-1)!.body, '/staff/accounts/new');
  }

  /** The form session each link was exchanged for in this "browser" (decision 0044), by code and token. */
  const forms = new Map<string, string>();
  /** Opens the link once, as its page does: the cookie of its form session, or the refusal. */
  async function formFor(token: string, code = '999999') {
    const key = `${code}:${token}`;
    const known = forms.get(key);
    if (known) return { cookie: known };
    const opened = await openLink(t, 'invitation', token, { code });
    if (opened.res.statusCode !== 200 || !opened.cookie) return { refused: opened.res };
    forms.set(key, opened.cookie);
    return { cookie: opened.cookie };
  }
  /** The invitation as the account form shows it (opening its link first). */
  async function show(token: string, code = '999999') {
    const form = await formFor(token, code);
    if ('refused' in form) return form.refused!;
    const url = `/api/municipalities/${code}/accounts/invitation/`;
    return publicCall(t, 'GET', url, undefined, { code, cookie: form.cookie });
  }
  /** The account form sent in the form session of its link (`token` names the link, never sent). */
  async function create({ token, ...body }: Record<string, unknown>) {
    const form = await formFor(String(token));
    if ('refused' in form) return form.refused!;
    return publicCall(t, 'POST', `${M}/accounts/`, body, { cookie: form.cookie });
  }

  it('invites, mails the link, shows the invitation, creates the account, and the new clerk signs in', async () => {
    const email = 'new.clerk@demo.example.jp';
    const res = await invite(email, PERMISSION.clerk, [shimin]);
    expect(res.statusCode, res.body).toBe(201);
    const expiresAt = new Date(now + 7 * 24 * 3600_000).toISOString();
    expect(res.json()).toEqual({
      email,
      permission_id: PERMISSION.clerk,
      department_ids: [shimin],
      expires_at: expiresAt,
    });

    // The development outbox shows the mail with its link.
    const page = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(email)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('【デモ市】職員アカウント作成のご案内');
    expect(page.body).toContain('権限: 担当者');
    expect(page.body).toContain('所属: 市民課');
    const href = /href="(http:\/\/localhost:3000\/staff\/accounts\/new\?[^"]+)"/.exec(page.body)?.[1];
    expect(href).toBeDefined();
    const link = new URL(href!.replaceAll('&amp;', '&'));
    expect(link.searchParams.get('municipality')).toBe('999999');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.executeSql('select token_hash from invitations where email = $1', [
      email,
    ]);
    expect(stored.rows[0]!.token_hash).not.toBe(token);

    // Anyone with the link (no session) opens it, once, and reads the invitation to prefill the form.
    const shown = await show(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(res.json());
    const again = await openLink(t, 'invitation', token);
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().errors[0]).toMatchObject({ code: 'conflict', field: 'token' });
    expect(again.res.json().errors[0].message).toMatch(/already opened.*ask an administrator.*sign in/);
    // Without the form session there is nothing to read.
    expect((await publicCall(t, 'GET', `${M}/accounts/invitation/`)).statusCode).toBe(404);

    const created = await create({
      token,
      ...names,
      email,
      password: PASSWORD,
      permission_id: PERMISSION.clerk,
      department_ids: [shimin],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      ...names,
      email,
      permission_id: PERMISSION.clerk,
      department_ids: [shimin],
      last_login_at: null,
    });
    const hash = await t.database.executeSql('select password_hash from staff_accounts where email = $1', [
      email,
    ]);
    expect(String(hash.rows[0]!.password_hash)).toMatch(/^\$argon2id\$/);

    const clerk = await signedIn(t, email, PASSWORD);
    const status = await clerk.request('GET', `${M}/login/status/`);
    expect(status.json()).toMatchObject({
      is_logged_in: true,
      user: { email, name: '佐藤 花子', permission: 'clerk', department_ids: [shimin] },
    });

    // The link is used up.
    expect((await show(token)).statusCode).toBe(404);
    const twice = await create({
      token,
      ...names,
      email,
      password: PASSWORD,
      permission_id: PERMISSION.clerk,
      department_ids: [shimin],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].field).toBe('token');

    const [invitation] = await auditRows(t, 'invitation.create');
    expect(invitation).toMatchObject({ actor_kind: 'staff', target_type: 'invitation' });
    expect(invitation!.detail).toMatchObject({ email, permission: 'clerk', department_ids: [shimin] });
    const [account] = await auditRows(t, 'account.create');
    expect(account).toMatchObject({ actor_id: created.json().id, target_id: created.json().id });
  });

  it('refuses to let the invited person change permission, departments or address', async () => {
    const email = 'viewer.to.be@demo.example.jp';
    const token = await invited(email, PERMISSION.viewer, [kodomo]);
    const body = {
      token,
      ...names,
      email,
      password: PASSWORD,
      permission_id: PERMISSION.viewer,
      department_ids: [kodomo],
    };
    const escalate = await create({ ...body, permission_id: PERMISSION.administrator });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().errors[0]).toMatchObject({ code: 'forbidden', field: 'permission_id' });
    const widen = await create({ ...body, department_ids: [kodomo, shimin] });
    expect(widen.statusCode).toBe(403);
    expect(widen.json().errors[0].field).toBe('department_ids');
    const other = await create({ ...body, email: 'someone.else@demo.example.jp' });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].field).toBe('email');
    // Nothing was created and the invitation still works.
    const count = await t.database.executeSql(
      'select count(*)::int as n from staff_accounts where email = $1',
      [email],
    );
    expect(Number(count.rows[0]!.n)).toBe(0);
    const ok = await create({ ...body, email: email.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ email, permission_id: PERMISSION.viewer });
  });

  it('validates the account form: kana names, password policy, required fields', async () => {
    const email = 'form.check@demo.example.jp';
    const token = await invited(email, PERMISSION.clerk, [shimin]);
    const body = {
      token,
      ...names,
      email,
      password: PASSWORD,
      permission_id: PERMISSION.clerk,
      department_ids: [shimin],
    };
    const fieldsOf = async (payload: Record<string, unknown>) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      return res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort();
    };
    expect(await fieldsOf({ ...body, last_name_kana: 'さとう', first_name_kana: 'Hanako' })).toEqual([
      'first_name_kana',
      'last_name_kana',
    ]);
    expect(await fieldsOf({ ...body, password: 'short1' })).toContain('password');
    expect(await fieldsOf({ ...body, password: 'onlyletterspassword' })).toEqual(['password']);
    expect(await fieldsOf({ ...body, last_name: ' ', department_ids: [] })).toEqual([
      'department_ids',
      'last_name',
    ]);
    expect(await fieldsOf({ ...body, token: 'x'.repeat(43) })).toEqual(['token']);
    expect((await create({ ...body })).statusCode).toBe(201);
  });

  it('refuses invitations to unknown permissions, other municipalities’ departments, existing accounts and bad addresses', async () => {
    const unknownPermission = await invite('a@demo.example.jp', 99, [shimin]);
    expect(unknownPermission.statusCode).toBe(400);
    expect(unknownPermission.json().errors[0].field).toBe('permission_id');
    const foreign = await invite('a@demo.example.jp', PERMISSION.clerk, [shimin, kenko]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ code: 'validation_failed', field: 'department_ids' });
    const existing = await invite(demoStaff.clerkKodomo.toUpperCase(), PERMISSION.clerk, [kodomo]);
    expect(existing.statusCode).toBe(409);
    expect(existing.json().errors[0].code).toBe('conflict');
    const bad = await invite('not-an-address', PERMISSION.clerk, []);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['department_ids', 'email']);
    expect(await mailsTo(t, 'a@demo.example.jp')).toEqual([]);
  });

  it('refuses unknown, expired, replaced and other municipalities’ invitations', async () => {
    expect((await show('x'.repeat(43))).statusCode).toBe(400);

    const email = 'late@demo.example.jp';
    const first = await invited(email, PERMISSION.viewer, [shimin]);
    const second = await invited(email, PERMISSION.viewer, [shimin]);
    expect((await show(first)).statusCode).toBe(400);
    expect((await show(second)).statusCode).toBe(200);

    now += 7 * 24 * 3600_000 + 1000;
    admin = await signedIn(t, demoStaff.adminShimin); // the earlier session has expired too
    expect((await show(second)).statusCode).toBe(404);
    const expired = await create({
      token: second,
      ...names,
      email,
      password: PASSWORD,
      permission_id: PERMISSION.viewer,
      department_ids: [shimin],
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].field).toBe('token');

    const kenkoAdmin = await signedIn(t, demoStaff.adminKenko, undefined, '999998');
    const there = await kenkoAdmin.request('POST', '/api/municipalities/999998/accounts/invitation/', {
      email: 'sample@sample.example.jp',
      permission_id: PERMISSION.clerk,
      department_ids: [kenko],
    });
    expect(there.statusCode, there.body).toBe(201);
    const token = linkToken((await mailsTo(t, 'sample@sample.example.jp'))[0]!.body, '/staff/accounts/new');
    expect((await show(token)).statusCode).toBe(400);
    const thereShown = await show(token, '999998');
    expect(thereShown.statusCode).toBe(200);
  });

  it('answers 409 when the address got an account after the invitation was sent', async () => {
    const email = 'raced@demo.example.jp';
    const token = await invited(email, PERMISSION.clerk, [shimin]);
    await t.database.executeSql(
      `insert into staff_accounts (municipality_id, email, password_hash, last_name, first_name, last_name_kana, first_name_kana, permission_id)
       select id, $1, 'x', '先', '客', 'サキ', 'キャク', 3 from municipalities where code = '999999'`,
      [email.toUpperCase()],
    );
    const res = await create({
      token,
      ...names,
      email,
      password: PASSWORD,
      permission_id: PERMISSION.clerk,
      department_ids: [shimin],
    });
    expect(res.statusCode).toBe(409);
    // The invitation was not used up by the refused call.
    expect((await show(token)).statusCode).toBe(200);
  });

  it('lets only administrators invite: clerks and viewers 403, no session 401', async () => {
    for (const email of [demoStaff.clerkShimin, demoStaff.viewerShimin]) {
      const client = await signedIn(t, email);
      const res = await invite('x@demo.example.jp', PERMISSION.viewer, [shimin], client);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('forbidden');
    }
    const anonymous = await invite('x@demo.example.jp', PERMISSION.viewer, [shimin], await browser(t.app));
    expect(anonymous.statusCode).toBe(401);
    expect(await mailsTo(t, 'x@demo.example.jp')).toEqual([]);
  });
});
