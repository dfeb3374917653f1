// Twins (decision 0013), walked as 山田 太郎: he answers 多胎 in the assistant, which asks about the first
// child only; the form then shows a second child's block on each page that holds the child's items (the
// first child's answers read only, never asked again), he fills it with another given name, and the
// review reads both children back before the birth notification and the child allowance are sent; staff
// see both children on the document, and the rendered PDF and the export hold both.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  answer,
  completeIdentityProvider,
  expect,
  expectNoAxeViolations,
  GROUP,
  QUESTIONS,
  test,
} from '../support/fixtures';
import { finishApplication } from '../support/finish-application';
import { signInStaff, STAFF } from '../staff/staff-support';
import { readZip } from '../staff/zip';
import { toNextAssistantPage, writeWhatIsEmpty, type Write } from './assistant-walk';
import { daysAgo, M } from './flow-support';

// The longest journey of the suite (two children, two procedures, then the staff side): on a loaded CI
// machine (2026-11-30: the whole e2e run 60 min against 17) it took over the 4 minutes it had.
test.setTimeout(480_000);

/** The first child and what the assistant asks around it, by label or question. */
const FIRST: Write[] = [
  { kind: 'radio', label: '出生届を届け出る方（届出人）は、お子さんから見てどなたですか？', value: '父' },
  { kind: 'text', label: '子の名', value: '花音' },
  { kind: 'text', label: '子の名（カナ）', value: 'カノン' },
  { kind: 'radio', label: 'お子さんの性別を選んでください。', value: '女' },
  { kind: 'radio', label: '嫡出子・嫡出でない子の別', value: '嫡出子' },
  { kind: 'select', label: '父母との続き柄', value: '長女' },
  { kind: 'text', label: '子の生年月日', value: daysAgo(10) },
  { kind: 'text', label: '生まれた時刻', value: '10:30' },
  { kind: 'select', label: '生まれたところの種別', value: '病院' },
  { kind: 'text', label: '生まれたところ', value: 'デモ県デモ市中央二丁目1番 デモ病院' },
  { kind: 'radio', label: '単胎ですか、多胎（双子など）ですか？', value: '多胎' },
  { kind: 'text', label: '多胎の場合の出生順位', value: '1' },
  { kind: 'text', label: '体重', value: '2600' },
  { kind: 'text', label: '身長', value: '47.5' },
  { kind: 'text', label: '妊娠週数', value: '37' },
  { kind: 'radio', label: '証明者の種別', value: '医師' },
  { kind: 'text', label: '証明者の氏名', value: '佐藤 一郎' },
  { kind: 'radio', label: 'あなたが加入している年金を選んでください。', value: '厚生年金' },
  { kind: 'text', label: '職業', value: '会社員' },
  { kind: 'radio', label: '配偶者はいますか？', value: 'はい' },
  { kind: 'select', label: '請求者との続き柄', value: '子' },
  { kind: 'radio', label: '同居・別居の別', value: '同居' },
  { kind: 'radio', label: '監護の有無', value: '監護している' },
  { kind: 'radio', label: 'お子さんの健康保険の加入手続きは済んでいますか？', value: 'いいえ（手続き中）' },
];

/** The second child, asked on the form: each field is named with 「（2人目）」. */
const SECOND: Write[] = [
  { kind: 'text', label: '子の氏', value: '山田' },
  { kind: 'text', label: '子の名', value: '結衣' },
  { kind: 'text', label: '子の氏（カナ）', value: 'ヤマダ' },
  { kind: 'text', label: '子の名（カナ）', value: 'ユイ' },
  { kind: 'radio', label: '子の性別', value: '女' },
  { kind: 'radio', label: '嫡出子・嫡出でない子の別', value: '嫡出子' },
  { kind: 'select', label: '父母との続き柄', value: '二女' },
  { kind: 'text', label: '子の生年月日', value: daysAgo(10) },
  { kind: 'text', label: '生まれた時刻', value: '10:42' },
  { kind: 'text', label: '体重', value: '2450' },
  { kind: 'text', label: '身長', value: '46.5' },
  { kind: 'text', label: '多胎の場合の出生順位', value: '2' },
  { kind: 'select', label: '請求者との続き柄', value: '子' },
  { kind: 'radio', label: '同居・別居の別', value: '同居' },
  { kind: 'radio', label: '監護の有無', value: '監護している' },
].map((w) => ({ ...w, label: `${w.label}（2人目）` }) as Write);

