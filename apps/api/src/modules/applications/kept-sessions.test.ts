import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeById, type RouteId } from '@portal/contracts';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { SESSION_CONFIRMED_IN_ROUTE } from './applications.module.js';

const M = '/api/municipalities/999999';
const FILTER = { procedure_group_id: 1, concierge_option_ids: [1, 3, 5, 8] };

/** A valid body for each route that takes one: the handler runs, so only the session can refuse it. */
const BODIES: Record<string, unknown> = {
  'applicant.form.save_page': { standard_item_fragments: [], is_last_page_in_concierge_assistant: false },
  'applicant.concierge_assistant.save_form': {
    standard_item_fragments: [],
    is_last_page_in_concierge_assistant: false,
    concierge_sub_category_ids: [3],
  },
  'applicant.concierge_assistant.answer': { concierge_sub_category_id: 3, concierge_option_ids: [] },
  'applicant.application.procedures.select': { procedure_ids: [1] },
};

/**
 * Routes that take their session from the process's kept ones confirm it in their own statement
 * (decision 0049): a session deleted elsewhere (another process's sign-out, a lost session) is refused
 * by each of them with 401, and nothing is written.
 */
describe.each(databaseKinds)('kept sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const rowVersion = async (id: string) =>
    (await t.database.executeSql('select xmin::text as v from applications where id = $1', [id])).rows[0]!
      .v as string;

  it.each([...SESSION_CONFIRMED_IN_ROUTE])('%s refuses a kept session deleted meanwhile', async (id) => {
    const resident = await signedInApplicant(t, 'demo-resident-0004');
    const created = await resident.request('POST', `${M}/concierge-values/`, FILTER);
    expect(created.statusCode).toBe(201);
    const app = `${M}/applications/${created.json().id as string}`;
    const route = routeById(id as RouteId);
    const path = route.path
      .replace('/api/municipalities/{code}/applications/{applicationId}', app)
      .replace(/\{\w+\}/g, '1');
    // Read once: the session is now kept by this process.
    expect((await resident.request('GET', `${app}/form/values/`)).statusCode).toBe(200);
    const before = await rowVersion(created.json().id);
    await t.database.executeSql("delete from sessions where kind = 'applicant' and subject_id = $1", [
      resident.applicantId,
    ]);
    const refused = await resident.request(route.method, path, BODIES[id]);
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json().errors[0].code).toBe('unauthenticated');
    expect(await rowVersion(created.json().id)).toBe(before);
    // Forgotten by the process: the next call reads the database and is refused too.
    expect((await resident.request('GET', `${app}/form/values/`)).statusCode).toBe(401);
  });

  it('keeps a session across reads without reading it again, and confirms it in the answer read', async () => {
    const resident = await signedInApplicant(t, 'demo-resident-0005');
    const created = await resident.request('POST', `${M}/concierge-values/`, FILTER);
    const app = `${M}/applications/${created.json().id as string}`;
    expect((await resident.request('GET', `${app}/form/values/`)).statusCode).toBe(200);
    const before = t.database.statements();
    expect((await resident.request('GET', `${app}/form/values/`)).statusCode).toBe(200);
    expect(t.database.statements() - before).toBe(1);
  });
});
