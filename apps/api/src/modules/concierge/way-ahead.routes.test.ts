import { WayAhead } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationRepository } from '../applications/applications.repository.js';
import { createSessionRepository } from '../sessions/sessions.repository.js';
import { createSessionService, sessionCookie } from '../sessions/sessions.service.js';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';

const M = '/api/municipalities/999999';
const FILTER = { procedure_group_id: 1, concierge_option_ids: [1, 3, 5, 8] };

describe.each(databaseKinds)('the way ahead over HTTP on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, code = '999999') =>
    t.app.inject({ method: 'GET', url, headers: { 'x-region-code': code } });

  /** A resident signed in with the card (the session holds the card read) or otherwise. */
  async function signedIn(subject: string, card: boolean) {
    const rows = await t.database.executeSql("select id from municipalities where code = '999999'");
    const applicantId = await createApplicationRepository(t.database.db).ensureApplicant(subject);
    const sessions = createSessionService({
      sessions: createSessionRepository(t.database.db),
      clock: () => new Date(),
      ttlMs: 3600_000,
    });
    const data = card
      ? { claims: { last_name: '山田', first_name: '太郎' }, authenticated_at: new Date().toISOString() }
      : {};
    const { token } = await sessions.start({
      kind: 'applicant',
      subjectId: applicantId,
      municipalityId: Number(rows.rows[0]?.id),
      data,
    });
    const client = await browser(t.app, '999999');
    client.jar.set(sessionCookie.applicant, token);
    return client;
  }

  it('serves a group’s way ahead to anyone, before the first question, from its configuration', async () => {
    const res = await get(`${M}/way-ahead/?procedure_group_id=1`);
    expect(res.statusCode).toBe(200);
    const way = WayAhead.parse(res.json());
    expect(way.steps[0]).toEqual({ step: 'filter', state: 'ahead' });
    expect(way.identification_routes).toEqual(['jpki', 'basic_four_information', 'mynaportal']);
    expect(way.signatures).toEqual(['handwritten', 'digital']);
    // The same bytes again: derived once per published version.
    expect((await get(`${M}/way-ahead/?procedure_group_id=1`)).body).toBe(res.body);

    // サンプル町's 妊娠・出産 has no signature, no attachment and only the card route.
    const town = WayAhead.parse(
      (await get('/api/municipalities/999998/way-ahead/?procedure_group_id=1001', '999998')).json(),
    );
    expect(town).toMatchObject({ identification_routes: ['jpki'], signatures: [], attaches: [] });
    expect(town.steps.map((s) => s.step)).not.toContain('attachments');
  });

  it('refuses a bad group id (400) and another municipality’s or an unknown group (404)', async () => {
    for (const q of ['', '?procedure_group_id=abc', '?procedure_group_id=0']) {
      const res = await get(`${M}/way-ahead/${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors[0].field).toBe('procedure_group_id');
    }
    expect((await get(`${M}/way-ahead/?procedure_group_id=1001`)).statusCode).toBe(404);
    expect((await get(`${M}/way-ahead/?procedure_group_id=424242`)).statusCode).toBe(404);
  });

  it('marks where an application is, and that the card read at sign-in identifies', async () => {
    const client = await signedIn('demo-resident-0001', true);
    const created = await client.request('POST', `${M}/concierge-values/`, FILTER);
    expect(created.statusCode).toBe(201);
    const url = `${M}/applications/${created.json().id}`;
    const first = WayAhead.parse((await client.request('GET', `${url}/way-ahead/`)).json());
    expect(first.steps.slice(0, 4)).toEqual([
      { step: 'filter', state: 'done' },
      { step: 'sign_in', state: 'done' },
      { step: 'assistant', state: 'current' },
      { step: 'procedures', state: 'ahead' },
    ]);
    expect(first).toMatchObject({ attaches_of: 'candidates', identified_by_sign_in: true });

    // Chosen the birth notification alone, identified by the sign-in's card: its attachment, its signature.
    expect((await client.request('PUT', `${url}/procedures/`, { procedure_ids: [1] })).statusCode).toBe(200);
    expect((await client.request('POST', `${url}/identification/jpki/`)).statusCode).toBe(200);
    const later = WayAhead.parse((await client.request('GET', `${url}/way-ahead/`)).json());
    const state = Object.fromEntries(later.steps.map((s) => [s.step, s.state]));
    // The question pages were skipped over the API: they stay current, never marked done unanswered.
    expect(state).toMatchObject({
      assistant: 'current',
      procedures: 'done',
      identification: 'done',
      form: 'ahead',
    });
    expect(later).toMatchObject({
      attaches_of: 'chosen',
      identified_by_sign_in: false,
      signatures: ['digital'],
      attaches: [{ name: '出生証明書' }],
    });
    expect(later.prepare.map((p) => p.kind)).toEqual(['signing_pin', 'attach']);
  });

  it('says the card is not read at sign-in when the resident signed in otherwise', async () => {
    const client = await signedIn('demo-resident-0002', false);
    const created = await client.request('POST', `${M}/concierge-values/`, FILTER);
    const url = `${M}/applications/${created.json().id}`;
    const way = WayAhead.parse((await client.request('GET', `${url}/way-ahead/`)).json());
    expect(way.identified_by_sign_in).toBe(false);
  });

  it('keeps an application’s way ahead to its owner', async () => {
    const owner = await signedIn('demo-resident-0003', true);
    const created = await owner.request('POST', `${M}/concierge-values/`, FILTER);
    const url = `${M}/applications/${created.json().id}/way-ahead/`;
    const other = await signedIn('demo-resident-0004', true);
    expect((await other.request('GET', url)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    const bad = await owner.request('GET', `${M}/applications/not-a-uuid/way-ahead/`);
    expect(bad.statusCode).toBe(400);
  });
});
