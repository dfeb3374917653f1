import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentMemos } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  M,
  auditOf,
  ifMatch,
  signInAll,
  submittedDocuments,
  type StaffClient,
  type StaffName,
} from './documents.fixtures.js';
import { createDocumentRepository } from './documents.repository.js';

/**
 * Two clerks on one document (decision 0034): each write names the version its screen read; the second
 * of two writes from one version is refused with 409 and nothing of the first is lost.
 */
describe.each(databaseKinds)('two staff writing one document on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let staff: Record<StaffName, StaffClient>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-concurrency-'));
    t = await createTestApp(kind, { storageDir: dir });
    staff = await signInAll(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const doc = (id: string) => `${M}/documents/${id}/`;
  const allowance = async () =>
    (await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] })).documents.child_allowance!;
  /** What a clerk's screen reads: the detail, with its ETag. */
  const read = async (who: StaffName, id: string) => {
    const res = await staff[who].request('GET', doc(id));
    expect(res.statusCode, res.body).toBe(200);
    const detail = DocumentDetail.parse(res.json());
    expect(res.headers.etag).toBe(`"${detail.version}"`);
    return detail;
  };
  const write = (who: StaffName, url: string, body: unknown, version: number) =>
    staff[who].request('PUT', url, body, ifMatch(version));
  /** The one stale refusal: 409 `conflict` without a field, as the workflow's race already answers. */
  const expectStale = (res: Awaited<ReturnType<typeof write>>) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      errors: [{ code: 'conflict', message: 'the document was changed by someone else: reload it' }],
    });
  };
  const historyOf = async (id: string) => (await read('adminKodomo', id)).history;

  it('memo: the second save from one version is 409; merged after a reload, the history holds every text', async () => {
    const id = await allowance();
    const url = `${doc(id)}memos/`;
    const [ito, tanaka] = [await read('clerkKodomo', id), await read('adminKodomo', id)];
    expect(ito.version).toBe(tanaka.version);

    const first = await write(
      'clerkKodomo',
      url,
      { municipality_memos: '電話で口座を確認済み', is_confirmed: false },
      ito.version,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe(`"${ito.version + 1}"`);
    const second = await write(
      'adminKodomo',
      url,
      { municipality_memos: '所得証明書を待つ', is_confirmed: true },
      tanaka.version,
    );
    expectStale(second);

    // Tanaka reloads: Ito's text, who saved it and the version to send; nothing of Ito's is gone.
    const now = DocumentMemos.parse((await staff.adminKodomo.request('GET', url)).json());
    expect(now).toMatchObject({
      municipality_memos: '電話で口座を確認済み',
      is_confirmed: false,
      updated_by: '伊藤 翔太',
      version: ito.version + 1,
    });
    const merged = '電話で口座を確認済み\n所得証明書を待つ';
    const saved = await write(
      'adminKodomo',
      url,
      { municipality_memos: merged, is_confirmed: true },
      now.version,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(DocumentMemos.parse(saved.json())).toMatchObject({
      municipality_memos: merged,
      updated_by: '田中 由美',
    });

    // Saving what is there writes nothing, whatever version the screen had.
    const again = await write(
      'clerkKodomo',
      url,
      { municipality_memos: merged, is_confirmed: true },
      ito.version,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().version).toBe(now.version + 1);

    const history = await historyOf(id);
    expect(history.map((h) => [h.user_name, h.change])).toEqual([
      [
        '伊藤 翔太',
        {
          kind: 'memo',
          confirmed_before: false,
          confirmed_after: false,
          memos_changed: true,
          memo_before: null,
          memo_after: '電話で口座を確認済み',
        },
      ],
      [
        '田中 由美',
        {
          kind: 'memo',
          confirmed_before: false,
          confirmed_after: true,
          memos_changed: true,
          memo_before: '電話で口座を確認済み',
          memo_after: merged,
        },
      ],
    ]);
    expect(history.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
    // The audit log names the act, not the notes.
    const audits = (await auditOf(t, id)).filter((a) => a.action === 'memo.update');
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain('所得証明書');
  });

  it('answers: a stale edit is 409 and the first stays; the application’s other document moves on too', async () => {
    const f = await submittedDocuments(t, dir, {
      procedureCodes: ['child_allowance', 'child_medical_subsidy'],
      answers: { applicant_phone: '0312345678' },
    });
    const [id, sibling] = [f.documents.child_allowance!, f.documents.child_medical_subsidy!];
    const phone = (value: string) => ({
      standard_item_fragments: [{ standard_item_code: 'applicant_phone', sequence: 1, value }],
    });
    const [ito, tanaka, other] = [
      await read('clerkKodomo', id),
      await read('adminKodomo', id),
      await read('adminKodomo', sibling),
    ];

    const first = await write('clerkKodomo', doc(id), phone('0398765432'), ito.version);
    expect(first.statusCode, first.body).toBe(200);
    expect(DocumentDetail.parse(first.json()).version).toBe(ito.version + 1);
    expectStale(await write('adminKodomo', doc(id), phone('0311112222'), tanaka.version));
    // The answers belong to the application: the other document shows them, so its version moved too.
    expectStale(await write('adminKodomo', doc(sibling), phone('0311112222'), other.version));

    const now = await read('adminKodomo', id);
    expect(now.standard_item_fragments.find((a) => a.standard_item_code === 'applicant_phone')?.value).toBe(
      '0398765432',
    );
    const retried = await write('adminKodomo', doc(id), phone('0311112222'), now.version);
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await historyOf(id)).map((h) => h.change)).toEqual([
      {
        kind: 'answers',
        changes: [{ code: 'applicant_phone', sequence: 1, before: '0312345678', after: '0398765432' }],
      },
      {
        kind: 'answers',
        changes: [{ code: 'applicant_phone', sequence: 1, before: '0398765432', after: '0311112222' }],
      },
    ]);
  });

  it('status: a stale move is 409, the first move stands alone in the history', async () => {
    const id = await allowance();
    const [ito, tanaka] = [await read('clerkKodomo', id), await read('adminKodomo', id)];
    const moved = await write('clerkKodomo', `${doc(id)}status/`, { status: 'in_progress' }, ito.version);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.headers.etag).toBe(`"${ito.version + 1}"`);
    expectStale(
      await write(
        'adminKodomo',
        `${doc(id)}status/`,
        { status: 'rejected', remand_message: '要件を満たしていないため' },
        tanaka.version,
      ),
    );
    // A memo typed on the old screen is refused as well: the document is not what that screen showed.
    expectStale(
      await write(
        'adminKodomo',
        `${doc(id)}memos/`,
        { municipality_memos: 'x', is_confirmed: false },
        tanaka.version,
      ),
    );
    const now = await read('adminKodomo', id);
    expect(now.status).toBe('in_progress');
    expect(now.history.map((h) => h.change)).toEqual([
      { kind: 'status', from: 'received', to: 'in_progress', remand_message: null },
    ]);
    expect((await auditOf(t, id)).filter((a) => a.action !== 'document.read').map((a) => a.action)).toEqual([
      'document.status',
    ]);
  });

  it('workflow: a stale step act is 409; the first act’s assignee and memo stay', async () => {
    const id = await allowance();
    const [ito, tanaka] = [await read('clerkKodomo', id), await read('adminKodomo', id)];
    const step = `${M}/workflow-details/${ito.workflow_details[0]!.id}/status/`;
    const started = await write(
      'clerkKodomo',
      step,
      { status: 'in_progress', memo: '伊藤が確認中' },
      ito.version,
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(started.headers.etag).toBeUndefined();
    expectStale(
      await write(
        'adminKodomo',
        step,
        { status: 'pending', user_id: staff.adminKodomo.id, memo: null },
        tanaka.version,
      ),
    );
    const now = await read('adminKodomo', id);
    expect(now.version).toBe(ito.version + 1);
    expect(now.workflow_details[0]).toMatchObject({
      status: 'in_progress',
      memo: '伊藤が確認中',
      user_id: null,
    });
    // The step's start, and the status the received document followed it to (decision 0039).
    expect(now.history.map((h) => h.action)).toEqual(['workflow.status', 'document.status']);
  });

  it('two writes racing from one version: exactly one passes, whatever the interleaving', async () => {
    const id = await allowance();
    const { version } = await read('clerkKodomo', id);
    const url = `${doc(id)}memos/`;
    const answers = await Promise.all([
      write('clerkKodomo', url, { municipality_memos: '伊藤のメモ', is_confirmed: false }, version),
      write('adminKodomo', url, { municipality_memos: '田中のメモ', is_confirmed: false }, version),
      write('adminKodomo', `${doc(id)}status/`, { status: 'in_progress' }, version),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const now = await read('adminKodomo', id);
    expect(now.version).toBe(version + 1);
    expect(now.history).toHaveLength(1);
  });

  it('checks the version in the write itself: of five writes racing past the service, one passes', async () => {
    const id = await allowance();
    const repository = createDocumentRepository(t.database.db);
    const written = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        repository.updateMemos({
          documentId: id,
          version: 1,
          memos: `メモ${n}`,
          isConfirmed: false,
          staffId: staff.clerkKodomo.id,
          at: new Date(),
          change: { action: 'memo.update', detail: { memos_changed: true } },
          audit: {
            municipalityId: null,
            actorKind: 'staff',
            actorId: null,
            action: 'memo.update',
            targetId: id,
          },
        }),
      ),
    );
    expect(written.filter((row) => row !== null)).toHaveLength(1);
    const rows = await t.database.executeSql(
      'select (select version from documents where id = $1) as version, count(*)::int as n from document_changes where document_id = $1',
      [id],
    );
    expect(rows.rows[0]).toMatchObject({ version: 2, n: 1 });
  });

  it('asks for the version: none is 428, anything but one version tag 400; nothing is written', async () => {
    const id = await allowance();
    const { workflow_details } = await read('clerkKodomo', id);
    const writes: [string, unknown][] = [
      [
        doc(id),
        {
          standard_item_fragments: [
            { standard_item_code: 'applicant_phone', sequence: 1, value: '0390000000' },
          ],
        },
      ],
      [`${doc(id)}status/`, { status: 'in_progress' }],
      [`${doc(id)}memos/`, { municipality_memos: 'x', is_confirmed: false }],
      [`${M}/workflow-details/${workflow_details[0]!.id}/status/`, { status: 'in_progress' }],
    ];
    for (const [url, body] of writes) {
      const missing = await staff.clerkKodomo.request('PUT', url, body);
      expect(missing.statusCode, `${url} ${missing.body}`).toBe(428);
      expect(missing.json().errors).toEqual([
        { code: 'precondition_required', message: expect.any(String), field: 'If-Match' },
      ]);
      for (const tag of ['*', 'W/"1"', '"1", "2"', '1', '"0"', '"abc"']) {
        const bad = await staff.clerkKodomo.request('PUT', url, body, { 'if-match': tag });
        expect(bad.statusCode, `${url} If-Match: ${tag}`).toBe(400);
        expect(bad.json().errors[0]).toMatchObject({ code: 'bad_request', field: 'If-Match' });
      }
    }
    const now = await read('clerkKodomo', id);
    expect([now.version, now.history, now.status]).toEqual([1, [], 'received']);
  });
});
