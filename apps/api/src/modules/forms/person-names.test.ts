import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, M, preparedApplication } from '../../testing/applicant-walk.js';
import {
  cardResident,
  formValuesOf,
  startedApplication,
  walkAssistant,
} from '../../testing/assistant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { createListeningApp, type ListeningApp } from '../../testing/listening-app.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { identifyAsTaro, submittingAppPerSuite } from '../../testing/submitted-application.js';
import {
  currentIfMatch,
  signInAll,
  submittedDocuments,
  type StaffClient,
} from '../documents/documents.fixtures.js';

/** The child's name sub category of デモ市's 出生・子育て (packages/demo), where the name is asked. */
const CHILD_PAGE = 4;
const BAD = '𠮷子😀';
const child = (value: string) => [{ standard_item_code: 'child_first_name', sequence: 1, value }];
const fields = (body: { errors: { field?: string }[] }) => body.errors.map((e) => e.field);

describe.each(databaseKinds)('the person-name check on every save, on %s', (kind) => {
  describe('the resident', () => {
    let t: ListeningApp;
    beforeAll(async () => {
      t = await createListeningApp(kind);
    });
    afterAll(() => t?.close());

    it('is refused a newborn name with 𠮷 and an emoji on the assistant page and the form, at the field', async () => {
      const client = await cardResident(t.url, 'demo-resident-0001', '1234');
      const app = await startedApplication(client, t.url);
      const assistant = await client.call(t.url, 'PUT', `${app}/form/`, {
        concierge_sub_category_ids: [CHILD_PAGE],
        standard_item_fragments: child(BAD),
        is_last_page_in_concierge_assistant: false,
      });
      const refused = await json(assistant, 400);
      // The page's other required items are named too; the name at its own field, with its characters.
      const name = refused.errors.find((e: { field: string }) => e.field === 'child_first_name');
      expect(name.message).toBe('子の名: cannot be used in a name: 𠮷 😀');
      const form = await client.call(t.url, 'POST', `${app}/form/`, {
        standard_item_fragments: child(BAD),
        is_last_page_in_concierge_assistant: false,
      });
      expect(fields(await json(form, 400))).toEqual(['child_first_name']);
      // Nothing was stored; a name of kanji for names and kana is.
      expect((await formValuesOf(client, t.url, app)).standard_item_fragments).toEqual([]);
      await json(
        await client.call(t.url, 'POST', `${app}/form/`, {
          standard_item_fragments: child('さくら'),
          is_last_page_in_concierge_assistant: false,
        }),
      );
    });

    it('keeps 髙 of a surname read from the card, which a newborn name could not take', async () => {
      const client = await cardResident(t.url, 'demo-resident-0004', '4567');
      const app = await startedApplication(client, t.url);
      const { demoData } = await import('@portal/demo');
      await walkAssistant(
        client,
        t.url,
        app,
        new Set(),
        new Map(demoData.standard_items.map((i) => [i.code, i])),
      );
      const values = await formValuesOf(client, t.url, app);
      expect(values.standard_item_fragments).toContainEqual({
        standard_item_code: 'applicant_last_name',
        sequence: 1,
        value: '髙橋',
      });
      expect(values.name_characters_on_record).toContain('髙');
      // The child takes the family's surname as registered.
      await json(
        await client.call(t.url, 'POST', `${app}/form/`, {
          standard_item_fragments: [{ standard_item_code: 'child_last_name', sequence: 1, value: '髙橋' }],
          is_last_page_in_concierge_assistant: false,
        }),
      );
    });
  });

  describe('at submission', () => {
    const s = submittingAppPerSuite(kind);

    it('refuses answers stored before the check existed, at the field', async () => {
      const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
        'child_allowance',
      ]);
      await identifyAsTaro(client, s, app);
      await s.t.database.executeSql(
        "update application_answers set value = to_jsonb($1::text) where application_id = $2 and standard_item_code = 'child_first_name'",
        ['𠮷子', id],
      );
      const res = await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' });
      expect(fields(await json(res, 400))).toContain('child_first_name');
    });
  });

  describe('a staff edit', () => {
    let t: TestApp;
    let dir: string;
    let clerk: StaffClient;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'portal-names-'));
      t = await createTestApp(kind, { storageDir: dir });
      clerk = (await signInAll(t)).clerkKodomo;
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('is refused the same name at the field, and the stored name stays', async () => {
      const f = await submittedDocuments(t, dir, { answers: { child_first_name: '花子' } });
      const url = `${M}/documents/${f.documents.child_allowance}/`;
      const res = await clerk.request(
        'PUT',
        url,
        { standard_item_fragments: child(BAD) },
        await currentIfMatch(t, f.documents.child_allowance!),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(fields(res.json())).toEqual(['child_first_name']);
      const after = (await clerk.request('GET', url)).json();
      expect(after.standard_item_fragments).toContainEqual(
        expect.objectContaining({ standard_item_code: 'child_first_name', value: '花子' }),
      );
    });
  });
});
