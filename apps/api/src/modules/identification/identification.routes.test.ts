import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationRepository } from '../applications/applications.repository.js';
import { createSessionRepository } from '../sessions/sessions.repository.js';
import { createSessionService, sessionCookie } from '../sessions/sessions.service.js';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import { allowedRoutes, identifiedBy, stepAfterIdentification } from './identification.state.js';

const M = '/api/municipalities/999999';
const FILTER = { procedure_group_id: 1, concierge_option_ids: [1, 3, 5, 8] };
const TARO = {
  last_name: '山田',
  first_name: '太郎',
  birth_date: '1988-04-15',
  sex: 'male',
  postal_code: '9999901',
  address: 'デモ県デモ市中央一丁目2番3号',
};

describe('identification state', () => {
  it('lists the allowed routes in order and picks the latest route taken', () => {
    const config = {
      disclosure: {
        identifications: { jpki: true, basic_four_information: true },
        use_basic_four_information: false,
        use_mynaportal: true,
      },
    } as Parameters<typeof allowedRoutes>[0];
    expect(allowedRoutes(config)).toEqual(['jpki', 'mynaportal']);
    const record = {
      jpki: { identified_at: '2026-01-01T00:00:00.000Z', authenticated_at: '2026-01-01T00:00:00.000Z' },
      basic_four: { verified_at: '2026-01-02T00:00:00.000Z', mismatched: [], attempts: 1 },
    };
    expect(identifiedBy(record, ['jpki', 'basic_four_information'])?.route).toBe('basic_four_information');
    // A route the group does not allow (any more) does not count.
    expect(identifiedBy(record, ['jpki'])?.route).toBe('jpki');
    expect(identifiedBy({}, ['jpki'])).toBeNull();
    expect(stepAfterIdentification('identification')).toBe('form');
    expect(stepAfterIdentification('attachments')).toBe('attachments');
  });
});

describe.each(databaseKinds)('identification calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A resident whose session carries the identity claims of a card read `readAgoMs` ago. */
  async function signedIn(subject: string, readAgoMs: number | null) {
    const rows = await t.database.executeSql("select id from municipalities where code = '999999'");
    const applicantId = await createApplicationRepository(t.database.db).ensureApplicant(subject);
    const sessions = createSessionService({
      sessions: createSessionRepository(t.database.db),
      clock: () => new Date(),
      ttlMs: 3600_000,
    });
    const data =
      readAgoMs === null
        ? {}
        : {
            claims: { last_name: '山田', first_name: '太郎' },
            authenticated_at: new Date(Date.now() - readAgoMs).toISOString(),
          };
    const { token } = await sessions.start({
      kind: 'applicant',
      subjectId: applicantId,
      municipalityId: Number(rows.rows[0]?.id),
      data,
    });
    const client = await browser(t.app, '999999');
    client.jar.set(sessionCookie.applicant, token);
    const created = await client.request('POST', `${M}/concierge-values/`, FILTER);
    expect(created.statusCode).toBe(201);
    const url = `${M}/applications/${created.json().id}`;
    await client.request('PUT', `${url}/procedures/`, { procedure_ids: [1] });
    return { client, url };
  }

  it('shows the allowed routes and records the card route from the sign-in’s card read', async () => {
    const { client, url } = await signedIn('demo-resident-0001', 60_000);
    const before = await client.request('GET', `${url}/identification/`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      routes: ['jpki', 'basic_four_information', 'mynaportal'],
      identified_by: null,
      identified_at: null,
      card_sign_in_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      basic_four: { is_verified: false, verified_at: null, mismatched: [], attempts: 0, max_attempts: 5 },
    });
    const card = await client.request('POST', `${url}/identification/jpki/`);
    expect(card.statusCode).toBe(200);
    expect(card.json().identified_by).toBe('jpki');
    const list = await client.request('GET', '/api/applicant/applications/');
    const app = list.json().applications.find((a: { id: string }) => url.endsWith(a.id));
    expect(app.current_step).toBe('form');
  });

  it('takes the card read of this sign-in however long ago, and refuses the route without one', async () => {
    // Seven question pages after signing in with the card: no second reading (decision 0041).
    const earlier = await signedIn('demo-resident-0002', 50 * 60_000);
    const card = await earlier.client.request('POST', `${earlier.url}/identification/jpki/`);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ identified_by: 'jpki', card_sign_in_at: expect.any(String) });
    const none = await signedIn('demo-resident-0002', null);
    const overview = await none.client.request('GET', `${none.url}/identification/`);
    expect(overview.json().card_sign_in_at).toBeNull();
    const refused = await none.client.request('POST', `${none.url}/identification/jpki/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toContain('sign in with your My Number Card');
  });

  it('counts basic-four attempts, names the mismatched part and moves on once verified', async () => {
    const { client, url } = await signedIn('demo-resident-0001', null);
    const wrong = await client.request('POST', `${url}/basic-four-information/`, {
      ...TARO,
      birth_date: '1988-04-16',
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ is_verified: false, mismatched: ['birth_date'] });
    const after = (await client.request('GET', `${url}/identification/`)).json();
    expect(after.basic_four).toMatchObject({ attempts: 1, mismatched: ['birth_date'] });
    expect(after.identified_by).toBeNull();
    const right = await client.request('PUT', `${url}/basic-four-information/`, TARO);
    expect(right.json().is_verified).toBe(true);
    const done = (await client.request('GET', `${url}/identification/`)).json();
    expect(done).toMatchObject({ identified_by: 'basic_four_information', basic_four: { attempts: 2 } });
    const list = await client.request('GET', '/api/applicant/applications/');
    expect(list.json().applications.find((a: { id: string }) => url.endsWith(a.id)).current_step).toBe(
      'form',
    );
  });

  it('keeps another resident out', async () => {
    const { url } = await signedIn('demo-resident-0001', 60_000);
    const other = await signedIn('demo-resident-0004', 60_000);
    expect((await other.client.request('GET', `${url}/identification/`)).statusCode).toBe(404);
    expect((await other.client.request('POST', `${url}/identification/jpki/`)).statusCode).toBe(404);
  });
});
