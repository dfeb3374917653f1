import sharp from 'sharp';
import { expect } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { AssistantQuestions, ConciergeAssistant, FormDefinition, FormValues } from '@portal/contracts';
import { sessionCookie } from '../modules/sessions/sessions.service.js';
import { signedInApplicant } from './applicants.js';
import { validValue } from './form-fill.js';
import { multipartBody } from './multipart.js';
import { httpBrowser } from './server-process.js';
import type { TestApp } from './test-app.js';

/** Walks of the applicant flow over real HTTP, shared by the end-to-end API tests. */

export const M = '/api/municipalities/999999';
/** Option ids of the demo configuration (packages/demo/src/demo-data.ts). */
export const O = {
  bornYes: 1,
  bornAbroad: 4,
  bornInJapan: 3,
  livesHere: 5,
  civilServantYes: 7,
  civilServantNo: 8,
};
export const FILTER_ALL = {
  procedure_group_id: 1,
  concierge_option_ids: [O.bornYes, O.bornInJapan, O.livesHere, O.civilServantNo],
};
// Answers a resident gives on the assistant pages: the first choice, except where these say otherwise.
const preferred = new Set([16 /* employee pension */, 18 /* has spouse */, 20 /* insurance done */]);

export type Client = ReturnType<typeof httpBrowser>;

