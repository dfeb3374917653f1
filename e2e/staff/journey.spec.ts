// The staff journey of issue 6: a resident submits; staff sign in, find the document and remand it; the
// resident fixes it and resubmits; staff complete the workflow, render the PDF and download the zip,
// export the month and open the CSV, then the same as Excel files (decision 0036).
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { ResidentApi, residentBrowser, resubmitAfterRemand, submitApplication } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';
import { readZip } from './zip';

// A step that cannot happen fails within seconds, naming the step, instead of at the test's time-out.
test.use({ actionTimeout: 15_000 });

const REMAND = '電話番号に誤りがあるようです。正しい番号に直して、もう一度提出してください。';

test('submit, remand, resubmit, complete, render and export', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  // The resident in a browser of their own.
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const residentPage = await residentContext.newPage();
  const applicationId = await submitApplication(residentPage);
  // Its reference number: tests side by side send documents of the same resident and procedure too.
  const reference = await new ResidentApi(residentPage).referenceOf(applicationId);

  // Staff sign in and go from the dashboard's count of received documents to the filtered table.
  await signInStaff(page, STAFF.adminKodomo);
  await page.getByRole('link', { name: /^受付/ }).first().click();
  await expect(page).toHaveURL(/\/staff\/documents\?.*status=received/);
  await expect(page.getByRole('heading', { level: 1, name: '申請一覧' })).toBeVisible();

  // Narrow down by procedure and the applicant's name: the filters go into the address.
  await page.getByRole('combobox', { name: '手続き' }).click();
  await page.getByRole('option', { name: '児童手当 認定請求' }).click();
  await page.getByRole('textbox', { name: '申請者名・受付番号' }).fill('山田');
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(/procedure_code=child_allowance/);
  await expect(page).toHaveURL(/text=/);
  const table = page.getByRole('table', { name: '申請の一覧' });
  await expect(table.getByRole('link', { name: reference, exact: true })).toBeVisible();

  // A reload keeps the filters.
  await page.reload();
  await expect(page.getByRole('textbox', { name: '申請者名・受付番号' })).toHaveValue('山田');
  await expect(table.getByRole('link', { name: reference, exact: true })).toBeVisible();

  // The document: remand it with a message.
  await table.getByRole('link', { name: reference, exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`申請の詳細：${reference}`) }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: '申請内容' })).toContainText('電話番号');
  const documentId = new URL(page.url()).pathname.split('/').filter(Boolean).at(-1)!;
  const status = page.getByRole('region', { name: '状態の変更' });
  await status.getByRole('radio', { name: /差し戻す/ }).check();
  await status.getByRole('button', { name: '状態を変更する' }).click();
  // Without a message the remand is refused on the spot, with the focus on the message.
  await expect(status.getByRole('textbox', { name: '申請者へのメッセージ' })).toBeFocused();
  await status.getByRole('textbox', { name: '申請者へのメッセージ' }).fill(REMAND);
  await status.getByRole('button', { name: '状態を変更する' }).click();
  await expect(page.getByRole('region', { name: '概要' })).toContainText('差し戻し中');
  await expect(page.getByRole('region', { name: '概要' })).toContainText(REMAND);
  // Staff have no move while the applicant corrects it, and the panel says so (not "dealt with").
  await expect(status).toContainText('申請者に差し戻しています');
  await expect(status.getByRole('button', { name: '状態を変更する' })).toHaveCount(0);

  // The resident fixes the phone number and submits again.
  await resubmitAfterRemand(residentPage, applicationId, REMAND);
  await residentContext.close();

  // Staff see the resubmission (with the new value and the history).
  await page.reload();
  await expect(page.getByRole('region', { name: '概要' })).toContainText('再提出');
  await expect(page.getByRole('region', { name: '申請内容' })).toContainText('0398765432');
  const history = page.getByRole('region', { name: '変更履歴' });
  await expect(history).toContainText('申請者による再提出');
  // In words: status names and the message, never the codes.
  await expect(history).toContainText(`受付 → 差し戻し中（メッセージ：${REMAND}）`);
  await expect(history).toContainText('差し戻し中 → 再提出');
  await expect(history).not.toContainText('remanded');

  // Completion waits for the workflow; every step is started and approved in order.
  await expect(status.getByRole('radio', { name: /完了にする/ })).toBeDisabled();
  const workflow = page.getByRole('region', { name: 'ワークフロー' });
  for (const step of ['1. 受付', '2. 審査', '3. 認定・決定']) {
    const group = workflow.getByRole('group', { name: step });
    await group.getByRole('button', { name: '開始する' }).click();
    await expect(group).toContainText('作業中');
    await group.getByRole('button', { name: '承認する' }).click();
    await expect(group).toContainText('承認済み');
  }
  await expect(workflow).toContainText('すべての段階が終わりました');
  await status.getByRole('radio', { name: /完了にする/ }).check();
  await status.getByRole('button', { name: '状態を変更する' }).click();
  await expect(page.getByRole('region', { name: '概要' })).toContainText('完了');
  await expect(status).toContainText('この申請は完了しています');

  // The PDF: a job with its progress, then the zip.
  const render = page.getByRole('region', { name: 'PDF・帳票' });
  await render.getByRole('button', { name: 'PDFを作成する' }).click();
  const zipButton = render.getByRole('button', { name: 'ZIPをダウンロード' }).first();
  await expect(zipButton).toBeVisible({ timeout: 60_000 });
  const pdfDownload = page.waitForEvent('download');
  await zipButton.click();
  const pdfZip = readZip(await readFile((await (await pdfDownload).path())!));
  const pdfs = pdfZip.filter((e) => e.name.endsWith('.pdf'));
  expect(pdfs.length).toBeGreaterThan(0);
  expect(pdfs[0]!.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Export the month (Shift_JIS for the older Excel) and open the CSV.
  await page
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'データの出力' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'データの出力' })).toBeVisible();
  // The procedures appear once the member's departments are read: wait, then keep only the allowance.
  await expect(page.getByRole('checkbox', { name: '児童手当 認定請求' })).toBeChecked();
  for (const other of ['出生届', '子ども医療費助成 受給資格の申請']) {
    const box = page.getByRole('checkbox', { name: other });
    if (await box.count()) await box.uncheck();
  }
  await page.getByRole('radio', { name: /Shift_JIS/ }).check();
  await page.getByRole('button', { name: '出力を開始する' }).click();
  await expect(page.getByRole('progressbar', { name: /データの出力/ })).toBeVisible();
  const exportButton = page.getByRole('button', { name: 'ZIPをダウンロード' });
  await expect(exportButton).toBeVisible({ timeout: 60_000 });
  const exportDownload = page.waitForEvent('download');
  await exportButton.click();
  const exported = await exportDownload;
  expect(exported.suggestedFilename()).toMatch(/^export_.*\.zip$/);
  const entries = readZip(await readFile((await exported.path())!));
  const csv = entries.find((e) => e.name.endsWith('.csv'));
  expect(csv, entries.map((e) => e.name).join(', ')).toBeDefined();
  const text = iconv.decode(csv!.data, 'Shift_JIS');
  // RFC 4180: CRLF line ends; a CSV parser reads the phone number back with its leading zero.
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = parse(text) as string[][];
  expect(header!.slice(0, 7)).toEqual([
    '受付番号',
    '状態',
    '受付日時',
    '申請者氏名',
    '担当者',
    '処理期限',
    '完了日',
  ]);
  const row = rows.find((r) => r[0] === reference);
  expect(row, text).toBeDefined();
  expect(row![header!.indexOf('状態')]).toBe('完了');
  expect(row![header!.indexOf('完了日')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(row).toContain('0398765432');

  // The same month as Excel files: the encoding is not asked; the cells are typed.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: '児童手当 認定請求' })).toBeChecked();
  for (const other of ['出生届', '子ども医療費助成 受給資格の申請']) {
    const box = page.getByRole('checkbox', { name: other });
    if (await box.count()) await box.uncheck();
  }
  await expect(page.getByRole('radiogroup', { name: '文字コード' })).toBeVisible();
  await page.getByRole('radio', { name: /^Excel/ }).check();
  await expect(page.getByRole('radiogroup', { name: '文字コード' })).toBeHidden();
  await expectNoAxeViolations(page, 'exports, Excel chosen');
  await page.getByRole('button', { name: '出力を開始する' }).click();
  const sheetsButton = page.getByRole('button', { name: 'ZIPをダウンロード' });
  await expect(sheetsButton).toBeVisible({ timeout: 60_000 });
  const sheetsDownload = page.waitForEvent('download');
  await sheetsButton.click();
  const sheets = readZip(await readFile((await (await sheetsDownload).path())!));
  const xlsx = sheets.find((e) => e.name.endsWith('.xlsx'));
  expect(xlsx, sheets.map((e) => e.name).join(', ')).toBeDefined();
  expect(sheets.some((e) => e.name.endsWith('.csv'))).toBe(false);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx!.data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const titles = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(titles).toEqual(header);
  const found = sheet.getColumn(1).values.indexOf(reference);
  expect(found, 'the document in the sheet').toBeGreaterThan(1);
  const cellOf = (title: string) => sheet.getRow(found).getCell(titles.indexOf(title) + 1);
  expect(cellOf('受付日時').value).toBeInstanceOf(Date);
  expect(cellOf('完了日').value).toBeInstanceOf(Date);
  // The phone number is a text cell: its leading zero is there when Excel opens it.
  expect(sheet.getRow(found).values as unknown[]).toContain('0398765432');

  // The audit log names the document by its reference number, a link back to it.
  await page.goto(`/staff/audit-log?target_id=${documentId}`);
  const audited = page.getByRole('table').getByRole('link', { name: reference, exact: true });
  await expect(audited.first()).toBeVisible();
  await audited.first().click();
  await expect(page.getByRole('heading', { level: 1, name: `申請の詳細：${reference}` })).toBeVisible();
});
