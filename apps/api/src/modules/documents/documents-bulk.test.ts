import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkResult, DocumentDetail } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  M,
  auditOf,
  signInAll,
  submittedDocuments,
  type StaffClient,
  type StaffName,
} from './documents.fixtures.js';

const BULK_STATUS = `${M}/documents-bulk/status/`;
const BULK_ASSIGN = `${M}/documents-bulk/assignment/`;

describe.each(databaseKinds)('bulk work on staff documents on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let staff: Record<StaffName, StaffClient>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-bulk-'));
    t = await createTestApp(kind, { storageDir: dir });
    staff = await signInAll(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The versions of the listed documents now (1 for unknown ids), as the list showed them (decision 0034). */
  const listed = async (ids: string[]) => {
    const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
    const rows = uuids.length
      ? await t.database.executeSql('select id, version from documents where id = any($1::uuid[])', [uuids])
      : { rows: [] };
    const now = new Map(rows.rows.map((r) => [String(r.id), Number(r.version)]));
    return Object.fromEntries(uuids.map((id) => [id, now.get(id) ?? 1]));
  };
  // A body without versions gets the ones the documents have now, as a list just read would show them.
  const post = async (who: StaffName, url: string, body: unknown) => {
    const b = body as { document_ids?: unknown; versions?: unknown };
    const ids = Array.isArray(b.document_ids) ? (b.document_ids as string[]) : null;
    return staff[who].request(
      'POST',
      url,
      b.versions === undefined && ids ? { ...b, versions: await listed(ids) } : body,
    );
  };
  const detail = async (id: string) => {
    const res = await staff.adminShimin.request('GET', `${M}/documents/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return DocumentDetail.parse(res.json());
  };
  const allowance = async () =>
    (await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] })).documents.child_allowance!;

  it('moves every document it may and says, per document, why the others were refused', async () => {
    const [a, b] = [await allowance(), await allowance()];
    const birth = (await submittedDocuments(t, dir, { procedureCodes: ['birth_notification'] })).documents
      .birth_notification!;
    const unknown = randomUUID();

    const res = await post('clerkKodomo', BULK_STATUS, {
      document_ids: [a, birth, b, unknown],
      status: 'in_progress',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = BulkResult.parse(res.json());
    expect(result).toMatchObject({ changed: 2, refused: 2 });
    expect(result.results.map((r) => [r.document_id, r.outcome, r.status, r.error?.code ?? null])).toEqual([
      [a, 'changed', 'in_progress', null],
      // Another department's document reads as missing, its reference number unsaid.
      [birth, 'refused', null, 'not_found'],
      [b, 'changed', 'in_progress', null],
      [unknown, 'refused', null, 'not_found'],
    ]);
    expect(result.results[1]!.reference_number).toBeNull();
    expect(result.results[0]!.reference_number).toMatch(/^\d{4}-\d+/);

    // Each changed document has its own history entry and audit record; the refused one is untouched.
    for (const id of [a, b]) {
      expect((await detail(id)).history.map((h) => h.change)).toEqual([
        { kind: 'status', from: 'received', to: 'in_progress', remand_message: null },
      ]);
      expect((await auditOf(t, id)).filter((r) => r.action === 'document.status')).toHaveLength(1);
    }
    expect((await detail(birth)).status).toBe('received');
  });

  it('refuses a move the single act refuses: from a settled status, or completing an open workflow', async () => {
    const [open, done] = [await allowance(), await allowance()];
    await post('clerkKodomo', BULK_STATUS, {
      document_ids: [done],
      status: 'rejected',
      remand_message: '要件を満たしていないため',
    });

    const result = BulkResult.parse(
      (await post('clerkKodomo', BULK_STATUS, { document_ids: [open, done], status: 'completed' })).json(),
    );
    expect(result.results.map((r) => [r.outcome, r.status, r.error?.code, r.error?.field])).toEqual([
      ['refused', 'received', 'conflict', 'status'],
      ['refused', 'rejected', 'illegal_transition', 'status'],
    ]);
    expect(result.changed).toBe(0);
  });

  it('remands several documents of one application with one message: the application is remanded once', async () => {
    const submitted = await submittedDocuments(t, dir, {
      procedureCodes: ['child_allowance', 'child_medical_subsidy'],
    });
    const ids = [submitted.documents.child_allowance!, submitted.documents.child_medical_subsidy!];
    const result = BulkResult.parse(
      (
        await post('clerkKodomo', BULK_STATUS, {
          document_ids: ids,
          status: 'remanded',
          remand_message: '所得証明書を添付してください。',
        })
      ).json(),
    );
    expect(result).toMatchObject({ changed: 2, refused: 0 });
    const app = await t.database.executeSql('select status, remand_message from applications where id = $1', [
      submitted.applicationId,
    ]);
    expect(app.rows[0]).toMatchObject({ status: 'remanded' });
    expect(String(app.rows[0]!.remand_message)).toContain('所得証明書を添付してください。');
  });

  it('assigns the current workflow step of each document, and refuses a document with no open step', async () => {
    const [a, b] = [await allowance(), await allowance()];
    // b's steps are all approved or skipped: nothing is left to assign.
    const steps = await t.database.executeSql(
      "update workflow_details set status = 'approved' where document_id = $1 returning id",
      [b],
    );
    expect(steps.rows.length).toBeGreaterThan(0);

    const result = BulkResult.parse(
      (
        await post('clerkKodomo', BULK_ASSIGN, { document_ids: [a, b], user_id: staff.clerkKodomo.id })
      ).json(),
    );
    expect(result.results.map((r) => [r.outcome, r.error?.code, r.error?.field])).toEqual([
      ['changed', undefined, undefined],
      ['refused', 'conflict', 'workflow'],
    ]);
    const first = (await detail(a)).workflow_details[0]!;
    expect(first).toMatchObject({ sequence: 1, user_id: staff.clerkKodomo.id, status: 'pending' });
    expect((await auditOf(t, a)).map((r) => r.action)).toContain('workflow.status');

    // A viewer cannot be given a step: refused per document with the single act's error.
    const viewer = BulkResult.parse(
      (await post('clerkKodomo', BULK_ASSIGN, { document_ids: [a], user_id: staff.viewerKodomo.id })).json(),
    );
    expect(viewer.results[0]!.error).toMatchObject({ code: 'validation_failed', field: 'user_id' });

    // Unassigning (user_id null) is the same act.
    const cleared = BulkResult.parse(
      (await post('clerkKodomo', BULK_ASSIGN, { document_ids: [a], user_id: null })).json(),
    );
    expect(cleared.changed).toBe(1);
    expect((await detail(a)).workflow_details[0]!.user_id).toBeNull();
  });

  it('refuses, per document, one changed since the list showed it; the others proceed (decision 0034)', async () => {
    const [a, b, c] = [await allowance(), await allowance(), await allowance()];
    const shown = await listed([a, b, c]);
    // Another clerk writes a memo on b after the list was read.
    const memo = await staff.adminKodomo.request(
      'PUT',
      `${M}/documents/${b}/memos/`,
      { municipality_memos: '先に書いたメモ', is_confirmed: false },
      { 'if-match': `"${shown[b]}"` },
    );
    expect(memo.statusCode, memo.body).toBe(200);

    const moved = BulkResult.parse(
      (
        await post('clerkKodomo', BULK_STATUS, {
          document_ids: [a, b],
          versions: shown,
          status: 'in_progress',
        })
      ).json(),
    );
    expect(moved.results.map((r) => [r.outcome, r.status, r.error?.code ?? null, r.error?.field])).toEqual([
      ['changed', 'in_progress', null, undefined],
      // The one stale refusal: `conflict` without a field (someone changed it first).
      ['refused', 'received', 'conflict', undefined],
    ]);
    expect((await detail(b)).status).toBe('received');
    expect((await detail(b)).municipality_memos).toBe('先に書いたメモ');

    // Assignment too: c was moved after the list was read; a's version is the one after the bulk move.
    await post('clerkKodomo', BULK_STATUS, { document_ids: [c], status: 'in_progress' });
    const assigned = BulkResult.parse(
      (
        await post('clerkKodomo', BULK_ASSIGN, {
          document_ids: [a, c],
          versions: { ...shown, [a]: shown[a]! + 1 },
          user_id: staff.clerkKodomo.id,
        })
      ).json(),
    );
    expect(assigned.results.map((r) => [r.outcome, r.error?.code ?? null])).toEqual([
      ['changed', null],
      ['refused', 'conflict'],
    ]);
    expect((await detail(c)).workflow_details[0]!.user_id).toBeNull();
  });

  it('rejects bad input as a whole with the one error format, and a viewer may not act', async () => {
    const a = await allowance();
    const bad = async (body: unknown) => {
      const res = await post('clerkKodomo', BULK_STATUS, body);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { errors: { code: string; field?: string }[] }).errors;
    };
    expect(await bad({ document_ids: [], status: 'in_progress' })).toMatchObject([
      { code: 'validation_failed', field: 'document_ids' },
    ]);
    expect(await bad({ document_ids: [a, a], status: 'in_progress' })).toMatchObject([
      { code: 'validation_failed', field: 'document_ids' },
    ]);
    expect(await bad({ document_ids: [a], status: 'remanded' })).toMatchObject([
      { code: 'validation_failed', field: 'remand_message' },
    ]);
    expect(await bad({ document_ids: ['not-a-uuid'], status: 'in_progress' })).toMatchObject([
      { code: 'validation_failed' },
    ]);
    expect(
      await bad({ document_ids: Array.from({ length: 1001 }, () => randomUUID()), status: 'in_progress' }),
    ).toMatchObject([{ code: 'validation_failed', field: 'document_ids' }]);

    expect(await bad({ document_ids: [a], versions: {}, status: 'in_progress' })).toMatchObject([
      { code: 'validation_failed', field: 'versions' },
    ]);
    expect(await bad({ document_ids: [a], versions: { [a]: 0 }, status: 'in_progress' })).toMatchObject([
      { code: 'validation_failed' },
    ]);
    const viewer = await post('viewerKodomo', BULK_STATUS, { document_ids: [a], status: 'in_progress' });
    expect(viewer.statusCode).toBe(403);
    const viewerAssign = await post('viewerKodomo', BULK_ASSIGN, { document_ids: [a], user_id: null });
    expect(viewerAssign.statusCode).toBe(403);
    expect((await detail(a)).status).toBe('received');
  });
});
