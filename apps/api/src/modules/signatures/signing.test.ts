import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { json, preparedApplication, type Client } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { createListeningApp, type ListeningApp } from '../../testing/listening-app.js';
import { createTestCa } from '../../simulators/signing-app/test-ca.js';

const M = '/api/municipalities/999999';

async function waitForJob(client: Client, base: string, url: string) {
  for (let i = 0; i < 100; i++) {
    const job = await json(await client.call(base, 'GET', url));
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('rendering did not finish');
}

/** Renders the application's PDFs as the resident would, and returns the documents with their digests. */
async function render(client: Client, base: string, id: string) {
  const job = await json(
    await client.call(base, 'POST', `${M}/render/applicant/${id}/`, {
      use_signature_digital_certificate: true,
    }),
    202,
  );
  const done = await waitForJob(client, base, `${M}/render/applicant/${id}/${job.id}/status/`);
  expect(done.status).toBe('succeeded');
  return { job: done, documents: done.documents as { procedure_id: number; sha256: string }[] };
}

/** The resident in the signing app: picks a test resident, types the PIN, and is sent back. */
async function signInApp(deepLink: string, subject: string, pin: string) {
  const page = await fetch(deepLink);
  const params = Object.fromEntries(new URL(deepLink).searchParams);
  const res = await fetch(new URL('authorize', deepLink), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, subject, pin }).toString(),
  });
  return { page, res };
}

describe.each(databaseKinds)('rendering, signing and submission on %s', (kind) => {
  let t: ListeningApp;
  let base: string;
  let catalog: Map<string, StandardItem>;
  beforeAll(async () => {
    t = await createListeningApp(kind);
    base = t.url;
    const { demoData } = await import('@portal/demo');
    catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
  });
  afterAll(() => t.close());

  it('renders, signs through the signing app, verifies, and then submits the birth notification', async () => {
    const { client, app, id } = await preparedApplication(t, base, 'demo-resident-0001', catalog, [
      'birth_notification',
    ]);
    const { job, documents } = await render(client, base, id);
    expect(documents).toHaveLength(1);
    const zip = await client.call(base, 'GET', `${M}/render/applicant/${id}/${job.id}/zip/`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    const application_documents = documents.map((d) => ({ procedure_id: d.procedure_id, digest: d.sha256 }));
    const link = await json(
      await client.call(base, 'POST', `${app}/signature-deeplink-request/`, { application_documents }),
      201,
    );
    expect(link.deep_link).toContain('/dev/signing-app/authorize?');
    expect(new URL(link.deep_link).searchParams.get('code_challenge_method')).toBe('S256');

    const { page, res } = await signInApp(link.deep_link, 'demo-resident-0001', '1234');
    expect(page.status).toBe(200);
    expect(res.status).toBe(303);
    const callback = new URL(res.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${base}/api/callback/miid/temporary/`);
    const back = await fetch(callback, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(
      `${base}/miid/temporary/signatureRedirectScreen?signing_id=${link.signing_id}&result=verified`,
    );
    // A replayed callback finds nothing to complete and stores nothing more.
    const replay = await fetch(callback, { redirect: 'manual' });
    expect((await json(replay, 400)).errors[0].field).toBe('state');

    const info = await json(
      await client.call(base, 'GET', `${M}/signature-digital-certificate-info/${link.signing_id}/`),
    );
    expect(info).toMatchObject({
      signing_id: link.signing_id,
      status: 'verified',
      subject_name: '山田　太郎',
    });
    const submitted = await json(
      await client.call(base, 'PUT', `${app}/document/status/`, { status: 'submitted' }),
      400,
    );
    // Only identification is missing now; the signature is accepted.
    expect(submitted.errors.map((e: { field: string }) => e.field)).toEqual(['identification']);
    await json(
      await client.call(base, 'POST', `${app}/basic-four-information/`, {
        last_name: '山田',
        first_name: '太郎',
        birth_date: '1988-04-15',
        sex: 'male',
        postal_code: (await registry('demo-resident-0001')).postal_code,
        address: (await registry('demo-resident-0001')).address,
      }),
    );
    const done = await json(
      await client.call(base, 'PUT', `${app}/document/status/`, { status: 'submitted' }),
    );
    expect(done.status).toBe('submitted');
    const stored = await t.database.executeSql('select signature from documents where application_id = $1', [
      id,
    ]);
    const signature = stored.rows[0]!.signature as { container: string; digest: string };
    expect(signature.digest).toBe(documents[0]!.sha256);
    expect(signature.container).toContain('-----BEGIN CMS-----');
  });

  it('refuses a digest that is not the rendered document’s (a tampered PDF) and stores no transaction', async () => {
    const { client, app, id } = await preparedApplication(t, base, 'demo-resident-0001', catalog, [
      'birth_notification',
    ]);
    const { documents } = await render(client, base, id);
    const tampered = documents.map((d) => ({ procedure_id: d.procedure_id, digest: 'f'.repeat(64) }));
    const res = await client.call(base, 'POST', `${app}/signature-deeplink-request/`, {
      application_documents: tampered,
    });
    expect((await json(res, 400)).errors[0].field).toBe('application_documents');
    const rows = await t.database.executeSql(
      'select count(*)::int as n from sign_transactions where application_id = $1',
      [id],
    );
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  it('refuses a revoked certificate, keeping no signature', async () => {
    const { client, app, id } = await preparedApplication(t, base, 'demo-resident-0002', catalog, [
      'birth_notification',
    ]);
    const { documents } = await render(client, base, id);
    const revoke = await fetch(`${base}/dev/signing-app/api/revocations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'demo-resident-0002' }),
    });
    expect(revoke.status).toBe(200);
    const link = await json(
      await client.call(base, 'POST', `${app}/signature-deeplink-request/`, {
        application_documents: documents.map((d) => ({ procedure_id: d.procedure_id, digest: d.sha256 })),
      }),
      201,
    );
    const { res } = await signInApp(link.deep_link, 'demo-resident-0002', '2345');
    const back = await fetch(res.headers.get('location')!, { redirect: 'manual' });
    expect(back.headers.get('location')).toContain('result=failed');
    const row = await t.database.executeSql(
      'select status, signatures, verification from sign_transactions where id = $1',
      [link.signing_id],
    );
    expect(row.rows[0]).toMatchObject({ status: 'failed', signatures: null });
    expect(JSON.stringify(row.rows[0]!.verification)).toContain('revoked');
    expect(
      (
        await json(
          await client.call(base, 'PUT', `${app}/signature-digital-certificate/`, {
            signing_id: link.signing_id,
          }),
          409,
        )
      ).errors[0].code,
    ).toBe('conflict');
  });

  it('gives a child under 15 no signing certificate, and refuses a foreign callback origin', async () => {
    const { client, app, id } = await preparedApplication(t, base, 'demo-resident-0004', catalog, [
      'birth_notification',
    ]);
    const { documents } = await render(client, base, id);
    const link = await json(
      await client.call(base, 'POST', `${app}/signature-deeplink-request/`, {
        application_documents: documents.map((d) => ({ procedure_id: d.procedure_id, digest: d.sha256 })),
      }),
      201,
    );
    const { res } = await signInApp(link.deep_link, 'demo-resident-0003', '3456');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('15歳未満');
    const foreign = new URL(link.deep_link);
    foreign.searchParams.set('redirect_uri', 'https://evil.example/api/callback/miid/temporary/');
    expect((await fetch(foreign)).status).toBe(400);
    const check = (uri: string) =>
      client.call(
        base,
        'GET',
        `/api/callback/miid/validate/deep-link/?callbackUri=${encodeURIComponent(uri)}`,
      );
    expect(await json(await check('https://evil.example/x'))).toEqual({ is_valid: false });
    expect(await json(await check(`${base}/miid/temporary`))).toEqual({ is_valid: true });
    expect(await json(await check('not a url'))).toEqual({ is_valid: false });
  });

  async function registry(subject: string) {
    const { demoData } = await import('@portal/demo');
    return demoData.residents.find((r) => r.subject === subject)!;
  }
});

