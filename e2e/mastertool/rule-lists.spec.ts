// Issue 35 item 4 (decision 0054): no JSON on the normal path of the rules tab. A copy rule and a form
// hidden rule are set with the item pickers, from the keyboard; a rule left without its item is named at
// the save and its link lands on the picker; saved, read back after a reload; the JSON expert view shows
// the same rules. axe at 1280 and 390 px.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { newGroup, signInOperator } from './support';

test('copy and hidden rules are set with pickers, saved and read back, by keyboard, with axe 0', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const name = `ルールの編集 ${Date.now() % 100_000}`;
  await signInOperator(page);
  await newGroup(page, name);
  await page.getByRole('tab', { name: 'ルール', exact: true }).click();

  // A copy rule: the add button moves the focus to the first picker, Tab to the next.
  const copy = page.getByRole('region', { name: 'コピーのルール' });
  await expect(copy).toContainText('コピーのルールはありません。');
  await copy.getByRole('button', { name: 'コピーのルールを追加' }).focus();
  await page.keyboard.press('Enter');
  const source = copy.getByRole('combobox', { name: 'コピー元の標準項目' });
  await expect(source).toBeFocused();
  // A native select: the keyboard's own list (selectOption stands for the arrow keys and Enter).
  await source.selectOption('applicant_postal_code');
  await page.keyboard.press('Tab');
  const target = copy.getByRole('combobox', { name: 'コピー先の標準項目' });
  await expect(target).toBeFocused();
  await target.selectOption('applicant_address');
  await expect(copy).toContainText('条件はありません（いつでもコピーできます）。');

  // A hidden rule comes with one condition; its item is left unchosen at first.
  const hidden = page.getByRole('region', { name: 'フォームの非表示ルール' });
  await hidden.getByRole('button', { name: 'フォームの非表示ルールを追加' }).focus();
  await page.keyboard.press('Enter');
  const hiddenTarget = hidden.getByRole('combobox', { name: '表示しない標準項目' });
  await expect(hiddenTarget).toBeFocused();
  const condition = hidden.getByRole('group', { name: '条件 1（条件の組 1）（非表示ルール 1）' });
  await condition.getByRole('combobox', { name: '比べる標準項目' }).selectOption('applicant_sex');
  await condition.getByRole('combobox', { name: '比べ方' }).selectOption({ label: '回答がある' });
  await expect(condition.getByRole('combobox', { name: '比べる値' })).toHaveCount(0);

  // Saving names the missing item; its link lands on the picker, which says so too.
  await page.getByRole('button', { name: '下書きを保存', exact: true }).click();
  const problems = page.getByTestId('editor-problems');
  await expect(problems).toBeFocused();
  await expect(problems).toContainText('保存できません。1 件の問題を直してください。');
  await problems.getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  await expect(hiddenTarget).toBeFocused();
  await expect(hiddenTarget).toHaveAttribute('aria-invalid', 'true');
  await hiddenTarget.selectOption('applicant_last_name_kana');
  await expectNoAxeViolations(page, 'rules tab with typed rules at 1280');
  await page.getByRole('button', { name: '下書きを保存', exact: true }).click();
  await expect(page.getByText('下書きを保存しました。')).toBeVisible();

  // Read back after a reload, in the pickers.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
  await page.getByRole('tab', { name: 'ルール', exact: true }).click();
  await expect(copy.getByTestId('copy-rule')).toHaveCount(1);
  await expect(source).toHaveValue('applicant_postal_code');
  await expect(target).toHaveValue('applicant_address');
  await expect(hiddenTarget).toHaveValue('applicant_last_name_kana');
  await expect(condition.getByRole('combobox', { name: '比べる標準項目' })).toHaveValue('applicant_sex');
  await expect(condition.getByRole('combobox', { name: '比べ方' })).toHaveValue('');

  // The JSON expert view holds the same rules, and goes back to the form by keyboard.
  await copy.getByRole('button', { name: 'JSONで編集（上級者向け）（コピーのルール）' }).focus();
  await page.keyboard.press('Enter');
  const json = copy.getByRole('textbox', { name: 'コピーのルール', exact: true });
  await expect(json).toBeFocused();
  expect(JSON.parse(await json.inputValue())).toEqual([
    { source: 'applicant_postal_code', target: 'applicant_address' },
  ]);
  await expectNoAxeViolations(page, 'rules tab with the JSON view at 1280');
  await copy.getByRole('button', { name: 'フォームで編集（コピーのルール）' }).focus();
  await page.keyboard.press('Enter');
  await expect(source).toHaveValue('applicant_postal_code');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'rules tab with typed rules at 390');
});

test('a prefill rule takes conditions joined by または in the form, no JSON, read back after a save', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const name = `事前入力の条件 ${Date.now() % 100_000}`;
  await signInOperator(page);
  await newGroup(page, name);
  await page.getByRole('tab', { name: 'ルール', exact: true }).click();
  const rule = page.getByTestId('prefill-rule').first();
  await rule.getByRole('button', { name: '条件を編集（事前入力ルール 1）' }).click();
  const conditions = rule.getByRole('group', { name: '条件（事前入力ルール 1）' });
  await expect(conditions).toContainText('条件はありません。いつも入力します。');
  // Two groups: either one holding fills the item in.
  await conditions.getByRole('button', { name: '条件を追加（事前入力ルール 1）' }).click();
  const first = conditions.getByRole('group', { name: /^条件 1（条件の組 1）/ });
  await expect(first.getByRole('combobox', { name: '比べる標準項目' })).toBeFocused();
  await first.getByRole('combobox', { name: '比べる標準項目' }).selectOption('applicant_sex');
  await first.getByRole('combobox', { name: '比べる値' }).selectOption({ index: 1 });
  await conditions.getByRole('button', { name: '「または」の条件の組を追加（事前入力ルール 1）' }).click();
  const second = conditions.getByRole('group', { name: /^条件 1（条件の組 2）/ });
  await expect(second.getByRole('combobox', { name: '比べる標準項目' })).toBeFocused();
  await second.getByRole('combobox', { name: '比べる標準項目' }).selectOption('applicant_sex');
  await second.getByRole('combobox', { name: '比べる値' }).selectOption({ index: 2 });
  await expect(rule).toContainText('とき、または');
  await expect(rule.getByRole('textbox', { name: /JSON/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'prefill rule with two groups of conditions');

  await page.getByRole('button', { name: '下書きを保存', exact: true }).click();
  await expect(page.getByText('下書きを保存しました。')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'ルール', exact: true }).click();
  await expect(page.getByTestId('prefill-rule').first()).toContainText('とき、または');
});
