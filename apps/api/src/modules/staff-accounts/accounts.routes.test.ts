import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  accountId,
  auditRows,
  departmentId,
  demoStaff,
  M,
  PERMISSION,
  signedIn,
  type Client,
} from './staff-accounts.testing.js';

describe.each(databaseKinds)('staff accounts on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  let shimin: number;
  let kodomo: number;
  let kenko: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signedIn(t, demoStaff.adminShimin);
    shimin = await departmentId(t, 'shimin');
    kodomo = await departmentId(t, 'kodomo');
    kenko = await departmentId(t, 'kenko', '999998');
  });
  afterAll(() => t.close());

  const update = (id: string, body: Record<string, unknown>, client = admin) =>
    client.request('PUT', `${M}/accounts/${id}/`, body);
  const remove = (ids: string[], client = admin) =>
    client.request('DELETE', `${M}/accounts/?target_user_ids=${ids.join(',')}`);

  const namesOf = {
    last_name: '鈴木',
    first_name: '一郎',
    last_name_kana: 'スズキ',
    first_name_kana: 'イチロウ',
  };

  it('lists the municipality’s accounts with the permissions and departments to choose from', async () => {
    const res = await admin.request('GET', `${M}/accounts/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.page).toEqual({ page: 1, page_size: 10, total: 6 });
    expect(body.accounts.map((a: { email: string }) => a.email).sort()).toEqual(
      [
        demoStaff.adminShimin,
        demoStaff.clerkShimin,
        demoStaff.viewerShimin,
        demoStaff.adminKodomo,
        demoStaff.clerkKodomo,
        demoStaff.viewerKodomo,
      ].sort(),
    );
    expect(body.permissions).toEqual([
      { id: 1, code: 'administrator', name: '管理者' },
      { id: 2, code: 'clerk', name: '担当者' },
      { id: 3, code: 'viewer', name: '閲覧者' },
    ]);
    expect(body.departments.map((d: { code: string }) => d.code)).toEqual(['shimin', 'kodomo']);
    const clerk = body.accounts.find((a: { email: string }) => a.email === demoStaff.clerkShimin);
    expect(clerk).toMatchObject({ permission_id: PERMISSION.clerk, department_ids: [shimin] });
    expect(Object.keys(clerk).sort()).toEqual(
      [
        'created_at',
        'department_ids',
        'email',
        'first_name',
        'first_name_kana',
        'id',
        'last_login_at',
        'last_name',
        'last_name_kana',
        'permission_id',
      ].sort(),
    );
    // Ordered by reading.
    const kana = body.accounts.map((a: { last_name_kana: string; first_name_kana: string }) =>
      [a.last_name_kana, a.first_name_kana].join(' '),
    );
    expect(kana).toEqual([...kana].sort());
    // The signed-in administrator's last sign-in is shown.
    const me = body.accounts.find((a: { email: string }) => a.email === demoStaff.adminShimin);
    expect(me.last_login_at).not.toBeNull();
  });

  it('pages the list (sizes and all) and refuses a bad page size', async () => {
    const first = (await admin.request('GET', `${M}/accounts/?page_size=4`)).json();
    const second = (await admin.request('GET', `${M}/accounts/?page_size=4&page=2`)).json();
    expect(first.accounts).toHaveLength(4);
    expect(second.accounts).toHaveLength(2);
    expect(second.page).toEqual({ page: 2, page_size: 4, total: 6 });
    const ids = [...first.accounts, ...second.accounts].map((a: { id: string }) => a.id);
    expect(new Set(ids).size).toBe(6);
    const all = (await admin.request('GET', `${M}/accounts/?page_size=all`)).json();
    expect(all.accounts).toHaveLength(6);
    expect(all.page).toEqual({ page: 1, page_size: 'all', total: 6 });
    const bad = await admin.request('GET', `${M}/accounts/?page_size=101`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('page_size');
  });

  it('updates names, permission and departments; the change applies to the open session at once', async () => {
    const clerk = await signedIn(t, demoStaff.clerkKodomo);
    const id = await accountId(t, demoStaff.clerkKodomo);
    const res = await update(id, {
      ...namesOf,
      permission_id: PERMISSION.viewer,
      department_ids: [kodomo, shimin],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      ...namesOf,
      email: demoStaff.clerkKodomo,
      permission_id: PERMISSION.viewer,
      department_ids: [shimin, kodomo].sort((a, b) => a - b),
    });
    expect((await clerk.request('GET', `${M}/login/status/`)).json().user).toMatchObject({
      name: '鈴木 一郎',
      permission: 'viewer',
    });
    const entry = (await auditRows(t, 'account.update')).at(-1)!;
    expect(entry).toMatchObject({ target_type: 'staff_account', target_id: id });
    expect(entry.detail).toMatchObject({
      email: demoStaff.clerkKodomo,
      changes: { permission: { from: 'clerk', to: 'viewer' }, lastName: { to: '鈴木' } },
    });
  });

  it('refuses bad updates: unknown permission, another municipality’s department, kana, unknown and foreign ids', async () => {
    const id = await accountId(t, demoStaff.viewerShimin);
    const base = { ...namesOf, permission_id: PERMISSION.viewer, department_ids: [shimin] };
    const permission = await update(id, { ...base, permission_id: 42 });
    expect(permission.statusCode).toBe(400);
    expect(permission.json().errors[0].field).toBe('permission_id');
    const foreign = await update(id, { ...base, department_ids: [kenko] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].field).toBe('department_ids');
    const kana = await update(id, { ...base, last_name_kana: 'suzuki' });
    expect(kana.statusCode).toBe(400);
    expect(kana.json().errors[0].field).toBe('last_name_kana');
    const none = await update(id, { ...base, department_ids: [] });
    expect(none.statusCode).toBe(400);
    expect((await update('00000000-0000-4000-8000-000000000000', base)).statusCode).toBe(404);
    expect((await update('not-a-uuid', base)).statusCode).toBe(400);
    const kenkoAdmin = await accountId(t, demoStaff.adminKenko);
    const cross = await update(kenkoAdmin, { ...base, permission_id: PERMISSION.viewer });
    expect(cross.statusCode).toBe(404);
    const still = await t.database.executeSql('select permission_id from staff_accounts where id = $1', [
      kenkoAdmin,
    ]);
    expect(Number(still.rows[0]!.permission_id)).toBe(PERMISSION.administrator);
  });

  it('never removes the last administrator’s administrator permission (409)', async () => {
    const me = await accountId(t, demoStaff.adminShimin);
    const other = await accountId(t, demoStaff.adminKodomo);
    const asAdmin = { ...namesOf, permission_id: PERMISSION.administrator, department_ids: [kodomo] };
    const demoted = await update(other, { ...asAdmin, permission_id: PERMISSION.clerk });
    expect(demoted.statusCode).toBe(200);
    const last = await update(me, { ...asAdmin, permission_id: PERMISSION.viewer, department_ids: [shimin] });
    expect(last.statusCode).toBe(409);
    expect(last.json().errors[0].code).toBe('conflict');
    // Keeping the permission (a name change) is fine; and there are two again afterwards.
    expect((await update(me, { ...asAdmin, department_ids: [shimin] })).statusCode).toBe(200);
    expect((await update(other, asAdmin)).statusCode).toBe(200);
    // Two administrators demoting each other at the same time: one of them stays.
    const otherAdmin = await signedIn(t, demoStaff.adminKodomo);
    const both = await Promise.all([
      update(other, { ...asAdmin, permission_id: PERMISSION.clerk }),
      update(me, { ...asAdmin, permission_id: PERMISSION.clerk }, otherAdmin),
    ]);
    // The other is refused by the lock (409), or by the policy when it comes after the first one's commit (403).
    const [winner, loser] = both[0]!.statusCode === 200 ? [both[0]!, both[1]!] : [both[1]!, both[0]!];
    expect(winner.statusCode).toBe(200);
    expect([403, 409]).toContain(loser.statusCode);
    const admins = await t.database.executeSql(
      `select count(*)::int as n from staff_accounts a join municipalities m on m.id = a.municipality_id
       where m.code = '999999' and a.permission_id = 1`,
    );
    expect(Number(admins.rows[0]!.n)).toBe(1);
    // Restore both administrators for the following tests.
    const survivor = both[0]!.statusCode === 200 ? admin : otherAdmin;
    const demotedId = both[0]!.statusCode === 200 ? other : me;
    expect((await update(demotedId, asAdmin, survivor)).statusCode).toBe(200);
  });

  it('deletes accounts, ends their sessions and records each; never oneself, nothing when an id is unknown', async () => {
    const viewer = await signedIn(t, demoStaff.viewerShimin);
    const clerk = await signedIn(t, demoStaff.clerkShimin);
    const viewerId = await accountId(t, demoStaff.viewerShimin);
    const clerkId = await accountId(t, demoStaff.clerkShimin);
    const me = await accountId(t, demoStaff.adminShimin);

    const self = await remove([viewerId, me]);
    expect(self.statusCode).toBe(409);
    const unknown = await remove([viewerId, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(404);
    const foreign = await remove([viewerId, await accountId(t, demoStaff.adminKenko)]);
    expect(foreign.statusCode).toBe(404);
    expect((await viewer.request('GET', `${M}/login/status/`)).json().is_logged_in).toBe(true);

    const done = await remove([viewerId, clerkId, viewerId]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    for (const client of [viewer, clerk]) {
      expect((await client.request('GET', `${M}/login/status/`)).json().is_logged_in).toBe(false);
    }
    const left = await t.database.executeSql(
      'select count(*)::int as n from sessions where subject_id in ($1, $2)',
      [viewerId, clerkId],
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    const list = (await admin.request('GET', `${M}/accounts/`)).json();
    expect(list.page.total).toBe(4);
    const entries = await auditRows(t, 'account.delete');
    expect(entries.map((e) => e.target_id).sort()).toEqual([viewerId, clerkId].sort());
    expect(entries.find((e) => e.target_id === viewerId)!.detail).toMatchObject({
      email: demoStaff.viewerShimin,
      permission: 'viewer',
    });
    // Deleted accounts are gone: a second delete is 404, and the address can be invited again.
    expect((await remove([viewerId])).statusCode).toBe(404);
    const again = await admin.request('POST', `${M}/accounts/invitation/`, {
      email: demoStaff.viewerShimin,
      permission_id: PERMISSION.viewer,
      department_ids: [shimin],
    });
    expect(again.statusCode).toBe(201);
  });

  it('deletes an administrator who invited someone (the invitation keeps working)', async () => {
    const other = await signedIn(t, demoStaff.adminKodomo);
    const invited = await other.request('POST', `${M}/accounts/invitation/`, {
      email: 'invited.by.kodomo@demo.example.jp',
      permission_id: PERMISSION.viewer,
      department_ids: [kodomo],
    });
    expect(invited.statusCode).toBe(201);
    const res = await remove([await accountId(t, demoStaff.adminKodomo)]);
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.database.executeSql('select invited_by from invitations where email = $1', [
      'invited.by.kodomo@demo.example.jp',
    ]);
    expect(row.rows[0]!.invited_by).toBeNull();
    // Now the only administrator left cannot be demoted.
    const me = await accountId(t, demoStaff.adminShimin);
    const last = await update(me, { ...namesOf, permission_id: PERMISSION.clerk, department_ids: [shimin] });
    expect(last.statusCode).toBe(409);
  });

  it('refuses bad target lists', async () => {
    for (const query of ['', 'target_user_ids=', 'target_user_ids=abc', 'other=1']) {
      const res = await admin.request('DELETE', `${M}/accounts/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].code).toBe('validation_failed');
    }
  });
});

