import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { crlfLines, csvEncoder, csvLines, toShiftJis, UTF8_BOM } from './csv-encoding.js';
import { cellValue, sheetName } from './xlsx-sheet.js';
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
// Digit strings Excel would turn into numbers (dropping the leading zero), and a number item's value.
const PHONE = '0312345678';
const POSTAL = '0600000';
const WEIGHT = '3050.5';
/** The columns every export starts with (decision 0036). */
const LEADING = [
  '受付番号',
  '状態',
  '受付日時',
  '申請者氏名',
  '担当者',
  '処理期限',
  '完了日',
  '確認元と異なる項目',
];

/** The text of a UTF-8 CSV with its BOM checked and removed. */
function utf8Csv(bytes: Buffer): string {
  expect(bytes.subarray(0, 3).equals(UTF8_BOM)).toBe(true);
  return bytes.subarray(3).toString('utf8');
}

/** The first sheet of an xlsx, read back with exceljs. */
async function firstSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** Every record ends in CRLF (RFC 4180); a line break inside a quoted value is the value's own. */
function expectCrlf(text: string, records: number) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.split('\r\n').length - 1).toBe(records);
}

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
          { code: 'applicant_phone', value: PHONE },
          { code: 'child_postal_code', value: POSTAL },
          { code: 'birth_weight', value: WEIGHT },
        ],
        attachments: [{ code: 'attach_birth_certificate', fileName: 'scan.png', bytes: scan }],
      })
    ).documentId;
    ids['000003'] = (
      await birth('2026-000003', '2026-03-31T23:59:59+09:00', {
        applicantName: '髙橋 一郎',
        status: 'completed',
        answers: [
          { code: 'child_first_name', value: '一' },
          { code: 'child_first_name', sequence: 2, value: '二' },
        ],
      })
    ).documentId;
    // 000002: its step assigned, its deadline the start (JST) of 15 March. 000003: its step approved by
    // a clerk and completed late on 20 March UTC, which is 21 March in Japan; an earlier completion that
    // was undone in the history does not count (the last one does).
    const staffId = async (email: string) =>
      String(
        (await t.database.executeSql('select id from staff_accounts where email = $1', [email])).rows[0]!.id,
      );
    const clerkId = await staffId('clerk.shimin@demo.example.jp');
    await t.database.executeSql(
      `update workflow_details set user_id = $2, status = 'in_progress' where document_id = $1`,
      [ids['000002'], clerkId],
    );
    await t.database.executeSql(`update documents set due_at = $2 where id = $1`, [
      ids['000002'],
      new Date('2026-03-15T00:00:00+09:00'),
    ]);
    await t.database.executeSql(
      `update workflow_details set user_id = $2, status = 'approved' where document_id = $1`,
      [ids['000003'], await staffId('admin.shimin@demo.example.jp')],
    );
    for (const at of ['2026-03-18T01:00:00Z', '2026-03-20T15:30:00Z']) {
      await t.database.executeSql(
        `insert into document_changes (document_id, staff_account_id, action, detail, at)
         values ($1, $2, 'document.status', $3::jsonb, $4)`,
        [ids['000003'], clerkId, JSON.stringify({ from: 'in_progress', to: 'completed' }), new Date(at)],
      );
    }
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
      '添付書類/2026-000002/出生証明書_scan.png',
      '児童手当_認定請求.csv',
    ]);
    expect(entries.every((e) => e.utf8)).toBe(true);
    expect(entries[1]!.data.equals(scan)).toBe(true);

    const text = utf8Csv(entries[0]!.data);
    const rows = parseCsv(text);
    expectCrlf(text, rows.length);
    const [header, ...body] = rows;
    expect(header!.slice(0, 11)).toEqual([...LEADING, '子の氏', '子の名', '子の名（2）']);
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
    expect(second[column('担当者')]).toBe('鈴木 美咲');
    expect(second[column('処理期限')]).toBe('2026-03-15');
    expect(second[column('完了日')]).toBe('');
    // Digit strings read back as they were sent, leading zero and all; every value is quoted.
    expect(second[column('電話番号')]).toBe(PHONE);
    expect(second[column('子の住所の郵便番号')]).toBe(POSTAL);
    expect(second[column('体重')]).toBe(WEIGHT);
    expect(text).toContain(`"${PHONE}"`);
    // A reader that types unquoted fields (csv-parse's cast where the field was not quoted, like
    // LibreOffice's "quoted field as text" or Python's QUOTE_NONNUMERIC) still reads text.
    const typed = parse(text, {
      bom: true,
      cast: (value, context) => (context.quoting ? value : Number(value)),
    }) as unknown[][];
    expect(typed[1]![column('電話番号')]).toBe(PHONE);
    // Every value quoted, NULL (no completion yet, no flags) as an empty field, on both databases alike.
    expect(text.startsWith(csvLines([header!]))).toBe(true);
    expect(text).toContain(
      `\r\n"2026-000002","受付","2026-03-01 00:00:00","'=HYPERLINK(""http://evil"")","鈴木 美咲","2026-03-15",,,"`,
    );
    // Two children (decision 0013): each in its own numbered column (decision 0007).
    const third = body[1]!;
    expect(third[column('子の名')]).toBe('一');
    expect(third[column('子の名（2）')]).toBe('二');
    expect(third[column('受付日時')]).toBe('2026-03-31 23:59:59');
    expect(third[column('状態')]).toBe('完了');
    expect(third[column('担当者')]).toBe('佐藤 健一');
    expect(third[column('処理期限')]).toBe('');
    expect(third[column('完了日')]).toBe('2026-03-21');
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
    const text = iconv.decode(csv, 'Shift_JIS');
    const rows = parseCsv(text);
    expectCrlf(text, rows.length);
    expect(rows[0]!.slice(0, LEADING.length)).toEqual(LEADING);
    expect(rows[1]![rows[0]!.indexOf('電話番号')]).toBe(PHONE);
    expect(rows[1]![rows[0]!.indexOf('担当者')]).toBe('鈴木 美咲');
    const first = rows[1]!;
    expect(first[rows[0]!.indexOf('子の名')]).toBe('～花子?');
    expect(first[rows[0]!.indexOf('子の氏')]).toBe(AWKWARD);
    expect(rows[2]![rows[0]!.indexOf('申請者氏名')]).toBe('髙橋 一郎');
  });

  it('writes an xlsx per procedure when asked: typed cells, header bold and frozen, attachments beside', async () => {
    const { id, entries } = await exported(admin, {
      ...MARCH,
      procedure_codes: ['birth_notification', 'child_allowance'],
      format: 'xlsx',
    });
    expect(entries.map((e) => e.name)).toEqual([
      '出生届.xlsx',
      '添付書類/2026-000002/出生証明書_scan.png',
      '児童手当_認定請求.xlsx',
    ]);
    expect(entries[1]!.data.equals(scan)).toBe(true);

    const sheet = await firstSheet(entries[0]!.data);
    expect(sheet.name).toBe('出生届');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 11)).toEqual([...LEADING, '子の氏', '子の名', '子の名（2）']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(3);
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1);
    const second = (name: string) => cell(2, name);
    expect(second('受付番号').value).toBe('2026-000002');
    // Dates are Excel dates of the Japan-time day (and time), shown as written.
    expect(second('受付日時').type).toBe(ExcelJS.ValueType.Date);
    expect(second('受付日時').value).toEqual(new Date(Date.UTC(2026, 2, 1, 0, 0, 0)));
    expect(second('受付日時').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(second('処理期限').value).toEqual(new Date(Date.UTC(2026, 2, 15)));
    expect(second('処理期限').numFmt).toBe('yyyy-mm-dd');
    expect(second('子の生年月日').value).toEqual(new Date(Date.UTC(2026, 1, 27)));
    expect(cell(3, '完了日').value).toEqual(new Date(Date.UTC(2026, 2, 21)));
    expect(second('完了日').type).toBe(ExcelJS.ValueType.Null);
    // Digit strings are text cells (Excel keeps the leading zero); a number item's value is a number.
    expect(second('電話番号').type).toBe(ExcelJS.ValueType.String);
    expect(second('電話番号').value).toBe(PHONE);
    expect(second('子の住所の郵便番号').type).toBe(ExcelJS.ValueType.String);
    expect(second('子の住所の郵便番号').value).toBe(POSTAL);
    expect(second('体重').type).toBe(ExcelJS.ValueType.Number);
    expect(second('体重').value).toBe(3050.5);
    // Text is the text: a text cell never runs, so no formula guard is added.
    expect(second('申請者氏名').type).toBe(ExcelJS.ValueType.String);
    expect(second('申請者氏名').value).toBe('=HYPERLINK("http://evil")');
    expect(second('子の氏').value).toBe(AWKWARD);
    expect(second('子の名').value).toBe('〜花子😀');
    expect(second('子の性別').value).toBe('女');
    expect(second('担当者').value).toBe('鈴木 美咲');
    expect(cell(3, '状態').value).toBe('完了');
    expect(cell(3, '担当者').value).toBe('佐藤 健一');
    expect(cell(3, '子の名（2）').value).toBe('二');

    const allowance = await firstSheet(entries[2]!.data);
    expect(allowance.getRow(2).getCell(1).value).toBe('2026-000005');

    const audit = await t.database.executeSql(
      'select detail from audit_log where target_id = $1 and action = $2',
      [id, 'export.start'],
    );
    expect(audit.rows[0]!.detail).toMatchObject({ format: 'xlsx' });
    expect(audit.rows[0]!.detail).not.toHaveProperty('encoding');
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
    expect(audit.rows[0]!.detail).toMatchObject({
      document_count: 3,
      start_date: '2026-03-01',
      format: 'csv',
      encoding: 'utf-8',
    });

    // The same selection as xlsx files.
    const sheets = await exported(
      admin,
      { document_ids: selection, format: 'xlsx' },
      `${M}/documents-bulk/export/`,
    );
    expect(sheets.entries.map((e) => e.name)).toEqual([
      '出生届.xlsx',
      '添付書類/2026-000002/出生証明書_scan.png',
      '児童手当_認定請求.xlsx',
    ]);
    const sheet = await firstSheet(sheets.entries[0]!.data);
    expect(sheet.getColumn(1).values.slice(2)).toEqual(['2026-000002', '2026-000004']);

    // A clerk's selection keeps to their departments: the other department's document is left out.
    const own = await exported(clerk, { document_ids: selection }, `${M}/documents-bulk/export/`);
    expect(own.entries.map((e) => e.name)).toEqual([
      '出生届.csv',
      '添付書類/2026-000002/出生証明書_scan.png',
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
      { document_ids: selection, format: 'xls' },
    ]) {
      const bad = await admin.request('POST', `${M}/documents-bulk/export/`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('leaves out a file still waiting for its malware scan and lists it in _missing.txt (decision 0051)', async () => {
    const set = (state: string) =>
      t.database.executeSql(
        `update attachments set scan_state = $2 where application_id = (select application_id from documents where id = $1)`,
        [ids['000002'], state],
      );
    await set('pending');
    try {
      const { id, entries } = await exported(admin, { ...MARCH, procedure_codes: ['birth_notification'] });
      expect(entries.map((e) => e.name)).toEqual(['出生届.csv', '添付書類/_missing.txt']);
      const notice = utf8Csv(entries[1]!.data);
      expect(notice).toBe(
        'ウイルス検査が終わっていない添付書類 / attachments still waiting for their malware scan\r\n' +
          '添付書類/2026-000002/出生証明書_scan.png\r\n',
      );
      expect(notice).not.toContain('missing from storage');
      const job = await admin.request('GET', `${M}/exporting/${id}/status/`);
      expect(job.json()).toMatchObject({ status: 'succeeded' });
    } finally {
      await set('clean');
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
    const format = await post(GROUP, { ...good, format: 'pdf' });
    expect(format.statusCode).toBe(400);
    expect(format.json().errors[0].field).toBe('format');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.request('GET', `${M}/exporting/${unknown}/status/`)).statusCode).toBe(404);
    expect((await admin.request('GET', `${M}/exported/zip/${unknown}/`)).statusCode).toBe(404);
    expect((await admin.request('GET', `${M}/exported/zip/x/`)).statusCode).toBe(400);
  });
});

