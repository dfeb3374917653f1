// The resident's part of the staff journeys, made as API calls from a browser page: sign-in through the
// development identity provider in the browser, then `page.request` (it shares the page's cookies) with
// the region header and, on writes, the CSRF token — the same calls the applicant screens make
// (apps/api/src/testing/applicant-walk.ts walks them over HTTP).
import type { APIResponse, Browser, Page } from '@playwright/test';
import type { StandardItem } from '@portal/contracts';
import { validValue } from '../../apps/api/src/testing/form-fill';
import { completeIdentityProvider, DEMO, expect, RESIDENT } from './fixtures';

const M = `/api/municipalities/${DEMO}`;
/** Filter answers that make every procedure of the demo group applicable (born in Japan, lives here). */
const FILTER_ALL = { procedure_group_id: 1, concierge_option_ids: [1, 3, 5, 8] };
/** Assistant options a resident picks where the first choice would not do (pension, spouse, insurance). */
const PREFERRED = new Set([16, 18, 20]);
/** The demo resident's registry facts (packages/demo/src/demo-data.ts, demo-resident-0001). */
const REGISTRY = {
  last_name: '山田',
  first_name: '太郎',
  birth_date: '1988-04-15',
  sex: 'male',
  postal_code: '9999901',
  address: 'デモ県デモ市中央一丁目2番3号',
};
/** The names a careful resident types (other items get a valid sample value). */
const NAMES: Record<string, string> = {
  applicant_last_name: '山田',
  applicant_first_name: '太郎',
  applicant_last_name_kana: 'ヤマダ',
  applicant_first_name_kana: 'タロウ',
};
/** A 32×32 white PNG: a scan for every attachment slot. */
const SCAN = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAMUlEQVRIie3QMQ0AAAjAMPybBgm7+FoDSzb7bASKRcmiZFGyKFmULEoWJYuSRel90QGLVfSmL9cHVAAAAABJRU5ErkJggg==',
  'base64',
);

/** The resident's API, as the applicant screens call it from this page's browser context. */
export class ResidentApi {
  private csrf: string | null = null;
  constructor(readonly page: Page) {}

  private async token(): Promise<string> {
    if (this.csrf) return this.csrf;
    const res = await this.page.request.get('/api/csrf-token', { headers: { 'X-Region-Code': DEMO } });
    const body = (await res.json()) as { csrf_token: string };
    this.csrf = body.csrf_token;
    return this.csrf;
  }

  private async check(res: APIResponse, label: string, status?: number) {
    const text = await res.text();
    expect(res.status(), `${label}: ${text}`).toBe(status ?? (res.ok() ? res.status() : 200));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the callers' assertions
    return (text ? JSON.parse(text) : null) as any;
  }

  async get(path: string) {
    const res = await this.page.request.get(path, { headers: { 'X-Region-Code': DEMO } });
    return this.check(res, `GET ${path}`, 200);
  }

  /** The reference number of a sent application's first document (staff find it by that). */
  async referenceOf(applicationId: string): Promise<string> {
    const listed = (await this.get('/api/applicant/applications/')) as {
      applications: { id: string; procedures: { reference_number: string | null }[] }[];
    };
    const reference = listed.applications.find((a) => a.id === applicationId)?.procedures[0]
      ?.reference_number;
    if (!reference) throw new Error(`application ${applicationId} has no reference number`);
    return reference;
  }

  /** Sends a write with this browser's CSRF token; a sign-in since it was read renews it (once). */
  private async withToken(send: (headers: Record<string, string>) => Promise<APIResponse>) {
    const res = await send({ 'X-Region-Code': DEMO, 'X-CSRF-Token': await this.token() });
    if (res.status() !== 403 || !(await res.text()).includes('csrf_failed')) return res;
    this.csrf = null;
    return send({ 'X-Region-Code': DEMO, 'X-CSRF-Token': await this.token() });
  }

  /** `extra`: more headers, e.g. a staff write's If-Match (decision 0034). */
  async write(
    method: 'POST' | 'PUT',
    path: string,
    data: unknown,
    status?: number,
    extra: Record<string, string> = {},
  ) {
    const res = await this.withToken((headers) =>
      this.page.request.fetch(path, { method, headers: { ...extra, ...headers }, data }),
    );
    return this.check(res, `${method} ${path}`, status);
  }

