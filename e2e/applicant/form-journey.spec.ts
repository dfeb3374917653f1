// The second half of the applicant flow for the birth notification (with the child allowance, whose
// claim asks for a handwritten signature): form → review → attachments → handwritten signature →
// digital signature through the development signing app → completion. Axe runs on every screen.
import type { Page } from '@playwright/test';
import { applicationAtForm, pngBytes, signInResident } from '../support/application-setup';
import { drawSignature } from '../support/finish-application';
import { expect, expectNoAxeViolations, RESIDENT, test, tickEvery } from '../support/fixtures';

/** Axe on the screen, and a full-page screenshot (test-results/screens) to look at. */
async function look(page: Page, name: string) {
  await expectNoAxeViolations(page, name);
  await page.screenshot({
    path: `test-results/screens/${name.replace(/\W+/g, '-')}-1280.png`,
    fullPage: true,
  });
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: '次へ', exact: true });
const pageHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

test('birth notification from the form to the reference number', async ({ page }) => {
  test.setTimeout(240_000);
  await signInResident(page);
  const app = await applicationAtForm(page, {
    procedureCodes: ['birth_notification', 'child_allowance'],
    blank: ['applicant_phone', 'child_postal_code', 'child_address', 'father_last_name', 'father_first_name'],
    // 黑 is a 人名用漢字 a name may hold, outside JIS X 0208: the certificate carries 黒 instead.
    values: { child_last_name: '黑田' },
  });

  // --- form: only what the questions left missing (issue 12): 住所, 届出人, 請求者 ------------------------
  await page.goto(`${app.base}/form`);
  await expect(page.getByRole('heading', { level: 1, name: '申請内容の入力' })).toBeVisible();
  await expect(pageHeading(page, '住所')).toBeVisible();
  await expect(page.getByText('1 / 3 ページ')).toBeVisible();
  await expect(page.getByText('あと2ページ')).toBeVisible();
  // Cleared, the child's address comes again from the resident registry, saying so; replaced here.
  await expect(field(page, '子の住所の郵便番号')).toHaveValue('9999901');
  await expect(page.getByText('住民記録から入力しました').first()).toBeVisible();
  await field(page, '子の住所の郵便番号').fill('100-0001');
  await page.getByRole('button', { name: '郵便番号から住所を入力' }).click();
  await expect(page.getByText('住所に「東京都千代田区千代田」を入力しました。')).toBeVisible();
  await expect(field(page, '子の住所（住民登録をするところ）')).toHaveValue('東京都千代田区千代田');
  await expect(field(page, '子の住所の郵便番号')).toHaveValue('1000001');
  await field(page, '子の住所（住民登録をするところ）').fill('東京都千代田区千代田1-1');
  await look(page, 'form (address lookup)');
  await next(page).click();

  // --- 届出人: a field error from the server, shown and corrected -------------------------------------
  await expect(pageHeading(page, '届出人')).toBeVisible();
  await expect(pageHeading(page, '届出人')).toBeFocused();
  await field(page, '電話番号').fill('03-1234');
  await next(page).click();
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { name: '入力内容に 1 件の問題があります' })).toBeVisible();
  await expect(field(page, '電話番号')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('エラー：電話番号は0から始まる10桁または11桁の数字で入力してください（ハイフンなし）'),
  ).toBeVisible();
  await look(page, 'form (server error)');
  await summary.getByRole('link', { name: /^電話番号:/ }).click();
  await expect(field(page, '電話番号')).toBeFocused();
  // Nothing typed was lost.
  await expect(field(page, '電話番号')).toHaveValue('03-1234');
  await field(page, '電話番号').fill('0312345678');
  await next(page).click();
  await expect(pageHeading(page, '請求者')).toBeVisible();
  await expect(summary).toBeHidden();
  await expect(page.getByText('このページで入力は終わりです')).toBeVisible();
  await page.getByRole('button', { name: '入力内容を確認する' }).click();

  // --- formValues: read back; 「変更」 opens the whole section and saving returns here ------------------
  await expect(page).toHaveURL(`${app.base}/formValues`);
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByTestId('review-child_address')).toContainText('東京都千代田区千代田1-1');
  await expect(page.getByTestId('review-child_postal_code')).toContainText('〒100-0001');
  await expect(page.getByTestId('review-applicant_phone')).toContainText('0312345678');
  await look(page, 'formValues');

  // 子: the name check of the child's name.
  await page.getByRole('link', { name: '変更 （子の氏）', exact: true }).click();
  await expect(page).toHaveURL(/\/form\?.*field=child_last_name/);
  await expect(pageHeading(page, '子')).toBeVisible();
  await expect(field(page, '子の氏')).toBeFocused();
  await expect(field(page, '子の氏')).toHaveValue('黑田');
  await page.getByRole('button', { name: '子の氏・子の名が電子証明書で使える文字か確認する' }).click();
  const check = page.getByTestId('name-check-child_last_name-child_first_name');
  await expect(check.getByText(/証明書には「黒田/)).toBeVisible();
  const row = check.getByRole('row').filter({ hasText: '黑' });
  await expect(row.getByRole('cell', { name: '標準的な字体に置き換えて記録されます' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'U+9ED1' })).toBeVisible();
  await look(page, 'form (name check)');
  await page.getByRole('button', { name: '保存して確認画面に戻る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();

  // 父母: the father comes from the card (he notifies); "same as the notifier" copies through the rules.
  await page.getByRole('link', { name: '変更 （父の氏）', exact: true }).click();
  await expect(pageHeading(page, '父母')).toBeVisible();
  await expect(field(page, '父の氏')).toHaveValue('山田');
  // The same as the notifier (the card's name): no copy button, it would change nothing. Changed by
  // hand, the button is offered and brings the notifier's name back.
  const copyToFather = page.getByRole('button', {
    name: /^届出人と同じ内容を入力する\s*（父の氏・父の名・父の生年月日）$/,
  });
  await expect(copyToFather).toHaveCount(0);
  await field(page, '父の氏').fill('佐藤');
  await copyToFather.click();
  await expect(field(page, '父の氏')).toHaveValue('山田');
  await expect(page.getByText('「届出人と同じ内容」を入力しました。')).toBeVisible();
  await page.getByRole('button', { name: '保存して確認画面に戻る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await expect(page.getByTestId('review-father_last_name')).toContainText('山田');
  await page.getByRole('link', { name: '添付書類の登録へ進む' }).click();

  // --- attached: upload, a refused file, replace, delete, add again ------------------------------------
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const certificate = page.getByTestId('slot-attach_birth_certificate');
  await expect(certificate.getByText('まだ登録されていません。')).toBeVisible();
  await expect(page.getByTestId('slot-attach_claimant_signature')).toHaveCount(0);
  const input = page.getByTestId('slot-attach_birth_certificate-file');
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  // The app's own words only: no server message in brackets (issue 11).
  await expect(certificate.getByTestId('attach-error')).toHaveText(
    'このファイルは登録できません。JPEG、PNG、PDF のファイルを選んでください。',
  );
  await input.setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(certificate.getByTestId('attachment-file-name')).toHaveText('certificate.png');
  await expect(certificate.getByRole('img', { name: '登録した出生証明書の画像' })).toBeVisible();
  await expect(certificate.getByTestId('attach-error')).toBeHidden();
  await input.setInputFiles({ name: 'certificate-2.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(certificate.getByTestId('attachment-file-name')).toHaveText('certificate-2.png');
  await expect(certificate.getByText('出生証明書を差し替えました。')).toBeVisible();
  await certificate.getByRole('button', { name: '削除する（出生証明書）' }).click();
  await expect(certificate.getByText('まだ登録されていません。')).toBeVisible();
  await input.setInputFiles({ name: 'certificate-3.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(certificate.getByTestId('attachment-file-name')).toHaveText('certificate-3.png');
  await page
    .getByTestId('slot-attach_bankbook-file')
    .setInputFiles({ name: 'bankbook.png', mimeType: 'image/png', buffer: pngBytes() });
  await expect(page.getByTestId('slot-attach_bankbook').getByTestId('attachment-file-name')).toHaveText(
    'bankbook.png',
  );
  await look(page, 'attached');
  await page.getByRole('link', { name: '登録した書類を確認する' }).click();

  // --- attachedConfirm ---------------------------------------------------------------------------------
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の確認' })).toBeVisible();
  await expect(page.getByText('certificate-3.png')).toBeVisible();
  await expect(page.getByText('bankbook.png')).toBeVisible();
  await look(page, 'attachedConfirm');
  await page.getByRole('button', { name: '確定して次へ' }).click();

  // --- imageSignature: drawn -----------------------------------------------------------------------------
  await expect(page).toHaveURL(`${app.base}/imageSignature`);
  await expect(page.getByRole('heading', { level: 1, name: '手書きの署名' })).toBeVisible();
  await page.getByRole('button', { name: '署名を登録して次へ' }).click();
  await expect(page.getByTestId('sign-error')).toHaveText('署名欄に氏名を書いてください。');
  await drawSignature(page);
  await expect(page.getByRole('img', { name: '署名欄（署名が書かれています）' })).toBeVisible();
  await look(page, 'imageSignature');
  await page.getByRole('button', { name: '署名を登録して次へ' }).click();

  // --- signatureDigitalCertificateConfirm --------------------------------------------------------------
  await expect(page).toHaveURL(`${app.base}/signatureDigitalCertificateConfirm`);
  await expect(page.getByRole('heading', { level: 1, name: '電子署名' })).toBeVisible();
  await page.getByRole('button', { name: '電子署名に進む' }).click();
  await expect(page.getByText('すべての確認事項にチェックを入れてください。')).toBeVisible();
  await tickEvery(page, (box) => box.check());
  await look(page, 'signatureDigitalCertificateConfirm');
  await page.getByRole('button', { name: '電子署名に進む' }).click();

  // --- miidLaunchGuide → saveState → the signing app → back ---------------------------------------------
  await expect(page).toHaveURL(`${app.base}/miidLaunchGuide`);
  await expect(page.getByRole('heading', { level: 1, name: '署名アプリの起動' })).toBeVisible();
  await look(page, 'miidLaunchGuide');
  await page.getByRole('button', { name: '署名アプリで署名して申請を送信する' }).click();
  await page.waitForURL(/\/dev\/signing-app\/authorize/, { timeout: 60_000 });
  await page.getByLabel('テスト住民（読み取るマイナンバーカード）').selectOption(RESIDENT.subject);
  await page.getByLabel(/暗証番号/).fill(RESIDENT.pin);
  await page.getByRole('button', { name: '署名する' }).click();

  // --- complete -----------------------------------------------------------------------------------------
  await expect(page).toHaveURL(`${app.base}/complete`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: '申請の完了' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '申請を受け付けました' })).toBeVisible();
  const references = page.getByTestId('reference-number');
  await expect(references).toHaveCount(2);
  for (const cell of await references.all()) await expect(cell).toHaveText(/^\d{4}-\d{6}$/);
  await look(page, 'complete');

  const download = page.waitForEvent('download', { timeout: 60_000 });
  // All the copies together: the zip (each procedure's PDF has its own button, e2e/applicant/copy.spec.ts).
  await page.getByRole('button', { name: 'すべての控えをまとめてダウンロード（ZIP）' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^application-\d{4}-\d{6}_\d{4}-\d{6}\.zip$/);
  const zip = await file.createReadStream().then(
    (stream) =>
      new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      }),
  );
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByText('ダウンロードを開始しました。')).toBeVisible();

  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText('評価を選んでください。')).toBeVisible();
  // The stars are labels of radio buttons: click the fourth.
  await page.locator('label', { hasText: '4 / 5：使いやすい' }).click();
  await expect(page.getByRole('radio', { name: '4 / 5：使いやすい' })).toBeChecked();
  await page.getByLabel('ご意見（任意）').fill('わかりやすかったです');
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByText('ご協力ありがとうございました。')).toBeVisible();

  // The list shows the application as submitted, with the way to its answers read back (issue 33).
  await page.goto('/municipalities/999999/applications');
  // Other tests submit as the same resident meanwhile: this application's link, not the newest one.
  const link = page.locator(`a[href="${app.base}/formValues"]`);
  await expect(link).toHaveText('申請内容を見る');
  await expect(page.getByText('申請済み').first()).toBeVisible();
});
