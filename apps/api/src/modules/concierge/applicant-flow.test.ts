import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { FormDefinition } from '@portal/contracts';
import { attachAll, fillForm, json, M, O, resident, walkAssistant } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { httpBrowser } from '../../testing/server-process.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(databaseKinds)('the applicant flow over HTTP on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let catalog: Map<string, StandardItem>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { demoData } = await import('@portal/demo');
    catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
  });
  afterAll(() => t.close());

  it('walks birth notification and child allowance from the filter to a completed form with attachments', async () => {
    const anonymous = httpBrowser();
    await anonymous.init(base);
    const filterAnswers = {
      procedure_group_id: 1,
      concierge_option_ids: [O.bornYes, O.bornInJapan, O.livesHere, O.civilServantNo],
    };
    const filter = await json(
      await anonymous.call(base, 'POST', `${M}/concierge-filter/concierge-values/`, filterAnswers),
    );
    expect(filter.is_scopedout).toBe(false);
    expect(filter.procedures.map((p: { code: string }) => p.code)).toEqual([
      'birth_notification',
      'child_allowance',
      'child_medical_subsidy',
    ]);

    const client = await resident(t, base, 'demo-resident-0001');
    const created = await json(await client.call(base, 'POST', `${M}/concierge-values/`, filterAnswers), 201);
    expect(created).toMatchObject({ status: 'draft', current_step: 'procedures', configuration_version: 1 });
    const app = `${M}/applications/${created.id}`;

    await walkAssistant(client, base, app, catalog);
    const procedures = await json(await client.call(base, 'GET', `${app}/procedures/`));
    const codes = procedures.available.map((p: { code: string }) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['birth_notification', 'child_allowance']));
    const chosenIds = procedures.available
      .filter((p: { code: string }) => p.code === 'birth_notification' || p.code === 'child_allowance')
      .map((p: { id: number }) => p.id);
    const chosen = await json(
      await client.call(base, 'PUT', `${app}/procedures/`, { procedure_ids: chosenIds }),
    );
    expect(chosen.selected_ids).toEqual(chosenIds);

    const { visible, done } = await fillForm(client, base, app, chosenIds, created.configuration_version);
    expect(visible.length).toBeGreaterThan(20);
    const stored = new Set(done.standard_item_fragments.map((v) => v.standard_item_code));
    expect(visible.filter((i) => !stored.has(i.code)).map((i) => i.code)).toEqual([]);
    const confirmed = await attachAll(client, base, app);
    expect(confirmed.procedure_attaches.length).toBeGreaterThanOrEqual(3);
    const mine = await json(await client.call(base, 'GET', '/api/applicant/applications/'));
    // Attachments confirmed: reopening the application goes on to the signature.
    expect(mine.applications[0]).toMatchObject({
      id: created.id,
      municipality_code: '999999',
      current_step: 'signature',
      procedure_ids: chosenIds,
    });
  });

  it('ends a birth abroad in a scoped-out message and creates nothing', async () => {
    const client = await resident(t, base, 'demo-resident-0002');
    const answers = { procedure_group_id: 1, concierge_option_ids: [O.bornYes, O.bornAbroad] };
    const filter = await json(
      await client.call(base, 'POST', `${M}/concierge-filter/concierge-values/`, answers),
    );
    expect(filter).toMatchObject({ is_scopedout: true, procedures: [] });
    expect(filter.scopedout_messages[0]).toContain('日本国外');
    const refused = await client.call(base, 'POST', `${M}/concierge-values/`, answers);
    expect(refused.status).toBe(409);
    const mine = await json(await client.call(base, 'GET', '/api/applicant/applications/'));
    expect(mine.applications).toEqual([]);
  });

  it('does not offer the child allowance to a civil servant, and refuses choosing it', async () => {
    const client = await resident(t, base, 'demo-resident-0006');
    const answers = {
      procedure_group_id: 1,
      concierge_option_ids: [O.bornYes, O.bornInJapan, O.livesHere, O.civilServantYes],
    };
    const created = await json(await client.call(base, 'POST', `${M}/concierge-values/`, answers), 201);
    const app = `${M}/applications/${created.id}`;
    const procedures = await json(await client.call(base, 'GET', `${app}/procedures/`));
    expect(procedures.available.map((p: { code: string }) => p.code)).not.toContain('child_allowance');
    const why = procedures.explanations.find((e: { subject: string }) =>
      e.subject.includes('child_allowance'),
    );
    expect(why).toMatchObject({ shown: false });
    const refused = await client.call(base, 'PUT', `${app}/procedures/`, { procedure_ids: [2] });
    expect(refused.status).toBe(400);
    expect((await json(refused, 400)).errors[0].field).toBe('procedure_ids');
  });

  it('refuses bad answers with field errors and keeps the saved ones', async () => {
    const client = await resident(t, base, 'demo-resident-0004');
    const unknown = await client.call(base, 'POST', `${M}/concierge-values/`, {
      procedure_group_id: 1,
      concierge_option_ids: [99999],
    });
    expect(unknown.status).toBe(400);
    expect((await json(unknown, 400)).errors[0].field).toBe('concierge_option_ids');
    const created = await json(
      await client.call(base, 'POST', `${M}/concierge-values/`, {
        procedure_group_id: 1,
        concierge_option_ids: [O.bornYes, O.bornInJapan, O.livesHere, O.civilServantNo],
      }),
      201,
    );
    const app = `${M}/applications/${created.id}`;
    const bad = await client.call(base, 'PUT', `${app}/form/`, {
      concierge_sub_category_ids: [3],
      standard_item_fragments: [
        { standard_item_code: 'applicant_last_name', sequence: 1, value: '髙橋' },
        { standard_item_code: 'applicant_last_name_kana', sequence: 1, value: 'たかはし' },
        { standard_item_code: 'applicant_birth_date', sequence: 1, value: '1975-02-30' },
      ],
      is_last_page_in_concierge_assistant: false,
    });
    expect(bad.status).toBe(400);
    const fields = (await json(bad, 400)).errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['applicant_last_name_kana', 'applicant_birth_date']));
    const notOnPage = await client.call(base, 'PUT', `${app}/form/`, {
      concierge_sub_category_ids: [3],
      standard_item_fragments: [{ standard_item_code: 'bank_account_number', sequence: 1, value: '1234567' }],
      is_last_page_in_concierge_assistant: false,
    });
    expect(notOnPage.status).toBe(400);
    const values = await json(await client.call(base, 'GET', `${app}/form/values/`));
    expect(
      values.standard_item_fragments.map((v: { standard_item_code: string }) => v.standard_item_code),
    ).not.toContain('applicant_last_name_kana');
    // Another resident cannot read it; the owner can delete the draft.
    const other = await resident(t, base, 'demo-resident-0005');
    expect((await other.call(base, 'GET', `${app}/form/values/`)).status).toBe(404);
    expect((await client.call(base, 'DELETE', `${app}/`)).status).toBe(200);
    expect((await client.call(base, 'GET', `${app}/form/values/`)).status).toBe(404);
  });
});

