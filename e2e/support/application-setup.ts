// Brings an application to the form step without the screens before it: the resident signs in through
// the browser (the development identity provider), then the page's own API calls (page.request shares
// the browser's cookies) create the application, answer the assistant, choose procedures and store the
// profile from the identity claims, as the filter, assistant, procedures and identification screens do.
import type { APIResponse, Page } from '@playwright/test';
import { completeIdentityProvider, DEMO, expect, RESIDENT } from './fixtures';

const M = `/api/municipalities/${DEMO}`;

/** Filter answers of the demo group: born, in Japan, lives in the city, not a civil servant. */
const FILTER = { procedure_group_id: 1, concierge_option_ids: [1, 3, 5, 8] };
/** Assistant answers chosen over the first option: employee pension, has a spouse, insurance done. */
const PREFERRED = new Set([16, 18, 20]);

interface Item {
  code: string;
  type: string;
  required: boolean;
  pattern: string | null;
  min_length: number | null;
  max_length: number | null;
  choices: { value: string; label: string }[];
}

interface Concierge {
  id: number;
  type: 'QT' | 'FO';
  standard_item_code: string[];
  concierge_options: { id: number; concierge_destination: { is_scopedout: boolean } | null }[];
}

/** A date `days` before today in Japan (YYYY-MM-DD). */
export function daysAgo(days: number): string {
  const date = new Date(Date.now() + 9 * 3600_000 - days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** A value a careful resident would type for an item (the same idea as the API tests' validValue). */
export function sampleValue(item: Item): string | string[] {
  if (item.type === 'checkbox') return [item.choices[0]!.value];
  if (item.choices.length > 0) return item.choices[0]!.value;
  const byType: Record<string, string> = {
    kana: 'ヤマダ',
    // A newborn (the birth certificate page shows for a child under 1).
    date: item.code.startsWith('child') ? daysAgo(10) : '1988-04-15',
    time: '10:30',
    postal_code: '1000001',
    phone: '0312345678',
    email: 'resident@demo.example.jp',
  };
  if (byType[item.type]) return byType[item.type]!;
  if (item.pattern) {
    const candidates = ['3000', '50', '39', ...Array.from({ length: 12 }, (_, i) => '1'.repeat(i + 1))];
    const found = candidates.find(
      (c) =>
        new RegExp(`^(?:${item.pattern})$`, 'u').test(c) &&
        c.length >= (item.min_length ?? 0) &&
        c.length <= (item.max_length ?? Infinity),
    );
    if (found) return found;
  }
  if (item.type === 'number') return '1';
  return 'テスト'.slice(0, item.max_length ?? 3);
}

/** Signs the resident in through the identity provider and lands on the applications list. */
export async function signInResident(page: Page, resident = RESIDENT) {
  await page.goto(`/municipalities/${DEMO}/applications`);
  await completeIdentityProvider(page, resident);
  await expect(page).toHaveURL(`/municipalities/${DEMO}/applications`);
}

/** The headers the web app's client sends on writes: the region and this browser's CSRF token. */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const status = await page.request.get('/api/applicant/login/status/', {
    headers: { 'X-Region-Code': DEMO },
  });
  expect(status.ok()).toBe(true);
  const { csrf_token: token, is_logged_in: signedIn } = (await status.json()) as {
    csrf_token: string;
    is_logged_in: boolean;
  };
  expect(signedIn).toBe(true);
  return { 'X-Region-Code': DEMO, 'X-CSRF-Token': token };
}

async function ok<T>(response: APIResponse, what: string): Promise<T> {
  const text = await response.text();
  expect(response.ok(), `${what}: ${response.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

export interface PreparedApplication {
  id: string;
  /** /municipalities/999999/applications/{id} */
  base: string;
  procedureIds: number[];
  headers: Record<string, string>;
}

/** Creates an application for the signed-in resident from the filter answers, with the profile stored. */
async function createApplication(page: Page) {
  const headers = await apiHeaders(page);
  const created = await ok<{ id: string }>(
    await page.request.post(`${M}/concierge-values/`, { headers, data: FILTER }),
    'create',
  );
  await ok(await page.request.post(`${M}/applicant-user-profile/`, { headers, data: {} }), 'profile');
  return { id: created.id, app: `${M}/applications/${created.id}`, headers };
}

/**
 * Answers the shown assistant pages in order (inline forms with sample values, `values` where given),
 * stopping before page `stopAt` when it is named.
 */
async function answerAssistant(
  page: Page,
  app: string,
  headers: Record<string, string>,
  options: { values?: Record<string, string>; stopAt?: number } = {},
) {
  const put = (url: string, data: unknown) => page.request.put(url, { headers, data });
  const get = (url: string) => page.request.get(url, { headers });
  const all = await ok<{ fragments: { items: Item[] }[] }>(
    await get(`${M}/form/?procedure_group_id=1&procedure_ids=1,2,3`),
    'catalog',
  );
  const catalog = new Map(all.fragments.flatMap((f) => f.items).map((i) => [i.code, i]));

  const answered = new Set<number>();
  for (let guard = 0; guard < 20; guard++) {
    const view = await ok<{
      shown_sub_category_ids: number[];
      procedure_group_id: number;
      configuration_version: number;
    }>(await get(`${app}/concierge-assistant/`), 'assistant');
    const next = view.shown_sub_category_ids.find((id) => !answered.has(id));
    if (next === undefined || next === options.stopAt) break;
    // The questions of the application's version (served per version, not with each view).
    const questions = await ok<{
      categories: { concierge_sub_category: { id: number; concierges: Concierge[] }[] }[];
    }>(
      await get(
        `${M}/concierge-assistant/?procedure_group_id=${view.procedure_group_id}&version=${view.configuration_version}`,
      ),
      'assistant questions',
    );
    const sub = questions.categories.flatMap((c) => c.concierge_sub_category).find((s) => s.id === next)!;
    const options_ = sub.concierges
      .filter((q) => q.type === 'QT' && q.concierge_options.length > 0)
      .map((q) => {
        const open = q.concierge_options.filter((o) => !o.concierge_destination?.is_scopedout);
        return (open.find((o) => PREFERRED.has(o.id)) ?? open[0]!).id;
      });
    await ok(
      await put(`${app}/concierge-values/`, {
        concierge_sub_category_id: next,
        concierge_option_ids: options_,
      }),
      'assistant answer',
    );
    const codes = sub.concierges
      .filter((q) => q.type === 'FO')
      .flatMap((q) => q.standard_item_code)
      .filter((code) => catalog.has(code));
    // Items the procedure requires as the card holds them (the applicant's name) keep the card's value.
    const shown = await ok<{ items: { code: string; locked?: boolean; verified: string | null }[] }>(
      await get(`${app}/form/values/`),
      'form values',
    );
    const locked = new Map(shown.items.filter((i) => i.locked).map((i) => [i.code, i.verified ?? '']));
    await ok(
      await put(`${app}/form/`, {
        concierge_sub_category_ids: [next],
        standard_item_fragments: codes.map((code) => ({
          standard_item_code: code,
          sequence: 1,
          value: locked.get(code) ?? options.values?.[code] ?? sampleValue(catalog.get(code)!),
        })),
        is_last_page_in_concierge_assistant: false,
      }),
      'assistant form',
    );
    answered.add(next);
  }
}

/**
 * Creates an application for the signed-in resident with the assistant answered up to (not including)
 * page `stopAt`, which is where the assistant then opens.
 */
export async function applicationAtAssistant(page: Page, stopAt: number): Promise<PreparedApplication> {
  const { id, app, headers } = await createApplication(page);
  await answerAssistant(page, app, headers, { stopAt });
  return { id, base: `/municipalities/${DEMO}/applications/${id}`, procedureIds: [], headers };
}

/**
 * Creates an application for the signed-in resident and brings it to the form step: filter answers, every
 * shown assistant page answered (inline forms with sample values; `blank` items are cleared afterwards), the procedures
 * of `procedureCodes` chosen, and the profile of the sign-in stored (identification by the card).
 */
export async function applicationAtForm(
  page: Page,
  options: { procedureCodes: string[]; blank?: string[]; values?: Record<string, string> },
): Promise<PreparedApplication> {
  const { id, app, headers } = await createApplication(page);
  const post = (url: string, data: unknown) => page.request.post(url, { headers, data });
  const put = (url: string, data: unknown) => page.request.put(url, { headers, data });
  const get = (url: string) => page.request.get(url, { headers });
  const blank = new Set(options.blank ?? []);
  await answerAssistant(page, app, headers, { values: options.values });

  const procedures = await ok<{ available: { id: number; code: string }[] }>(
    await get(`${app}/procedures/`),
    'procedures',
  );
  const ids = procedures.available.filter((p) => options.procedureCodes.includes(p.code)).map((p) => p.id);
  expect(ids, 'the procedures the rules allow').toHaveLength(options.procedureCodes.length);
  await ok(await put(`${app}/procedures/`, { procedure_ids: ids }), 'choose procedures');
  if (blank.size > 0) {
    // The assistant asks for these; they are cleared again so the form screen asks for them.
    await ok(
      await post(`${app}/form/`, {
        standard_item_fragments: [...blank].map((code) => ({
          standard_item_code: code,
          sequence: 1,
          value: null,
        })),
        is_last_page_in_concierge_assistant: false,
      }),
      'clear items',
    );
  }
  return { id, base: `/municipalities/${DEMO}/applications/${id}`, procedureIds: ids, headers };
}

/** A small PNG (40x30, blue), as a phone photo stand-in. */
export function pngBytes(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPElEQVRIie3VwQkAMAzDQE3m/RfRHhmjfQjyDwTHB/PN0GI79QoXvZMVyKpMQsJYJBaNxcUisWgs7icWDxC5VFyHWxDOAAAAAElFTkSuQmCC',
    'base64',
  );
}
