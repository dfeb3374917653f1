import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_ALL, json, M, resident } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { createListeningApp, type ListeningApp } from '../../testing/listening-app.js';

describe.each(databaseKinds)('personal portal self-information on %s', (kind) => {
  let t: ListeningApp;
  let base: string;
  beforeAll(async () => {
    t = await createListeningApp(kind);
    base = t.url;
  });
  afterAll(() => t.close());

  async function consent(authorizeUrl: string, subject: string, pin: string) {
    const pageRes = await fetch(authorizeUrl);
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toContain('暗証番号');
    const session = new URL(authorizeUrl).searchParams.get('session_id')!;
    return fetch(new URL('authorize', authorizeUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session_id: session, subject, pin }).toString(),
    });
  }

  it('creates a portal session, takes the resident’s consent, then fetches once and prefills the form', async () => {
    const client = await resident(t, base, 'demo-resident-0002');
    const created = await json(await client.call(base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
    const url = `${M}/applications/${created.id}/mynaportal/self-information/status/`;
    expect(await json(await client.call(base, 'GET', url))).toEqual({
      status: 'created',
      redirect_url: null,
    });
    const started = await json(await client.call(base, 'PUT', url, { status: 'authorizing' }));
    expect(started.status).toBe('authorizing');
    expect(started.redirect_url).toContain('/dev/mynaportal/authorize?session_id=');
    // Polling before consent keeps waiting.
    expect((await json(await client.call(base, 'GET', url))).status).toBe('authorizing');

    const wrongPin = await consent(started.redirect_url, 'demo-resident-0002', '0000');
    expect(wrongPin.status).toBe(401);
    const ok = await consent(started.redirect_url, 'demo-resident-0002', '2345');
    expect(ok.status).toBe(303);
    const back = new URL(ok.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${base}/mynaportal/getting_self_information`);
    expect(back.searchParams.get('state')).toBeTruthy();

    expect((await json(await client.call(base, 'GET', url))).status).toBe('fetched');
    // The portal's information prefills the form, named as its source, and nothing is stored for the resident.
    const values = await json(await client.call(base, 'GET', `${M}/applications/${created.id}/form/values/`));
    const prefilled = Object.fromEntries(
      values.items
        .filter((i: { prefill_source: string | null }) => i.prefill_source === 'mynaportal')
        .map((i: { code: string; prefill: unknown }) => [i.code, i.prefill]),
    );
    // What the sign-in's claims lack (this resident's birth date and address) comes from the portal.
    expect(prefilled).toMatchObject({
      applicant_birth_date: '1991-09-03',
      applicant_postal_code: '9999901',
      applicant_address: 'デモ県デモ市中央一丁目2番3号',
    });
    expect(values.standard_item_fragments).toEqual([]);
    // The result is fetched once: the portal refuses a second fetch, the portal side keeps its state.
    expect((await json(await client.call(base, 'GET', url))).status).toBe('fetched');
    // A finished session cannot be moved again.
    expect((await client.call(base, 'PUT', url, { status: 'failed' })).status).toBe(409);
  });

  it('refuses bad status values and lets the resident abandon a session', async () => {
    const client = await resident(t, base, 'demo-resident-0001');
    const created = await json(await client.call(base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
    const url = `${M}/applications/${created.id}/mynaportal/self-information/status/`;
    expect((await client.call(base, 'PUT', url, { status: 'flying' })).status).toBe(400);
    expect((await client.call(base, 'PUT', url, { status: 'failed' })).status).toBe(400);
    await json(await client.call(base, 'PUT', url, { status: 'authorizing' }));
    expect((await json(await client.call(base, 'PUT', url, { status: 'failed' }))).status).toBe('failed');
    const other = await resident(t, base, 'demo-resident-0004');
    expect((await other.call(base, 'GET', url)).status).toBe(404);
  });
});
