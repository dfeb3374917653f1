import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentList } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  M,
  PNG,
  auditOf,
  currentIfMatch,
  stepIfMatch,
  signInAll,
  submittedDocuments,
  type StaffClient,
  type StaffName,
} from './documents.fixtures.js';

const doc = (id: string) => `${M}/documents/${id}/`;
const step = (id: string) => `${M}/workflow-details/${id}/status/`;
const fieldsOf = (body: { errors: { field?: string }[] }) => body.errors.map((e) => e.field);

describe.each(databaseKinds)('staff documents API on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let staff: Record<StaffName, StaffClient>;
  let departments: Record<string, number>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-documents-'));
    t = await createTestApp(kind, { storageDir: dir });
    staff = await signInAll(t);
    const rows = await t.database.executeSql(
      "select d.code, d.id from departments d join municipalities m on m.id = d.municipality_id where m.code = '999999'",
    );
    departments = Object.fromEntries(rows.rows.map((r) => [String(r.code), Number(r.id)]));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (who: StaffName, url: string) => staff[who].request('GET', url);
  // Each write names the version its document has now, as a screen that has just read it (decision 0034).
  const versionFor = async (url: string) => {
    const document = /\/documents\/([0-9a-f-]{36})\//.exec(url)?.[1];
    const step = /\/workflow-details\/([0-9a-f-]{36})\//.exec(url)?.[1];
    return document ? currentIfMatch(t, document) : step ? stepIfMatch(t, step) : {};
  };
  const put = async (who: StaffName, url: string, body: unknown) =>
    staff[who].request('PUT', url, body, await versionFor(url));
  const status = async (who: StaffName, id: string, body: unknown) => put(who, `${doc(id)}status/`, body);

  describe('GET documents/', () => {
    // Received in 2031 so no other test's documents fall in the range. 15:30 UTC on 31 March is 1 April in Japan.
    let takahashi: Awaited<ReturnType<typeof submittedDocuments>>;
    let hanako: Awaited<ReturnType<typeof submittedDocuments>>;
    const range = 'received_from=2031-01-01&received_to=2031-12-31';
    beforeAll(async () => {
      takahashi = await submittedDocuments(t, dir, {
        procedureCodes: ['child_allowance'],
        applicantName: { name: '髙橋 誠一', kana: 'タカハシ セイイチ' },
        at: new Date('2031-03-31T15:30:00Z'),
      });
      hanako = await submittedDocuments(t, dir, {
        procedureCodes: ['birth_notification', 'child_medical_subsidy'],
        applicantName: { name: '山田 花子', kana: 'ヤマダ ハナコ' },
        at: new Date('2031-04-02T03:00:00Z'),
      });
    });
    const list = async (who: StaffName, query: string) => {
      const res = await get(who, `${M}/documents/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return DocumentList.parse(res.json());
    };

    it('lists within the department scope, filtered in SQL, with the total', async () => {
      const admin = await list('adminKodomo', `${range}&sort=-reference_number`);
      expect(admin.page).toEqual({ page: 1, page_size: 10, total: 3 });
      expect(admin.documents.map((d) => d.reference_number)).toEqual([
        '2031-000003',
        '2031-000002',
        '2031-000001',
      ]);
      expect(admin.documents[0]).toMatchObject({
        id: hanako.documents.child_medical_subsidy,
        application_id: hanako.applicationId,
        procedure_code: 'child_medical_subsidy',
        procedure_name: '子ども医療費助成 受給資格の申請',
        applicant_name: '山田 花子',
        status: 'received',
        department_id: departments.kodomo,
        received_at: '2031-04-02T03:00:00.000Z',
      });
      expect((await list('clerkKodomo', range)).documents.map((d) => d.procedure_code).sort()).toEqual([
        'child_allowance',
        'child_medical_subsidy',
      ]);
      expect((await list('viewerShimin', range)).documents.map((d) => d.id)).toEqual([
        hanako.documents.birth_notification,
      ]);
      // A department filter never widens the scope.
      expect((await list('clerkShimin', `${range}&department_id=${departments.kodomo}`)).page.total).toBe(0);
      expect((await list('adminShimin', `${range}&department_id=${departments.kodomo}`)).page.total).toBe(2);
    });

    it('filters by Japan dates, status, procedure and text (name, kana, reference prefix)', async () => {
      const ids = async (query: string) =>
        (await list('adminShimin', query.includes('received_') ? query : `${range}&${query}`)).documents.map(
          (d) => d.id,
        );
      expect(await ids('received_from=2031-04-01&received_to=2031-04-01')).toEqual([
        takahashi.documents.child_allowance,
      ]);
      expect((await ids('received_from=2031-04-02')).sort()).toEqual(
        [hanako.documents.birth_notification, hanako.documents.child_medical_subsidy].sort(),
      );
      expect(await ids('received_from=2031-01-01&received_to=2031-03-31')).toEqual([]);
      expect(await ids('procedure_code=child_allowance')).toEqual([takahashi.documents.child_allowance]);
      expect(await ids('procedure_code=no_such_procedure')).toEqual([]);
      expect(await ids('status=completed')).toEqual([]);
      expect((await ids('status=received')).length).toBe(3);
      for (const text of ['髙橋', '髙橋誠一', 'たかはし', 'ﾀｶﾊｼ', 'セイイチ', '2031-000001']) {
        expect(await ids(`text=${encodeURIComponent(text)}`), text).toEqual([
          takahashi.documents.child_allowance,
        ]);
      }
      expect((await ids('text=2031-')).length).toBe(3);
      expect(await ids(`text=${encodeURIComponent('100%')}`)).toEqual([]);
      expect((await ids('text=%20%20')).length).toBe(3);
    });

    it('sorts and pages, and caps page_size=all', async () => {
      const asc = await list('adminShimin', `${range}&sort=reference_number`);
      expect(asc.documents.map((d) => d.reference_number)).toEqual([
        '2031-000001',
        '2031-000002',
        '2031-000003',
      ]);
      const byReceived = await list('adminShimin', `${range}&sort=received_at`);
      expect(byReceived.documents[0]!.id).toBe(takahashi.documents.child_allowance);
      const second = await list('adminShimin', `${range}&sort=reference_number&page_size=10&page=2`);
      expect(second).toMatchObject({ documents: [], page: { page: 2, page_size: 10, total: 3 } });
      const all = await list('adminShimin', `${range}&page_size=all`);
      expect(all.page).toEqual({ page: 1, page_size: 'all', total: 3 });
      expect(all.documents).toHaveLength(3);
    });

    it('refuses bad filters with field errors', async () => {
      for (const [query, field] of [
        ['status=lost', 'status'],
        ['received_from=2031-13-01', 'received_from'],
        ['received_to=yesterday', 'received_to'],
        ['sort=applicant_name', 'sort'],
        ['department_id=abc', 'department_id'],
        ['page_size=7', 'page_size'],
        ['page=0', 'page'],
        [`text=${'x'.repeat(101)}`, 'text'],
      ] as const) {
        const res = await get('adminShimin', `${M}/documents/?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(fieldsOf(res.json()), query).toContain(field);
      }
    });
  });

  describe('GET documents/{id}/', () => {
    it('returns the answers of its procedure, attachments, signature result, workflow and history; audited', async () => {
      const f = await submittedDocuments(t, dir);
      const id = f.documents.birth_notification!;
      const res = await get('clerkShimin', `${doc(id)}?is_internal=true`);
      expect(res.statusCode, res.body).toBe(200);
      const body = DocumentDetail.parse(res.json());
      expect(body).toMatchObject({
        id,
        procedure_code: 'birth_notification',
        status: 'received',
        remand_message: null,
        municipality_memos: null,
        is_confirmed: false,
        history: [],
        signature: { is_signed: false, is_valid: null, subject_name: null, checked_at: null, problems: [] },
        // The version its application started with: the staff screen reads that form's labels.
        configuration_version: 1,
      });
      const codes = body.standard_item_fragments.map((v) => v.standard_item_code);
      expect(codes).toContain('child_birth_date');
      expect(codes).not.toContain('bank_code'); // an item of the child allowance only
      expect(body.attachments).toEqual([
        expect.objectContaining({
          id: f.attachments.attach_birth_certificate,
          standard_item_code: 'attach_birth_certificate',
          content_type: 'image/png',
          size: PNG.length,
        }),
      ]);
      expect(body.workflow_details.map((s) => [s.sequence, s.name, s.status])).toEqual([
        [1, '受付', 'pending'],
        [2, '審査', 'pending'],
        [3, '戸籍記載・住民票作成', 'pending'],
      ]);
      const audit = await auditOf(t, id);
      expect(audit).toEqual([
        {
          actor_id: staff.clerkShimin.id,
          action: 'document.read',
          target_type: 'document',
          target_id: id,
          detail: null,
        },
      ]);
    });

    it('reports the signature kept at submission, valid or not', async () => {
      const f = await submittedDocuments(t, dir, { procedureCodes: ['birth_notification'] });
      const id = f.documents.birth_notification!;
      await t.database.executeSql('update documents set signature = $1::jsonb where id = $2', [
        JSON.stringify({
          verified_at: '2026-05-01T01:02:03.000Z',
          container: 'MIIB',
          subject_name: '山田 太郎',
        }),
        id,
      ]);
      expect((await get('adminShimin', doc(id))).json().signature).toEqual({
        is_signed: true,
        is_valid: true,
        subject_name: '山田 太郎',
        checked_at: '2026-05-01T01:02:03.000Z',
        problems: [],
      });
      await t.database.executeSql('update documents set signature = $1::jsonb where id = $2', [
        JSON.stringify({ verified_at: '2026-05-01T01:02:03.000Z', sign_transaction_id: randomUUID() }),
        id,
      ]);
      const refused = (await get('adminShimin', doc(id))).json().signature;
      expect(refused).toMatchObject({ is_signed: true, is_valid: false, subject_name: null });
      expect(refused.problems.length).toBeGreaterThan(0);
    });

    it('answers 400 for a malformed id or flag and 404 for unknown and out-of-scope documents', async () => {
      const f = await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] });
      expect((await get('adminShimin', doc('not-a-uuid'))).statusCode).toBe(400);
      expect(
        (await get('adminShimin', `${doc(f.documents.child_allowance!)}?is_internal=maybe`)).statusCode,
      ).toBe(400);
      const unknown = await get('adminShimin', doc(randomUUID()));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errors[0].code).toBe('not_found');
      expect((await get('clerkShimin', doc(f.documents.child_allowance!))).statusCode).toBe(404);
      expect(await auditOf(t, f.documents.child_allowance!)).toEqual([]);
    });
  });

  describe('GET documents/{id}/attachments/{attachmentId}/', () => {
    it('sends the file inline with its type and a RFC 5987 name; audited', async () => {
      const f = await submittedDocuments(t, dir, {
        procedureCodes: ['birth_notification', 'child_allowance'],
      });
      const id = f.documents.birth_notification!;
      const res = await get(
        'viewerShimin',
        `${doc(id)}attachments/${f.attachments.attach_birth_certificate}/`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="_____.png"; filename*=UTF-8''${encodeURIComponent('出生証明書.png')}`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      // A file opened in its own tab is a document: it gets the document's policy, not the API's.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect((await auditOf(t, id)).map((a) => [a.action, a.detail])).toEqual([
        [
          'document.attachment.read',
          {
            attachment_id: f.attachments.attach_birth_certificate,
            standard_item_code: 'attach_birth_certificate',
          },
        ],
      ]);
      // An attachment of the same application's other procedure is not part of this document.
      expect(
        (await get('adminShimin', `${doc(id)}attachments/${f.attachments.attach_bankbook}/`)).statusCode,
      ).toBe(404);
      expect((await get('adminShimin', `${doc(id)}attachments/${randomUUID()}/`)).statusCode).toBe(404);
      expect((await get('adminShimin', `${doc(id)}attachments/x/`)).statusCode).toBe(400);
      // A file still waiting for its malware scan is never sent (decision 0051).
      const attachmentId = f.attachments.attach_birth_certificate;
      await t.database.executeSql("update attachments set scan_state = 'pending' where id = $1", [
        attachmentId,
      ]);
      expect((await get('viewerShimin', `${doc(id)}attachments/${attachmentId}/`)).statusCode).toBe(409);
    });
  });

  describe('PUT documents/{id}/', () => {
    const edit = (
      who: StaffName,
      id: string,
      values: { code: string; value: unknown; sequence?: number }[],
    ) =>
      put(who, doc(id), {
        standard_item_fragments: values.map((v) => ({
          standard_item_code: v.code,
          sequence: v.sequence ?? 1,
          value: v.value,
        })),
      });

    it('saves valid values with before and after in the history, and audits the codes', async () => {
      const f = await submittedDocuments(t, dir, { answers: { applicant_phone: '0312345678' } });
      const id = f.documents.child_allowance!;
      const res = await edit('clerkKodomo', id, [{ code: 'applicant_phone', value: '0398765432' }]);
      expect(res.statusCode, res.body).toBe(200);
      const body = DocumentDetail.parse(res.json());
      expect(body.standard_item_fragments).toContainEqual({
        standard_item_code: 'applicant_phone',
        sequence: 1,
        value: '0398765432',
        source: null,
        mismatch: null,
      });
      expect(body.history).toEqual([
        expect.objectContaining({
          user_name: expect.any(String),
          action: 'document.update',
          change: {
            kind: 'answers',
            changes: [{ code: 'applicant_phone', sequence: 1, before: '0312345678', after: '0398765432' }],
          },
        }),
      ]);
      expect(body.history[0]!.user_name).not.toBe('申請者');
      // The change is the application's answer: the other document of the application shows it too.
      const other = (await get('adminShimin', doc(f.documents.birth_notification!))).json();
      expect(other.standard_item_fragments).toContainEqual({
        standard_item_code: 'applicant_phone',
        sequence: 1,
        value: '0398765432',
        source: null,
        mismatch: null,
      });
      expect((await auditOf(t, id)).map((a) => [a.actor_id, a.action, a.detail])).toEqual([
        [staff.clerkKodomo.id, 'document.update', { codes: ['applicant_phone'] }],
      ]);
      // The same value again changes nothing and records nothing.
      const again = await edit('clerkKodomo', id, [{ code: 'applicant_phone', value: '0398765432' }]);
      expect(again.json().history).toHaveLength(1);
      expect(await auditOf(t, id)).toHaveLength(1);
    });

    it('checks each value like the applicant form and refuses items that are not the document’s', async () => {
      const f = await submittedDocuments(t, dir);
      const id = f.documents.child_allowance!;
      const bad = await edit('adminKodomo', id, [
        { code: 'applicant_phone', value: 'abc' },
        { code: 'applicant_last_name', value: '' },
        { code: 'account_type', value: 'gold' },
        { code: 'no_such_item', value: 'x' },
        { code: 'child_birth_time', value: '10:00' }, // birth notification only
        { code: 'bank_code', value: '0001', sequence: 2 },
        { code: 'bank_code', value: '0001', sequence: 2 },
      ]);
      expect(bad.statusCode).toBe(400);
      expect(new Set(fieldsOf(bad.json()))).toEqual(
        new Set(['no_such_item', 'child_birth_time', 'bank_code.2']),
      );
      const invalid = await edit('adminKodomo', id, [
        { code: 'applicant_phone', value: 'abc' },
        { code: 'applicant_last_name', value: '' },
        { code: 'account_type', value: 'gold' },
      ]);
      expect(invalid.statusCode).toBe(400);
      expect(fieldsOf(invalid.json())).toEqual(['applicant_phone', 'applicant_last_name', 'account_type']);
      for (const body of [
        {},
        { standard_item_fragments: [] },
        { standard_item_fragments: [{ value: 'x' }] },
      ]) {
        expect((await put('adminKodomo', doc(id), body)).statusCode).toBe(400);
      }
      expect(
        (
          await put('adminKodomo', doc(randomUUID()), {
            standard_item_fragments: [{ standard_item_code: 'applicant_phone', value: '0312345678' }],
          })
        ).statusCode,
      ).toBe(404);
      expect(await auditOf(t, id)).toEqual([]);
    });

    it('refuses values of hidden items and removes stored values the edit hides', async () => {
      const f = await submittedDocuments(t, dir, {
        procedureCodes: ['child_allowance'],
        answers: { spouse_exists: 'yes', spouse_last_name: '山田', spouse_first_name: '花子' },
      });
      const id = f.documents.child_allowance!;
      const hidden = await edit('clerkKodomo', id, [
        { code: 'spouse_exists', value: 'no' },
        { code: 'spouse_last_name', value: '佐藤' },
      ]);
      expect(hidden.statusCode).toBe(400);
      expect(fieldsOf(hidden.json())).toEqual(['spouse_last_name']);
      const res = await edit('clerkKodomo', id, [{ code: 'spouse_exists', value: 'no' }]);
      expect(res.statusCode, res.body).toBe(200);
      const body = DocumentDetail.parse(res.json());
      const codes = body.standard_item_fragments.map((v) => v.standard_item_code);
      expect(codes).not.toContain('spouse_last_name');
      expect(codes).not.toContain('spouse_first_name');
      expect(body.history[0]!.change).toEqual({
        kind: 'answers',
        changes: [
          { code: 'spouse_exists', sequence: 1, before: 'yes', after: 'no' },
          { code: 'spouse_first_name', sequence: 1, before: '花子', after: null },
          { code: 'spouse_last_name', sequence: 1, before: '山田', after: null },
        ],
      });
    });

    it('edits the second child of a repeatable group by its sequence, leaving the first as it was', async () => {
      const child = (code: string, sequence: number, value: string) => ({
        standard_item_code: code,
        sequence,
        value,
      });
      const f = await submittedDocuments(t, dir, {
        procedureCodes: ['child_allowance'],
        answers: { child_last_name: '山田', child_first_name: '陽菜' },
        repeats: [child('child_last_name', 2, '山田'), child('child_first_name', 2, '蓮')],
      });
      const id = f.documents.child_allowance!;
      const res = await edit('clerkKodomo', id, [{ code: 'child_first_name', sequence: 2, value: '湊' }]);
      expect(res.statusCode, res.body).toBe(200);
      const body = DocumentDetail.parse(res.json());
      const names = (code: string) =>
        body.standard_item_fragments
          .filter((v) => v.standard_item_code === code)
          .map((v) => [v.sequence, v.value])
          .sort();
      expect(names('child_first_name')).toEqual([
        [1, '陽菜'],
        [2, '湊'],
      ]);
      expect(names('child_last_name')).toEqual([
        [1, '山田'],
        [2, '山田'],
      ]);
      expect(body.history[0]!.change).toEqual({
        kind: 'answers',
        changes: [{ code: 'child_first_name', sequence: 2, before: '蓮', after: '湊' }],
      });

      // Checked like the first child; an item asked once and a child past the group's maximum are refused.
      const refused = await edit('clerkKodomo', id, [
        { code: 'child_first_name', sequence: 2, value: 'x'.repeat(51) },
        { code: 'bank_code', sequence: 2, value: '0001' },
        { code: 'child_last_name', sequence: 6, value: '山田' },
      ]);
      expect(refused.statusCode).toBe(400);
      expect(fieldsOf(refused.json())).toEqual(['bank_code.2', 'child_last_name.6']);
      const invalid = await edit('clerkKodomo', id, [
        { code: 'child_first_name', sequence: 2, value: 'x'.repeat(51) },
      ]);
      expect(fieldsOf(invalid.json())).toEqual(['child_first_name.2']);
      // A third child may be added by staff; a later child's blanked value leaves no row.
      const third = await edit('clerkKodomo', id, [{ code: 'child_first_name', sequence: 3, value: '葵' }]);
      expect(third.statusCode, third.body).toBe(200);
      expect(third.json().standard_item_fragments).toContainEqual(
        expect.objectContaining({ standard_item_code: 'child_first_name', sequence: 3, value: '葵' }),
      );
      const blank = await edit('clerkKodomo', id, [{ code: 'child_first_name', sequence: 3, value: null }]);
      expect(blank.statusCode, blank.body).toBe(200);
      const left = DocumentDetail.parse(blank.json());
      expect(left.standard_item_fragments.map((v) => `${v.standard_item_code}#${v.sequence}`)).not.toContain(
        'child_first_name#3',
      );
      expect(left.history.at(-1)!.change).toEqual({
        kind: 'answers',
        changes: [{ code: 'child_first_name', sequence: 3, before: '葵', after: null }],
      });
    });

    it('removes every child’s stored value that the edit hides', async () => {
      const f = await submittedDocuments(t, dir, {
        procedureCodes: ['birth_notification'],
        answers: { birth_multiplicity: 'multiple', birth_multiple_order: '1', child_first_name: '陽菜' },
        repeats: [
          { standard_item_code: 'child_first_name', sequence: 2, value: '蓮' },
          { standard_item_code: 'birth_multiple_order', sequence: 2, value: '2' },
        ],
      });
      const id = f.documents.birth_notification!;
      const res = await edit('clerkShimin', id, [{ code: 'birth_multiplicity', value: 'single' }]);
      expect(res.statusCode, res.body).toBe(200);
      const body = DocumentDetail.parse(res.json());
      const kept = body.standard_item_fragments.map((v) => `${v.standard_item_code}#${v.sequence}`);
      expect(kept).not.toContain('birth_multiple_order#1');
      expect(kept).not.toContain('birth_multiple_order#2');
      expect(kept).toContain('child_first_name#2');
      expect(body.history[0]!.change).toEqual({
        kind: 'answers',
        changes: [
          { code: 'birth_multiplicity', sequence: 1, before: 'multiple', after: 'single' },
          { code: 'birth_multiple_order', sequence: 1, before: '1', after: null },
          { code: 'birth_multiple_order', sequence: 2, before: '2', after: null },
        ],
      });
    });

    it('refuses edits of a finished document (409)', async () => {
      const f = await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] });
      const id = f.documents.child_allowance!;
      expect(
        (await status('adminKodomo', id, { status: 'rejected', remand_message: '要件を満たしていないため' }))
          .statusCode,
      ).toBe(200);
      const res = await edit('adminKodomo', id, [{ code: 'applicant_phone', value: '0398765432' }]);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].code).toBe('conflict');
    });
  });

  describe('PUT documents/{id}/status/', () => {
    it('moves by the document states, with history and audit', async () => {
      const f = await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] });
      const id = f.documents.child_allowance!;
      const res = await status('clerkKodomo', id, { status: 'in_progress' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'in_progress',
        history: [
          {
            action: 'document.status',
            change: { kind: 'status', from: 'received', to: 'in_progress', remand_message: null },
          },
        ],
      });
      for (const to of ['received', 'resubmitted', 'withdrawn', 'in_progress']) {
        const refused = await status('clerkKodomo', id, { status: to });
        expect(refused.statusCode, to).toBe(409);
        expect(refused.json().errors[0]).toMatchObject({ code: 'illegal_transition', field: 'status' });
      }
      for (const body of [
        {},
        { status: 'lost' },
        { status: 'remanded' },
        { status: 'remanded', remand_message: '  ' },
      ]) {
        expect((await status('clerkKodomo', id, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await auditOf(t, id)).map((a) => [a.action, a.detail])).toEqual([
        ['document.status', { from: 'received', to: 'in_progress' }],
      ]);
    });

    it('remands the application with the message; two remanded documents name their procedures', async () => {
      const f = await submittedDocuments(t, dir);
      await t.database.executeSql("update applications set status = 'submitted' where id = $1", [
        f.applicationId,
      ]);
      const first = await status('adminShimin', f.documents.birth_notification!, {
        status: 'remanded',
        remand_message: '出生証明書の写真が不鮮明です。撮り直してください。',
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        status: 'remanded',
        remand_message: '出生証明書の写真が不鮮明です。撮り直してください。',
      });
      const app = async () =>
        (
          await t.database.executeSql('select status, remand_message from applications where id = $1', [
            f.applicationId,
          ])
        ).rows[0];
      expect(await app()).toEqual({
        status: 'remanded',
        remand_message: '出生証明書の写真が不鮮明です。撮り直してください。',
      });
      await status('adminKodomo', f.documents.child_allowance!, {
        status: 'remanded',
        remand_message: '口座番号を確認してください。',
      });
      expect((await app())!.remand_message).toBe(
        '【出生届】出生証明書の写真が不鮮明です。撮り直してください。\n\n【児童手当 認定請求】口座番号を確認してください。',
      );
    });

    it('completes only when the workflow is done, and the last finished document completes the application', async () => {
      const f = await submittedDocuments(t, dir);
      await t.database.executeSql("update applications set status = 'submitted' where id = $1", [
        f.applicationId,
      ]);
      const id = f.documents.child_allowance!;
      const early = await status('clerkKodomo', id, { status: 'completed' });
      expect(early.statusCode).toBe(409);
      expect(early.json().errors[0].message).toContain('workflow');
      for (const stepId of f.steps.child_allowance!) {
        expect((await put('clerkKodomo', step(stepId), { status: 'in_progress' })).statusCode).toBe(200);
        expect((await put('clerkKodomo', step(stepId), { status: 'approved' })).statusCode).toBe(200);
      }
      expect((await status('clerkKodomo', id, { status: 'completed' })).statusCode).toBe(200);
      const appStatus = async () =>
        (await t.database.executeSql('select status from applications where id = $1', [f.applicationId]))
          .rows[0]!.status;
      expect(await appStatus()).toBe('submitted');
      expect(
        (
          await status('clerkShimin', f.documents.birth_notification!, {
            status: 'rejected',
            remand_message: '要件を満たしていないため',
          })
        ).statusCode,
      ).toBe(200);
      expect(await appStatus()).toBe('completed');
      expect(
        (await status('adminShimin', id, { status: 'rejected', remand_message: '要件を満たしていないため' }))
          .statusCode,
      ).toBe(409);
    });
  });

  describe('reports and memos', () => {
    it('lists the reports of the document’s procedure from its configuration version; audited', async () => {
      const f = await submittedDocuments(t, dir);
      const res = await get('viewerShimin', `${doc(f.documents.birth_notification!)}reports/`);
      expect(res.statusCode).toBe(200);
      const reports = res.json().reports as { procedure_code: string }[];
      expect(reports.length).toBeGreaterThan(0);
      expect(reports.every((r) => r.procedure_code === 'birth_notification')).toBe(true);
      expect(reports[0]).toEqual({ id: 1, name: '出生届', procedure_code: 'birth_notification' });
      const allowance = (await get('viewerKodomo', `${doc(f.documents.child_allowance!)}reports/`)).json()
        .reports;
      expect(allowance.every((r: { procedure_code: string }) => r.procedure_code === 'child_allowance')).toBe(
        true,
      );
      expect((await auditOf(t, f.documents.birth_notification!)).map((a) => a.action)).toEqual([
        'document.reports.read',
      ]);
      expect((await get('viewerShimin', `${doc(f.documents.child_allowance!)}reports/`)).statusCode).toBe(
        404,
      );
    });

    it('reads and writes memos and the confirmed mark, with history', async () => {
      const f = await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] });
      const url = `${doc(f.documents.child_allowance!)}memos/`;
      expect((await get('viewerKodomo', url)).json()).toEqual({
        municipality_memos: null,
        is_confirmed: false,
        updated_at: null,
        updated_by: null,
        version: 1,
      });
      const res = await put('clerkKodomo', url, {
        municipality_memos: '電話で口座を確認済み',
        is_confirmed: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        municipality_memos: '電話で口座を確認済み',
        is_confirmed: true,
        updated_by: expect.stringMatching(/\S/),
        version: 2,
      });
      expect(res.headers.etag).toBe('"2"');
      expect(Date.parse(res.json().updated_at)).not.toBeNaN();
      expect((await get('viewerKodomo', url)).json()).toEqual(res.json());
      const detail = (await get('clerkKodomo', doc(f.documents.child_allowance!))).json();
      expect(detail).toMatchObject({ municipality_memos: '電話で口座を確認済み', is_confirmed: true });
      expect(detail.history).toEqual([
        expect.objectContaining({
          action: 'memo.update',
          change: {
            kind: 'memo',
            confirmed_before: false,
            confirmed_after: true,
            memos_changed: true,
            memo_before: null,
            memo_after: '電話で口座を確認済み',
          },
        }),
      ]);
      for (const body of [
        {},
        { municipality_memos: 'x' },
        { municipality_memos: 'x'.repeat(10_001), is_confirmed: true },
      ]) {
        expect((await put('clerkKodomo', url, body)).statusCode).toBe(400);
      }
      expect((await auditOf(t, f.documents.child_allowance!)).map((a) => a.action)).toEqual([
        'document.memos.read',
        'memo.update',
        'document.memos.read',
        'document.read',
      ]);
    });
  });

  describe('PUT workflow-details/{id}/status/', () => {
    it('runs the steps in order, assigns staff of the step’s department and keeps memos', async () => {
      const f = await submittedDocuments(t, dir, { procedureCodes: ['birth_notification'] });
      const [s1, s2, s3] = f.steps.birth_notification! as [string, string, string];
      const early = await put('clerkShimin', step(s2), { status: 'in_progress' });
      expect(early.statusCode).toBe(409);
      expect(early.json().errors[0].message).toContain('1 受付');
      const started = await put('clerkShimin', step(s1), {
        status: 'in_progress',
        user_id: staff.clerkShimin.id,
        memo: '受付開始',
      });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toMatchObject({
        id: s1,
        sequence: 1,
        status: 'in_progress',
        user_id: staff.clerkShimin.id,
        memo: '受付開始',
      });
      // The current status again: only the assignee or memo change.
      const noted = await put('clerkShimin', step(s1), { status: 'in_progress', memo: null });
      expect(noted.json()).toMatchObject({
        status: 'in_progress',
        user_id: staff.clerkShimin.id,
        memo: null,
      });
      expect((await put('clerkShimin', step(s1), { status: 'approved' })).statusCode).toBe(200);
      expect((await put('clerkShimin', step(s1), { status: 'in_progress' })).json().errors[0].code).toBe(
        'illegal_transition',
      );
      expect((await put('adminKodomo', step(s2), { status: 'skipped' })).statusCode).toBe(200);
      for (const [userId, why] of [
        [staff.viewerShimin.id, 'a viewer'],
        [staff.clerkKodomo.id, 'another department'],
        [staff.adminKenko.id, 'another municipality'],
        [randomUUID(), 'nobody'],
      ] as const) {
        const res = await put('clerkShimin', step(s3), { status: 'in_progress', user_id: userId });
        expect(res.statusCode, why).toBe(400);
        expect(fieldsOf(res.json()), why).toEqual(['user_id']);
      }
      expect(
        (await put('clerkShimin', step(s3), { status: 'in_progress', user_id: staff.adminShimin.id }))
          .statusCode,
      ).toBe(200);
      expect((await put('clerkShimin', step(s3), { status: 'approved' })).statusCode).toBe(200);
      const detail = DocumentDetail.parse(
        (await get('clerkShimin', doc(f.documents.birth_notification!))).json(),
      );
      expect(detail.workflow_details.map((s) => s.status)).toEqual(['approved', 'skipped', 'approved']);
      const moved = (sequence: number, name: string, from: string, to: string, more = {}) => ({
        kind: 'workflow',
        sequence,
        name,
        from,
        to,
        memo_changed: false,
        ...more,
      });
      expect(detail.history.map((h) => h.change)).toEqual([
        moved(1, '受付', 'pending', 'in_progress', {
          assignee_name: detail.history[0]!.user_name,
          memo_changed: true,
        }),
        // The received document followed the first step's start (decision 0039).
        { kind: 'status', from: 'received', to: 'in_progress', remand_message: null },
        moved(1, '受付', 'in_progress', 'in_progress', { memo_changed: true }),
        moved(1, '受付', 'in_progress', 'approved'),
        moved(2, '審査', 'pending', 'skipped'),
        moved(3, '戸籍記載・住民票作成', 'pending', 'in_progress', { assignee_name: expect.any(String) }),
        moved(3, '戸籍記載・住民票作成', 'in_progress', 'approved'),
      ]);
      expect(
        (await auditOf(t, f.documents.birth_notification!)).filter((a) => a.action === 'workflow.status'),
      ).toHaveLength(6);
    });

    it('refuses bad bodies, unknown and out-of-scope steps, and steps of finished documents', async () => {
      const f = await submittedDocuments(t, dir);
      const s1 = f.steps.child_allowance![0]!;
      for (const body of [
        {},
        { status: 'done' },
        { status: 'in_progress', user_id: 'x' },
        { status: 'in_progress', memo: 'x'.repeat(2001) },
      ]) {
        expect((await put('clerkKodomo', step(s1), body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await put('clerkKodomo', step('x'), { status: 'in_progress' })).statusCode).toBe(400);
      expect((await put('clerkKodomo', step(randomUUID()), { status: 'in_progress' })).statusCode).toBe(404);
      expect((await put('clerkShimin', step(s1), { status: 'in_progress' })).statusCode).toBe(404);
      // Step 1 of the child allowance names no department: the document's department acts on it.
      expect((await put('clerkKodomo', step(s1), { status: 'in_progress' })).statusCode).toBe(200);
      await status('adminKodomo', f.documents.child_allowance!, {
        status: 'rejected',
        remand_message: '要件を満たしていないため',
      });
      const closed = await put('clerkKodomo', step(s1), { status: 'approved' });
      expect(closed.statusCode).toBe(409);
    });
  });

  describe('municipality-overview/ and staff/browsable/', () => {
    it('counts documents by status within the scope', async () => {
      await submittedDocuments(t, dir);
      for (const who of ['adminShimin', 'clerkKodomo', 'viewerShimin'] as const) {
        const res = await get(who, `${M}/municipality-overview/`);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        const scope =
          who === 'adminShimin'
            ? ''
            : `and department_id = ${who === 'clerkKodomo' ? departments.kodomo : departments.shimin}`;
        const counts = await t.database.executeSql(
          `select status, count(*)::int as n from documents where municipality_id = (select id from municipalities where code = '999999') ${scope} group by status`,
        );
        const expected = Object.fromEntries(counts.rows.map((r) => [String(r.status), Number(r.n)]));
        expect(body.counts).toHaveLength(7);
        for (const c of body.counts) expect(c.count, `${who} ${c.status}`).toBe(expected[c.status] ?? 0);
        expect(body.remanded_waiting).toBe(expected.remanded ?? 0);
        const today = await t.database.executeSql(
          `select count(*)::int as n from documents where municipality_id = (select id from municipalities where code = '999999') ${scope} and received_at >= $1`,
          [
            new Date(
              `${new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10)}T00:00:00+09:00`,
            ).toISOString(),
          ],
        );
        expect(body.received_today).toBe(Number(today.rows[0]!.n));
        expect(body.received_today).toBeGreaterThan(0);
      }
    });

    it('lists the staff the caller may assign: their departments’ administrators and clerks', async () => {
      const names = async (who: StaffName) => {
        const res = await get(who, `${M}/staff/browsable/`);
        expect(res.statusCode).toBe(200);
        return (res.json().staff as { id: string }[]).map((s) => s.id).sort();
      };
      const ids = (...who: StaffName[]) => who.map((w) => staff[w].id).sort();
      expect(await names('adminKodomo')).toEqual(
        ids('adminShimin', 'clerkShimin', 'adminKodomo', 'clerkKodomo'),
      );
      expect(await names('clerkShimin')).toEqual(ids('adminShimin', 'clerkShimin'));
      expect(await names('viewerKodomo')).toEqual(ids('adminKodomo', 'clerkKodomo'));
      const one = (await get('clerkShimin', `${M}/staff/browsable/`)).json().staff[0];
      expect(one).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        department_ids: [departments.shimin],
      });
    });
  });

  it('audits every read of a document and every change, and nothing for refused calls', async () => {
    const f = await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] });
    const id = f.documents.child_allowance!;
    const who = staff.clerkKodomo;
    expect(
      (
        await put('viewerKodomo', doc(id), {
          standard_item_fragments: [{ standard_item_code: 'applicant_phone', value: '0398765432' }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await get('clerkShimin', doc(id))).statusCode).toBe(404);
    expect((await status('viewerKodomo', id, { status: 'in_progress' })).statusCode).toBe(403);
    expect(await auditOf(t, id)).toEqual([]);
    const calls: [string, () => Promise<{ statusCode: number }>][] = [
      ['document.read', () => get('clerkKodomo', doc(id))],
      [
        'document.attachment.read',
        () => get('clerkKodomo', `${doc(id)}attachments/${f.attachments.attach_bankbook}/`),
      ],
      ['document.reports.read', () => get('clerkKodomo', `${doc(id)}reports/`)],
      ['document.memos.read', () => get('clerkKodomo', `${doc(id)}memos/`)],
      [
        'document.update',
        () =>
          put('clerkKodomo', doc(id), {
            standard_item_fragments: [{ standard_item_code: 'applicant_phone', value: '0398765432' }],
          }),
      ],
      ['document.status', () => status('clerkKodomo', id, { status: 'in_progress' })],
      [
        'memo.update',
        () => put('clerkKodomo', `${doc(id)}memos/`, { municipality_memos: 'メモ', is_confirmed: false }),
      ],
      [
        'workflow.status',
        () => put('clerkKodomo', step(f.steps.child_allowance![0]!), { status: 'in_progress' }),
      ],
    ];
    for (const [action, call] of calls) {
      expect((await call()).statusCode, action).toBe(200);
    }
    const audit = await auditOf(t, id);
    expect(audit.map((a) => a.action)).toEqual(calls.map(([action]) => action));
    expect(new Set(audit.map((a) => a.actor_id))).toEqual(new Set([who.id]));
    // The step's name too, so that the audit log words it as the document's history does.
    expect(audit.find((a) => a.action === 'workflow.status')!.detail).toEqual({
      workflow_detail_id: f.steps.child_allowance![0],
      sequence: 1,
      name: '受付',
      from: 'pending',
      to: 'in_progress',
    });
    const ips = await t.database.executeSql(
      'select count(*)::int as n from audit_log where target_id = $1 and ip is not null',
      [id],
    );
    expect(Number(ips.rows[0]!.n)).toBe(calls.length);
  });
});
