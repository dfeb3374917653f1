import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { draftFor, json, M, type Client } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  cardSignIn,
  createListeningApp,
  redirectBrowser,
  type ListeningApp,
} from '../../testing/listening-app.js';
import { httpBrowser } from '../../testing/server-process.js';
import { sessionCookie } from '../sessions/sessions.service.js';

/**
 * The whole resident journey over real HTTP, through the development stand-ins only: sign-in at the
 * identity provider, the three identification routes, rendering, signing in the signing app, submission
 * of the birth notification and the child allowance claim.
 */
describe.each(databaseKinds)('a resident’s journey end to end on %s', (kind) => {
  let t: ListeningApp;
  let catalog: Map<string, StandardItem>;
  let taro: { postal_code: string; address: string };
  beforeAll(async () => {
    t = await createListeningApp(kind);
    const { demoData } = await import('@portal/demo');
    catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
    taro = demoData.residents.find((r) => r.subject === 'demo-resident-0001')!;
  });
  afterAll(() => t.close());

  async function waitFor(client: Client, url: string, done: (body: { status: string }) => boolean) {
    for (let i = 0; i < 100; i++) {
      const body = await json(await client.call(t.url, 'GET', url));
      if (done(body)) return body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${url} did not finish`);
  }

  async function form(url: string, fields: Record<string, string>) {
    return fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  it('signs in with the card, identifies three ways, renders, signs and submits two procedures', async () => {
    const base = t.url;
    // 1. Sign-in through the identity provider (card PIN), then the profile from the identity claims.
    const browser = redirectBrowser(base);
    await cardSignIn(browser, { subject: 'demo-resident-0001', pin: '1234' });
    const client = httpBrowser();
    await client.init(base);
    client.setCookie(sessionCookie.applicant, browser.cookie(sessionCookie.applicant)!);
    expect(await json(await client.call(base, 'GET', '/api/applicant/login/status/'))).toMatchObject({
      is_logged_in: true,
    });
    const profile = await json(await client.call(base, 'POST', `${M}/applicant-user-profile/`));
    expect(profile).toMatchObject({ last_name: '山田', first_name: '太郎', birth_date: '1988-04-15' });

    // 2. Concierge, assistant, procedures, form and attachments for both procedures.
    const { app, id } = await draftFor(client, base, catalog, ['birth_notification', 'child_allowance']);

    // 3. Identification: basic four information and the personal portal (the card is the third route).
    const four = await json(
      await client.call(base, 'POST', `${app}/basic-four-information/`, {
        last_name: '山田',
        first_name: '太郎',
        birth_date: '1988-04-15',
        sex: 'male',
        postal_code: taro.postal_code,
        address: taro.address,
      }),
    );
    expect(four.is_verified).toBe(true);
    const portalUrl = `${app}/mynaportal/self-information/status/`;
    const started = await json(await client.call(base, 'PUT', portalUrl, { status: 'authorizing' }));
    const session = new URL(started.redirect_url).searchParams.get('session_id')!;
    const consent = await form(new URL('authorize', started.redirect_url).href, {
      session_id: session,
      subject: 'demo-resident-0001',
      pin: '1234',
    });
    expect(consent.status).toBe(303);
    expect((await waitFor(client, portalUrl, (b) => b.status !== 'authorizing')).status).toBe('fetched');

    // 4. Rendering: one PDF per procedure, as a job.
    const job = await json(
      await client.call(base, 'POST', `${M}/render/applicant/${id}/`, {
        use_signature_digital_certificate: true,
      }),
      202,
    );
    const rendered = await waitFor(
      client,
      `${M}/render/applicant/${id}/${job.id}/status/`,
      (b) => b.status === 'succeeded' || b.status === 'failed',
    );
    expect(rendered.status).toBe('succeeded');
    const documents = (rendered as unknown as { documents: { procedure_id: number; sha256: string }[] })
      .documents;
    expect(documents).toHaveLength(2);

    // 5. Signing in the signing app (the birth notification requires it; both are signed).
    const link = await json(
      await client.call(base, 'POST', `${app}/signature-deeplink-request/`, {
        application_documents: documents.map((d) => ({ procedure_id: d.procedure_id, digest: d.sha256 })),
      }),
      201,
    );
    const params = Object.fromEntries(new URL(link.deep_link).searchParams);
    const signed = await form(new URL('authorize', link.deep_link).href, {
      ...params,
      subject: 'demo-resident-0001',
      pin: '1234',
    });
    expect(signed.status).toBe(303);
    const back = await fetch(signed.headers.get('location')!, { redirect: 'manual' });
    expect(back.headers.get('location')).toContain('result=verified');
    const confirmed = await json(
      await client.call(base, 'PUT', `${app}/signature-digital-certificate/`, {
        signing_id: link.signing_id,
      }),
    );
    expect(confirmed.status).toBe('verified');

    // 6. Submission: two documents for the staff area, each with a reference number.
    const submitted = await json(
      await client.call(base, 'PUT', `${app}/document/status/`, { status: 'submitted' }),
    );
    expect(submitted).toMatchObject({ status: 'submitted', current_step: 'complete' });
    const docs = await t.database.executeSql(
      'select d.reference_number, d.status, p.code, d.signature is not null as signed from documents d join procedures p on p.id = d.procedure_id where d.application_id = $1 order by p.code',
      [id],
    );
    expect(docs.rows.map((r) => [r.code, r.status, r.signed])).toEqual([
      ['birth_notification', 'received', true],
      ['child_allowance', 'received', true],
    ]);
    const mine = await json(await client.call(base, 'GET', '/api/applicant/applications/'));
    expect(mine.applications.find((a: { id: string }) => a.id === id)).toMatchObject({ status: 'submitted' });
  });

  it('refuses a signature by someone other than the signed-in applicant', async () => {
    const base = t.url;
    const browser = redirectBrowser(base);
    await cardSignIn(browser, { subject: 'demo-resident-0002', pin: '2345' });
    const client = httpBrowser();
    await client.init(base);
    client.setCookie(sessionCookie.applicant, browser.cookie(sessionCookie.applicant)!);
    await json(await client.call(base, 'POST', `${M}/applicant-user-profile/`));
    const { app, id } = await draftFor(client, base, catalog, ['birth_notification']);
    const job = await json(
      await client.call(base, 'POST', `${M}/render/applicant/${id}/`, {
        use_signature_digital_certificate: true,
      }),
      202,
    );
    const rendered = await waitFor(
      client,
      `${M}/render/applicant/${id}/${job.id}/status/`,
      (b) => b.status === 'succeeded',
    );
    const documents = (rendered as unknown as { documents: { procedure_id: number; sha256: string }[] })
      .documents;
    const link = await json(
      await client.call(base, 'POST', `${app}/signature-deeplink-request/`, {
        application_documents: documents.map((d) => ({ procedure_id: d.procedure_id, digest: d.sha256 })),
      }),
      201,
    );
    const params = Object.fromEntries(new URL(link.deep_link).searchParams);
    const signed = await form(new URL('authorize', link.deep_link).href, {
      ...params,
      subject: 'demo-resident-0006',
      pin: '6789',
    });
    const back = await fetch(signed.headers.get('location')!, { redirect: 'manual' });
    expect(back.headers.get('location')).toContain('result=failed');
  });
});