  async upload(path: string, fields: Record<string, string>) {
    const res = await this.withToken((headers) =>
      this.page.request.post(path, {
        headers,
        multipart: { ...fields, file: { name: 'scan.png', mimeType: 'image/png', buffer: SCAN } },
      }),
    );
    return this.check(res, `POST ${path}`, 201);
  }
}

/** Signs the demo resident in through the identity provider (in this page's browser). */
export async function signInResident(page: Page, resident = RESIDENT) {
  await page.goto(`/municipalities/${DEMO}/applications`);
  await completeIdentityProvider(page, resident);
  await page.waitForURL(new RegExp(`/municipalities/${DEMO}/applications`));
  return new ResidentApi(page);
}

/** Answers every assistant page: one option per question, valid values for inline forms. */
async function walkAssistant(
  api: ResidentApi,
  app: string,
  catalog: Map<string, StandardItem>,
  names: Record<string, string> = NAMES,
) {
  const answered = new Set<number>();
  for (let guard = 0; guard < 20; guard++) {
    const view = await api.get(`${app}/concierge-assistant/`);
    const next = (view.shown_sub_category_ids as number[]).find((id) => !answered.has(id));
    if (next === undefined) return;
    // The questions of the application's version (served per version, not with each view).
    const questions = await api.get(
      `${M}/concierge-assistant/?procedure_group_id=${view.procedure_group_id}&version=${view.configuration_version}`,
    );
    type Sub = {
      id: number;
      concierges: {
        type: string;
        standard_item_code: string[];
        concierge_options: { id: number; concierge_destination?: { is_scopedout?: boolean } | null }[];
      }[];
    };
    const sub = (questions.categories as { concierge_sub_category: Sub[] }[])
      .flatMap((c) => c.concierge_sub_category)
      .find((s) => s.id === next)!;
    const options = sub.concierges
      .filter((q) => q.type === 'QT' && q.concierge_options.length > 0)
      .map((q) => {
        const open = q.concierge_options.filter((o) => !o.concierge_destination?.is_scopedout);
        return (open.find((o) => PREFERRED.has(o.id)) ?? open[0]!).id;
      });
    await api.write('PUT', `${app}/concierge-values/`, {
      concierge_sub_category_id: next,
      concierge_option_ids: options,
    });
    const codes = sub.concierges.filter((q) => q.type === 'FO').flatMap((q) => q.standard_item_code);
    await api.write('PUT', `${app}/form/`, {
      concierge_sub_category_ids: [next],
      standard_item_fragments: codes.map((code) => ({
        standard_item_code: code,
        sequence: 1,
        value: validValue(catalog.get(code)!, names),
      })),
      is_last_page_in_concierge_assistant: false,
    });
    answered.add(next);
  }
  throw new Error('the assistant did not end');
}

/**
 * The resident signs in and submits an application for the given procedure (child allowance by
 * default: no digital signature): filter, assistant, procedure, form, attachments, identification,
 * submit. Returns the application id.
 */
export async function submitApplication(page: Page, procedureCode = 'child_allowance'): Promise<string> {
  return submitSignedIn(await signInResident(page), procedureCode);
}

/**
 * Who submits: the basic four facts they identify with and the names their card gives (as `REGISTRY` and
 * `NAMES` for demo-resident-0001).
 */
export interface ResidentFacts {
  registry: typeof REGISTRY;
  names: Record<string, string>;
}

