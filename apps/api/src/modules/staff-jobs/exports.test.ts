import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { csvEncoder, toShiftJis, UTF8_BOM } from './csv-encoding.js';
import { csvRecord } from './exports.repository.js';
import {
  dispositionName,
  finishedJob,
  parseCsv,
  readZip,
  seedDocument,
  staffClient,
  type StaffClient,
} from './staff-jobs.fixtures.js';
import { JUST_SENT } from '../../testing/jobs.js';

const M = '/api/municipalities/999999';
const GROUP = 1;
const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31' };
// Values a CSV must carry through: a comma, quotes, a line break, a formula, 〜, an emoji.
const AWKWARD = '山田, "はなこ"\n二行目';
const scan = Buffer.from('\x89PNG scan of a birth certificate');

describe.each(databaseKinds)('exports on %s', (kind) => {
  let t: TestApp;
  let storageRoot: string;
  let admin: StaffClient;
  let clerk: StaffClient;
  let viewer: StaffClient;
  let kodomoClerk: StaffClient;
  let anonymous: StaffClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    storageRoot = mkdtempSync(join(tmpdir(), 'staff-exports-'));
    t = await createTestApp(kind, { storageDir: storageRoot });
    const birth = (
      reference: string,
      receivedAt: string,
      extra: Partial<Parameters<typeof seedDocument>[1]> = {},
    ) =>
      seedDocument(t, {
        storageRoot,
        procedureCode: 'birth_notification',
        reference,
        receivedAt: new Date(receivedAt),
        ...extra,
      });
    // Japan-time edges of March 2026: the first and last second are in, the neighbours are out.
    ids['000001'] = (await birth('2026-000001', '2026-02-28T23:59:59+09:00')).documentId;
    ids['000002'] = (
      await birth('2026-000002', '2026-03-01T00:00:00+09:00', {
        applicantName: '=HYPERLINK("http://evil")',
        answers: [
          { code: 'child_last_name', value: AWKWARD },
          { code: 'child_first_name', value: '〜花子😀' },
          { code: 'child_sex', value: 'female' },
          { code: 'child_birth_date', value: '2026-02-27' },
          { code: 'birth_place_address', value: '' },
        ],
        attachments: [{ code: 'attach_birth_certificate', fileName: 'scan.png', bytes: scan }],
      })
    ).documentId;
    await birth('2026-000003', '2026-03-31T23:59:59+09:00', {
      applicantName: '髙橋 一郎',
      answers: [
        { code: 'child_first_name', value: '一' },
        { code: 'child_first_name', sequence: 2, value: '二' },
      ],
    });
    ids['000004'] = (await birth('2026-000004', '2026-04-01T00:00:00+09:00')).documentId;
    ids['000005'] = (
      await seedDocument(t, {
        storageRoot,
        procedureCode: 'child_allowance',
        reference: '2026-000005',
        receivedAt: new Date('2026-03-15T12:00:00+09:00'),
      })
    ).documentId;
    admin = await staffClient(t.app, 'admin.shimin@demo.example.jp');
    clerk = await staffClient(t.app, 'clerk.shimin@demo.example.jp');
    viewer = await staffClient(t.app, 'viewer.shimin@demo.example.jp');
    kodomoClerk = await staffClient(t.app, 'clerk.kodomo@demo.example.jp');
    anonymous = await staffClient(t.app, null);
  });
  afterAll(async () => {
    await t.close();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  async function exported(client: StaffClient, body: Record<string, unknown>, url = `${M}/export/${GROUP}/`) {
    const started = await client.request('POST', url, body);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'export', status: expect.stringMatching(JUST_SENT) });
    const id = started.json().id as string;
    const job = await finishedJob(client, `${M}/exporting/${id}/status/`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.progress).toBe(100);
    const zip = await client.request('GET', `${M}/exported/zip/${id}/`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    return { id, zip, entries: readZip(zip.rawPayload) };
  }

  it('exports exactly the documents received in the Japan-time range, as UTF-8 CSV with BOM and attachments', async () => {
    const { id, zip, entries } = await exported(admin, {
      ...MARCH,
      procedure_codes: ['birth_notification', 'child_allowance'],
    });
    expect(dispositionName(zip.headers['content-disposition'] as string)).toBe(
      'export_出生・子育て_2026-03-01_2026-03-31.zip',
    );
    expect(zip.headers['content-disposition']).toContain('filename="export_');
    expect(entries.map((e) => e.name)).toEqual([
      '出生届.csv',
      '添付ファイル/2026-000002/出生証明書_scan.png',
      '児童手当_認定請求.csv',
    ]);
    expect(entries.every((e) => e.utf8)).toBe(true);
    expect(entries[1]!.data.equals(scan)).toBe(true);

    const csv = entries[0]!.data;
    expect(csv.subarray(0, 3).equals(UTF8_BOM)).toBe(true);
    const rows = parseCsv(csv.subarray(3).toString('utf8'));
    const [header, ...body] = rows;
    expect(header!.slice(0, 7)).toEqual([
      '受付番号',
      '状態',
      '受付日時',
      '申請者氏名',
      '子の氏',
      '子の名',
      '子の名（2）',
    ]);
    expect(body.map((r) => r[0])).toEqual(['2026-000002', '2026-000003']);
    const column = (name: string) => header!.indexOf(name);
    const second = body[0]!;
    expect(second[column('状態')]).toBe('受付');
    expect(second[column('受付日時')]).toBe('2026-03-01 00:00:00');
    expect(second[column('申請者氏名')]).toBe(`'=HYPERLINK("http://evil")`);
    expect(second[column('子の氏')]).toBe(AWKWARD);
    expect(second[column('子の名')]).toBe('〜花子😀');
    expect(second[column('子の性別')]).toBe('女');
    expect(second[column('子の生年月日')]).toBe('2026-02-27');
    // Two children (decision 0013): each in its own numbered column (decision 0007).
    expect(body[1]![column('子の名')]).toBe('一');
    expect(body[1]![column('子の名（2）')]).toBe('二');
    expect(body[1]![column('受付日時')]).toBe('2026-03-31 23:59:59');
    expect(body.every((r) => r.length === header!.length)).toBe(true);

    const allowance = parseCsv(entries[2]!.data.subarray(3).toString('utf8'));
    expect(allowance.slice(1).map((r) => r[0])).toEqual(['2026-000005']);

    const audit = await t.database.executeSql(
      'select action from audit_log where target_id = $1 order by id',
      [id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['export.start', 'export.download']);
  });

  it('writes Shift_JIS when asked: no BOM, 〜 as ～, characters outside Shift_JIS as ?', async () => {
    const { entries } = await exported(clerk, {
      ...MARCH,
      procedure_codes: ['birth_notification'],
      encoding: 'shift_jis',
    });
    const csv = entries.find((e) => e.name === '出生届.csv')!.data;
    expect(csv.subarray(0, 3).equals(UTF8_BOM)).toBe(false);
    const rows = parseCsv(iconv.decode(csv, 'Shift_JIS'));
    expect(rows[0]!.slice(0, 4)).toEqual(['受付番号', '状態', '受付日時', '申請者氏名']);
    const first = rows[1]!;
    expect(first[rows[0]!.indexOf('子の名')]).toBe('～花子?');
    expect(first[rows[0]!.indexOf('子の氏')]).toBe(AWKWARD);
    expect(rows[2]![rows[0]!.indexOf('申請者氏名')]).toBe('髙橋 一郎');
  });

  it('lets a clerk export only their departments’ documents, and viewers not at all', async () => {
    const { id, entries } = await exported(clerk, { ...MARCH, procedure_codes: ['birth_notification'] });
    const rows = parseCsv(entries[0]!.data.subarray(3).toString('utf8'));
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2026-000002', '2026-000003']);

    const theirs = await clerk.request('POST', `${M}/export/${GROUP}/`, {
      ...MARCH,
      procedure_codes: ['child_allowance'],
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors[0].field).toBe('procedure_codes');
    // Another department's clerk sees neither the job nor its zip; an administrator does.
    expect((await kodomoClerk.request('GET', `${M}/exporting/${id}/status/`)).statusCode).toBe(404);
    expect((await kodomoClerk.request('GET', `${M}/exported/zip/${id}/`)).statusCode).toBe(404);
    expect((await admin.request('GET', `${M}/exporting/${id}/status/`)).statusCode).toBe(200);
    // The kodomo clerk's own export holds only the child allowance claim.
    const own = await exported(kodomoClerk, { ...MARCH, procedure_codes: ['child_allowance'] });
    expect(
      parseCsv(own.entries[0]!.data.subarray(3).toString('utf8'))
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['2026-000005']);

    const body = { ...MARCH, procedure_codes: ['birth_notification'] };
    expect((await viewer.request('POST', `${M}/export/${GROUP}/`, body)).statusCode).toBe(403);
    expect((await viewer.request('GET', `${M}/exporting/${id}/status/`)).statusCode).toBe(403);
    expect((await anonymous.request('POST', `${M}/export/${GROUP}/`, body)).statusCode).toBe(401);
  });

  it('exports a selection from the staff list: exactly those documents, dated by their first and last receipt', async () => {
    const selection = [ids['000004']!, ids['000002']!, ids['000005']!];
    const { id, zip, entries } = await exported(
      admin,
      { document_ids: selection },
      `${M}/documents-bulk/export/`,
    );
    expect(dispositionName(zip.headers['content-disposition'] as string)).toBe(
      'export_出生・子育て_2026-03-01_2026-04-01.zip',
    );
    const csv = (name: string) =>
      parseCsv(
        entries
          .find((e) => e.name === name)!
          .data.subarray(3)
          .toString('utf8'),
      )
        .slice(1)
        .map((r) => r[0]);
    // 000001 and 000003 fall in the range but were not selected.
    expect(csv('出生届.csv')).toEqual(['2026-000002', '2026-000004']);
    expect(csv('児童手当_認定請求.csv')).toEqual(['2026-000005']);
    const audit = await t.database.executeSql(
      'select detail from audit_log where target_id = $1 and action = $2',
      [id, 'export.start'],
    );
    expect(audit.rows[0]!.detail).toMatchObject({ document_count: 3, start_date: '2026-03-01' });

    // A clerk's selection keeps to their departments: the other department's document is left out.
    const own = await exported(clerk, { document_ids: selection }, `${M}/documents-bulk/export/`);
    expect(own.entries.map((e) => e.name)).toEqual([
      '出生届.csv',
      '添付ファイル/2026-000002/出生証明書_scan.png',
    ]);
    // Nothing of theirs selected: not found; viewers may not export.
    const none = await kodomoClerk.request('POST', `${M}/documents-bulk/export/`, {
      document_ids: [ids['000001']!],
    });
    expect(none.statusCode).toBe(404);
    const looked = await viewer.request('POST', `${M}/documents-bulk/export/`, { document_ids: selection });
    expect(looked.statusCode).toBe(403);
    for (const body of [
      { document_ids: [] },
      { document_ids: [ids['000002'], ids['000002']] },
      { document_ids: ['x'] },
      { document_ids: selection, encoding: 'latin1' },
    ]) {
      const bad = await admin.request('POST', `${M}/documents-bulk/export/`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses bad requests', async () => {
    const post = (group: string | number, body: Record<string, unknown>) =>
      admin.request('POST', `${M}/export/${group}/`, body);
    const good = { ...MARCH, procedure_codes: ['birth_notification'] };
    expect((await post(999, good)).statusCode).toBe(404);
    expect((await post(1001, good)).statusCode).toBe(404); // サンプル町's group
    expect((await post('x', good)).statusCode).toBe(400);
    expect((await post(GROUP, { ...good, start_date: '2026-04-01' })).json().errors[0].field).toBe(
      'end_date',
    );
    expect((await post(GROUP, { ...good, start_date: '2026-02-30' })).statusCode).toBe(400);
    expect((await post(GROUP, { ...good, procedure_codes: [] })).statusCode).toBe(400);
    expect((await post(GROUP, { ...good, procedure_codes: ['pregnancy_notification'] })).statusCode).toBe(
      400,
    );
    expect((await post(GROUP, { ...good, encoding: 'latin1' })).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.request('GET', `${M}/exporting/${unknown}/status/`)).statusCode).toBe(404);
    expect((await admin.request('GET', `${M}/exported/zip/${unknown}/`)).statusCode).toBe(404);
    expect((await admin.request('GET', `${M}/exported/zip/x/`)).statusCode).toBe(400);
  });
});

describe('CSV encoding', () => {
  it('quotes as PostgreSQL COPY does: NULL empty, empty text "", quotes and line breaks quoted', () => {
    expect(csvRecord([null, '', 'a,b', 'x"y', 'l\nm', 'plain'])).toBe(',"","a,b","x""y","l\nm",plain\n');
  });

  it('keeps characters split across chunks whole when re-encoding to Shift_JIS', async () => {
    const encoder = csvEncoder('shift_jis', 'h\n');
    const bytes = Buffer.from('〜山田−\n', 'utf8');
    const out: Buffer[] = [];
    encoder.on('data', (b: Buffer) => out.push(b));
    const done = new Promise((r) => encoder.on('end', r));
    for (let i = 0; i < bytes.length; i += 2) encoder.write(bytes.subarray(i, i + 2));
    encoder.end();
    await done;
    expect(iconv.decode(Buffer.concat(out), 'Shift_JIS')).toBe('h\n～山田－\n');
    expect(toShiftJis('𠮷野家').toString('latin1')).toBe(
      `?${iconv.encode('野家', 'Shift_JIS').toString('latin1')}`,
    );
  });
});
