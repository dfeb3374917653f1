// The second half of the flow with the keyboard alone, from the form to the reference number: every
// control is reached with Tab (never clicked), pressed with Enter or Space, and typed into. The file
// dialog itself belongs to the operating system: the test answers it once the keyboard has opened it.
// The first half by keyboard is in flow-keyboard.spec.ts and keyboard.spec.ts.
import { applicationAtForm, pngBytes, signInResident } from '../support/application-setup';
import { expect, RESIDENT, tabTo, test } from '../support/fixtures';

test('from the form to the reference number with the keyboard alone', async ({ page }) => {
  test.setTimeout(240_000);
  await signInResident(page);
  const app = await applicationAtForm(page, { procedureCodes: ['birth_notification', 'child_allowance'] });

  // The form: each page's button reached with Tab and pressed with Enter, until the review.
  await page.goto(`${app.base}/form`);
  await expect(page.getByRole('heading', { level: 1, name: '申請内容の入力' })).toBeVisible();
  for (let pages = 0; pages < 20 && !page.url().includes('/formValues'); pages++) {
    const heading = page.getByRole('heading', { level: 2 }).first();
    const before = await heading.textContent();
    const review = page.getByRole('button', { name: '入力内容を確認する' });
    const button = (await review.isVisible())
      ? review
      : page.getByRole('button', { name: '次へ', exact: true });
    await tabTo(page, button, 200);
    await page.keyboard.press('Enter');
    await expect(async () => {
      expect(page.url().includes('/formValues') || (await heading.textContent()) !== before).toBe(true);
    }).toPass();
  }

  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: '添付書類の登録へ進む' }), 200);
  await page.keyboard.press('Enter');

  // Attachments: each slot's button opens the file dialog from the keyboard.
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  const choosers = page.getByRole('button', { name: /^ファイルを選ぶ（/ });
  await expect(choosers.first()).toBeVisible();
  // A slot with a file offers 差し替える instead: take the first slot still without one each time.
  for (let i = 1; (await choosers.count()) > 0; i++) {
    expect(i, 'every slot gets its file').toBeLessThan(10);
    await tabTo(page, choosers.first());
    const dialog = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await dialog).setFiles({ name: `scan-${i}.png`, mimeType: 'image/png', buffer: pngBytes() });
    await expect(page.getByTestId('attachment-file-name').filter({ hasText: `scan-${i}.png` })).toBeVisible();
  }
  await tabTo(page, page.getByRole('link', { name: '登録した書類を確認する' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の確認' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: '確定して次へ' }));
  await page.keyboard.press('Enter');

  // Handwritten signature without drawing: the typed name, declared as the resident's own.
  await expect(page).toHaveURL(`${app.base}/imageSignature`);
  // The ways to sign are tabs: Tab reaches the selected one, the arrow moves on, Enter chooses.
  await tabTo(page, page.getByRole('tab', { name: '画面に書く' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: '氏名を入力する' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: '氏名を入力する' })).toHaveAttribute('aria-selected', 'true');
  const typed = page.getByRole('textbox', { name: '署名する氏名' });
  await tabTo(page, typed);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('山田 太郎');
  await tabTo(page, page.getByRole('checkbox', { name: /私本人の署名として用いることに同意します/ }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: '署名を登録して次へ' }));
  await page.keyboard.press('Enter');

  // Digital signature: the check messages confirmed with Space, then the signing app by keyboard too.
  await expect(page).toHaveURL(`${app.base}/signatureDigitalCertificateConfirm`);
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) {
    await tabTo(page, box);
    await page.keyboard.press('Space');
  }
  await tabTo(page, page.getByRole('button', { name: '電子署名に進む' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${app.base}/miidLaunchGuide`);
  await tabTo(page, page.getByRole('button', { name: '署名アプリを起動する' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dev\/signing-app\/authorize/, { timeout: 60_000 });
  const resident = page.getByLabel('テスト住民（読み取るマイナンバーカード）');
  await tabTo(page, resident);
  // A native select: the arrow keys move through the test residents.
  for (let i = 0; i < 10 && (await resident.inputValue()) !== RESIDENT.subject; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(resident).toHaveValue(RESIDENT.subject);
  await tabTo(page, page.getByLabel(/暗証番号/));
  await page.keyboard.type(RESIDENT.pin);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`${app.base}/complete`, { timeout: 30_000 });
  await expect(page.getByTestId('reference-number')).toHaveCount(2);
});
