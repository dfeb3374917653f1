// Helpers of the staff specs: sign-in through the staff screen, and the demo staff accounts.
import type { Page } from '@playwright/test';
import { expect, passwordField } from '../support/fixtures';
import type { ResidentApi } from '../support/resident';

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

/** A staff write to a document by API, naming the version it has now (If-Match, decision 0034). */
export async function staffWrite(api: ResidentApi, documentId: string, path: string, data: unknown) {
  const { version } = (await api.get(`/api/municipalities/999999/documents/${documentId}/`)) as {
    version: number;
  };
  return api.write('PUT', path, data, undefined, { 'If-Match': `"${version}"` });
}
