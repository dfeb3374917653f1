import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const M = '/api/municipalities/999999';
const FILTER = { procedure_group_id: 1, concierge_option_ids: [1, 3, 5, 8] };

describe.each(databaseKinds)('application calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function newApplication(subject: string) {
    const client = await signedInApplicant(t, subject);
    const res = await client.request('POST', `${M}/concierge-values/`, FILTER);
    expect(res.statusCode).toBe(201);
    return { client, id: res.json().id as string, url: `${M}/applications/${res.json().id}` };
  }

  it('needs a signed-in resident to create an application', async () => {
    const anonymous = await (await import('../../testing/test-app.js')).browser(t.app);
    const res = await anonymous.request('POST', `${M}/concierge-values/`, FILTER);
    expect(res.statusCode).toBe(401);
  });

  it('refuses two answers to one question, unknown groups and malformed bodies', async () => {
    const { client } = await newApplication('demo-resident-0001');
    const both = await client.request('POST', `${M}/concierge-filter/concierge-values/`, {
      procedure_group_id: 1,
      concierge_option_ids: [1, 2],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].field).toBe('concierge_option_ids');
    const unknownGroup = await client.request('POST', `${M}/concierge-values/`, {
      procedure_group_id: 77,
      concierge_option_ids: [],
    });
    expect(unknownGroup.statusCode).toBe(404);
    const malformed = await client.request('POST', `${M}/concierge-values/`, { procedure_group_id: '1' });
    expect(malformed.statusCode).toBe(400);
    expect(
      malformed
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['concierge_option_ids', 'procedure_group_id']);
  });

  it('checks assistant pages: unknown page, options of another page, a page not shown', async () => {
    const { client, url } = await newApplication('demo-resident-0001');
    const assistant = await client.request('GET', `${url}/concierge-assistant/`);
    expect(assistant.statusCode).toBe(200);
    expect(assistant.json()).toMatchObject({ is_scopedout: false, current_sub_category_id: 3 });
    const unknownPage = await client.request('PUT', `${url}/concierge-values/`, {
      concierge_sub_category_id: 999,
      concierge_option_ids: [],
    });
    expect(unknownPage.json().errors[0].field).toBe('concierge_sub_category_id');
    const foreign = await client.request('PUT', `${url}/concierge-values/`, {
      concierge_sub_category_id: 3,
      concierge_option_ids: [1],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].field).toBe('concierge_option_ids');
    const notShown = await client.request('GET', `${url}/concierge-assistant/?concierge_sub_category_id=1`);
    expect(notShown.statusCode).toBe(400);
  });

  it('keeps a submitted application read-only and not deletable (409)', async () => {
    const { client, id, url } = await newApplication('demo-resident-0002');
    await t.database.executeSql("update applications set status = 'submitted' where id = $1", [id]);
    const edit = await client.request('POST', `${url}/form/`, {
      standard_item_fragments: [],
      is_last_page_in_concierge_assistant: false,
    });
    expect(edit.statusCode).toBe(409);
    const remove = await client.request('DELETE', `${url}/`);
    expect(remove.statusCode).toBe(409);
    expect((await client.request('GET', `${url}/form/values/`)).statusCode).toBe(200);
  });

  it('lists the resident’s applications with their municipality’s code (the call names none)', async () => {
    const { id, client } = await newApplication('demo-resident-0001');
    const list = await client.request('GET', '/api/applicant/applications/');
    expect(list.statusCode).toBe(200);
    const mine = (list.json().applications as { id: string; municipality_code: string }[]).find(
      (a) => a.id === id,
    );
    expect(mine?.municipality_code).toBe('999999');
  });

  it('keeps residents and municipalities apart', async () => {
    const { url } = await newApplication('demo-resident-0001');
    const other = await signedInApplicant(t, 'demo-resident-0004');
    for (const path of [
      '/concierge-assistant/',
      '/procedures/',
      '/form/',
      '/form/values/',
      '/procedure-attaches/',
    ]) {
      expect((await other.request('GET', `${url}${path}`)).statusCode, path).toBe(404);
    }
    expect((await other.request('DELETE', `${url}/`)).statusCode).toBe(404);
    // A resident of デモ市 cannot use their session on サンプル町's calls.
    const visitor = await signedInApplicant(t, 'demo-resident-0001');
    const res = await t.app.inject({
      method: 'GET',
      url: `${url.replace('/999999/', '/999998/')}/form/values/`,
      headers: { 'x-region-code': '999998', cookie: visitor.jar.header() },
    });
    expect(res.statusCode).toBe(403);
    const list = await other.request('GET', '/api/applicant/applications/');
    expect(list.json().applications.map((a: { id: string }) => a.id)).not.toContain(url.split('/').at(-1));
  });
});