const hasPdftotext = () => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The text of a PDF as poppler extracts it (Debian poppler-utils). */
function pdfText(bytes: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'twins-pdf-')), 'document.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

test('山田 太郎 sends the birth notification and child allowance for twins', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto(`${M}/entrance?procedure_group_id=${GROUP}`);
  await page.getByRole('checkbox', { name: '利用規約に同意します' }).check();
  await page.getByRole('button', { name: '申請を始める' }).click();
  await answer(page, QUESTIONS.born, 'はい');
  await answer(page, QUESTIONS.where, '日本国内');
  await answer(page, QUESTIONS.resident, 'はい');
  await answer(page, QUESTIONS.civilServant, 'いいえ');
  await page.getByRole('button', { name: '回答を確認する' }).click();
  await page.getByRole('link', { name: 'サインインして申請に進む' }).click();
  await completeIdentityProvider(page);
  await page.getByRole('button', { name: '申請を始める' }).click();
  await expect(page).toHaveURL(/\/stepsExplanation$/);
  const id = /applications\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await page.getByRole('link', { name: '質問に進む' }).click();

  // The assistant asks about the first child only.
  await expect(page.getByRole('heading', { level: 1, name: '申請者' })).toBeVisible();
  const procedures = page.getByRole('heading', { level: 1, name: '申請する手続きの選択' });
  for (let guard = 0; guard < 14 && !page.url().endsWith('/procedures'); guard++) {
    const toProcedures = page.getByRole('button', { name: '回答を保存して手続きの選択へ' });
    const nextPage = page.getByRole('button', { name: '回答を保存して次へ' });
    await expect(toProcedures.or(nextPage).or(procedures)).toBeVisible();
    if (await procedures.isVisible()) break;
    await writeWhatIsEmpty(page, FIRST);
    await expect(page.getByLabel('子の名（2人目）', { exact: true })).toHaveCount(0);
    await toNextAssistantPage(page);
  }

  await expect(procedures).toBeVisible();
  await page.getByRole('button', { name: '選んだ手続きで本人確認へ進む' }).click();
  await page.getByRole('radio', { name: /^マイナンバーカード/ }).check();
  // The card read at sign-in identifies: no second reading (decision 0041).
  await page.getByRole('button', { name: 'サインインしたカードで本人確認する' }).click();
  const base = `${M}/applications/${id}`;
  await expect(page).toHaveURL(`${base}/form`);

  // The form: a second child's block on each page of the child's items, the first child read only.
  await expect(page.getByRole('heading', { level: 1, name: '申請内容の入力' })).toBeVisible();
  const second = page.getByRole('heading', { level: 3, name: '2人目の子' });
  await expect(second.first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: '1人目の子' }).first()).toBeVisible();
  await expect(page.getByTestId('answered-child_first_name')).toContainText('花音');
  await expect(page.getByLabel('子の名', { exact: true })).toHaveCount(0);
  // Twins: the second child cannot be removed; a third can be added.
  await expect(page.getByRole('button', { name: '2人目の子を削除する' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '子を追加する' }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'form with a second child');
  // A third child is added (the focus moves to its heading) and removed again (announced, focus kept).
  await page.getByRole('button', { name: '子を追加する' }).first().click();
  await expect(page.getByRole('heading', { level: 3, name: '3人目の子' })).toBeFocused();
  await expect(page.getByLabel('子の名（3人目）', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '3人目の子を削除する' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3人目の子を削除しました。' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: '2人目の子' }).first()).toBeFocused();
  await expect(page.getByRole('heading', { level: 3, name: '3人目の子' })).toHaveCount(0);

  for (let guard = 0; guard < 12 && !page.url().includes('/formValues'); guard++) {
    const heading = await page.locator('#form-page-heading').textContent();
    await writeWhatIsEmpty(page, [...FIRST, ...SECOND], 'form');
    const review = page.getByRole('button', { name: '入力内容を確認する' });
    if (await review.isVisible()) await review.click();
    else await page.getByRole('button', { name: '次へ', exact: true }).click();
    await expect(async () => {
      if (page.url().includes('/formValues')) return;
      expect(await page.locator('#form-page-heading').textContent({ timeout: 1000 })).not.toBe(heading);
    }).toPass();
  }
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByTestId('review-child_first_name.2')).toContainText('結衣');

  // From the form's first page again: the shared journey walks it, then attaches, signs and sends.
  await page.goto(`${base}/form`);
  await finishApplication(page, base, 2, async () => {
    // The review reads both children back, the second labelled as such, each with its change link.
    await expect(page.getByTestId('review-child_first_name')).toContainText('花音');
    const first2 = page.getByTestId('review-child_first_name.2');
    await expect(first2).toContainText('子の名（2人目）');
    await expect(first2).toContainText('結衣');
    await expect(page.getByTestId('review-child_relationship.2')).toContainText('二女');
    await expect(page.getByTestId('review-birth_multiple_order.2')).toContainText('2');
    await expect(first2.getByRole('link', { name: /変更/ })).toHaveAttribute(
      'href',
      /field=child_first_name\.2&from=review/,
    );
    await expectNoAxeViolations(page, 'review with two children');
  });
  const references = await page.getByTestId('reference-number').allTextContents();

  // Staff of the child allowance see both children on the document, and the export holds both.
  const staff = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const clerk = await staff.newPage();
  await signInStaff(clerk, STAFF.adminKodomo);
  let reference = '';
  for (const candidate of references.map((r) => r.trim())) {
    await clerk.goto(`/staff/documents?text=${candidate}`);
    const link = clerk
      .getByRole('table', { name: '申請の一覧' })
      .getByRole('link', { name: candidate, exact: true });
    await expect(clerk.getByRole('region', { name: '申請の一覧' })).toHaveAttribute('aria-busy', 'false');
    if ((await link.count()) === 0) continue;
    reference = candidate;
    await link.click();
    break;
  }
  expect(reference, 'a document of the application is in the list').not.toBe('');
  const answers = clerk.getByRole('region', { name: '申請内容' });
  await expect(answers).toContainText('子の名（1人目）');
  await expect(answers).toContainText('花音');
  await expect(answers).toContainText('子の名（2人目）');
  await expect(answers).toContainText('結衣');
  await expectNoAxeViolations(clerk, 'staff detail with two children');

  // The rendered PDF holds both children (its text read by poppler's pdftotext where installed; CI has it).
  const render = clerk.getByRole('region', { name: 'PDF・帳票' });
  await render.getByRole('button', { name: 'PDFを作成する' }).click();
  const zipButton = render.getByRole('button', { name: 'ZIPをダウンロード' }).first();
  await expect(zipButton).toBeVisible({ timeout: 60_000 });
  const pdfDownload = clerk.waitForEvent('download');
  await zipButton.click();
  const pdfs = readZip(await readFile((await (await pdfDownload).path())!)).filter((e) =>
    e.name.endsWith('.pdf'),
  );
  expect(pdfs.length).toBeGreaterThan(0);
  if (hasPdftotext()) {
    const text = pdfs.map((pdf) => pdfText(pdf.data)).join('\n');
    expect(text).toContain('花音');
    expect(text).toContain('結衣');
  } else {
    test.info().annotations.push({ type: 'skipped', description: 'PDF text: pdftotext is not installed' });
  }

  await clerk
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('link', { name: 'データの出力' })
    .click();
  await expect(clerk.getByRole('heading', { level: 1, name: 'データの出力' })).toBeVisible();
  for (const other of ['出生届', '子ども医療費助成 受給資格の申請']) {
    const box = clerk.getByRole('checkbox', { name: other });
    if (await box.count()) await box.uncheck();
  }
  await clerk.getByRole('button', { name: '出力を開始する' }).click();
  const exportButton = clerk.getByRole('button', { name: 'ZIPをダウンロード' });
  await expect(exportButton).toBeVisible({ timeout: 60_000 });
  const download = clerk.waitForEvent('download');
  await exportButton.click();
  const entries = readZip(await readFile((await (await download).path())!));
  const csv = entries.find((e) => e.name.endsWith('.csv'));
  expect(csv, entries.map((e) => e.name).join(', ')).toBeDefined();
  // Read as a CSV parser reads it (every value is quoted, lines end in CRLF: decision 0036).
  const [header, ...rows] = parse(csv!.data, { bom: true }) as string[][];
  expect(header).toContain('子の名（2）');
  // The child allowance's CSV (the other procedures were unticked): its row is one of the references.
  const row = rows.find((r) => references.some((ref) => r[0] === ref.trim()));
  expect(row, rows.map((r) => r.join(',')).join('\n')).toBeDefined();
  expect(row).toContain('花音');
  expect(row).toContain('結衣');
  await staff.close();
});