/** The same for a resident already signed in on `api`'s page. */
export async function submitSignedIn(
  api: ResidentApi,
  procedureCode = 'child_allowance',
  { registry, names }: ResidentFacts = { registry: REGISTRY, names: NAMES },
): Promise<string> {
  const created = await api.write('POST', `${M}/concierge-values/`, FILTER_ALL, 201);
  const app = `${M}/applications/${created.id as string}`;
  const version = created.configuration_version as number;

  // Item definitions for the inline assistant forms and the form: every procedure of the group.
  const all = await api.get(`${M}/procedures/?procedure_group_id=1`);
  const allIds = (all.available as { id: number }[]).map((p) => p.id).join(',');
  const everything = await api.get(
    `${M}/form/?procedure_group_id=1&procedure_ids=${allIds}&version=${version}`,
  );
  const catalog = new Map<string, StandardItem>(
    (everything.fragments as { items: StandardItem[] }[]).flatMap((f) => f.items).map((i) => [i.code, i]),
  );
  await walkAssistant(api, app, catalog, names);

  const procedures = await api.get(`${app}/procedures/`);
  const ids = (procedures.available as { id: number; code: string }[])
    .filter((p) => p.code === procedureCode)
    .map((p) => p.id);
  expect(ids, `procedure ${procedureCode} is offered`).toHaveLength(1);
  await api.write('PUT', `${app}/procedures/`, { procedure_ids: ids });

  // The form: every shown item not answered yet (prefills first), saved as the last page.
  const form = await api.get(
    `${M}/form/?procedure_group_id=1&procedure_ids=${ids.join(',')}&version=${version}`,
  );
  await answerMissingItems(api, app, form, names);

  // Attachments: a scan in every required slot, then the step confirmed.
  const attaches = await api.get(`${app}/procedure-attaches/`);
  const slots = attaches.required as { standard_item_code: string }[];
  for (const slot of slots) {
    await api.upload(`${app}/procedure-attaches/`, {
      standard_item_code: slot.standard_item_code,
      sequence: '1',
    });
  }
  await api.write('PUT', `${app}/procedure-attaches/`, {
    procedure_attaches: slots.map((s) => ({ standard_item_code: s.standard_item_code, sequence: 1 })),
  });

  // Identification by the basic four facts, then submission.
  await api.write('POST', `${app}/basic-four-information/`, registry);
  const submitted = await api.write('PUT', `${app}/document/status/`, { status: 'submitted' });
  expect(submitted.status).toBe('submitted');
  return created.id as string;
}

/**
 * The resident (signed in on this page) sees the remand and its message, corrects the phone number and
 * submits again.
 */
export async function resubmitAfterRemand(
  page: Page,
  applicationId: string,
  expectedMessage: string,
  phone = '0398765432',
) {
  const api = new ResidentApi(page);
  const mine = await api.get('/api/applicant/applications/');
  expect((mine.applications as { id: string }[]).find((a) => a.id === applicationId)).toMatchObject({
    status: 'remanded',
    remand_message: expect.stringContaining(expectedMessage),
  });
  const app = `${M}/applications/${applicationId}`;
  await api.write('POST', `${app}/form/`, {
    standard_item_fragments: [{ standard_item_code: 'applicant_phone', sequence: 1, value: phone }],
    is_last_page_in_concierge_assistant: false,
  });
  const again = await api.write('PUT', `${app}/document/status/`, { status: 'submitted' });
  expect(again).toMatchObject({ status: 'submitted', remand_message: null });
}

/** A browser of the resident's own beside the test's page (its own cookies), in Japanese and Japan time. */
/**
 * Saves, as the form's last page, every shown item of `form` (the form definition's answer) that has
 * no answer yet: its prefill where there is one, else a valid value.
 */
export async function answerMissingItems(
  api: ResidentApi,
  app: string,
  form: { fragments: unknown },
  names: Parameters<typeof validValue>[1] = {},
) {
  const saved = await api.get(`${app}/form/values/`);
  const state = new Map(
    (saved.items as { code: string; hidden: boolean; prefill?: string | string[] | null }[]).map((i) => [
      i.code,
      i,
    ]),
  );
  const have = new Set(
    (saved.standard_item_fragments as { standard_item_code: string; value: unknown }[])
      .filter((v) => v.value !== null && v.value !== '')
      .map((v) => v.standard_item_code),
  );
  const missing = (form.fragments as { items: StandardItem[] }[])
    .flatMap((f) => f.items)
    .filter((i) => state.get(i.code)?.hidden === false && !have.has(i.code));
  await api.write('POST', `${app}/form/`, {
    standard_item_fragments: missing.map((i) => ({
      standard_item_code: i.code,
      sequence: 1,
      value: state.get(i.code)?.prefill ?? validValue(i, names),
    })),
    is_last_page_in_concierge_assistant: true,
  });
}

export function residentBrowser(browser: Browser, baseURL: string | undefined) {
  return browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
}

/** A resident sends `procedureCode` from a browser of their own; returns the application's id. */
export async function submittedByResident(
  browser: Browser,
  baseURL: string | undefined,
  procedureCode?: string,
): Promise<string> {
  const context = await residentBrowser(browser, baseURL);
  try {
    return await submitApplication(await context.newPage(), procedureCode);
  } finally {
    await context.close();
  }
}
