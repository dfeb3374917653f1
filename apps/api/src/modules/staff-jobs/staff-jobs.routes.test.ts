import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  dispositionName,
  finishedJob,
  readZip,
  seedDocument,
  staffClient,
  type SeededDocument,
  type StaffClient,
} from './staff-jobs.fixtures.js';
import { JUST_SENT } from '../../testing/jobs.js';

const M = '/api/municipalities/999999';
const ADMIN = 'admin.shimin@demo.example.jp';
const CLERK = 'clerk.shimin@demo.example.jp';
const VIEWER = 'viewer.shimin@demo.example.jp';
const KODOMO_VIEWER = 'viewer.kodomo@demo.example.jp';
const KODOMO_CLERK = 'clerk.kodomo@demo.example.jp';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const DELAY_SECONDS = 2;

const birthAnswers = [
  { code: 'child_last_name', value: '山田' },
  { code: 'child_first_name', value: '花子' },
  { code: 'child_sex', value: 'female' },
  { code: 'child_birth_date', value: '2026-03-01' },
  { code: 'applicant_last_name', value: '山田' },
  { code: 'applicant_first_name', value: '太郎' },
];

const pagesOf = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();

describe.each(databaseKinds)('staff jobs: rendering, signature packages and deletion on %s', (kind) => {
  let t: TestApp;
  let storageRoot: string;
  let clients: Record<
    'admin' | 'clerk' | 'viewer' | 'kodomoViewer' | 'kodomoClerk' | 'anonymous',
    StaffClient
  >;
  // One application with a birth notification (市民課) and a child allowance claim (こども家庭課).
  let birth: SeededDocument;
  let allowance: SeededDocument;
  let foreign: SeededDocument;

  beforeAll(async () => {
    storageRoot = mkdtempSync(join(tmpdir(), 'staff-jobs-'));
    t = await createTestApp(kind, {
      storageDir: storageRoot,
      env: { DOCUMENTS_DELETE_DELAY_SECONDS: String(DELAY_SECONDS) },
    });
    birth = await seedDocument(t, {
      storageRoot,
      procedureCode: 'birth_notification',
      reference: '2026-000101',
      receivedAt: new Date('2026-03-10T10:00:00+09:00'),
      answers: birthAnswers,
      attachments: [
        { code: 'attach_birth_certificate', fileName: 'scan.png', bytes: Buffer.from('png bytes') },
      ],
    });
    allowance = await seedDocument(t, {
      storageRoot,
      procedureCode: 'child_allowance',
      reference: '2026-000102',
      receivedAt: new Date('2026-03-10T10:00:00+09:00'),
      applicationId: birth.applicationId,
    });
    foreign = await seedDocument(t, {
      storageRoot,
      procedureCode: 'pregnancy_notification',
      reference: '2026-000001',
      municipalityCode: '999998',
      receivedAt: new Date('2026-03-10T10:00:00+09:00'),
    });
    clients = {
      admin: await staffClient(t.app, ADMIN),
      clerk: await staffClient(t.app, CLERK),
      viewer: await staffClient(t.app, VIEWER),
      kodomoViewer: await staffClient(t.app, KODOMO_VIEWER),
      kodomoClerk: await staffClient(t.app, KODOMO_CLERK),
      anonymous: await staffClient(t.app, null),
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  const auditActions = async (targetId: string) =>
    (
      await t.database.executeSql('select action, actor_id from audit_log where target_id = $1 order by id', [
        targetId,
      ])
    ).rows.map((r) => String(r.action));

  it('answers 401 without a staff session on every staff job route', async () => {
    const a = clients.anonymous;
    const calls: [string, string, unknown?][] = [
      ['POST', `${M}/applications/${birth.applicationId}/render/municipality/${birth.documentId}/`, {}],
      ['GET', `${M}/applications/${birth.applicationId}/rendering/${NO_SUCH_ID}/status/`],
      ['GET', `${M}/applications/${birth.applicationId}/rendered/zip/${NO_SUCH_ID}/`],
      ['POST', `${M}/documents/${birth.documentId}/render/1/`],
      ['GET', `${M}/rendering/${NO_SUCH_ID}/status/`],
      ['GET', `${M}/rendered/zip/${NO_SUCH_ID}/`],
      [
        'GET',
        `${M}/applications/${birth.applicationId}/signature-digital-certified/zip/${birth.documentId}/`,
      ],
      ['POST', `${M}/documents-delete/`, { document_ids: [birth.documentId] }],
      ['DELETE', `${M}/documents-delete/?documents_delete_id=${NO_SUCH_ID}`],
      [
        'POST',
        `${M}/export/1/`,
        { start_date: '2026-03-01', end_date: '2026-03-31', procedure_codes: ['x'] },
      ],
      ['GET', `${M}/exporting/${NO_SUCH_ID}/status/`],
      ['GET', `${M}/exported/zip/${NO_SUCH_ID}/`],
    ];
    for (const [method, url, body] of calls) {
      const res = await a.request(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('renders an application for the municipality: printed copies, the staff member’s departments, a zip', async () => {
    // The viewer of 市民課 renders: only the birth notification (the child allowance is こども家庭課's).
    const url = `${M}/applications/${birth.applicationId}/render/municipality/${birth.documentId}/`;
    const started = await clients.viewer.request('POST', url, { is_additional: false });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({
      kind: 'render_municipality',
      status: expect.stringMatching(JUST_SENT),
    });
    const statusUrl = `${M}/applications/${birth.applicationId}/rendering/${started.json().id}/status/`;
    const job = await finishedJob(clients.viewer, statusUrl);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.documents).toMatchObject([
      { procedure_code: 'birth_notification', file_name: '2026-000101_出生届.pdf' },
    ]);
    const zipUrl = `${M}/applications/${birth.applicationId}/rendered/zip/${started.json().id}/`;
    const zip = await clients.viewer.request('GET', zipUrl);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(dispositionName(zip.headers['content-disposition'] as string)).toBe('2026-000101_申請書.zip');
    const entries = readZip(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['2026-000101_出生届.pdf']);
    const fullPages = await pagesOf(entries[0]!.data);

    // An additional copy: the requested document only, one copy (birth notifications print two).
    const extra = await clients.viewer.request('POST', url, { is_additional: true });
    const extraJob = await finishedJob(
      clients.viewer,
      `${M}/applications/${birth.applicationId}/rendering/${extra.json().id}/status/`,
    );
    expect(extraJob.status).toBe('succeeded');
    const extraZip = await clients.viewer.request(
      'GET',
      `${M}/applications/${birth.applicationId}/rendered/zip/${extra.json().id}/`,
    );
    expect(dispositionName(extraZip.headers['content-disposition'] as string)).toBe(
      '2026-000101_申請書_追加.zip',
    );
    expect(await pagesOf(readZip(extraZip.rawPayload)[0]!.data)).toBe(fullPages / 2);

    // The administrator sees every department: both documents of the application.
    const all = await clients.admin.request('POST', url, {});
    const allJob = await finishedJob(
      clients.admin,
      `${M}/applications/${birth.applicationId}/rendering/${all.json().id}/status/`,
    );
    expect((allJob.documents as { procedure_code: string }[]).map((d) => d.procedure_code).sort()).toEqual([
      'birth_notification',
      'child_allowance',
    ]);

    // Another department's staff see neither the document nor the job; bad input is 400.
    expect((await clients.kodomoViewer.request('POST', url, {})).statusCode).toBe(404);
    expect((await clients.kodomoViewer.request('GET', statusUrl)).statusCode).toBe(404);
    expect((await clients.kodomoViewer.request('GET', zipUrl)).statusCode).toBe(404);
    const wrongApplication = `${M}/applications/${foreign.applicationId}/render/municipality/${birth.documentId}/`;
    expect((await clients.viewer.request('POST', wrongApplication, {})).statusCode).toBe(404);
    const otherTown = `${M}/applications/${foreign.applicationId}/render/municipality/${foreign.documentId}/`;
    expect((await clients.admin.request('POST', otherTown, {})).statusCode).toBe(404);
    expect((await clients.viewer.request('POST', url, { is_additional: 'yes' })).statusCode).toBe(400);
    expect(
      (
        await clients.viewer.request(
          'POST',
          `${M}/applications/x/render/municipality/${birth.documentId}/`,
          {},
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await clients.viewer.request(
          'GET',
          `${M}/applications/${birth.applicationId}/rendering/${NO_SUCH_ID}/status/`,
        )
      ).statusCode,
    ).toBe(404);

    const actions = await auditActions(birth.documentId);
    expect(actions).toContain('render.municipality.start');
    expect(actions).toContain('render.municipality.download');
  });

  it('renders a report of a document as a job with its own status and zip', async () => {
    const started = await clients.viewer.request('POST', `${M}/documents/${birth.documentId}/render/2/`);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().kind).toBe('render_document');
    const statusUrl = `${M}/rendering/${started.json().id}/status/`;
    const job = await finishedJob(clients.viewer, statusUrl);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.documents).toMatchObject([{ file_name: '2026-000101_出生証明書_記載事項.pdf', pages: 1 }]);
    const zipUrl = `${M}/rendered/zip/${started.json().id}/`;
    const zip = await clients.viewer.request('GET', zipUrl);
    expect(zip.statusCode).toBe(200);
    expect(dispositionName(zip.headers['content-disposition'] as string)).toBe(
      '2026-000101_出生証明書_記載事項.zip',
    );
    const [pdf] = readZip(zip.rawPayload);
    expect(pdf!.data.subarray(0, 5).toString()).toBe('%PDF-');
    const loaded = await PDFDocument.load(pdf!.data);
    expect(loaded.getTitle()).toBe('出生証明書 記載事項（受付番号 2026-000101）');

    // A report of another procedure, an unknown report, another department's staff: 404.
    expect(
      (await clients.viewer.request('POST', `${M}/documents/${birth.documentId}/render/3/`)).statusCode,
    ).toBe(404);
    expect(
      (await clients.viewer.request('POST', `${M}/documents/${birth.documentId}/render/999/`)).statusCode,
    ).toBe(404);
    expect(
      (await clients.viewer.request('POST', `${M}/documents/${birth.documentId}/render/x/`)).statusCode,
    ).toBe(400);
    expect(
      (await clients.kodomoViewer.request('POST', `${M}/documents/${birth.documentId}/render/1/`)).statusCode,
    ).toBe(404);
    expect((await clients.kodomoViewer.request('GET', statusUrl)).statusCode).toBe(404);
    expect((await clients.kodomoViewer.request('GET', zipUrl)).statusCode).toBe(404);
    expect(
      (await clients.admin.request('POST', `${M}/documents/${foreign.documentId}/render/1/`)).statusCode,
    ).toBe(404);
    // A report of the こども家庭課 document renders for its own viewer.
    const theirs = await clients.kodomoViewer.request(
      'POST',
      `${M}/documents/${allowance.documentId}/render/3/`,
    );
    expect(theirs.statusCode).toBe(202);
    expect(
      (await finishedJob(clients.kodomoViewer, `${M}/rendering/${theirs.json().id}/status/`)).status,
    ).toBe('succeeded');
    expect(await auditActions(birth.documentId)).toEqual(
      expect.arrayContaining(['render.report.start', 'render.report.download']),
    );
  });

  it('has no signature package for a document without a signature', async () => {
    const url = `${M}/applications/${birth.applicationId}/signature-digital-certified/zip/${birth.documentId}/`;
    const res = await clients.viewer.request('GET', url);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toContain('signature');
    expect(
      (
        await clients.kodomoViewer.request(
          'GET',
          `${M}/applications/${birth.applicationId}/signature-digital-certified/zip/${birth.documentId}/`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('lets only administrators request deletions, and a cancelled request leaves the documents', async () => {
    const body = { document_ids: [birth.documentId, allowance.documentId] };
    expect((await clients.viewer.request('POST', `${M}/documents-delete/`, body)).statusCode).toBe(403);
    expect((await clients.clerk.request('POST', `${M}/documents-delete/`, body)).statusCode).toBe(403);
    expect(
      (await clients.admin.request('POST', `${M}/documents-delete/`, { document_ids: [] })).statusCode,
    ).toBe(400);
    expect(
      (await clients.admin.request('POST', `${M}/documents-delete/`, { document_ids: ['not-an-id'] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await clients.admin.request('POST', `${M}/documents-delete/`, { document_ids: [NO_SUCH_ID] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await clients.admin.request('POST', `${M}/documents-delete/`, { document_ids: [foreign.documentId] }))
        .statusCode,
    ).toBe(404);

    const requested = await clients.admin.request('POST', `${M}/documents-delete/`, body);
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json()).toMatchObject({ kind: 'documents_delete', status: 'queued' });
    const id = requested.json().id as string;
    expect(
      (await clients.clerk.request('DELETE', `${M}/documents-delete/?documents_delete_id=${id}`)).statusCode,
    ).toBe(403);
    const cancelled = await clients.admin.request(
      'DELETE',
      `${M}/documents-delete/?documents_delete_id=${id}`,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id, status: 'cancelled' });
    await new Promise((r) => setTimeout(r, (DELAY_SECONDS + 1.5) * 1000));
    const left = await t.database.executeSql(
      'select count(*)::int as n from documents where id = any($1::uuid[])',
      [body.document_ids],
    );
    expect(Number(left.rows[0]!.n)).toBe(2);
    const again = await clients.admin.request('DELETE', `${M}/documents-delete/?documents_delete_id=${id}`);
    expect(again.statusCode).toBe(409);
    expect(
      (await clients.admin.request('DELETE', `${M}/documents-delete/?documents_delete_id=${NO_SUCH_ID}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await clients.admin.request('DELETE', `${M}/documents-delete/?documents_delete_id=x`)).statusCode,
    ).toBe(400);
    expect(await auditActions(id)).toEqual(['documents.delete.request', 'documents.delete.cancel']);
  });

  it('deletes the documents after the grace delay, with their application and its files once none is left', async () => {
    const attachment = (
      await t.database.executeSql('select storage_key from attachments where application_id = $1', [
        birth.applicationId,
      ])
    ).rows[0]!.storage_key as string;
    expect(existsSync(join(storageRoot, 'files', attachment))).toBe(true);

    // First the birth notification alone: the application keeps its other document and its files.
    const first = await clients.admin.request('POST', `${M}/documents-delete/`, {
      document_ids: [birth.documentId],
    });
    expect(first.statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, DELAY_SECONDS * 1000));
    const firstDone = await waitForRow(first.json().id as string);
    expect(firstDone.status, String(firstDone.error)).toBe('succeeded');
    const count = async (table: string, column: string, id: string) =>
      Number(
        (await t.database.executeSql(`select count(*)::int as n from ${table} where ${column} = $1`, [id]))
          .rows[0]!.n,
      );
    expect(await count('documents', 'id', birth.documentId)).toBe(0);
    expect(await count('workflow_details', 'document_id', birth.documentId)).toBe(0);
    expect(await count('documents', 'id', allowance.documentId)).toBe(1);
    expect(await count('applications', 'id', birth.applicationId)).toBe(1);
    expect(existsSync(join(storageRoot, 'files', attachment))).toBe(true);
    // Cancelling a request that ran is refused.
    expect(
      (await clients.admin.request('DELETE', `${M}/documents-delete/?documents_delete_id=${first.json().id}`))
        .statusCode,
    ).toBe(409);

    // Then the last document: the application, its answers and its files go too. The attachment is made
    // undeletable for now (a folder in its place): it stays listed for the daily disposal to retry.
    const stored = join(storageRoot, 'files', attachment);
    rmSync(stored);
    mkdirSync(join(stored, 'in-the-way'), { recursive: true });
    const last = await clients.admin.request('POST', `${M}/documents-delete/`, {
      document_ids: [allowance.documentId],
    });
    await new Promise((r) => setTimeout(r, DELAY_SECONDS * 1000));
    expect((await waitForRow(last.json().id as string)).status).toBe('succeeded');
    expect(await count('documents', 'id', allowance.documentId)).toBe(0);
    expect(await count('applications', 'id', birth.applicationId)).toBe(0);
    expect(await count('application_answers', 'application_id', birth.applicationId)).toBe(0);
    const listed = await t.database.executeSql('select storage_key, attempts from file_disposals', []);
    expect(listed.rows).toEqual([{ storage_key: attachment, attempts: 1 }]);
    rmSync(stored, { recursive: true });
    // The rendering jobs of the application keep their rows but no longer their zips.
    const zips = await t.database.executeSql(
      `select count(*)::int as n from jobs where params->>'applicationId' = $1 and result_key is not null`,
      [birth.applicationId],
    );
    expect(Number(zips.rows[0]!.n)).toBe(0);
    const audit = await t.database.executeSql(
      `select actor_id, detail from audit_log where action = 'documents.delete.run' and target_id = $1`,
      [last.json().id],
    );
    expect(audit.rows[0]!.detail).toMatchObject({ reference_numbers: ['2026-000102'] });
  });

  async function waitForRow(jobId: string) {
    for (let i = 0; i < 100; i++) {
      const row = (await t.database.executeSql('select status, error from jobs where id = $1', [jobId]))
        .rows[0]!;
      if (row.status !== 'queued' && row.status !== 'running') return row;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`job ${jobId} did not run`);
  }
});
