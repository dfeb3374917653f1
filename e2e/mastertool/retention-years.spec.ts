// A procedure's retention period in the master tool's typed editor (decision 0052): the operator sets
// 「保存期間（年）」 on a procedure, saves, reloads and finds it; emptied, it is the deployment's default
// again. axe clean.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { openEditor, signInOperator } from './support';

test('an operator sets a procedure’s retention period in years', async ({ page }) => {
  test.setTimeout(180_000);
  await signInOperator(page);
  await openEditor(page);
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  const years = page.getByRole('spinbutton', { name: '保存期間（年）' }).first();
  await expect(years).toBeVisible();
  await expect(years).toHaveValue('');
  await expect(page.getByText('空欄にすると既定の年数です。', { exact: false }).first()).toBeVisible();

  await years.fill('10');
  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();
  await expectNoAxeViolations(page, 'procedures tab with a retention period');

  await page.reload();
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  await expect(page.getByRole('spinbutton', { name: '保存期間（年）' }).first()).toHaveValue('10');

  // Emptied: the default again, and the draft saves.
  await page.getByRole('spinbutton', { name: '保存期間（年）' }).first().fill('');
  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  await expect(page.getByRole('spinbutton', { name: '保存期間（年）' }).first()).toHaveValue('');
});