describe('a certificate from another CA', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    const other = await createTestCa({ name: 'Some Other CA', now: new Date() });
    t = await createListeningApp('pglite', {
      env: { SIGNING_TRUSTED_CA_PEM: other.trustedCaPems.join('\n') },
    });
  });
  afterAll(() => t.close());

  it('is refused: the portal trusts only its configured CA', async () => {
    const { demoData } = await import('@portal/demo');
    const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
    const base = t.url;
    const { client, app, id } = await preparedApplication(t, base, 'demo-resident-0001', catalog, [
      'birth_notification',
    ]);
    const { documents } = await render(client, base, id);
    const link = await json(
      await client.call(base, 'POST', `${app}/signature-deeplink-request/`, {
        application_documents: documents.map((d) => ({ procedure_id: d.procedure_id, digest: d.sha256 })),
      }),
      201,
    );
    const { res } = await signInApp(link.deep_link, 'demo-resident-0001', '1234');
    const back = await fetch(res.headers.get('location')!, { redirect: 'manual' });
    expect(back.headers.get('location')).toContain('result=failed');
    const info = await json(
      await client.call(base, 'GET', `${M}/signature-digital-certificate-info/${link.signing_id}/`),
    );
    expect(info.status).toBe('failed');
  });

  it('sends a browser back with an unknown or used signing result to a page, and an API client an error', async () => {
    const url = `${t.url}/api/callback/miid/temporary/?code=abc&state=unknown-state`;
    const page = await fetch(url, {
      redirect: 'manual',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(page.status).toBe(302);
    expect(new URL(page.headers.get('location')!).pathname).toBe('/miid/temporary');
    expect(new URL(page.headers.get('location')!).searchParams.get('result')).toBe('unusable');
    const api = await fetch(url, { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(api.status).toBe(400);
    expect(((await api.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('state');
  });
});
