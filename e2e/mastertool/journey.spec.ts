// The master-tool journey of issue 7: an operator edits a question of the concierge, previews it,
// reflects it to staging (the staging applicant area shows it, production does not), then to production.
// A broken reference is refused in the editor before anything is sent.
import type { Page } from '@playwright/test';
import { answer, DEMO, expect, GROUP, QUESTIONS, test } from '../support/fixtures';
import { openEditor, openResidenceQuestion, reflectTo, signInOperator } from './support';

// The new text keeps the old one as its start, so the applicant tests' locators (substring match) still
// find the question while this test runs beside them.
const NEW_TEXT = `${QUESTIONS.resident}（住民票の住所でお答えください）`;
const FILTER = `/municipalities/${DEMO}/conciergeFilter?procedure_group_id=${GROUP}`;

/** Answers the filter up to the residence question and returns its radio group by the given text. */
async function residenceQuestion(page: Page, text: string, exact: boolean) {
  await answer(page, QUESTIONS.born, 'はい');
  await answer(page, QUESTIONS.where, '日本国内');
  return page.getByRole('radiogroup', { name: text, exact });
}

test('an operator edits a question, previews it and reflects it to staging, then production', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signInOperator(page);
  await openEditor(page);
  await openResidenceQuestion(page);
  await page.getByRole('textbox', { name: '質問文', exact: true }).fill(NEW_TEXT);
  await expect(page.getByText('保存していない変更があります', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('下書きを保存しました。')).toBeVisible();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();

  // The preview runs the saved draft in the browser.
  await page.getByRole('link', { name: '保存した下書きをプレビュー' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '出生・子育てのプレビュー' })).toBeVisible();
  await expect(await residenceQuestion(page, NEW_TEXT, true)).toBeVisible();
  await answer(page, NEW_TEXT, 'はい');
  await answer(page, QUESTIONS.civilServant, 'いいえ');
  const result = page.getByRole('region', { name: '申請できる手続き' });
  await expect(result.getByText('出生届')).toBeVisible();

  // Staging: the diff names the change; reflecting asks first.
  await page.getByRole('link', { name: '差分の確認と反映へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '出生・子育ての差分の確認と反映' })).toBeVisible();
  const staging = page.getByTestId('panel-staging');
  await expect(staging.getByTestId('diff-row').filter({ hasText: NEW_TEXT })).toBeVisible();
  await reflectTo(page, 'staging');
  await expect(staging.getByText('反映する変更はありません。')).toBeVisible();

  // The staging applicant area shows the new text (its live version is re-read within 2 s) ...
  const stg = await context.newPage();
  await expect(async () => {
    await stg.goto(`/stg${FILTER}`);
    await expect(await residenceQuestion(stg, NEW_TEXT, true)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(stg.getByTestId('staging-banner')).toBeVisible();
  // ... while production still shows the old one.
  const prod = await context.newPage();
  await prod.goto(FILTER);
  await expect(await residenceQuestion(prod, QUESTIONS.resident, true)).toBeVisible();
  await expect(prod.getByRole('radiogroup', { name: NEW_TEXT })).toHaveCount(0);
  await expect(prod.getByTestId('staging-banner')).toHaveCount(0);

  // Production takes the version staging serves.
  const production = page.getByTestId('panel-product');
  await expect(production.getByTestId('diff-row').filter({ hasText: NEW_TEXT })).toBeVisible();
  await reflectTo(page, 'production');
  await expect(production.getByText('反映する変更はありません。')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'バージョンと反映の履歴' })).toBeVisible();

  await expect(async () => {
    await prod.goto(FILTER);
    await expect(await residenceQuestion(prod, NEW_TEXT, true)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // Rollback: staging goes back to version 1 (the seed) in one confirmed reflection; production stays.
  await staging.getByRole('combobox', { name: 'ステージング環境に反映するバージョン' }).click();
  await page.getByRole('option', { name: 'バージョン 1' }).click();
  await staging.getByRole('button', { name: 'ステージング環境をこのバージョンにする' }).click();
  await page
    .getByRole('dialog', { name: /ステージング環境をバージョン 1 にしますか/ })
    .getByRole('button', { name: 'このバージョンにする' })
    .click();
  await expect(page.getByText('ステージング環境をバージョン 1 にしました。')).toBeVisible();
  await expect(staging.getByTestId('state-staging').locator('dd').first()).toHaveText('1');
  await expect(async () => {
    await stg.goto(`/stg${FILTER}`);
    await expect(await residenceQuestion(stg, QUESTIONS.resident, true)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});

test('a broken reference is refused before saving, naming the place and leading to the field', async ({
  page,
}) => {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/procedure-group/')) writes.push(r.url());
  });
  await signInOperator(page);
  await openEditor(page);
  await openResidenceQuestion(page);
  await page.getByRole('button', { name: /^表示条件を追加（住所地）/ }).click();
  const optionId = page
    .getByRole('group', { name: '表示条件 1（住所地）' })
    .getByRole('textbox', { name: '選択肢ID' });
  await optionId.fill('99999');
  await page.getByRole('button', { name: '下書きを保存' }).click();

  const problems = page.getByTestId('editor-problems');
  await expect(problems).toBeFocused();
  await expect(problems).toContainText('保存できません。1 件の問題を直してください。');
  await expect(problems).toContainText('存在しない選択肢（ID 99999）を参照しています。');
  await expect(optionId).toHaveAccessibleDescription('存在しない選択肢（ID 99999）を参照しています。');
  await problems.getByRole('button', { name: /住所地/ }).click();
  await expect(optionId).toBeFocused();
  await expect(optionId).toHaveValue('99999');
  expect(writes).toEqual([]);
});