describe.each(databaseKinds)('who may manage accounts and read the audit log on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const someId = '00000000-0000-4000-8000-000000000000';
  const guarded = (shimin: number) =>
    [
      ['GET', `${M}/accounts/`, undefined],
      [
        'PUT',
        `${M}/accounts/${someId}/`,
        {
          last_name: '山田',
          first_name: '一',
          last_name_kana: 'ヤマダ',
          first_name_kana: 'ハジメ',
          permission_id: 1,
          department_ids: [shimin],
        },
      ],
      ['DELETE', `${M}/accounts/?target_user_ids=${someId}`, undefined],
      [
        'POST',
        `${M}/accounts/invitation/`,
        { email: 'x@demo.example.jp', permission_id: 1, department_ids: [shimin] },
      ],
      ['GET', `${M}/audit-log/`, undefined],
    ] as const;

  it('refuses clerks and viewers of every department (403) and changes nothing', async () => {
    const shimin = await departmentId(t, 'shimin');
    const before = await t.database.executeSql(
      'select (select count(*) from staff_accounts) + (select count(*) from invitations) as n',
    );
    for (const email of [
      demoStaff.clerkShimin,
      demoStaff.viewerShimin,
      demoStaff.clerkKodomo,
      demoStaff.viewerKodomo,
    ]) {
      const client = await signedIn(t, email);
      for (const [method, url, body] of guarded(shimin)) {
        const res = await client.request(method, url, body);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
        expect(res.json().errors[0].code).toBe('forbidden');
      }
    }
    const after = await t.database.executeSql(
      'select (select count(*) from staff_accounts) + (select count(*) from invitations) as n',
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('requires a session (401) and refuses another municipality’s session (403)', async () => {
    const shimin = await departmentId(t, 'shimin');
    const anonymous = await browser(t.app);
    for (const [method, url, body] of guarded(shimin)) {
      const res = await anonymous.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const kenko = await signedIn(t, demoStaff.adminKenko, undefined, '999998');
    for (const [method, url, body] of guarded(shimin)) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-region-code': '999999', 'x-csrf-token': kenko.token, cookie: kenko.jar.header() },
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets administrators of either department in', async () => {
    const shimin = await departmentId(t, 'shimin');
    for (const email of [demoStaff.adminShimin, demoStaff.adminKodomo]) {
      const client = await signedIn(t, email);
      for (const [method, url, body] of guarded(shimin)) {
        const res = await client.request(method, url, body);
        // The id is unknown (404) and the invited address is new (201); reads answer 200.
        expect([200, 201, 404], `${email} ${method} ${url}: ${res.body}`).toContain(res.statusCode);
      }
    }
  });
});
