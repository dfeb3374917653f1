import { ConciergeAssistant, FormValues, type StandardItem } from '@portal/contracts';
import { sessionCookie } from '../modules/sessions/sessions.service.js';
import { json, M, O, questionsOf, type Client } from './applicant-walk.js';
import { cardSignIn, redirectBrowser } from './listening-app.js';
import { httpBrowser } from './server-process.js';
import { validValue } from './form-fill.js';

export const formValuesOf = async (client: Client, url: string, app: string) =>
  FormValues.parse(await json(await client.call(url, 'GET', `${app}/form/values/`)));

/**
 * Walks every shown assistant page as a resident would: on each question the option of `choose` (else
 * the first), on each form the prefill, else a valid value for a required item. Returns the item codes
 * the resident had to write or pick.
 */
export async function walkAssistant(
  client: Client,
  url: string,
  app: string,
  choose: ReadonlySet<number>,
  catalog: ReadonlyMap<string, StandardItem>,
): Promise<Set<string>> {
  const written = new Set<string>();
  const done = new Set<number>();
  let pages: Awaited<ReturnType<typeof questionsOf>> | undefined;
  for (let guard = 0; guard < 20; guard++) {
    const view = ConciergeAssistant.parse(
      await json(await client.call(url, 'GET', `${app}/concierge-assistant/`)),
    );
    const next = view.shown_sub_category_ids.find((id) => !done.has(id));
    if (next === undefined) break;
    pages ??= await questionsOf(client, url, view);
    const sub = pages.find((s) => s.id === next)!;
    const questions = sub.concierges.filter((q) => q.type === 'QT' && q.concierge_options.length > 0);
    const options = questions.map(
      (q) => (q.concierge_options.find((o) => choose.has(o.id)) ?? q.concierge_options[0]!).id,
    );
    for (const q of questions) for (const code of q.standard_item_code) written.add(code);
    await json(
      await client.call(url, 'PUT', `${app}/concierge-values/`, {
        concierge_sub_category_id: next,
        concierge_option_ids: options,
      }),
    );
    // What the page shows before the resident writes: saved values and prefills need no writing.
    const before = await formValuesOf(client, url, app);
    const fragments = sub.concierges
      .filter((q) => q.type === 'FO')
      .flatMap((q) => q.standard_item_code)
      .flatMap((code) => {
        const state = before.items.find((i) => i.code === code && i.sequence === 1);
        if (!state || state.hidden) return [];
        const value = state.prefill;
        if (value !== null) return [{ standard_item_code: code, sequence: 1, value }];
        if (!state.required) return [];
        written.add(code);
        return [{ standard_item_code: code, sequence: 1, value: validValue(catalog.get(code)!) }];
      });
    await json(
      await client.call(url, 'PUT', `${app}/form/`, {
        concierge_sub_category_ids: [next],
        standard_item_fragments: fragments,
        is_last_page_in_concierge_assistant: false,
      }),
    );
    done.add(next);
  }
  return written;
}

/** A fetch browser holding the applicant session of a card sign-in (the identity stand-in, over HTTP). */
export async function cardResident(url: string, subject: string, pin: string): Promise<Client> {
  const browser = redirectBrowser(url);
  await cardSignIn(browser, { subject, pin });
  const client = httpBrowser();
  await client.init(url);
  client.setCookie(sessionCookie.applicant, browser.cookie(sessionCookie.applicant)!);
  return client;
}

/** A new application after the filter (born in Japan, lives here, not a civil servant): its API path. */
export async function startedApplication(client: Client, url: string): Promise<string> {
  const created = await json(
    await client.call(url, 'POST', `${M}/concierge-values/`, {
      procedure_group_id: 1,
      concierge_option_ids: [O.bornYes, O.bornInJapan, O.livesHere, O.civilServantNo],
    }),
    201,
  );
  return `${M}/applications/${created.id}`;
}
