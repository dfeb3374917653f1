import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTS, AUDIT_DETAIL_KEYS, type AuditDetailItem, type AuditTarget } from '@portal/contracts';
import { demoData } from '@portal/demo';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { seedDocument, staffClient, type StaffClient } from '../staff-jobs/staff-jobs.fixtures.js';

/**
 * The audit log in words (issue 32): each entry's target named as staff know it (a reference number, a
 * staff member's name, an export's procedure group, a deletion's reference numbers), its detail as keyed
 * facts with references resolved to names, and no id or internal code among what the screen shows.
 */
const M = '/api/municipalities/999999';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const demo = demoData.municipalities.find((m) => m.code === '999999')!;
const group = demo.procedure_groups[0]!;
const procedureName = (code: string) => group.disclosure.procedures.find((p) => p.code === code)!.name;
const itemName = (code: string) => demoData.standard_items.find((i) => i.code === code)!.name;
const staffName = (email: string) => {
  const s = demo.staff.find((x) => x.email === email)!;
  return `${s.last_name} ${s.first_name}`;
};
const ADMIN = 'admin.shimin@demo.example.jp';
const CLERK = 'clerk.shimin@demo.example.jp';

interface Entry {
  id: number;
  action: string;
  actor_name: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  target: AuditTarget | null;
  detail: Record<string, unknown> | null;
  detail_items: AuditDetailItem[];
  change: { kind: string } | null;
}

