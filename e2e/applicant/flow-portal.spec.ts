// Identification through the national personal portal (development stand-in): the portal's consent, the
// progress screen polling the status, then the form with the portal's information; and the error screen.
import { expect, test } from '../support/fixtures';
import { M, startApplication } from './flow-support';

test('the personal portal route: consent at the portal, progress, then the form', async ({ page }) => {
  const resident = { subject: 'demo-resident-0002', pin: '2345', name: '山田 花子' };
  const id = await startApplication(page, { resident, procedures: [1] });
  await page.goto(`${M}/applications/${id}/identification`);
  await page.getByRole('radio', { name: /^マイナポータル/ }).check();
  await page.getByRole('button', { name: 'マイナポータルで本人確認する' }).click();

  // The stand-in portal: choose the resident, enter the PIN, consent.
  await page.waitForURL(/\/dev\/mynaportal\/authorize/);
  await page.getByLabel('住民').selectOption(resident.subject);
  await page.getByLabel('暗証番号（4桁）').fill(resident.pin);
  await page.getByRole('button', { name: '提供に同意する' }).click();

  // Back on the portal's return page, which polls until the server has the information.
  await page.waitForURL(/\/mynaportal\/getting_self_information\?state=/);
  await expect(page).toHaveURL(`${M}/applications/${id}/form`, { timeout: 20_000 });
  const overview = await page.request.get(`/api/municipalities/999999/applications/${id}/identification/`, {
    headers: { 'x-region-code': '999999' },
  });
  expect((await overview.json()).identified_by).toBe('mynaportal');
});

test('the personal portal error page explains and leads back', async ({ page }) => {
  const id = await startApplication(page, { procedures: [1] });
  await page.evaluate(
    ([applicationId]) =>
      sessionStorage.setItem(
        'portal.mynaportal',
        JSON.stringify({ code: '999999', applicationId, startedAt: Date.now() }),
      ),
    [id],
  );
  // The resident declined at the portal: the status is abandoned and the error page says why.
  await page.goto('/mynaportal/getting_self_information?error=access_denied');
  await expect(page).toHaveURL(/\/mynaportal\/error\?reason=denied/);
  await expect(page.getByRole('heading', { level: 1, name: 'マイナポータル連携エラー' })).toBeVisible();
  await expect(page.getByText('マイナポータルでの情報の提供が中止されました。')).toBeVisible();
  // No layout on this page: no header or footer.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.getByRole('link', { name: '本人確認の画面へ戻る' }).click();
  await expect(page).toHaveURL(`${M}/applications/${id}/identification`);
});
