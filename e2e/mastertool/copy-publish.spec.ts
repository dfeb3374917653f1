// Issue 19, "done when": copying 出生・子育て to サンプル町 and publishing it works as for a new group. The
// operator copies the group from デモ市's list, words the residence question for the town (the copy keeps
// the source's texts), previews the copy, reflects it to staging (the town's staging applicant area shows
// it, production not yet) and to production; a resident of サンプル町 finds the group on the town's home
// page and the copied procedures through its questions. The operator's clicks and screens are printed.
import type { Page } from '@playwright/test';
import { answer, expect, expectNoAxeViolations, QUESTIONS, test } from '../support/fixtures';
import { countOperator, countsLine, openResidenceQuestion, reflectTo, signInOperator } from './support';

const TOWN = '999998';
const RESIDENCE = 'お住まいはサンプル町ですか？';
const PROCEDURES = ['出生届', '児童手当 認定請求', '子ども医療費助成 受給資格の申請'];

/** Answers the copied filter (born in Japan, lives in the town, not a civil servant). */
async function answerFilter(page: Page) {
  await answer(page, QUESTIONS.born, 'はい');
  await answer(page, QUESTIONS.where, '日本国内');
  await answer(page, RESIDENCE, 'はい');
  await answer(page, QUESTIONS.civilServant, 'いいえ');
}

test('出生・子育て copied to サンプル町 is previewed, reflected to staging and production, and offered there', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const copyName = `出生・子育て ${Date.now() % 100_000}`;
  const operator = await countOperator(page);
  await signInOperator(page);

  // The copy, made from デモ市's list into サンプル町.
  await page.getByRole('link', { name: 'デモ市' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'デモ市の反映の管理' })).toBeVisible();
  await expectNoAxeViolations(page, 'reflection managers');
  await page.getByRole('button', { name: 'コピーして作成（出生・子育て）' }).click();
  const copy = page.getByRole('dialog', { name: '「出生・子育て」をコピーして作成' });
  await copy.getByRole('combobox', { name: 'コピー先の自治体' }).click();
  await page.getByRole('option', { name: 'サンプル町（999998）' }).click();
  await copy.getByRole('textbox', { name: '手続きグループの名前' }).fill(copyName);
  await expectNoAxeViolations(page, 'copy dialog');
  await copy.getByRole('button', { name: 'コピーして編集する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${copyName}の編集` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/municipalities/${TOWN}/procedure-groups/\\d+/edit$`));
  const groupId = /procedure-groups\/(\d+)\/edit$/.exec(page.url())![1]!;

  // The copy speaks of デモ市 where the source did: the residence question is worded for the town.
  await openResidenceQuestion(page);
  await expect(page.getByRole('textbox', { name: '質問文', exact: true })).toHaveValue(/デモ市/);
  await page.getByRole('textbox', { name: '質問文', exact: true }).fill(RESIDENCE);
  await expectNoAxeViolations(page, 'editor of the copy, residence question');
  await page.getByRole('button', { name: '下書きを保存' }).click();
  await expect(page.getByText('変更はすべて保存済みです。')).toBeVisible();

  // The preview runs the copy's saved draft.
  await page.getByRole('link', { name: '保存した下書きをプレビュー' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${copyName}のプレビュー` })).toBeVisible();
  await answerFilter(page);
  const result = page.getByRole('region', { name: '申請できる手続き' });
  for (const name of PROCEDURES) await expect(result.getByText(name, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'preview of the copy');

  // Staging: the town's staging applicant area offers the copy; production does not yet.
  await page.getByRole('link', { name: '差分の確認と反映へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${copyName}の差分の確認と反映` })).toBeVisible();
  const staging = page.getByTestId('panel-staging');
  // The reflection page reads both environments: slower than one call on a busy machine.
  await expect(staging.getByRole('button', { name: 'ステージング環境に反映する' })).toBeEnabled({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page, 'reflection of the copy');
  await reflectTo(page, 'staging');
  await expectNoAxeViolations(page, 'reflection of the copy, staging done');

  const resident = await context.newPage();
  const filter = `/municipalities/${TOWN}/conciergeFilter?procedure_group_id=${groupId}`;
  await expect(async () => {
    await resident.goto(`/stg/municipalities/${TOWN}`);
    await expect(resident.getByRole('heading', { level: 3, name: copyName })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await resident.goto(`/municipalities/${TOWN}`);
  await expect(resident.getByRole('heading', { level: 1, name: 'サンプル町のオンライン申請' })).toBeVisible();
  await expect(resident.getByRole('heading', { level: 3, name: copyName })).toHaveCount(0);

  // Production takes the version staging serves.
  const production = await reflectTo(page, 'production');
  await expect(production.getByText('反映する変更はありません。')).toBeVisible();
  console.log(countsLine('[issue 19] operator (copy to サンプル町)', operator));

  // The resident of サンプル町: the town's home page offers the copy; its questions lead to its procedures.
  await expect(async () => {
    await resident.goto(`/municipalities/${TOWN}`);
    await expect(resident.getByRole('heading', { level: 3, name: copyName })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await resident.getByRole('link', { name: `${copyName}を申請する` }).click();
  await expect(resident).toHaveURL(`/municipalities/${TOWN}/entrance?procedure_group_id=${groupId}`);
  await resident.getByRole('checkbox', { name: '利用規約に同意します' }).check();
  await resident.getByRole('button', { name: '申請を始める' }).click();
  await expect(resident).toHaveURL(new RegExp(`${filter.replace('?', '\\?')}$`));
  await answerFilter(resident);
  await resident.getByRole('button', { name: '回答を確認する' }).click();
  const offered = resident.getByRole('region', { name: 'あなたが申請できる手続き' });
  for (const name of PROCEDURES) await expect(offered.getByText(name, { exact: true })).toBeVisible();
  await expectNoAxeViolations(resident, 'サンプル町 filter with the copied procedures');
});
