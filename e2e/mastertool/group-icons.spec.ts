// Issue 35 item 5 (decision 0056): the new group's icon is picked from eighteen icons named in words —
// no type code in any name — with the keyboard alone; axe finds nothing with the list open.
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { signInOperator } from './support';

test('an operator picks a group icon by its name with the keyboard', async ({ page }) => {
  await signInOperator(page);
  await page.goto(`/mastertool/municipalities/${DEMO}`);
  await page.getByRole('button', { name: '新しい手続きグループ' }).click();
  const dialog = page.getByRole('dialog', { name: '新しい手続きグループを作成' });
  const icon = dialog.getByRole('combobox', { name: 'アイコン' });
  await icon.focus();
  await page.keyboard.press('ArrowDown');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(18);
  const names = await options.allTextContents();
  expect(names).toContain('引っ越し');
  expect(names).toContain('介護');
  expect(names.filter((n) => /[（(][A-Z]{2}[）)]/.test(n))).toEqual([]);
  await expectNoAxeViolations(page, 'group icon list');
  // From その他 (the default), up to 証明書 with the arrows, chosen with Enter.
  const from = names.indexOf('その他');
  const to = names.indexOf('証明書');
  for (let i = 0; i < from - to; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(icon).toHaveText('証明書');
  await expect(icon).toBeFocused();
});

test('the editor lists each icon by its name, its icon and its code small after it', async ({ page }) => {
  await signInOperator(page);
  await page.goto(`/mastertool/municipalities/${DEMO}/procedure-groups/1/edit`);
  await page.getByRole('tab', { name: '基本・公開設定', exact: true }).click();
  const icon = page.getByRole('combobox', { name: /^アイコン/ });
  await expect(icon).not.toHaveText(/[A-Z]{2}/);
  await icon.focus();
  await page.keyboard.press('ArrowDown');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(18);
  // The name first; the code after a pause, for those who know the codes.
  await expect(options.filter({ hasText: '引っ越し' })).toHaveAccessibleName(/^引っ越し\s*、\s*コード MV$/);
  await expectNoAxeViolations(page, 'editor icon list');
  await page.keyboard.press('Escape');
  await expect(icon).toBeFocused();
});
