// The form by keyboard alone: Enter submits a page, the error summary takes the focus, its link moves to
// the field, and the next page's heading takes the focus.
import { applicationAtForm, signInResident } from '../support/application-setup';
import { expect, test } from '../support/fixtures';

test('the form pages and their errors work by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInResident(page);
  const app = await applicationAtForm(page, {
    procedureCodes: ['birth_notification', 'child_allowance'],
    blank: ['applicant_phone'],
  });
  await page.goto(`${app.base}/form?field=applicant_phone`);
  const phone = page.getByRole('textbox', { name: '電話番号', exact: true });
  // A link with ?field= opens the page of the field and puts the focus in it.
  await expect(page.getByRole('heading', { level: 2, name: '届出人', exact: true })).toBeVisible();
  await expect(phone).toBeFocused();
  // The registry's number comes prefilled; the resident clears it.
  await expect(phone).toHaveValue('09012340001');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');

  await page.keyboard.press('Enter');
  const summary = page.getByTestId('error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: '電話番号: 入力してください' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(summary.getByRole('link', { name: '電話番号: 入力してください' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(phone).toBeFocused();
  await page.keyboard.type('09012345678');
  await page.keyboard.press('Enter');
  // The form asks only what the questions left missing: the phone, then the claimant's sex.
  const next = page.getByRole('heading', { level: 2, name: '請求者', exact: true });
  await expect(next).toBeFocused();
  await expect(page.getByText('2 / 2 ページ')).toBeVisible();
});
