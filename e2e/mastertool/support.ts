// Helpers of the master-tool browser tests.
import { expect, type Page } from '@playwright/test';
import { DEMO, passwordField } from '../support/fixtures';

export const OPERATOR = { login: 'operator', password: 'demo-Password-2026' };

/** Signs the operator in on the production master tool (and, through it, on staging). */
export async function signInOperator(page: Page, path = '/mastertool/') {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'ログインID', exact: true }).fill(OPERATOR.login);
  await passwordField(page).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '自治体一覧' })).toBeVisible();
}

/** Opens the editor of デモ市's 出生・子育て from the municipality list. */
export async function openEditor(page: Page) {
  await page.getByRole('link', { name: 'デモ市' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'デモ市の反映の管理' })).toBeVisible();
  await page.getByRole('link', { name: '下書きを編集（出生・子育て）' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '出生・子育ての編集' })).toBeVisible();
}

/** Opens the question 住所地 in the concierge tab of the editor. */
export async function openResidenceQuestion(page: Page) {
  await page.getByRole('tab', { name: 'コンシェルジュ' }).click();
  await page.getByRole('button', { name: /^住所地/ }).click();
  await expect(page.getByRole('textbox', { name: '質問文', exact: true })).toBeVisible();
}

/** Creates a new group of デモ市 and opens it in the editor. */
export async function newGroup(page: Page, name: string) {
  await page.goto(`/mastertool/municipalities/${DEMO}`);
  await page.getByRole('button', { name: '新しい手続きグループ' }).click();
  const dialog = page.getByRole('dialog', { name: '新しい手続きグループを作成' });
  await dialog.getByRole('textbox', { name: '手続きグループの名前' }).fill(name);
  await dialog.getByRole('button', { name: '作成して編集する' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${name}の編集` })).toBeVisible();
}
