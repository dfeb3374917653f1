import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { json, type Client } from '../../testing/applicant-walk.js';
import {
  cardResident,
  formValuesOf,
  startedApplication,
  walkAssistant,
} from '../../testing/assistant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { validValue } from '../../testing/form-fill.js';
import { createListeningApp, type ListeningApp } from '../../testing/listening-app.js';

/**
 * Repeatable groups over real HTTP (decision 0013): twins make the form ask the child block twice, each
 * child's answers stored with its sequence, checked and required like the first child's.
 */
describe.each(databaseKinds)('repeated child block on %s', (kind) => {
  let t: ListeningApp;
  let catalog: Map<string, StandardItem>;
  beforeAll(async () => {
    t = await createListeningApp(kind);
    const { demoData } = await import('@portal/demo');
    catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
  });
  afterAll(() => t.close());

  /** 山田 太郎 after the assistant (father, girl, twins) with the birth notification and allowance chosen. */
  async function twinsApplication(): Promise<{ client: Client; app: string }> {
    const client = await cardResident(t.url, 'demo-resident-0001', '1234');
    const app = await startedApplication(client, t.url);
    // 15: a multiple birth.
    await walkAssistant(client, t.url, app, new Set([9, 13, 15, 16, 18, 21]), catalog);
    const procedures = await json(await client.call(t.url, 'GET', `${app}/procedures/`));
    const ids = procedures.available
      .filter((p: { code: string }) => ['birth_notification', 'child_allowance'].includes(p.code))
      .map((p: { id: number }) => p.id);
    await json(await client.call(t.url, 'PUT', `${app}/procedures/`, { procedure_ids: ids }));
    return { client, app };
  }

  const fill = (code: string, sequence: number, value: string | string[] | null) => ({
    standard_item_code: code,
    sequence,
    value,
  });

  it('asks the second twin, requires it, and stores both children', async () => {
    const { client, app } = await twinsApplication();
    const v = await formValuesOf(client, t.url, app);
    expect(v.repeat_groups).toEqual([{ code: 'child', count: 2, min: 2, max: 5 }]);
    const second = v.items.filter((i) => i.sequence === 2);
    expect(second.map((i) => i.code)).toEqual(
      expect.arrayContaining(['child_first_name', 'child_birth_date', 'child_custody']),
    );
    // The second twin takes the family's surname and legitimacy like the first; the surname is carried
    // over from the parent's answer, never marked as read from a card (decision 0043's derived prefill).
    expect(second.find((i) => i.code === 'child_last_name')).toMatchObject({
      prefill: '山田',
      prefill_source: 'answer',
    });

    // Every shown item of the first repetition is answered; the second twin is still missing.
    const firstRest = v.items
      .filter((i) => i.sequence === 1 && !i.hidden && i.required)
      .filter(
        (i) => !v.standard_item_fragments.some((f) => f.standard_item_code === i.code && f.value !== null),
      )
      .map((i) => fill(i.code, 1, i.prefill ?? validValue(catalog.get(i.code)!)));
    const missing = await client.call(t.url, 'POST', `${app}/form/`, {
      standard_item_fragments: firstRest,
      is_last_page_in_concierge_assistant: true,
    });
    expect(missing.status).toBe(400);
    const fields = ((await missing.json()) as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(fields).toContain('child_first_name.2');
    expect(fields).not.toContain('child_first_name');

    const secondValues = second
      .filter((i) => !i.hidden && (i.required || i.prefill !== null))
      .map((i) =>
        fill(
          i.code,
          2,
          i.code === 'child_first_name' ? '蒼' : (i.prefill ?? validValue(catalog.get(i.code)!)),
        ),
      );
    await json(
      await client.call(t.url, 'POST', `${app}/form/`, {
        standard_item_fragments: [...firstRest, ...secondValues],
        is_last_page_in_concierge_assistant: true,
      }),
    );
    const rows = await t.database.executeSql(
      `select sequence, value, source from application_answers
        where application_id = $1 and standard_item_code in ('child_first_name', 'child_last_name')
        order by standard_item_code, sequence`,
      [app.split('/').pop()],
    );
    expect(rows.rows).toEqual([
      { sequence: 1, value: expect.any(String), source: null },
      { sequence: 2, value: '蒼', source: null },
      // Carried over from the parent's answer (decision 0043), so recorded as from the answers.
      { sequence: 1, value: '山田', source: 'answer' },
      { sequence: 2, value: '山田', source: 'answer' },
    ]);
  });

  it('adds a third child, removes it again, and refuses what does not repeat or goes past the maximum', async () => {
    const { client, app } = await twinsApplication();
    const put = (fragments: ReturnType<typeof fill>[]) =>
      client.call(t.url, 'POST', `${app}/form/`, {
        standard_item_fragments: fragments,
        is_last_page_in_concierge_assistant: false,
      });
    await json(await put([fill('child_first_name', 3, '陽斗')]));
    expect((await formValuesOf(client, t.url, app)).repeat_groups[0]).toMatchObject({ count: 3 });
    // Removed: its blank answers leave nothing behind, and the count falls back to the minimum.
    await json(await put([fill('child_first_name', 3, null)]));
    const after = await formValuesOf(client, t.url, app);
    expect(after.repeat_groups[0]).toMatchObject({ count: 2 });
    expect(after.standard_item_fragments.filter((f) => f.sequence === 3)).toEqual([]);

    const refused = await put([fill('applicant_phone', 2, '0312345678'), fill('child_first_name', 6, '六')]);
    expect(refused.status).toBe(400);
    const errors = ((await refused.json()) as { errors: { field: string; message: string }[] }).errors;
    expect(errors.map(({ field, message }) => ({ field, message }))).toEqual([
      { field: 'applicant_phone.2', message: 'this item is asked once' },
      { field: 'child_first_name.6', message: 'at most 5 of 子' },
    ]);
  });
});
