// Issue 19, "new and copy": an operator creates a procedure group from nothing, builds a filter question
// with two options, orders them with the keyboard and saves (a save the server did not store as sent is
// never shown as saved); then copies 出生・子育て to サンプル町 and finds the copy in the town's list.
// axe finds nothing on each screen and dialog on the way.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { signInOperator } from './support';

const SAMPLE_TOWN = '999998';
const DRAFT_CALL = '**/reflection-managers/procedure-group/?reflection_manager_id=*';

/** The options of the open question, in the order shown. */
const optionTexts = (page: Page) =>
  page
    .getByRole('textbox', { name: '選択肢の文言', exact: true })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

test('an operator creates a group, builds a filter question by keyboard, and copies a group to サンプル町', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 100_000;
  const name = `転入届 ${stamp}`;
  const copyName = `出生・子育て ${stamp}`;
  await signInOperator(page);

  // A guessed address is a page that does not exist, not a raw check message.
  await page.goto(`/mastertool/municipalities/${DEMO}/procedure-groups/new/edit`);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByText(/Invalid input|NaN/)).toHaveCount(0);

  await page.goto(`/mastertool/municipalities/${DEMO}`);
  await expect(page.getByRole('heading', { level: 1, name: 'デモ市の反映の管理' })).toBeVisible();
  await expectNoAxeViolations(page, 'reflection managers');
  await page.getByRole('button', { name: '新しい手続きグループ' }).click();
  const dialog = page.getByRole('dialog', { name: '新しい手続きグループを作成' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'new group dialog');
  await dialog.getByRole('button', { name: '作成して編集する' }).click();
  await expect(dialog.getByText('名前を入力してください。')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: '手続きグループの名前' })).toBeFocused();
  await dialog.getByRole('textbox', { name: '手続きグループの名前' }).fill('出生・子育て');
  await dialog.getByRole('button', { name: '作成して編集する' }).click();
  await expect(
    dialog.getByText('この自治体には同じ名前の手続きグループがあります。', { exact: false }),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: '手続きグループの名前' }).fill(name);
  await dialog.getByRole('button', { name: '作成して編集する' }).click();

  // The new draft opens in the editor; its filter category has an empty sub category to fill.
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
  await page.getByRole('tab', { name: 'コンシェルジュ' }).click();
  await page.getByRole('button', { name: '質問を追加（はじめに）' }).click();
  // The new question opens with the cursor in its text, as a yes/no choice.
  await expect(page.getByRole('textbox', { name: '質問文', exact: true })).toBeFocused();
  await page.keyboard.type('デモ市に転入しましたか？');
  expect(await optionTexts(page)).toEqual(['はい', 'いいえ']);
  await page.getByRole('textbox', { name: '質問の名前', exact: true }).fill('転入の確認');

  // Ordered by keyboard: the moved option's button keeps the focus (the other one at the top).
  const up = page.getByRole('button', { name: '「いいえ」を上へ移動' });
  await up.focus();
  await page.keyboard.press('Enter');
  expect(await optionTexts(page)).toEqual(['いいえ', 'はい']);
  await expect(page.getByRole('button', { name: '「いいえ」を下へ移動' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: '「いいえ」を上へ移動' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await optionTexts(page)).toEqual(['いいえ', 'はい']);
  await expectNoAxeViolations(page, 'editor of the new group with its question open');

  // A save whose answer is not what was sent (an option lost) is not shown as saved; the edit stays.
  await page.route(DRAFT_CALL, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const response = await route.fetch();
    const json = await response.json();
    json.procedure_group.concierge_set.filter_concierge_category.concierge_sub_category[0].concierges[0].concierge_options.pop();
    await route.fulfill({ response, json });
  });
  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByTestId('editor-problems')).toContainText('違う形で返ってきました');
  await expect(page.getByText('保存していない変更があります', { exact: false })).toBeVisible();
  await expect(page.getByText('変更はすべて保存済みです。')).toHaveCount(0);
  expect(await optionTexts(page)).toEqual(['いいえ', 'はい']);
  await page.unroute(DRAFT_CALL);

  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
  await page.getByRole('tab', { name: 'コンシェルジュ' }).click();
  await page.getByRole('button', { name: /^転入の確認/ }).click();
  expect(await optionTexts(page)).toEqual(['いいえ', 'はい']);

  // Copy 出生・子育て into サンプル町: the copy opens there, and the town's list has it.
  await page.getByRole('link', { name: '反映の管理へ戻る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'デモ市の反映の管理' })).toBeVisible();
  await page.getByRole('button', { name: 'コピーして作成（出生・子育て）' }).click();
  const copy = page.getByRole('dialog', { name: '「出生・子育て」をコピーして作成' });
  await expect(copy.getByRole('textbox', { name: '手続きグループの名前' })).toHaveValue(
    '出生・子育て（コピー）',
  );
  await copy.getByRole('combobox', { name: 'コピー先の自治体' }).click();
  await page.getByRole('option', { name: 'サンプル町（999998）' }).click();
  await expectNoAxeViolations(page, 'copy dialog');
  await copy.getByRole('textbox', { name: '手続きグループの名前' }).fill(copyName);
  await copy.getByRole('button', { name: 'コピーして編集する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${copyName}の編集` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/municipalities/${SAMPLE_TOWN}/procedure-groups/\\d+/edit$`));
  await expectNoAxeViolations(page, 'editor of the copy');
  await page.getByRole('link', { name: '反映の管理へ戻る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'サンプル町の反映の管理' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: copyName })).toBeVisible();
  await expect(page.getByRole('link', { name: `下書きを編集（${copyName}）` })).toBeVisible();
  await expectNoAxeViolations(page, 'サンプル町 reflection managers');
});
