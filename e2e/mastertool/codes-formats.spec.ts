// Issue 35 item 4 (decision 0055): an operator makes an item with a named format, a procedure and an
// attachment in a new group without typing any code (each proposed from its name: English, romanised
// kana, else sequential; a second item of the same name gets a free one), saves, reloads and finds them;
// the format picker works from the keyboard; axe finds nothing at 1280 and 390 px.
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { newGroup, signInOperator, withCode } from './support';

test('item, procedure and attachment get codes from their names; the item check is a named format', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 100_000;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page);
  await newGroup(page, `転入届 ${stamp}`);

  // An item: named in Japanese and English, its code follows the English.
  await page.getByRole('tab', { name: '標準項目', exact: true }).click();
  await page.getByRole('button', { name: '新しい項目を作る' }).click();
  const label = page.getByRole('textbox', { name: '項目名', exact: true }).last();
  await expect(label).toBeFocused();
  const code = page.getByRole('textbox', { name: 'コード', exact: true }).last();
  await expect(code).toHaveValue(/^item_\d{3}$/);
  await label.fill('転入先の郵便番号');
  await page
    .getByRole('textbox', { name: '項目名（英語）', exact: true })
    .last()
    .fill(`Postal code ${stamp}`);
  await expect(code).toHaveValue(`postal_code_${stamp}`);
  await expect(page.getByText('名前から作ったコードです。', { exact: false }).last()).toBeVisible();

  // The check: 郵便番号 picked by keyboard, stored as the pattern the runtime reads.
  const format = page.getByRole('combobox', { name: '入力の形式' }).last();
  await expect(format).toHaveText('指定なし');
  await format.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: '指定なし' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: '郵便番号（数字7桁）' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(format).toHaveText('郵便番号（数字7桁）');
  await expect(page.getByText('保存される正規表現: [0-9]{7}')).toBeVisible();
  await expectNoAxeViolations(page, 'items tab, new item with a named format');

  // A second item of the same English name: the proposal is a free code, never the first item's.
  await page.getByRole('button', { name: '新しい項目を作る' }).click();
  await page.getByRole('textbox', { name: '項目名', exact: true }).last().fill('前の郵便番号');
  await page
    .getByRole('textbox', { name: '項目名（英語）', exact: true })
    .last()
    .fill(`Postal code ${stamp}`);
  await expect(page.getByRole('textbox', { name: 'コード', exact: true }).last()).toHaveValue(
    `postal_code_${stamp}_2`,
  );
  // The expert's regular expression: a bad one is named at once.
  const second = page.getByRole('combobox', { name: '入力の形式' }).last();
  await second.click();
  await page.getByRole('option', { name: '正規表現（上級者向け）' }).click();
  const regex = page.getByRole('textbox', { name: '正規表現', exact: true });
  await regex.fill('[0-9');
  await expect(regex).toHaveAccessibleDescription(/この正規表現は使えません/);
  await regex.fill('[0-9]{3}-?[0-9]{4}');
  await expect(regex).toHaveAttribute('aria-invalid', 'false');

  // A procedure named with kanji only: the next free sequential code, no dialog.
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  await page.getByRole('button', { name: '手続きを追加' }).click();
  const name = page.getByRole('textbox', { name: '名前', exact: true });
  await expect(name).toBeFocused();
  await name.fill('転入届');
  const procedureCode = page.getByRole('combobox', { name: '手続きコード' });
  await expect(procedureCode).toHaveValue(/^転入届 · procedure_\d{3}/);
  await expectNoAxeViolations(page, 'procedures tab, proposed code');

  // An attachment named in kana: its code is the romaji.
  await page.getByRole('tab', { name: '添付書類', exact: true }).click();
  await page.getByRole('button', { name: '添付書類を追加' }).click();
  const attachName = page.getByRole('textbox', { name: '名前', exact: true });
  await expect(attachName).toBeFocused();
  await attachName.fill('マイナンバーカードのコピー');
  const attachCode = page.getByRole('combobox', { name: '添付書類のコード' });
  await expect(attachCode).toHaveValue(/ · mainanbaakaadonokopii(_\d+)?/);
  // The dialog opens with the proposal; nothing to type.
  await page.getByRole('button', { name: /^新しい添付書類のコードを作る/ }).click();
  const dialog = page.getByRole('dialog', { name: '新しい添付書類のコードを作る' });
  await expect(dialog.getByRole('textbox', { name: 'コード' })).toHaveValue(/^mainanbaakaadonokopii/);
  await expectNoAxeViolations(page, 'new attach code dialog with the proposal');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const attachValue = / · ([a-z0-9_]+)/.exec(await attachCode.inputValue())?.[1] ?? 'none';

  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();

  // Reloaded: the codes and the format as saved; no その他（JSON） tab, the items' JSON is folded in their tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'その他（JSON）' })).toHaveCount(0);
  await page.getByRole('tab', { name: '標準項目', exact: true }).click();
  await page.getByRole('button', { name: withCode(`postal_code_${stamp}`) }).click();
  await expect(page.getByRole('combobox', { name: '入力の形式' })).toHaveText('郵便番号（数字7桁）');
  await page.getByRole('button', { name: withCode(`postal_code_${stamp}_2`) }).click();
  await expect(page.getByRole('textbox', { name: '正規表現', exact: true })).toHaveValue(
    '[0-9]{3}-?[0-9]{4}',
  );
  await page.getByRole('button', { name: 'JSONで編集する（上級者向け）' }).click();
  await expect(page.getByRole('textbox', { name: '標準項目', exact: true })).toHaveValue(
    new RegExp(`"code": "postal_code_${stamp}"`),
  );
  await page.getByRole('tab', { name: '手続き', exact: true }).click();
  await expect(page.getByRole('combobox', { name: '手続きコード' })).toHaveValue(/^転入届 · procedure_\d{3}/);
  await page.getByRole('tab', { name: '添付書類', exact: true }).click();
  // Saved, the code is a template's: listed without the "new" note.
  await expect(page.getByRole('combobox', { name: '添付書類のコード' })).toHaveValue(
    `マイナンバーカードのコピー · ${attachValue}`,
  );

  // The same screens on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'attaches tab at 390');
  await page.getByRole('tab', { name: '標準項目', exact: true }).click();
  await expectNoAxeViolations(page, 'items tab with the expert JSON at 390');
  await page.getByRole('tab', { name: 'ワークフロー・帳票', exact: true }).click();
  await page.getByRole('button', { name: 'JSONで編集する（上級者向け）' }).click();
  await expect(page.getByRole('textbox', { name: '帳票', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'workflows tab with the expert JSON at 390');
});
