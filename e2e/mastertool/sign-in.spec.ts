// The master tool: operator sign-in (POST /api/mastertool/login/, CSRF header sent empty) and the shell.
import { expect, passwordField, test } from '../support/fixtures';

test('an operator signs in and out', async ({ page }) => {
  await page.goto('/mastertool/');
  await expect(page).toHaveURL(/\/mastertool\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'マスターツール サインイン' })).toBeVisible();

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
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  await expect(page.getByText(/さんがサインインしています。/)).toBeVisible();

  await page.getByRole('button', { name: 'サインアウト' }).click();
  await expect(page).toHaveURL(/\/mastertool\/login/);
});
