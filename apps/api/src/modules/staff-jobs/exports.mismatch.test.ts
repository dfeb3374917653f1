import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  finishedJob,
  parseCsv,
  readZip,
  seedDocument,
  staffClient,
  type StaffClient,
} from './staff-jobs.fixtures.js';

const M = '/api/municipalities/999999';
const COLUMN = '確認元と異なる項目';
/** What the card says of the resident (identity claims kept with the applicant). */
const CARD = { birth_date: '1988-04-15', postal_code: '9999901', address: 'デモ県デモ市中央一丁目2番3号' };

/**
 * The export's 確認元と異なる項目 (issue 32): the names of the items whose answer differs from the card or
 * the registry, in the procedure's order and joined with 、, as the staff detail flags them; empty for a
 * document with none (or a resident the portal knows nothing verified of), in the CSV and the xlsx alike.
 */
describe.each(databaseKinds)('the export’s difference column on %s', (kind) => {
  let t: TestApp;
  let storageRoot: string;
  let clerk: StaffClient;

  beforeAll(async () => {
    storageRoot = mkdtempSync(join(tmpdir(), 'staff-exports-flags-'));
    t = await createTestApp(kind, { storageDir: storageRoot });
    const allowance = async (
      reference: string,
      answers: { code: string; value: string }[],
      card: Record<string, string> | null,
    ) => {
      const seeded = await seedDocument(t, {
        storageRoot,
        procedureCode: 'child_allowance',
        reference,
        receivedAt: new Date(`2026-05-1${reference.at(-1)}T10:00:00+09:00`),
        answers,
      });
      if (card) {
        await t.database.executeSql(
          `update applicants set profile = $2::jsonb where id = (select applicant_id from applications where id = $1)`,
          [seeded.applicationId, JSON.stringify(card)],
        );
      }
    };
    // Birth date and address unlike the card, the postal code as on it (written full width).
    await allowance(
      '2026-000001',
      [
        { code: 'applicant_address', value: 'デモ県デモ市中央一丁目2番4号' },
        { code: 'applicant_postal_code', value: '９９９９９０１' },
        { code: 'applicant_birth_date', value: '1988-05-15' },
      ],
      CARD,
    );
    // Everything as on the card.
    await allowance(
      '2026-000002',
      [
        { code: 'applicant_birth_date', value: CARD.birth_date },
        { code: 'applicant_address', value: CARD.address },
      ],
      CARD,
    );
    // No card: nothing verified to differ from.
    await allowance('2026-000003', [{ code: 'applicant_birth_date', value: '1999-01-01' }], null);
    clerk = await staffClient(t.app, 'clerk.kodomo@demo.example.jp');
  });
  afterAll(async () => {
    await t.close();
    rmSync(storageRoot, { recursive: true, force: true });
  });

  async function exported(format: 'csv' | 'xlsx') {
    const started = await clerk.request('POST', `${M}/export/1/`, {
      start_date: '2026-05-01',
      end_date: '2026-05-31',
      procedure_codes: ['child_allowance'],
      format,
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as string;
    const job = await finishedJob(clerk, `${M}/exporting/${id}/status/`);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const zip = await clerk.request('GET', `${M}/exported/zip/${id}/`);
    expect(zip.statusCode).toBe(200);
    return readZip(zip.rawPayload).find((e) => e.name.endsWith(`.${format}`))!.data;
  }

  it('names the differing items in the CSV, after 完了日', async () => {
    const [header, ...rows] = parseCsv((await exported('csv')).subarray(3).toString('utf8'));
    expect(header!.indexOf(COLUMN)).toBe(header!.indexOf('完了日') + 1);
    const flags = Object.fromEntries(rows.map((r) => [r[0], r[header!.indexOf(COLUMN)]]));
    expect(flags).toEqual({ '2026-000001': '生年月日、住所', '2026-000002': '', '2026-000003': '' });
  });

  it('names them in a text cell of the xlsx', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported('xlsx')) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf(COLUMN) + 1;
    expect(column).toBeGreaterThan(0);
    const row = sheet.getColumn(1).values.indexOf('2026-000001');
    const cell = sheet.getRow(row).getCell(column);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('生年月日、住所');
    const other = sheet.getColumn(1).values.indexOf('2026-000002');
    expect(sheet.getRow(other).getCell(column).type).toBe(ExcelJS.ValueType.Null);
  });
});
