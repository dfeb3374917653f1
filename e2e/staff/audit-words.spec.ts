// Issue 32, "words, not codes": after a session with many kinds of acts (status changes, the workflow, a
// PDF, a report, the signature zip, an export) the 操作履歴 names every act and target in words — a
// document by its 受付番号, an export by its procedure group and period, the detail's facts by name —
// and its page holds no internal act name of the audit vocabulary and no id; a workflow step is sent back
// for rework in a word of its own; 「すべての段階が終わりました」 is gone once the document is 完了.
import { AUDIT_ACTS } from '../../packages/contracts/src/audit-acts';
import { applicationAtForm, signInResident } from '../support/application-setup';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { finishApplication } from '../support/finish-application';
import { ResidentApi, residentBrowser } from '../support/resident';
import { signInStaff, STAFF, staffWrite } from './staff-support';

test.use({ actionTimeout: 15_000, viewport: { width: 1280, height: 900 } });
// The resident's half walks the form and the signing app in the browser; a slow first page is retried.
test.describe.configure({ retries: 1 });

const M = '/api/municipalities/999999';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;
/** Today in Japan (YYYY-MM-DD): the export's range holds the document just received. */
const today = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

test('the 操作履歴 shows every act and target in words, never a code or an id', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  // A resident sends a birth notification signed with the card (the signature zip needs a signature).
  const residentContext = await residentBrowser(browser, testInfo.project.use.baseURL);
  const resident = await residentContext.newPage();
  await signInResident(resident);
  const app = await applicationAtForm(resident, { procedureCodes: ['birth_notification'] });
  await resident.goto(`${app.base}/form`);
  await finishApplication(resident, app.base, 1);
  const reference = await new ResidentApi(resident).referenceOf(app.id);
  await residentContext.close();

  await signInStaff(page, STAFF.adminShimin);
  const api = new ResidentApi(page);
  const listed = (await api.get(`${M}/documents/?procedure_code=birth_notification&page_size=all`)) as {
    documents: { id: string; reference_number: string }[];
  };
  const documentId = listed.documents.find((d) => d.reference_number === reference)!.id;
  const statusPath = `${M}/documents/${documentId}/status/`;
  await staffWrite(api, documentId, statusPath, { status: 'in_progress' });

  // The workflow on screen: a step in progress is sent back for rework, not 「差し戻す」 (the document's word).
  await page.goto(`/staff/documents/${documentId}`);
  const workflow = page.getByRole('region', { name: 'ワークフロー' });
  const steps = workflow.getByRole('group');
  await expect(steps.first()).toBeVisible();
  const count = await steps.count();
  for (let i = 0; i < count; i++) {
    const step = steps.nth(i);
    await step.getByRole('button', { name: '開始する' }).click();
    await expect(step).toContainText('作業中');
    if (i === 0) {
      await expect(step.getByRole('button', { name: 'やり直しを依頼する' })).toBeVisible();
      await expect(workflow.getByRole('button', { name: /差し戻/ })).toHaveCount(0);
      await step.getByRole('button', { name: 'やり直しを依頼する' }).click();
      await expect(step).toContainText('やり直し');
      await step.getByRole('button', { name: '再開する' }).click();
      await expect(step).toContainText('作業中');
    }
    await step.getByRole('button', { name: '承認する' }).click();
    await expect(step).toContainText('承認済み');
  }
  await expect(workflow).toContainText('すべての段階が終わりました');
  // Completed, the note that it may be completed is gone.
  await staffWrite(api, documentId, statusPath, { status: 'completed' });
  await page.reload();
  await expect(page.getByRole('region', { name: '概要' })).toContainText('完了');
  await expect(workflow.getByRole('group').first()).toBeVisible();
  await expect(workflow).not.toContainText('すべての段階が終わりました');

  // The application PDF made and downloaded, a report made, the signature zip downloaded.
  const render = page.getByRole('region', { name: 'PDF・帳票' });
  await render.getByRole('button', { name: 'PDFを作成する' }).click();
  const zipButton = render.getByRole('button', { name: 'ZIPをダウンロード' }).first();
  await expect(zipButton).toBeVisible({ timeout: 60_000 });
  const pdfDownload = page.waitForEvent('download');
  await zipButton.click();
  await pdfDownload;
  await api.write('POST', `${M}/documents/${documentId}/render/1/`, undefined, 202);
  const signature = page.getByRole('region', { name: '電子署名の検証結果' });
  const signatureDownload = page.waitForEvent('download');
  await signature.getByRole('button', { name: '署名データ（ZIP）をダウンロード' }).click();
  await signatureDownload;

  // An export of today's birth notifications in Shift_JIS, downloaded once done.
  const job = (await api.write(
    'POST',
    `${M}/export/1/`,
    {
      start_date: today(),
      end_date: today(),
      procedure_codes: ['birth_notification'],
      encoding: 'shift_jis',
    },
    202,
  )) as { id: string };
  await expect
    .poll(async () => ((await api.get(`${M}/exporting/${job.id}/status/`)) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe('succeeded');
  const zip = await page.request.get(`${M}/exported/zip/${job.id}/`, {
    headers: { 'X-Region-Code': '999999' },
  });
  expect(zip.status()).toBe(200);

  // The 操作履歴, newest first: the acts of this session in words.
  await page.goto('/staff/audit-log?page_size=100');
  const log = page.getByRole('table', { name: '操作履歴' });
  await expect(log.getByRole('row').nth(1)).toBeVisible();
  for (const words of [
    'データ出力の開始',
    'データ出力: 出生・子育て',
    'ファイルの形式: CSV',
    '文字コード: Shift_JIS',
    '出力ファイルのダウンロード',
    '電子署名ファイルのダウンロード',
    '署名の検証: 有効',
    '申請書PDFの作成',
    '申請書PDFのダウンロード',
    '帳票PDFの作成',
    '帳票: 出生届',
    '状態の変更',
    '処理中 → 完了',
    'ワークフローの更新',
    '作業中 → やり直し',
  ]) {
    await expect(log, words).toContainText(words);
  }
  await expect(log.getByRole('link', { name: reference, exact: true }).first()).toBeVisible();

  // No internal act name of the vocabulary, and nothing shaped like an id, anywhere on the page.
  const text = await page.locator('body').innerText();
  for (const act of AUDIT_ACTS) expect(text, `the act name ${act}`).not.toContain(act);
  expect(text).not.toMatch(UUID);
  expect(text).not.toContain('shift_jis');
  expect(text).not.toMatch(/\b(true|false)\b/);
  await expectNoAxeViolations(page, 'the 操作履歴 at 1280 px');

  // A document is found by its 受付番号 in the filter; its rows link back to it.
  await page.getByRole('textbox', { name: '対象の受付番号' }).fill(reference);
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(new RegExp(`target_id=${reference}`));
  const rows = log.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(log).toContainText('電子署名ファイルのダウンロード');
  const targets = await log.locator('tbody tr td:nth-child(4)').allInnerTexts();
  expect(new Set(targets)).toEqual(new Set([`申請: ${reference}`]));
  const filtered = await page.locator('body').innerText();
  expect(filtered).not.toMatch(UUID);
  await expectNoAxeViolations(page, 'the 操作履歴 filtered by a 受付番号');
});