describe.each(databaseKinds)('the form definition on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const get = (q: string) =>
    t.app.inject({ method: 'GET', url: `${M}/form/${q}`, headers: { 'x-region-code': '999999' } });

  it('serves the items of the chosen procedures grouped by fragment, the same bytes every time', async () => {
    const res = await get('?procedure_group_id=1&procedure_ids=2,1');
    expect(res.statusCode).toBe(200);
    const form = FormDefinition.parse(res.json());
    expect(form).toMatchObject({ procedure_group_id: 1, version: 1 });
    const codes = form.fragments.flatMap((f) => f.items.map((i) => i.code));
    expect(codes).toEqual(expect.arrayContaining(['child_last_name', 'bank_code']));
    expect((await get('?procedure_group_id=1&procedure_ids=1,2')).body).toBe(res.body);
  });

  it('refuses unknown procedures, versions and malformed lists', async () => {
    expect((await get('?procedure_group_id=1&procedure_ids=1,1001')).json().errors[0].field).toBe(
      'procedure_ids',
    );
    expect((await get('?procedure_group_id=1&procedure_ids=1;2')).statusCode).toBe(400);
    expect((await get('?procedure_group_id=1')).statusCode).toBe(400);
    expect((await get('?procedure_group_id=1&procedure_ids=1&version=9')).statusCode).toBe(404);
    expect((await get('?procedure_group_id=1001&procedure_ids=1001')).statusCode).toBe(404);
  });
});
