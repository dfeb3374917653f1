import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '@portal/demo';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { submittedDocuments } from '../documents/documents.fixtures.js';
import { accountId, demoStaff, M, signedIn, type Client } from './staff-accounts.testing.js';

interface Entry {
  id: number;
  at: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  detail: Record<string, unknown> | null;
}

const nameOf = (email: string) => {
  const s = demoData.municipalities.flatMap((m) => m.staff).find((x) => x.email === email)!;
  return `${s.last_name} ${s.first_name}`;
};

/** The Japanese calendar day of an instant, moved by some days. */
const jstDay = (iso: string, days = 0) =>
  new Date(Date.parse(iso) + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds)('audit log view on %s', (kind) => {
  let t: TestApp;
  let admin: Client;
  let clerkId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Some history: a failed and a good sign-in of a clerk, a sign-out, an administrator's update.
    const clerk = await browser(t.app);
    await clerk.request('POST', `${M}/login/`, {
      login_id: demoStaff.clerkShimin,
      password: 'wrong-password',
    });
    await clerk.request('POST', `${M}/login/`, {
      login_id: 'nobody@demo.example.jp',
      password: 'wrong-password',
    });
    await clerk.request('POST', `${M}/login/`, {
      login_id: demoStaff.clerkShimin,
      password: 'demo-Password-2026',
    });
    await clerk.request('POST', `${M}/logout/`);
    await signedIn(t, demoStaff.adminKenko, undefined, '999998');
    admin = await signedIn(t, demoStaff.adminShimin);
    clerkId = await accountId(t, demoStaff.clerkShimin);
  });
  afterAll(() => t.close());

  const read = async (query = '') => {
    const res = await admin.request('GET', `${M}/audit-log/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      entries: Entry[];
      page: { page: number; page_size: number | 'all'; total: number };
    };
  };

  it('records staff sign-in, its failures and sign-out with who, when and from where', async () => {
    const { entries } = await read('?page_size=all');
    const actions = entries.map((e) => e.action);
    expect(actions.slice(0, 5)).toEqual([
      'sign_in.success',
      'sign_out',
      'sign_in.success',
      'sign_in.failure',
      'sign_in.failure',
    ]);
    const [adminIn, out, clerkIn, unknownFailure, clerkFailure] = entries;
    expect(adminIn).toMatchObject({
      actor_kind: 'staff',
      actor_id: await accountId(t, demoStaff.adminShimin),
      actor_name: nameOf(demoStaff.adminShimin),
      target_type: 'staff_account',
    });
    expect(out).toMatchObject({ actor_id: clerkId, target_id: clerkId });
    expect(clerkIn).toMatchObject({ actor_id: clerkId, actor_name: nameOf(demoStaff.clerkShimin) });
    expect(unknownFailure).toMatchObject({
      actor_id: null,
      actor_name: null,
      target_id: null,
      detail: { login_id: 'nobody@demo.example.jp', reason: 'unauthenticated' },
    });
    expect(clerkFailure).toMatchObject({
      actor_id: null,
      target_id: clerkId,
      detail: { login_id: demoStaff.clerkShimin, reason: 'unauthenticated' },
    });
    // Newest first, and nothing of サンプル町.
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    const kenko = await accountId(t, demoStaff.adminKenko);
    expect(entries.some((e) => e.actor_id === kenko || e.target_id === kenko)).toBe(false);
  });

  it('filters by action, actor, target and Japanese calendar days, and pages', async () => {
    const failures = await read('?action=sign_in.failure');
    expect(failures.entries.map((e) => e.action)).toEqual(['sign_in.failure', 'sign_in.failure']);
    expect(failures.page).toEqual({ page: 1, page_size: 10, total: 2 });

    const byClerk = await read(`?actor_id=${clerkId}`);
    expect(byClerk.entries.map((e) => e.action)).toEqual(['sign_out', 'sign_in.success']);
    const aboutClerk = await read(`?target_id=${clerkId}`);
    expect(aboutClerk.entries.map((e) => e.action)).toEqual([
      'sign_out',
      'sign_in.success',
      'sign_in.failure',
    ]);

    const all = await read('?page_size=all');
    const day = jstDay(all.entries[0]!.at);
    expect((await read(`?from=${day}&to=${day}`)).page.total).toBe(all.page.total);
    expect((await read(`?from=${jstDay(all.entries[0]!.at, 1)}`)).page.total).toBe(0);
    expect((await read(`?to=${jstDay(all.entries.at(-1)!.at, -1)}`)).page.total).toBe(0);

    const first = await read('?page_size=2');
    const second = await read('?page_size=2&page=2');
    expect(first.entries).toHaveLength(2);
    expect(second.page).toEqual({ page: 2, page_size: 2, total: all.page.total });
    expect(second.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
  });

  it('names a document by its reference number, linked by its id, and a staff account by its name', async () => {
    const { documents } = await submittedDocuments(t, mkdtempSync(join(tmpdir(), 'portal-audit-')), {
      procedureCodes: ['birth_notification'],
    });
    const id = documents.birth_notification!;
    const detail = await admin.request('GET', `${M}/documents/${id}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    const { entries } = await read(`?target_id=${id}&action=document.read`);
    expect(entries[0]).toMatchObject({
      target_type: 'document',
      target_id: id,
      target_label: (detail.json() as { reference_number: string }).reference_number,
    });
    // A staff account is named by the staff member's name.
    const accounts = await read(`?target_id=${clerkId}`);
    expect(accounts.entries.map((e) => e.target_label)).toEqual(
      accounts.entries.map(() => nameOf(demoStaff.clerkShimin)),
    );
  });

  it('shows account changes and refuses bad filters', async () => {
    const id = await accountId(t, demoStaff.viewerKodomo);
    const res = await admin.request('PUT', `${M}/accounts/${id}/`, {
      last_name: '伊藤',
      first_name: '健',
      last_name_kana: 'イトウ',
      first_name_kana: 'ケン',
      permission_id: 3,
      department_ids: [
        Number((await t.database.executeSql("select id from departments where code = 'kodomo'")).rows[0]!.id),
      ],
    });
    expect(res.statusCode).toBe(200);
    const { entries } = await read(`?target_id=${id}&action=account.update`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: await accountId(t, demoStaff.adminShimin),
      target_type: 'staff_account',
      detail: { changes: { lastName: { to: '伊藤' } } },
    });
    expect(entries[0]!.actor_name).toBe(nameOf(demoStaff.adminShimin));

    for (const query of [
      '?from=2026-13-01',
      '?to=tomorrow',
      '?actor_id=not-a-uuid',
      '?page=0',
      '?page_size=1000',
    ]) {
      const bad = await admin.request('GET', `${M}/audit-log/${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().errors[0].code).toBe('validation_failed');
    }
  });
});