/** A signed-in resident's fetch-based browser (cookies, region header, CSRF token). */
export async function resident(t: TestApp, base: string, subject: string): Promise<Client> {
  const signed = await signedInApplicant(t, subject);
  const client = httpBrowser();
  await client.init(base);
  client.setCookie(sessionCookie.applicant, signed.jar.get(sessionCookie.applicant)!);
  return client;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the assertions
export async function json(res: Response, status = 200): Promise<any> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

/** The questions of an application's assistant: its group's, of the version the view names (served per version). */
export async function questionsOf(
  client: Client,
  base: string,
  view: { procedure_group_id: number; configuration_version: number },
) {
  const query = `procedure_group_id=${view.procedure_group_id}&version=${view.configuration_version}`;
  return AssistantQuestions.parse(
    await json(await client.call(base, 'GET', `${M}/concierge-assistant/?${query}`)),
  ).categories.flatMap((c) => c.concierge_sub_category);
}

/** Answers every shown assistant page: one option per question, valid values for inline forms. */
export async function walkAssistant(
  client: Client,
  base: string,
  app: string,
  catalog: Map<string, StandardItem>,
) {
  const answered = new Set<number>();
  let pages: Awaited<ReturnType<typeof questionsOf>> | undefined;
  for (let guard = 0; guard < 20; guard++) {
    const view = ConciergeAssistant.parse(
      await json(await client.call(base, 'GET', `${app}/concierge-assistant/`)),
    );
    const next = view.shown_sub_category_ids.find((id) => !answered.has(id));
    if (next === undefined) return view;
    pages ??= await questionsOf(client, base, view);
    const sub = pages.find((s) => s.id === next)!;
    const options = sub.concierges
      .filter((q) => q.type === 'QT' && q.concierge_options.length > 0)
      .map((q) => {
        const open = q.concierge_options.filter((o) => !o.concierge_destination?.is_scopedout);
        return (open.find((o) => preferred.has(o.id)) ?? open[0]!).id;
      });
    await json(
      await client.call(base, 'PUT', `${app}/concierge-values/`, {
        concierge_sub_category_id: next,
        concierge_option_ids: options,
      }),
    );
    const codes = sub.concierges.filter((q) => q.type === 'FO').flatMap((q) => q.standard_item_code);
    // Items the procedure requires as the card holds them are read-only: the card's value stays.
    const saved = FormValues.parse(await json(await client.call(base, 'GET', `${app}/form/values/`)));
    const locked = new Map(saved.items.filter((i) => i.locked).map((i) => [i.code, i.verified!]));
    await json(
      await client.call(base, 'PUT', `${app}/form/`, {
        concierge_sub_category_ids: [next],
        standard_item_fragments: codes.map((code) => ({
          standard_item_code: code,
          sequence: 1,
          value: locked.get(code) ?? validValue(catalog.get(code)!),
        })),
        is_last_page_in_concierge_assistant: false,
      }),
    );
    answered.add(next);
  }
  throw new Error('assistant did not end');
}

/** Fills every shown item the resident has not answered yet and saves the last page. */
export async function fillForm(
  client: Client,
  base: string,
  app: string,
  procedureIds: number[],
  version: number,
) {
  const formUrl = `${M}/form/?procedure_group_id=1&procedure_ids=${procedureIds.join(',')}&version=${version}`;
  const form = FormDefinition.parse(await json(await client.call(base, 'GET', formUrl)));
  const saved = FormValues.parse(await json(await client.call(base, 'GET', `${app}/form/values/`)));
  const state = new Map(saved.items.map((i) => [i.code, i]));
  const visible = form.fragments.flatMap((f) => f.items).filter((i) => state.get(i.code)?.hidden === false);
  const have = new Set(
    saved.standard_item_fragments
      .filter((v) => v.value !== null && v.value !== '')
      .map((v) => v.standard_item_code),
  );
  const missing = visible.filter((i) => !have.has(i.code));
  const done = FormValues.parse(
    await json(
      await client.call(base, 'POST', `${app}/form/`, {
        standard_item_fragments: missing.map((i) => ({
          standard_item_code: i.code,
          sequence: 1,
          value: state.get(i.code)?.prefill ?? validValue(i),
        })),
        is_last_page_in_concierge_assistant: true,
      }),
    ),
  );
  return { visible, done };
}

/** Uploads a scan to every attachment slot and confirms the step. */
export async function attachAll(client: Client, base: string, app: string) {
  const attaches = await json(await client.call(base, 'GET', `${app}/procedure-attaches/`));
  const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  for (const slot of attaches.required as { standard_item_code: string }[]) {
    const body = multipartBody(
      { standard_item_code: slot.standard_item_code, sequence: '1' },
      { name: 'scan.png', type: 'image/png', bytes: image },
    );
    const res = await fetch(`${base}${app}/procedure-attaches/`, {
      method: 'POST',
      body: body.payload,
      headers: { ...client.headers(), 'content-type': body.contentType },
    });
    expect(res.status).toBe(201);
  }
  return json(
    await client.call(base, 'PUT', `${app}/procedure-attaches/`, {
      procedure_attaches: attaches.required.map((s: { standard_item_code: string }) => ({
        standard_item_code: s.standard_item_code,
        sequence: 1,
      })),
    }),
  );
}

/** A draft that went through filter, assistant and procedure choice, with the form filled and files attached. */
export async function preparedApplication(
  t: TestApp,
  base: string,
  subject: string,
  catalog: Map<string, StandardItem>,
  procedureCodes: string[],
) {
  return draftFor(await resident(t, base, subject), base, catalog, procedureCodes);
}

/** The same for a resident already signed in (e.g. through the identity provider). */
export async function draftFor(
  client: Client,
  base: string,
  catalog: Map<string, StandardItem>,
  procedureCodes: string[],
) {
  const created = await json(await client.call(base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
  const app = `${M}/applications/${created.id}`;
  await walkAssistant(client, base, app, catalog);
  const procedures = await json(await client.call(base, 'GET', `${app}/procedures/`));
  const ids = procedures.available
    .filter((p: { code: string }) => procedureCodes.includes(p.code))
    .map((p: { id: number }) => p.id);
  expect(ids).toHaveLength(procedureCodes.length);
  await json(await client.call(base, 'PUT', `${app}/procedures/`, { procedure_ids: ids }));
  await fillForm(client, base, app, ids, created.configuration_version);
  await attachAll(client, base, app);
  return { client, app, id: created.id as string, procedureIds: ids as number[] };
}
