// The master tool: operator sign-in (POST /api/mastertool/login/, CSRF header sent empty) and the shell.
import { expect, passwordField, test } from '../support/fixtures';

test('an operator signs in and out', async ({ page }) => {
  await page.goto('/mastertool/');
  await expect(page).toHaveURL(/\/mastertool\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'マスターツール サインイン' })).toBeVisible();
  // The environment is named before anything is typed.
  await expect(page.getByTestId('sign-in-environment')).toContainText('本番環境');

  // Empty fields are named before anything is sent.
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(page.getByText('ログインIDを入力してください。')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'ログインID', exact: true })).toBeFocused();

  await page.getByRole('textbox', { name: 'ログインID', exact: true }).fill('operator');
  await passwordField(page).fill('demo-Password-2026');
  const login = page.waitForRequest((r) => r.url().endsWith('/api/mastertool/login/'));
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  expect((await login).headers()['x-csrf-token']).toBe('');
  await expect(page).toHaveURL(/\/mastertool\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '自治体一覧' })).toBeVisible();

  await page.getByRole('button', { name: 'サインアウト' }).click();
  await expect(page).toHaveURL(/\/mastertool\/login/);
});

test('the staging master tool says so on sign-in and calls /stg-api', async ({ page }) => {
  await page.goto('/stg/mastertool/');
  await expect(page).toHaveURL(/\/stg\/mastertool\/login/);
  await expect(page.getByTestId('sign-in-environment')).toContainText('ステージング環境');
  await expect(page.getByTestId('staging-banner')).toBeVisible();
  await page.getByRole('textbox', { name: 'ログインID', exact: true }).fill('operator');
  await passwordField(page).fill('demo-Password-2026');
  const login = page.waitForRequest((r) => r.url().endsWith('/stg-api/mastertool/login/'));
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await login;
  await expect(page).toHaveURL(/\/stg\/mastertool\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '自治体一覧' })).toBeVisible();
});
