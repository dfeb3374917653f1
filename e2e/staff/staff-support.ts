// Helpers of the staff specs: sign-in through the staff screen, and the demo staff accounts.
import type { Page } from '@playwright/test';
import { expect, passwordField } from '../support/fixtures';

export const STAFF_PASSWORD = 'demo-Password-2026';
export const STAFF = {
  adminKodomo: 'admin.kodomo@demo.example.jp',
  clerkKodomo: 'clerk.kodomo@demo.example.jp',
  viewerKodomo: 'viewer.kodomo@demo.example.jp',
  adminShimin: 'admin.shimin@demo.example.jp',
  clerkShimin: 'clerk.shimin@demo.example.jp',
};

export async function signInStaff(page: Page, login: string, password = STAFF_PASSWORD) {
  await page.goto('/staff/login');
  await page.getByLabel('ログインID（メールアドレス）').fill(login);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'サインイン', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
}
