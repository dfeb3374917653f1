// The screens of the second half at a phone width (390 px): nothing wider than the screen, every
// control reachable, axe clean. Also the screens of the signing route that only show when something
// went wrong (failed signature, a return without saved state, a return page opened by hand).
import type { Page } from '@playwright/test';
import { applicationAtForm, pngBytes, signInResident } from '../support/application-setup';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const SHOTS = 'test-results/screens';

/** Axe, no sideways scrolling, and a full-page screenshot to look at. */
async function checkScreen(page: Page, name: string) {
  await expectNoAxeViolations(page, `${name} at 390 px`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
}

test('the form, attachments and signatures at a phone width', async ({ page }) => {
  test.setTimeout(180_000);
  await signInResident(page);
  const app = await applicationAtForm(page, { procedureCodes: ['birth_notification', 'child_allowance'] });

  await page.goto(`${app.base}/form?field=applicant_phone&from=review`);
  await expect(page.getByRole('heading', { level: 2, name: '届出人' })).toBeVisible();
  await checkScreen(page, 'form');

  await page.goto(`${app.base}/formValues`);
  await expect(page.getByRole('heading', { level: 1, name: '入力内容の確認' })).toBeVisible();
  await checkScreen(page, 'formValues');

  await page.getByRole('link', { name: '添付書類の登録へ進む' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の登録' })).toBeVisible();
  for (const slot of ['attach_birth_certificate', 'attach_bankbook']) {
    await page
      .getByTestId(`slot-${slot}-file`)
      .setInputFiles({ name: `${slot}.png`, mimeType: 'image/png', buffer: pngBytes() });
    await expect(page.getByTestId(`slot-${slot}`).getByTestId('attachment-file-name')).toHaveText(
      `${slot}.png`,
    );
  }
  // The camera button opens the phone's camera for a photo (capture=environment).
  await expect(page.locator('input[capture="environment"]').first()).toHaveAttribute('accept', 'image/*');
  await checkScreen(page, 'attached');

  await page.getByRole('link', { name: '登録した書類を確認する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '添付書類の確認' })).toBeVisible();
  await checkScreen(page, 'attachedConfirm');
  await page.getByRole('button', { name: '確定して次へ' }).click();

  await expect(page.getByRole('heading', { level: 1, name: '手書きの署名' })).toBeVisible();
  await checkScreen(page, 'imageSignature');
  // The keyboard alternative: type the name, declare it, save.
  await page.getByRole('tab', { name: '氏名を入力する' }).click();
  await expect(page.getByRole('textbox', { name: '署名する氏名' })).toHaveValue('山田 太郎');
  await page.getByRole('button', { name: '署名を登録して次へ' }).click();
  await expect(page.getByTestId('sign-error')).toHaveText(
    '本人の署名として用いることへの同意にチェックを入れてください。',
  );
  await page
    .getByRole('checkbox', { name: 'この氏名を、私本人の署名として用いることに同意します。' })
    .check();
  await checkScreen(page, 'imageSignature-typed');
  await page.getByRole('button', { name: '署名を登録して次へ' }).click();

  await expect(page).toHaveURL(`${app.base}/signatureDigitalCertificateConfirm`);
  await checkScreen(page, 'signatureDigitalCertificateConfirm');

  // Back at the signature screen, the saved signature is offered.
  await page.goto(`${app.base}/imageSignature`);
  await expect(page.getByRole('heading', { name: '登録済みの署名' })).toBeVisible();

  await page.goto(`${app.base}/miidLaunchGuide`);
  await expect(page.getByRole('heading', { level: 1, name: '署名アプリの起動' })).toBeVisible();
  await checkScreen(page, 'miidLaunchGuide');

  await page.goto(`${app.base}/miidFailed`);
  await expect(page.getByRole('heading', { level: 1, name: '電子署名ができませんでした' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'もう一度署名する' })).toHaveAttribute(
    'href',
    `${app.base}/miidLaunchGuide`,
  );
  await checkScreen(page, 'miidFailed');

  await page.goto(`${app.base}/complete`);
  await expect(page.getByText('この申請はまだ提出されていません。')).toBeVisible();
  await checkScreen(page, 'complete-draft');

  await page.goto('/miid/temporary');
  await expect(page.getByRole('heading', { level: 1, name: '署名アプリからの戻り' })).toBeVisible();
  await checkScreen(page, 'miidTemporary');

  await page.goto('/miid/temporary/saveState?signing_id=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('署名の準備がされていません。')).toBeVisible();
  await checkScreen(page, 'miidSaveState');

  await page.goto(
    '/miid/temporary/signatureRedirectScreen?signing_id=00000000-0000-4000-8000-000000000000&result=verified',
  );
  await expect(page.getByText('どの申請の署名か分かりませんでした。')).toBeVisible();
  await checkScreen(page, 'miidSignatureRedirect');
});
