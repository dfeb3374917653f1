// Issue 16's defects, as a clerk of one department meets them: the status and workflow explained, the
// answers and the change history in words with values formatted, a PDF attachment read in place, and an
// export that offers only the clerk's own procedures; the department filter only for those who see more
// than one department.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { applicationAtForm, signInResident } from '../support/application-setup';
import { finishApplication } from '../support/finish-application';
import { ResidentApi, residentBrowser } from '../support/resident';
import { signInStaff, STAFF } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });
// The resident's half walks the whole form in the browser; a slow first page is retried, not failed.
test.describe.configure({ retries: 1 });

async function pdfScan(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Birth certificate', {
    x: 50,
    y: 780,
    size: 24,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

test('a clerk reads a document in words and a PDF in place, and exports only their procedures', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  // The resident sends a birth notification with the birth certificate as a PDF (signed with the card).
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const resident = await residentContext.newPage();
  await signInResident(resident);
  const app = await applicationAtForm(resident, {
    procedureCodes: ['birth_notification'],
    blank: ['applicant_phone'],
  });
  await resident.goto(`${app.base}/form`);
  const pdf = await pdfScan();
  await finishApplication(resident, app.base, 1, undefined, () => pdf);
  // Its reference number: tests side by side send birth notifications too.
  const reference = await new ResidentApi(resident).referenceOf(app.id);
  await residentContext.close();

  // One department: no department filter.
  await signInStaff(page, STAFF.clerkShimin);
  await page.goto('/staff/documents?status=received&procedure_code=birth_notification');
  const table = page.getByRole('table', { name: '申請の一覧' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^担当課/ })).toHaveCount(0);
  await table.getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /申請の詳細：/ })).toBeVisible();

  // The status panel says how status and workflow relate.
  const status = page.getByRole('region', { name: '状態の変更' });
  await expect(status).toContainText('状態を変えてもワークフローは進みません');

  // Answers read as the form reads them back: 〒999-9999 and 2026年11月20日, not 9999999 and 2026-11-20.
  const answers = page.getByRole('region', { name: '申請内容' });
  await expect(answers).toContainText(/〒\d{3}-\d{4}/);
  await expect(answers).toContainText(/\d{4}年\d{1,2}月\d{1,2}日/);
  await expect(answers).not.toContainText(/\d{4}-\d{2}-\d{2}/);

  // The PDF opens in the viewer, framed, opened from the keyboard.
  const view = page.getByRole('button', { name: /（certificate\.pdf） を表示$/ }).first();
  await view.focus();
  await page.keyboard.press('Enter');
  // At 1280 px it opens beside the answers, titled by its slot (the file name after it).
  const viewer = page.getByRole('region', { name: /^添付書類：/ });
  const frame = viewer.locator('iframe[title$="（certificate.pdf）（PDF）"]');
  await expect(frame).toBeVisible();
  expect(await frame.getAttribute('src')).toMatch(/^blob:/);
  await expectNoAxeViolations(page, 'attachment viewer with a PDF');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // A correction reads in the history by the item's name, with both values.
  await answers.getByRole('button', { name: '申請内容を修正する' }).click();
  await answers
    .getByRole('textbox', { name: /電話番号/ })
    .first()
    .fill('0311112222');
  await answers.getByRole('button', { name: '修正を保存する' }).click();
  const history = page.getByRole('region', { name: '変更履歴' });
  await expect(history).toContainText(/電話番号：.+ → 0311112222/);
  await expect(history).not.toContainText('applicant_phone');
  await expectNoAxeViolations(page, 'document detail with history');

  // The export offers the clerk's procedures only, ticked.
  await page.goto('/staff/exports');
  await expect(page.getByRole('heading', { level: 1, name: 'データの出力' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '出生届' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '児童手当 認定請求' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'exports of one department');

  // An administrator sees every department and gets the filter.
  await page.getByRole('button', { name: 'サインアウト' }).click();
  // Signed out first: a sign-in page opened while the sign-out is still on its way shows the old shell.
  await expect(page.getByRole('alert').filter({ hasText: 'サインアウトしました。' })).toBeVisible();
  await signInStaff(page, STAFF.adminShimin);
  await page.goto('/staff/documents');
  await expect(page.getByRole('combobox', { name: /^担当課/ })).toBeVisible();
});
