// Helpers of the master-tool browser tests.
import { expect, type Page } from '@playwright/test';
import { passwordField } from '../support/fixtures';

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
