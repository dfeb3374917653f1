import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentList, type StandardItem } from '@portal/contracts';
import { draftFor, json, type Client } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  cardSignIn,
  createListeningApp,
  redirectBrowser,
  type ListeningApp,
} from '../../testing/listening-app.js';
import { httpBrowser } from '../../testing/server-process.js';
import { sessionCookie } from '../sessions/sessions.service.js';
import { M, STAFF, currentIfMatch, signInStaff, type StaffClient } from './documents.fixtures.js';

type Answer = { standard_item_code: string; sequence: number; value: unknown; source?: unknown };

/**
 * Staff see where each answer came from (issue 12, decision 0012): 山田 太郎 signs in with the card, the
 * walk takes some values from the card, the resident registry, the public funds account and his
 * choices and types the rest; the staff detail carries each answer's source, and a staff correction is
 * typed (no source).
 */
describe.each(databaseKinds)('answer sources in the staff detail on %s', (kind) => {
  let t: ListeningApp;
  let catalog: Map<string, StandardItem>;
  let applicationId: string;
  let clerk: StaffClient;
  let documentUrl: string;
  let documentId: string;

  beforeAll(async () => {
    t = await createListeningApp(kind);
    const { demoData } = await import('@portal/demo');
    catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
    const registry = demoData.residents.find((r) => r.subject === 'demo-resident-0001')!;

    const browser = redirectBrowser(t.url);
    await cardSignIn(browser, { subject: 'demo-resident-0001', pin: registry.pin });
    const client: Client = httpBrowser();
    await client.init(t.url);
    client.setCookie(sessionCookie.applicant, browser.cookie(sessionCookie.applicant)!);
    // The child allowance (the birth notification needs a signature to be submitted).
    const { app, id } = await draftFor(client, t.url, catalog, ['child_allowance']);
    applicationId = id;
    // The walk typed the phone and the spouse's name; he takes the registry's instead.
    await json(
      await client.call(t.url, 'POST', `${app}/form/`, {
        standard_item_fragments: [
          { standard_item_code: 'applicant_phone', sequence: 1, value: registry.phone },
          { standard_item_code: 'spouse_last_name', sequence: 1, value: '山田' },
          { standard_item_code: 'spouse_first_name', sequence: 1, value: '花子' },
        ],
        is_last_page_in_concierge_assistant: false,
      }),
    );
    await json(
      await client.call(t.url, 'POST', `${app}/basic-four-information/`, {
        last_name: registry.last_name,
        first_name: registry.first_name,
        birth_date: registry.birth_date,
        sex: registry.sex,
        postal_code: registry.postal_code,
        address: registry.address,
      }),
    );
    await json(await client.call(t.url, 'PUT', `${app}/document/status/`, { status: 'submitted' }));

    clerk = await signInStaff(t, STAFF.clerkKodomo);
    const received = DocumentList.parse(
      (await clerk.request('GET', `${M}/documents/?procedure_code=child_allowance&page_size=all`)).json(),
    );
    const listed = received.documents.find((d) => d.application_id === id);
    expect(listed).toBeDefined();
    documentUrl = `${M}/documents/${listed!.id}/`;
    documentId = listed!.id;
  });
  afterAll(() => t.close());

  /** What the application stored, by item code (sequence 1): the value and its source. */
  async function stored() {
    const rows = await t.database.executeSql(
      'select standard_item_code, source from application_answers where application_id = $1 and sequence = 1',
      [applicationId],
    );
    return new Map(rows.rows.map((r) => [String(r.standard_item_code), r.source as string | null]));
  }
  const sourcesOf = (answers: Answer[]) =>
    new Map(answers.filter((a) => a.sequence === 1).map((a) => [a.standard_item_code, a.source]));

  it('carries the stored source of each answer, and null for what the resident typed', async () => {
    const res = await clerk.request('GET', documentUrl);
    expect(res.statusCode, res.body).toBe(200);
    // The response itself names each source (not only the contract's default).
    const raw = (res.json() as { standard_item_fragments: Answer[] }).standard_item_fragments;
    expect(raw.every((a) => 'source' in a)).toBe(true);
    const sources = sourcesOf(raw);
    const saved = await stored();
    for (const [code, source] of sources) expect(source, code).toBe(saved.get(code) ?? null);

    // The walk took these from the card, the public funds account and a chosen option, the resident
    // took the registry's phone and spouse, and typed the rest.
    expect(sources.get('applicant_last_name_kana')).toBe('identity');
    expect(sources.get('applicant_phone')).toBe('registry');
    expect(sources.get('spouse_first_name')).toBe('registry');
    expect(sources.get('account_type')).toBe('public_account');
    expect(sources.get('applicant_pension_type')).toBe('answer');
    expect(sources.get('applicant_occupation')).toBeNull();
    expect(sources.get('account_number')).toBeNull();
    const typed = DocumentDetail.parse(res.json()).standard_item_fragments.find(
      (a) => a.standard_item_code === 'applicant_occupation',
    );
    expect(typed).toMatchObject({ sequence: 1, source: null });
    expect(typed?.value).toEqual(expect.any(String));
  });

  it('makes a value staff correct typed, and keeps the sources of the others', async () => {
    const before = sourcesOf(
      DocumentDetail.parse((await clerk.request('GET', documentUrl)).json()).standard_item_fragments,
    );
    expect(before.get('applicant_last_name_kana')).toBe('identity');
    const res = await clerk.request(
      'PUT',
      documentUrl,
      {
        standard_item_fragments: [
          { standard_item_code: 'applicant_last_name_kana', sequence: 1, value: 'ヤマモト' },
          // Unchanged: not saved again, so its source stays.
          { standard_item_code: 'account_type', sequence: 1, value: 'ordinary' },
        ],
      },
      await currentIfMatch(t, documentId),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = sourcesOf(DocumentDetail.parse(res.json()).standard_item_fragments);
    expect(after).toEqual(new Map([...before, ['applicant_last_name_kana', null]]));
    expect(after.get('account_type')).toBe('public_account');
    const saved = await stored();
    expect(saved.get('applicant_last_name_kana')).toBeNull();
    expect(saved.get('account_type')).toBe('public_account');

    // Corrected back to the card's value, it is still the clerk's typing, not the card's.
    const back = await clerk.request(
      'PUT',
      documentUrl,
      {
        standard_item_fragments: [
          { standard_item_code: 'applicant_last_name_kana', sequence: 1, value: 'ヤマダ' },
        ],
      },
      await currentIfMatch(t, documentId),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(
      sourcesOf(DocumentDetail.parse(back.json()).standard_item_fragments).get('applicant_last_name_kana'),
    ).toBeNull();
  });
});
