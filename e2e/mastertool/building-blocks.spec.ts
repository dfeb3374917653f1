// Issue 19 items 2 and 3 without JSON, each in a new group: the operator adds a standard item from the
// library and creates new ones in a form (a date, a choice with two choices); builds a three-step
// workflow (a department, steps moved and removed by keyboard) and a report, and gives the procedure the
// workflow. The save keeps them; axe finds nothing on the tabs.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { newGroup, signInOperator, withCode } from './support';

test('an operator adds standard items from the library and in a form, without JSON', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `転入届 ${Date.now() % 100_000}`;
  await signInOperator(page);
  await newGroup(page, name);
  await page.getByRole('tab', { name: '標準項目', exact: true }).click();
  // A new group holds the applicant's identity items, prefilled from the card.
  const heading = page.getByRole('heading', { level: 2, name: /^この手続きグループの標準項目（\d+件）$/ });
  const count = Number(/（(\d+)件）/.exec((await heading.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(6);
  await expect(page.getByRole('button', { name: withCode('applicant_last_name') })).toBeVisible();

  // From the library: the national item, with its definition, opens with the cursor in its label.
  const library = page.getByRole('combobox', { name: 'ライブラリの標準項目' });
  await expect(library.locator('option[value="applicant_last_name"]')).toHaveCount(0);
  await library.selectOption('applicant_phone');
  await page.getByRole('button', { name: 'ライブラリから追加' }).click();
  await expect(page.getByRole('textbox', { name: '項目名', exact: true })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'コード', exact: true })).toHaveValue('applicant_phone');
  await expect(page.getByRole('combobox', { name: '入力の種類' })).toHaveText('電話番号');

  // A new date item.
  await page.getByRole('button', { name: '新しい項目を作る' }).click();
  const label = page.getByRole('textbox', { name: '項目名', exact: true }).last();
  await expect(label).toBeFocused();
  await label.fill('転入日');
  await page.getByRole('textbox', { name: 'コード', exact: true }).last().fill('moving_in_date');
  await page.getByRole('combobox', { name: '入力の種類' }).last().click();
  await page.getByRole('option', { name: '日付' }).click();
  await page.getByRole('checkbox', { name: '必須' }).last().check();

  // A new choice item with two choices, the second added by keyboard.
  await page.getByRole('button', { name: '新しい項目を作る' }).click();
  await page.getByRole('textbox', { name: '項目名', exact: true }).last().fill('転入の理由');
  await page.getByRole('combobox', { name: '入力の種類' }).last().click();
  await page.getByRole('option', { name: '選択（ボタンから1つ）' }).click();
  await page.getByRole('button', { name: '選択肢を追加' }).click();
  await expect(page.getByRole('textbox', { name: '選択肢 1 の表示名', exact: true })).toBeFocused();
  await page.keyboard.type('転勤');
  await page.getByRole('button', { name: '選択肢を追加' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: '選択肢 2 の表示名', exact: true })).toBeFocused();
  await page.keyboard.type('進学');
  // The pointer rests on the item's delete button: its hover colour is measured too.
  await page.getByRole('button', { name: '項目「転入の理由」を削除' }).hover();
  await expectNoAxeViolations(page, 'items tab with a choice item open');

  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
  await page.getByRole('tab', { name: '標準項目', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: `この手続きグループの標準項目（${count + 3}件）` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: withCode('moving_in_date', '転入日') })).toBeVisible();
  await page.getByRole('button', { name: /^転入の理由/ }).click();
  await expect(page.getByRole('textbox', { name: '選択肢 2 の表示名', exact: true })).toHaveValue('進学');
});

test('an operator builds a three-step workflow and a report without JSON', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `転入届 ${Date.now() % 100_000}`;
  await signInOperator(page);
  await newGroup(page, name);
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  await page.getByRole('button', { name: '手続きを追加' }).click();
  // The new procedure's code is created explicitly, in the dialog.
  await page.getByRole('button', { name: '新しい手続きコードを作る（新しい手続き）' }).click();
  const codeDialog = page.getByRole('dialog', { name: '新しい手続きコードを作る' });
  await codeDialog.getByRole('textbox', { name: 'コード' }).fill(`moving_in_${Date.now() % 100_000}`);
  await codeDialog.getByRole('button', { name: '作成して使う' }).click();
  await expect(codeDialog).toHaveCount(0);

  await page.getByRole('tab', { name: 'ワークフロー・帳票', exact: true }).click();
  await expectNoAxeViolations(page, 'workflows tab, empty');
  await page.getByRole('button', { name: 'ワークフローを追加' }).click();
  const workflowName = page.getByRole('textbox', { name: 'ワークフローの名前', exact: true });
  await expect(workflowName).toBeFocused();
  await workflowName.fill('転入の処理');
  await expect(page.getByTestId('workflow-step')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'ステップ 2 の担当部署' }).click();
  await page.getByRole('option', { name: withCode('shimin', '市民課') }).click();
  // A fourth step added and taken away again by keyboard; the last two swapped.
  await page.getByRole('button', { name: 'ステップを追加（転入の処理）' }).click();
  await expect(page.getByRole('textbox', { name: 'ステップ 4 の名前', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'ステップ 4 を削除（転入の処理）' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('workflow-step')).toHaveCount(3);
  await page.getByRole('button', { name: 'ステップ 3 を1つ上へ（転入の処理）' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'ステップ 2 を1つ上へ（転入の処理）' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'ステップ 2 の名前', exact: true })).toHaveValue('決定');

  await page.getByRole('button', { name: '帳票を追加' }).click();
  const reportName = page.getByRole('textbox', { name: '帳票の名前', exact: true });
  await expect(reportName).toBeFocused();
  await reportName.fill('転入届 受付票');
  await page.getByRole('checkbox', { name: withCode('applicant_last_name') }).check();
  await page.getByRole('checkbox', { name: withCode('applicant_address') }).check();
  await expectNoAxeViolations(page, 'workflows tab with a workflow and a report');

  // The procedure follows the workflow.
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  await page.getByRole('combobox', { name: 'ワークフロー' }).click();
  await page.getByRole('option', { name: '転入の処理' }).click();
  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
  await page.getByRole('tab', { name: 'ワークフロー・帳票', exact: true }).click();
  await expect(page.getByText('このワークフローに従う手続き: 新しい手続き')).toBeVisible();
  const steps = page.getByRole('textbox', { name: /^ステップ \d の名前$/ });
  expect(await steps.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
    '受付',
    '決定',
    '審査',
  ]);
  await expect(page.getByRole('combobox', { name: 'ステップ 3 の担当部署' })).toHaveText('市民課');
  await expect(page.getByRole('checkbox', { name: withCode('applicant_address') })).toBeChecked();
  await expect(page.getByText('印字する項目（2件選択）')).toBeVisible();
});
