import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkResult, DocumentDetail, DocumentList, WorkflowDetail } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  M,
  auditOf,
  signInAll,
  stepIfMatch,
  submittedDocuments,
  type StaffClient,
  type StaffName,
} from './documents.fixtures.js';

const BULK_WORKFLOW = `${M}/documents-bulk/workflow/`;
const BULK_ASSIGN = `${M}/documents-bulk/assignment/`;

// Issue 32 item 4 (decision 0039): bulk workflow acts, who moved a step, 担当者 and 「自分の担当」, and the
// status that follows the first step's start.
describe.each(databaseKinds)('bulk workflow acts on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let staff: Record<StaffName, StaffClient>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-bulk-workflow-'));
    t = await createTestApp(kind, { storageDir: dir });
    staff = await signInAll(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const versions = async (ids: string[]) => {
    const rows = await t.database.executeSql('select id, version from documents where id = any($1::uuid[])', [
      ids,
    ]);
    const now = new Map(rows.rows.map((r) => [String(r.id), Number(r.version)]));
    return Object.fromEntries(ids.map((id) => [id, now.get(id) ?? 1]));
  };
  const bulk = async (who: StaffName, body: Record<string, unknown> & { document_ids: string[] }) => {
    const res = await staff[who].request('POST', BULK_WORKFLOW, {
      versions: await versions(body.document_ids),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return BulkResult.parse(res.json());
  };
  const detail = async (id: string) => {
    const res = await staff.adminKodomo.request('GET', `${M}/documents/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return DocumentDetail.parse(res.json());
  };
  const allowance = async () =>
    (await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] })).documents.child_allowance!;
  const audits = async (id: string, action: string) =>
    (await auditOf(t, id)).filter((r) => r.action === action);

  it('starts, approves and returns the current step of each document, one result and one audit entry each', async () => {
    const ids = [await allowance(), await allowance(), await allowance()];

    const started = await bulk('clerkKodomo', { document_ids: ids, status: 'in_progress' });
    expect(started).toMatchObject({ changed: 3, refused: 0 });
    for (const r of started.results) {
      expect(r).toMatchObject({
        outcome: 'changed',
        // The received document follows its first step's start (decision 0039).
        status: 'in_progress',
        step: { sequence: 1, name: '受付', status: 'in_progress' },
        error: null,
      });
      expect(r.reference_number).toMatch(/^\d{4}-\d+/);
    }
    expect(started.results.map((r) => r.document_id)).toEqual(ids);

    const approved = await bulk('clerkKodomo', { document_ids: ids, status: 'approved' });
    expect(approved).toMatchObject({ changed: 3, refused: 0 });

    const d = await detail(ids[0]!);
    expect(d.status).toBe('in_progress');
    const first = d.workflow_details[0]!;
    expect(first).toMatchObject({
      status: 'approved',
      acted_by_id: staff.clerkKodomo.id,
      acted_by_name: '伊藤 翔太',
    });
    expect(Date.parse(first.acted_at!)).not.toBeNaN();
    expect(d.workflow_details[1]).toMatchObject({ status: 'pending', acted_by_id: null, acted_at: null });
    // The history: the step's start, the status it moved, the approval; one entry each, in order.
    expect(d.history.map((h) => [h.action, h.user_name, h.change?.kind])).toEqual([
      ['workflow.status', '伊藤 翔太', 'workflow'],
      ['document.status', '伊藤 翔太', 'status'],
      ['workflow.status', '伊藤 翔太', 'workflow'],
    ]);
    expect(d.history[1]!.change).toEqual({
      kind: 'status',
      from: 'received',
      to: 'in_progress',
      remand_message: null,
    });
    for (const id of ids) {
      expect(await audits(id, 'workflow.status')).toHaveLength(2);
      expect(await audits(id, 'document.status')).toHaveLength(1);
    }
    expect((await audits(ids[0]!, 'workflow.status'))[1]).toMatchObject({
      actor_id: staff.clerkKodomo.id,
      detail: { sequence: 1, name: '受付', from: 'in_progress', to: 'approved' },
    });

    // The next step (審査) starts: the document is already in progress, so no status entry this time.
    await bulk('clerkKodomo', { document_ids: ids, status: 'in_progress' });
    const returned = await bulk('clerkKodomo', {
      document_ids: ids,
      status: 'returned',
      memo: '所得の確認をやり直してください。',
    });
    expect(returned.results.map((r) => r.step)).toEqual(
      ids.map(() => ({ sequence: 2, name: '審査', status: 'returned' })),
    );
    const again = await detail(ids[1]!);
    expect(again.workflow_details[1]).toMatchObject({
      status: 'returned',
      memo: '所得の確認をやり直してください。',
      acted_by_name: '伊藤 翔太',
    });
    expect(await audits(ids[1]!, 'document.status')).toHaveLength(1);
    expect(await audits(ids[1]!, 'workflow.status')).toHaveLength(4);
    expect(again.history.at(-1)!.change).toMatchObject({
      kind: 'workflow',
      sequence: 2,
      from: 'in_progress',
      to: 'returned',
      memo_changed: true,
    });
  });

  it('refuses per document: changed since the list, out of order, no open step, settled, out of scope, another department', async () => {
    const [fresh, stale, done, settled, moved] = [
      await allowance(),
      await allowance(),
      await allowance(),
      await allowance(),
      await allowance(),
    ];
    const birth = (await submittedDocuments(t, dir, { procedureCodes: ['birth_notification'] })).documents
      .birth_notification!;
    const unknown = randomUUID();
    const shown = await versions([fresh, stale, done, settled, moved, birth]);
    // After the list was read: another clerk assigns `stale`'s step; every step of `done` is approved.
    const assign = await staff.adminKodomo.request('POST', BULK_ASSIGN, {
      document_ids: [stale],
      versions: { [stale]: shown[stale] },
      user_id: staff.adminKodomo.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    await t.database.executeSql("update workflow_details set status = 'approved' where document_id = $1", [
      done,
    ]);
    const reject = await staff.adminKodomo.request(
      'PUT',
      `${M}/documents/${settled}/status/`,
      { status: 'rejected', remand_message: '要件を満たしていないため' },
      { 'if-match': `"${shown[settled]}"` },
    );
    expect(reject.statusCode, reject.body).toBe(200);
    // `moved`'s current step belongs to the 市民課 (shimin) department: a kodomo clerk may not act on it.
    await t.database.executeSql(
      `update workflow_details set department_id = (select id from departments where code = 'shimin' limit 1)
       where document_id = $1 and sequence = 1`,
      [moved],
    );

    const result = await bulk('clerkKodomo', {
      document_ids: [fresh, stale, done, settled, moved, birth, unknown],
      versions: {
        ...shown,
        [settled]: (await versions([settled]))[settled],
        [unknown]: 1,
      },
      status: 'in_progress',
    });
    expect(result.results.map((r) => [r.outcome, r.error?.code ?? null, r.error?.field ?? null])).toEqual([
      ['changed', null, null],
      // The one stale refusal: `conflict` without a field (decision 0034).
      ['refused', 'conflict', null],
      ['refused', 'conflict', 'workflow'],
      ['refused', 'conflict', 'status'],
      ['refused', 'forbidden', null],
      ['refused', 'not_found', null],
      ['refused', 'not_found', null],
    ]);
    expect(result).toMatchObject({ changed: 1, refused: 6 });
    expect(result.results[5]!.reference_number).toBeNull();
    for (const id of [stale, done, moved]) {
      expect(await audits(id, 'document.status')).toHaveLength(0);
      expect((await detail(id)).status).toBe('received');
    }

    // Out of order: the current step of `fresh` is in progress, so approving moves it; approving again
    // would approve the next step before it started: refused by the step machine.
    const approve = await bulk('clerkKodomo', { document_ids: [fresh], status: 'approved' });
    expect(approve.changed).toBe(1);
    const early = await bulk('clerkKodomo', { document_ids: [fresh], status: 'approved' });
    expect(early.results[0]).toMatchObject({
      outcome: 'refused',
      error: { code: 'illegal_transition', field: 'status' },
      step: { sequence: 2, status: 'pending' },
    });
    // Returning a step that has not started is refused too, and starting one already started.
    const notStarted = await bulk('clerkKodomo', { document_ids: [fresh], status: 'returned' });
    expect(notStarted.results[0]!.error?.code).toBe('illegal_transition');
  });

  it('rejects bad input as a whole; a viewer may not act', async () => {
    const a = await allowance();
    const bad = async (body: unknown) => {
      const res = await staff.clerkKodomo.request('POST', BULK_WORKFLOW, body);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { errors: { code: string; field?: string }[] }).errors;
    };
    expect(await bad({ document_ids: [a], versions: { [a]: 1 }, status: 'skipped' })).toMatchObject([
      { code: 'validation_failed', field: 'status' },
    ]);
    expect(await bad({ document_ids: [a], versions: {}, status: 'approved' })).toMatchObject([
      { code: 'validation_failed', field: 'versions' },
    ]);
    expect(await bad({ document_ids: [], versions: {}, status: 'approved' })).toMatchObject([
      { code: 'validation_failed', field: 'document_ids' },
    ]);
    const viewer = await staff.viewerKodomo.request('POST', BULK_WORKFLOW, {
      document_ids: [a],
      versions: { [a]: 1 },
      status: 'in_progress',
    });
    expect(viewer.statusCode).toBe(403);
    expect((await detail(a)).workflow_details[0]!.status).toBe('pending');
  });

  it('one step start moves a received document to in_progress, with its own history and audit entry', async () => {
    const id = await allowance();
    const [first, second] = (await detail(id)).workflow_details;
    const res = await staff.clerkKodomo.request(
      'PUT',
      `${M}/workflow-details/${first!.id}/status/`,
      { status: 'in_progress' },
      await stepIfMatch(t, first!.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(WorkflowDetail.parse(res.json())).toMatchObject({
      status: 'in_progress',
      acted_by_id: staff.clerkKodomo.id,
      acted_by_name: '伊藤 翔太',
    });
    const d = await detail(id);
    expect(d.status).toBe('in_progress');
    expect(d.history.map((h) => h.action)).toEqual(['workflow.status', 'document.status']);
    expect(await audits(id, 'document.status')).toEqual([
      expect.objectContaining({
        actor_id: staff.clerkKodomo.id,
        detail: { from: 'received', to: 'in_progress' },
      }),
    ]);
    // The resident sees the document in progress.
    const resident = await t.database.executeSql('select status from documents where id = $1', [id]);
    expect(resident.rows[0]).toMatchObject({ status: 'in_progress' });

    // Assigning only (the status sent unchanged) records no actor; skipping records one.
    const assigned = await staff.clerkKodomo.request(
      'PUT',
      `${M}/workflow-details/${first!.id}/status/`,
      { status: 'in_progress', user_id: staff.adminKodomo.id },
      await stepIfMatch(t, first!.id),
    );
    expect(WorkflowDetail.parse(assigned.json())).toMatchObject({
      user_id: staff.adminKodomo.id,
      user_name: '田中 由美',
      acted_by_id: staff.clerkKodomo.id,
    });
    // Only received moves by itself: a resubmitted document stays resubmitted when a step starts.
    await t.database.executeSql("update documents set status = 'resubmitted' where id = $1", [id]);
    await staff.adminKodomo.request(
      'PUT',
      `${M}/workflow-details/${first!.id}/status/`,
      { status: 'approved' },
      await stepIfMatch(t, first!.id),
    );
    const start = await staff.adminKodomo.request(
      'PUT',
      `${M}/workflow-details/${second!.id}/status/`,
      { status: 'in_progress' },
      await stepIfMatch(t, second!.id),
    );
    expect(start.statusCode, start.body).toBe(200);
    expect((await detail(id)).status).toBe('resubmitted');
    expect(await audits(id, 'document.status')).toHaveLength(1);
  });

  it('lists the current step’s assignee (担当者) and filters to the staff member’s own (自分の担当)', async () => {
    const [mine, theirs, noone] = [await allowance(), await allowance(), await allowance()];
    const assign = async (ids: string[], userId: string | null) => {
      const res = await staff.clerkKodomo.request('POST', BULK_ASSIGN, {
        document_ids: ids,
        versions: await versions(ids),
        user_id: userId,
      });
      expect(BulkResult.parse(res.json()).changed).toBe(ids.length);
    };
    await assign([mine], staff.clerkKodomo.id);
    await assign([theirs], staff.adminKodomo.id);
    // A step of mine that is not the current one (the first step is still open) does not count.
    await t.database.executeSql(
      'update workflow_details set user_id = $1 where document_id = $2 and sequence = 2',
      [staff.clerkKodomo.id, noone],
    );

    const list = async (who: StaffName, query: string) => {
      const res = await staff[who].request('GET', `${M}/documents/?page_size=all&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return DocumentList.parse(res.json()).documents;
    };
    const all = await list('clerkKodomo', 'procedure_code=child_allowance');
    const row = (id: string) => all.find((d) => d.id === id)!;
    expect(row(mine).current_step).toMatchObject({
      sequence: 1,
      name: '受付',
      status: 'pending',
      user_id: staff.clerkKodomo.id,
      user_name: '伊藤 翔太',
    });
    expect(row(theirs).current_step).toMatchObject({ user_name: '田中 由美' });
    expect(row(noone).current_step).toMatchObject({ sequence: 1, user_id: null, user_name: null });

    const own = await list('clerkKodomo', 'assigned_to_me=true');
    expect(own.map((d) => d.id)).toContain(mine);
    expect(own.map((d) => d.id)).not.toContain(theirs);
    expect(own.map((d) => d.id)).not.toContain(noone);
    expect(own.every((d) => d.current_step?.user_id === staff.clerkKodomo.id)).toBe(true);
    expect((await list('adminKodomo', 'assigned_to_me=true')).map((d) => d.id)).toContain(theirs);

    // Once the step is approved, the next (unassigned) step is current: the document leaves the filter.
    await bulk('clerkKodomo', { document_ids: [mine], status: 'in_progress' });
    await bulk('clerkKodomo', { document_ids: [mine], status: 'approved' });
    expect((await list('clerkKodomo', 'assigned_to_me=true')).map((d) => d.id)).not.toContain(mine);
    const after = (await list('clerkKodomo', 'procedure_code=child_allowance')).find((d) => d.id === mine)!;
    expect(after.current_step).toMatchObject({ sequence: 2, name: '審査', user_name: null });
    // The detail shows the same current step.
    expect((await detail(mine)).current_step).toMatchObject({ sequence: 2, user_id: null });

    const res = await staff.clerkKodomo.request('GET', `${M}/documents/?assigned_to_me=maybe`);
    expect(res.statusCode).toBe(400);
  });
});