describe.each(databaseKinds)('the audit log in words on %s', (kind) => {
  let t: TestApp;
  let storageRoot: string;
  let admin: StaffClient;
  let birth: { documentId: string; applicationId: string; reference: string };
  let allowance: { documentId: string; applicationId: string; reference: string };
  let exportJob: string;
  let deletionJob: string;
  let clerkId: string;
  const sql = (text: string, values: unknown[] = []) => t.database.executeSql(text, values);
  const staffId = async (email: string) =>
    String((await sql('select id from staff_accounts where email = $1', [email])).rows[0]!.id);
  const version = async (documentId: string) =>
    String((await sql('select version from documents where id = $1', [documentId])).rows[0]!.version);

  beforeAll(async () => {
    storageRoot = mkdtempSync(join(tmpdir(), 'audit-words-'));
    t = await createTestApp(kind, { storageDir: storageRoot });
    birth = await seedDocument(t, {
      storageRoot,
      procedureCode: 'birth_notification',
      reference: '2026-000004',
      receivedAt: new Date('2026-03-10T10:00:00+09:00'),
    });
    allowance = await seedDocument(t, {
      storageRoot,
      procedureCode: 'child_allowance',
      reference: '2026-000005',
      receivedAt: new Date('2026-03-11T10:00:00+09:00'),
    });
    admin = await staffClient(t.app, ADMIN);
    clerkId = await staffId(CLERK);

    // A session with several kinds of acts: a read, a status change, a workflow step, an export, a
    // deletion requested and cancelled, an account's departments changed.
    expect((await admin.request('GET', `${M}/documents/${birth.documentId}/`)).statusCode).toBe(200);
    const moved = await admin.request(
      'PUT',
      `${M}/documents/${birth.documentId}/status/`,
      { status: 'in_progress' },
      { 'if-match': `"${await version(birth.documentId)}"` },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const step = String(
      (await sql('select id from workflow_details where document_id = $1', [allowance.documentId])).rows[0]!
        .id,
    );
    const started = await admin.request(
      'PUT',
      `${M}/workflow-details/${step}/status/`,
      { status: 'in_progress', user_id: await staffId('clerk.kodomo@demo.example.jp') },
      { 'if-match': `"${await version(allowance.documentId)}"` },
    );
    expect(started.statusCode, started.body).toBe(200);
    const exported = await admin.request('POST', `${M}/export/${group.id}/`, {
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      procedure_codes: ['birth_notification', 'child_allowance'],
      encoding: 'shift_jis',
    });
    expect(exported.statusCode, exported.body).toBe(202);
    exportJob = exported.json().id as string;
    const deletion = await admin.request('POST', `${M}/documents-delete/`, {
      document_ids: [birth.documentId, allowance.documentId],
    });
    expect(deletion.statusCode, deletion.body).toBe(202);
    deletionJob = deletion.json().id as string;
    const cancelled = await admin.request(
      'DELETE',
      `${M}/documents-delete/?documents_delete_id=${deletionJob}`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const kodomo = Number((await sql(`select id from departments where code = 'kodomo'`)).rows[0]!.id);
    const shimin = Number((await sql(`select id from departments where code = 'shimin'`)).rows[0]!.id);
    const account = await admin.request('PUT', `${M}/accounts/${clerkId}/`, {
      last_name: '佐藤',
      first_name: '花子',
      last_name_kana: 'サトウ',
      first_name_kana: 'ハナコ',
      permission_id: 2,
      department_ids: [shimin, kodomo],
    });
    expect(account.statusCode, account.body).toBe(200);

    // Acts whose calls need signatures, attachments or renderings, stored as their services store them.
    const m = Number((await sql(`select id from municipalities where code = '999999'`)).rows[0]!.id);
    const adminId = String(
      (await sql('select id from staff_accounts where email = $1', [ADMIN])).rows[0]!.id,
    );
    const act = (action: string, targetType: string, targetId: string, detail: object) =>
      sql(
        `insert into audit_log (municipality_id, actor_kind, actor_id, action, target_type, target_id, detail)
         values ($1, 'staff', $2, $3, $4, $5, $6::jsonb)`,
        [m, adminId, action, targetType, targetId, JSON.stringify(detail)],
      );
    await act('signature.zip.download', 'document', allowance.documentId, { is_valid: true });
    await act('render.report.start', 'document', birth.documentId, {
      job_id: exportJob,
      report_id: 1,
      report_name: '出生届（写し）',
    });
    await act('document.update', 'document', birth.documentId, {
      codes: ['child_last_name', 'child_first_name'],
    });
    await act('document.attachment.read', 'document', birth.documentId, {
      attachment_id: exportJob,
      standard_item_code: 'attach_birth_certificate',
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  const read = async (query = '?page_size=all') => {
    const res = await admin.request('GET', `${M}/audit-log/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { entries: Entry[] }).entries;
  };
  const one = async (action: string) => {
    const found = (await read()).filter((e) => e.action === action);
    expect(found.length, action).toBeGreaterThan(0);
    return found[0]!;
  };
  const item = (entry: Entry, key: string) => entry.detail_items.find((i) => i.key === key);

  it('names documents by their reference numbers and staff accounts by their names', async () => {
    const read = await one('document.read');
    expect(read.target).toEqual({ kind: 'document', name: '2026-000004', period: null });
    expect(read.target_label).toBe('2026-000004');
    expect(read.target_id).toBe(birth.documentId);
    expect(read.actor_name).toBe(staffName(ADMIN));

    // The birth notification's own status move (the allowance's followed its first step, decision 0039).
    const entries = await (await admin.request('GET', `${M}/audit-log/?page_size=all`)).json();
    const status = (entries as { entries: Entry[] }).entries.find(
      (e) => e.action === 'document.status' && e.target_id === birth.documentId,
    )!;
    expect(status.target?.name).toBe('2026-000004');
    expect(status.change).toMatchObject({ kind: 'status', from: 'received', to: 'in_progress' });
    expect(status.detail_items).toEqual([]);

    const workflow = await one('workflow.status');
    expect(workflow.target?.name).toBe('2026-000005');
    // The step's ids stay in the stored detail; the screen words the typed change.
    expect(workflow.change).toMatchObject({
      kind: 'workflow',
      name: '受付',
      assignee_name: expect.any(String),
    });
    expect(workflow.detail_items).toEqual([]);

    const account = await one('account.update');
    expect(account.target).toEqual({ kind: 'staff_account', name: '佐藤 花子', period: null });
    expect(item(account, 'last_name')).toEqual({ key: 'last_name', from: expect.any(String), value: '佐藤' });
    const departments = item(account, 'departments')!;
    expect(departments.value).toEqual(
      expect.arrayContaining(
        demo.departments.filter((d) => ['shimin', 'kodomo'].includes(d.code)).map((d) => d.name),
      ),
    );

    const signIn = await one('sign_in.success');
    expect(signIn.target).toEqual({ kind: 'staff_account', name: staffName(ADMIN), period: null });
  });

  it('names an export by its procedure group and period, and words its detail', async () => {
    const start = await one('export.start');
    expect(start.target).toEqual({
      kind: 'export',
      name: group.name,
      period: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(start.target_id).toBe(exportJob);
    expect(start.detail_items).toEqual([
      { key: 'procedure_group', value: group.name },
      { key: 'procedures', value: [procedureName('birth_notification'), procedureName('child_allowance')] },
      { key: 'period', from: '2026-03-01', value: '2026-03-31' },
      { key: 'file_format', value: 'csv' },
      { key: 'encoding', value: 'shift_jis' },
    ]);
  });

  it('names a deletion by its documents, also once they are gone', async () => {
    const cancel = await one('documents.delete.cancel');
    expect(cancel.target).toEqual({
      kind: 'documents_delete',
      name: '2026-000004、2026-000005',
      period: null,
    });
    const request = await one('documents.delete.request');
    expect(request.detail_items).toEqual([
      { key: 'reference_numbers', value: ['2026-000004', '2026-000005'] },
      { key: 'delay_seconds', value: expect.any(Number) },
    ]);
    // A job of an older version (no reference numbers kept) still names documents that exist.
    await sql(`update jobs set params = params - 'referenceNumbers' where id = $1`, [deletionJob]);
    expect((await one('documents.delete.cancel')).target?.name).toBe('2026-000004、2026-000005');
  });

  it('words signatures, reports, edited items and attachments by name, without ids', async () => {
    expect((await one('signature.zip.download')).detail_items).toEqual([
      { key: 'signature_valid', value: true },
    ]);
    expect((await one('render.report.start')).detail_items).toEqual([
      { key: 'report', value: '出生届（写し）' },
    ]);
    expect((await one('document.update')).detail_items).toEqual([
      { key: 'items', value: [itemName('child_last_name'), itemName('child_first_name')] },
    ]);
    expect((await one('document.attachment.read')).detail_items).toEqual([
      { key: 'attachment', value: '出生証明書' },
    ]);
  });

  it('shows no id and no unknown key among what the screen reads, and every act is of the vocabulary', async () => {
    const entries = await read();
    expect(entries.length).toBeGreaterThan(10);
    for (const e of entries) {
      expect(AUDIT_ACTS as readonly string[], e.action).toContain(e.action);
      const shown = JSON.stringify([e.actor_name, e.target, e.target_label, e.detail_items]);
      expect(shown, e.action).not.toMatch(UUID);
      for (const i of e.detail_items) expect(AUDIT_DETAIL_KEYS as readonly string[]).toContain(i.key);
    }
  });

  it('finds a document by its reference number in the target filter', async () => {
    const byReference = await read('?page_size=all&target_id=2026-000005');
    const byId = await read(`?page_size=all&target_id=${allowance.documentId}`);
    expect(byReference.map((e) => e.id)).toEqual(byId.map((e) => e.id));
    expect(byReference.length).toBeGreaterThan(1);
    expect(await read('?target_id=2026-999999')).toEqual([]);
  });

  it('names a whole page in a fixed number of statements, however many entries it has', async () => {
    const statements = async (query: string) => {
      const before = t.database.statements();
      await read(query);
      return t.database.statements() - before;
    };
    const small = await statements('?page_size=10');
    const all = await statements('?page_size=all');
    expect(all).toBe(small);
  });

  it('words a disposal (decision 0052) by its rule, naming the procedure, with no id shown', async () => {
    const gone = '0b7a1c1e-3f5d-4a57-9e54-2f1a7f2c9d10';
    await sql(
      `insert into audit_log (municipality_id, actor_kind, action, target_type, target_id, detail)
       select id, 'system', 'document.dispose', 'document', $1, $2::jsonb from municipalities where code = '999999'`,
      [
        gone,
        JSON.stringify({
          document_id: gone,
          procedure_code: 'birth_notification',
          retention_years: 5,
          retention_source: 'default',
          finished_at: '2026-04-01T00:00:00.000Z',
          disposed_at: '2031-04-02T18:30:00.000Z',
        }),
      ],
    );
    const disposal = await one('document.dispose');
    expect(disposal.actor_name).toBeNull();
    expect(disposal.target).toEqual({ kind: 'document', name: null, period: null });
    expect(disposal.detail_items).toEqual([
      { key: 'procedures', value: [procedureName('birth_notification')] },
      { key: 'retention_years', value: 5 },
      { key: 'retention_source', value: 'default' },
      { key: 'finished_at', value: '2026-04-01T00:00:00.000Z' },
    ]);
  });
});