describe('CSV encoding', () => {
  it('quotes as PostgreSQL COPY (FORCE_QUOTE *) does, with CRLF: NULL empty, every text quoted', () => {
    expect(csvLines([[null, '', 'a,b', 'x"y', 'l\nm', '0312345678']])).toBe(
      ',"","a,b","x""y","l\nm","0312345678"\r\n',
    );
    expect(csvLines([['a'], ['b']])).toBe('"a"\r\n"b"\r\n');
  });

  it('ends COPY’s records in CRLF, leaving line breaks inside quoted values, across any chunking', async () => {
    const copy = Buffer.from('"1","a\nb"\n"2","""x""\n\ny"\n"3",\n', 'utf8');
    const expected = '"1","a\nb"\r\n"2","""x""\n\ny"\r\n"3",\r\n';
    for (const size of [1, 2, 3, 7, copy.length]) {
      const lines = crlfLines();
      const out: Buffer[] = [];
      lines.on('data', (b: Buffer) => out.push(b));
      const done = new Promise((r) => lines.on('end', r));
      for (let i = 0; i < copy.length; i += size) lines.write(copy.subarray(i, i + size));
      lines.end();
      await done;
      expect(Buffer.concat(out).toString('utf8'), `chunks of ${size}`).toBe(expected);
    }
    expect(parseCsv(expected)).toEqual([
      ['1', 'a\nb'],
      ['2', '"x"\n\ny'],
      ['3', ''],
    ]);
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

describe('xlsx cells', () => {
  it('types a value by its column: dates, numbers of number items, text for the rest', () => {
    expect(cellValue('text', '0312345678')).toBe('0312345678');
    expect(cellValue('number', '3050.5')).toBe(3050.5);
    expect(cellValue('number', '-12')).toBe(-12);
    // Not a number as Excel would keep it: stays the text it is.
    for (const text of ['007', '1e3', '12345678901234567', '3,050', '１２']) {
      expect(cellValue('number', text), text).toBe(text);
    }
    expect(cellValue('date', '2026-02-27')).toEqual(new Date(Date.UTC(2026, 1, 27)));
    expect(cellValue('datetime', '2026-03-31 23:59:59')).toEqual(new Date(Date.UTC(2026, 2, 31, 23, 59, 59)));
    for (const text of ['2026-02-30', '1899-12-31', '2026/02/27', 'R8.2.27']) {
      expect(cellValue('date', text), text).toBe(text);
    }
    expect(cellValue('text', null)).toBeNull();
    expect(cellValue('date', '')).toBeNull();
    expect((cellValue('text', 'あ'.repeat(40_000)) as string).length).toBe(32_767);
  });

  it('names a sheet as Excel allows', () => {
    expect(sheetName('児童手当 認定請求')).toBe('児童手当 認定請求');
    expect(sheetName('a/b:c?[d]*')).toBe('a_b_c__d__');
    expect(sheetName('あ'.repeat(40))).toHaveLength(31);
    expect(sheetName("'x'")).toBe('x');
  });
});
