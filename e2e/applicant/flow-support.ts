// Helpers of the flow specs (steps explanation to identification): starting an application without the
// screens before it, and answering the assistant pages of the demo configuration.
import type { Page } from '@playwright/test';
import { completeIdentityProvider, DEMO, expect, GROUP, RESIDENT } from '../support/fixtures';

export const M = `/municipalities/${DEMO}`;
export { daysAgo } from '../support/application-setup';

/** Calls the API as the signed-in browser (its cookies, the CSRF token, the region header). */
export async function apiCall(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const status = await (await page.request.get('/api/applicant/login/status/')).json();
  const res = await page.request.fetch(path, {
    method,
    headers: { 'x-csrf-token': status.csrf_token, 'x-region-code': DEMO, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * Signs the resident in and creates an application from the filter answers (all three procedures);
 * with `procedures`, also chooses them (the application is then at identification).
 */
export async function startApplication(
  page: Page,
  opts: { resident?: typeof RESIDENT; procedures?: number[] } = {},
): Promise<string> {
  await page.goto(`${M}/applications`);
  await completeIdentityProvider(page, opts.resident ?? RESIDENT);
  await expect(page.getByRole('heading', { level: 1, name: 'あなたの申請' })).toBeVisible();
  const created = await apiCall(page, 'POST', `/api/municipalities/${DEMO}/concierge-values/`, {
    procedure_group_id: GROUP,
    concierge_option_ids: [1, 3, 5, 8],
  });
  if (opts.procedures) {
    await apiCall(page, 'PUT', `/api/municipalities/${DEMO}/applications/${created.id}/procedures/`, {
      procedure_ids: opts.procedures,
    });
  }
  return created.id as string;
}

/** Chooses an option of a question (a radio group named by its question or label). */
export async function pick(page: Page, group: string | RegExp, option: string) {
  await page
    .getByRole('radiogroup', { name: group })
    .getByRole('radio', { name: option, exact: true })
    .check();
}

/** Fills text fields by their label (the 「必須」 badge is hidden from the accessible name). */
export async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

export const next = (page: Page) => page.getByRole('button', { name: '回答を保存して次へ' }).click();

export async function expectPage(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}
