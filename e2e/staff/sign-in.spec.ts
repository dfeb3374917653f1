// The staff area: sign-in (POST /api/municipalities/999999/login/, CSRF header sent empty), the shell
// with its drawer and rail, and sign-out.
import { expect, passwordField, test } from '../support/fixtures';

const PASSWORD = 'demo-Password-2026';

test('staff sign in, see the dashboard in the shell, fold the drawer and sign out', async ({ page }) => {
  await page.goto('/staff/');
  await expect(page).toHaveURL(/\/staff\/login/);
  await expect(page.getByRole('heading', { level: 1, name: '職員サインイン' })).toBeVisible();
  await expect(page.getByLabel('自治体コード（6桁）')).toHaveValue('999999');

  // A wrong password: the server's message, no way in.
  await page.getByLabel('ログインID（メールアドレス）').fill('clerk.shimin@demo.example.jp');
  await passwordField(page).fill('wrong-password-1');
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'サインインできませんでした。' })).toBeVisible();

  const login = page.waitForRequest((r) => r.url().endsWith('/api/municipalities/999999/login/'));
  await passwordField(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  const request = await login;
  expect(request.headers()['x-csrf-token']).toBe('');
  expect(request.headers()['x-region-code']).toBe('999999');

  await expect(page).toHaveURL(/\/staff\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  await expect(nav.getByRole('link', { name: 'ダッシュボード' })).toBeVisible();

  // The drawer is 256 px wide and folds into a 56 px rail (remembered).
  const paper = page.locator('.MuiDrawer-paper');
  expect((await paper.boundingBox())?.width).toBe(256);
  await page.getByRole('button', { name: 'メニューを折りたたむ' }).click();
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(56);
  await page.reload();
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(56);
  await page.getByRole('button', { name: 'メニューを広げる' }).click();
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(256);

  await page.getByRole('button', { name: 'サインアウト' }).click();
  await expect(page).toHaveURL(/\/staff\/login/);
  await expect(page.getByRole('alert').filter({ hasText: 'サインアウトしました。' })).toBeVisible();
  await page.goto('/staff/');
  await expect(page).toHaveURL(/\/staff\/login/);
});

test('the staff shell on a phone opens its drawer over the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/login');
  await page.getByLabel('ログインID（メールアドレス）').fill('viewer.shimin@demo.example.jp');
  await passwordField(page).fill(PASSWORD);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
  await page.getByRole('button', { name: 'メニューを開く' }).click();
  const nav = page.getByRole('navigation', { name: 'メインメニュー' });
  await expect(nav.getByRole('link', { name: 'ダッシュボード' })).toBeVisible();
  await nav.getByRole('link', { name: 'ダッシュボード' }).click();
  await expect(nav).toBeHidden();
});
