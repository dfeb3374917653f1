import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { draftFor, json } from '../../testing/applicant-walk.js';
import { cardResident } from '../../testing/assistant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { createListeningApp, type ListeningApp } from '../../testing/listening-app.js';

/**
 * Saves of one application that cross (two tabs, a quick tap after a change): each is decided on what
 * the other wrote (a save guarded by the row version it read is decided again), so neither is lost and
 * reads after them, kept or not, show both (issue 31).
 */
describe.each(databaseKinds)('crossing saves of one application on %s', (kind) => {
  let t: ListeningApp;
  let catalog: Map<string, StandardItem>;
  beforeAll(async () => {
    t = await createListeningApp(kind);
    const { demoData } = await import('@portal/demo');
    catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
  });
  afterAll(() => t?.close());

  it('keeps every answer of saves sent at once, and reads them back alike', async () => {
    const client = await cardResident(t.url, 'demo-resident-0001', '1234');
    const { app } = await draftFor(client, t.url, catalog, ['birth_notification', 'child_allowance']);
    const phones = ['0311110000', '0322220000', '0333330000', '0344440000'];
    const saves = await Promise.all(
      phones.map((phone, i) =>
        client.call(t.url, 'POST', `${app}/form/`, {
          standard_item_fragments: [
            {
              standard_item_code: i % 2 ? 'applicant_phone' : 'applicant_occupation',
              sequence: 1,
              value: phone,
            },
          ],
          is_last_page_in_concierge_assistant: false,
        }),
      ),
    );
    for (const res of saves) expect(res.status).toBe(200);
    const read = async () => {
      const values = await json(await client.call(t.url, 'GET', `${app}/form/values/`));
      return Object.fromEntries(
        (values.standard_item_fragments as { standard_item_code: string; value: unknown }[]).map((v) => [
          v.standard_item_code,
          v.value,
        ]),
      );
    };
    const first = await read();
    // One of each pair won; both items are there.
    expect([phones[1], phones[3]]).toContain(first.applicant_phone);
    expect([phones[0], phones[2]]).toContain(first.applicant_occupation);
    // A second read (from the kept context) answers the same.
    expect(await read()).toEqual(first);
  });
});
