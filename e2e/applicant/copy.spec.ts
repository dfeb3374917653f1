// Issue 33 item 4: the copy is the document. On the completion page each procedure's copy opens as a PDF
// of its own (a zip only when the resident asks for all), carrying its 受付番号 and a footer with the
// procedure's name and the page count in the resident's language, read back with pdftotext. 「申請内容を見る」
// shows the sent answers read only, grouped by section, with the attachments listed and downloadable.
// axe at 390 and 1280 px, in Japanese and English.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { submitApplication } from '../support/resident';
import { M } from './flow-support';

test.setTimeout(180_000);

const widths = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
];

/** The PDF's pages as printed (pdftotext -layout): the last line of each is its footer. */
async function footers(download: Download): Promise<{ text: string; footers: string[] }> {
  const file = join(mkdtempSync(join(tmpdir(), 'portal-copy-')), 'copy.pdf');
  writeFileSync(file, readFileSync(await download.path()));
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const pages = text.split('\f').filter((p) => p.trim() !== '');
  return { text, footers: pages.map((p) => p.trimEnd().split('\n').at(-1)!.trim()) };
}

async function download(page: Page, button: string | RegExp): Promise<Download> {
  const started = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: button }).click();
  return started;
}

/** A full-page picture to look at, only when asked (E2E_SHOTS=1). */
async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

for (const { label, viewport } of widths) {
  test(`the copy opens as a PDF per procedure, and 「申請内容を見る」 reads the answers back (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const id = await submitApplication(page, 'child_allowance');
    const base = `${M}/applications/${id}`;

    // Completion: one PDF per procedure, a zip only for all.
    await page.goto(`${base}/complete`);
    const reference = (await page.getByTestId('reference-number').first().textContent())!.trim();
    expect(reference).toMatch(/^\d{4}-\d{6}$/);
    await shot(page, `complete-copies-ja-${label}`);
    await expectNoAxeViolations(page, `completion with the copies (${label})`);
    const pdf = await download(page, '児童手当 認定請求の控え（PDF）');
    expect(pdf.suggestedFilename()).toBe(`${reference}_児童手当_認定請求.pdf`);
    const ja = await footers(pdf);
    expect(ja.text.replace(/\s/g, '')).toContain(`受付番号${reference}`);
    expect(ja.footers.length).toBeGreaterThan(0);
    ja.footers.forEach((line, i) =>
      expect(line).toMatch(
        new RegExp(`^児童手当 認定請求\\s+${i + 1} / ${ja.footers.length} ページ\\s+デモ市（999999）$`),
      ),
    );
    expect(ja.text).not.toContain('child_allowance');
    await expect(page.getByText('ダウンロードを開始しました。')).toBeVisible();
    const zip = await download(page, 'すべての控えをまとめてダウンロード（ZIP）');
    expect(zip.suggestedFilename()).toBe(`application-${reference}.zip`);
    expect(
      readFileSync(await zip.path())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    // In English the footer is English.
    await page.evaluate(() => localStorage.setItem('portal.language', 'en'));
    await page.reload();
    await shot(page, `complete-copies-en-${label}`);
    await expectNoAxeViolations(page, `completion with the copies, English (${label})`);
    const en = await footers(await download(page, 'Copy of Child allowance claim (PDF)'));
    en.footers.forEach((line, i) =>
      expect(line).toMatch(
        new RegExp(
          `^Child allowance claim\\s+Page ${i + 1} of ${en.footers.length}\\s+Demo City \\(999999\\)$`,
        ),
      ),
    );
    await page.evaluate(() => localStorage.setItem('portal.language', 'ja'));

    // 「申請内容を見る」 from the list: the sent answers, read only, by section, with the attachments.
    await page.goto(`${M}/applications`);
    const view = page.locator(`a[href="${base}/formValues"]`);
    await expect(view).toHaveText('申請内容を見る');
    await view.click();
    await expect(page).toHaveURL(`${base}/formValues`);
    await expect(page.getByRole('heading', { level: 1, name: '送信した申請の内容' })).toBeVisible();
    await expect(page).toHaveTitle(/^送信した申請の内容 \| /);
    await expect(page.getByText('送信した申請の内容です。送信した後は変更できません。')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '請求者' })).toBeVisible();
    await expect(page.getByTestId('review-applicant_last_name')).toContainText('山田');
    await expect(page.getByRole('link', { name: /変更/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '添付書類の登録へ進む' })).toHaveCount(0);
    const files = page.getByRole('region', { name: '添付した書類' });
    const fileButtons = files.getByRole('button', { name: /をダウンロード$/ });
    await expect(fileButtons.first()).toBeVisible();
    const attached = page.waitForEvent('download', { timeout: 30_000 });
    await fileButtons.first().click();
    expect((await attached).suggestedFilename()).toMatch(/\.png$/);
    await expect(page.getByRole('link', { name: '受付番号と申請書の控え' })).toHaveAttribute(
      'href',
      `${base}/complete`,
    );
    await shot(page, `sent-answers-ja-${label}`);
    await expectNoAxeViolations(page, `the sent answers, read only (${label})`);
    await page.evaluate(() => localStorage.setItem('portal.language', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The application you sent' })).toBeVisible();
    await expect(page.getByText('These are the contents of the application you sent.')).toBeVisible();
    await shot(page, `sent-answers-en-${label}`);
    await expectNoAxeViolations(page, `the sent answers, read only, English (${label})`);
  });
}
