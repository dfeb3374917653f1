import { randomUUID } from 'node:crypto';
import { PDFDocument, PDFHexString, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { draftApplication } from '../../testing/fixtures.js';
import { multipartBody } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { JUST_SENT } from '../../testing/jobs.js';
import { readZip } from '../staff-jobs/staff-jobs.fixtures.js';
import { demoSignaturePng } from './application-pdf.fixtures.js';
import { flatten, structureTree } from './pdf-tags.reader.js';

const M = '/api/municipalities/999999';

describe.each(databaseKinds)('rendering and signature calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('renders as a job the owner can follow and download; others cannot see it', async () => {
    const owner = await signedInApplicant(t, 'demo-resident-0001');
    const application = await draftApplication(t, owner.applicantId, { procedureIds: [3] });
    const created = await owner.request('POST', `${M}/render/applicant/${application.id}/`, {
      use_signature_digital_certificate: false,
    });
    expect(created.statusCode).toBe(202);
    const job = created.json();
    expect(job).toMatchObject({ kind: 'render_applicant', status: expect.stringMatching(JUST_SENT) });
    const statusUrl = `${M}/render/applicant/${application.id}/${job.id}/status/`;
    let status = job;
    for (let i = 0; i < 100 && status.status !== 'succeeded'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await owner.request('GET', statusUrl)).json();
    }
    expect(status).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(status.documents[0]).toMatchObject({
      procedure_id: 3,
      procedure_code: 'child_medical_subsidy',
      pages: 1,
    });
    const zip = await owner.request('GET', `${M}/render/applicant/${application.id}/${job.id}/zip/`);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const other = await signedInApplicant(t, 'demo-resident-0004');
    expect((await other.request('GET', statusUrl)).statusCode).toBe(404);
    expect(
      (await owner.request('GET', `${M}/render/applicant/${application.id}/${randomUUID()}/status/`))
        .statusCode,
    ).toBe(404);
    expect(
      (await owner.request('GET', `${M}/render/applicant/${application.id}/not-a-job/status/`)).statusCode,
    ).toBe(400);
  });

  it('prints the handwritten signature on its procedure’s form as a Figure with alternative text', async () => {
    const owner = await signedInApplicant(t, 'demo-resident-0003');
    const application = await draftApplication(t, owner.applicantId, { procedureIds: [2] });
    const body = multipartBody(
      { standard_item_code: 'attach_claimant_signature' },
      { name: 'signature.png', type: 'image/png', bytes: Buffer.from(demoSignaturePng()) },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${M}/applications/${application.id}/procedure-attaches/`,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        'x-region-code': '999999',
        'x-csrf-token': owner.token,
        cookie: owner.jar.header(),
      },
    });
    expect(uploaded.statusCode).toBe(201);
    const job = (
      await owner.request('POST', `${M}/render/applicant/${application.id}/`, {
        use_signature_digital_certificate: false,
      })
    ).json();
    let status = job;
    for (let i = 0; i < 100 && status.status !== 'succeeded'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (
        await owner.request('GET', `${M}/render/applicant/${application.id}/${job.id}/status/`)
      ).json();
    }
    expect(status).toMatchObject({ status: 'succeeded' });
    const zip = await owner.request('GET', `${M}/render/applicant/${application.id}/${job.id}/zip/`);
    const doc = await PDFDocument.load(readZip(zip.rawPayload)[0]!.data);
    const figures = flatten(structureTree(doc)!).filter((e) => e.role === 'Figure');
    expect(figures).toHaveLength(1);
    const alt = figures[0]!.dict.lookup(PDFName.of('Alt'));
    expect(alt instanceof PDFHexString && alt.decodeText()).toMatch(/の手書き署名$/);
  });

  it('fails the job, naming the item, the character and its code point, when no font has a stored character', async () => {
    const owner = await signedInApplicant(t, 'demo-resident-0002');
    const application = await draftApplication(t, owner.applicantId, { procedureIds: [3] });
    // Stored as before the save-time check existed: the job must refuse it, not print a replacement glyph.
    await t.database.executeSql(
      `insert into application_answers (application_id, standard_item_code, sequence, value)
       values ($1, 'child_first_name', 1, $2::jsonb), ($1, 'child_last_name', 1, $3::jsonb)`,
      [application.id, JSON.stringify('𠮷子😀'), JSON.stringify('𠮷田')],
    );
    const job = (
      await owner.request('POST', `${M}/render/applicant/${application.id}/`, {
        use_signature_digital_certificate: false,
      })
    ).json();
    let status = job;
    for (let i = 0; i < 100 && status.status !== 'failed' && status.status !== 'succeeded'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (
        await owner.request('GET', `${M}/render/applicant/${application.id}/${job.id}/status/`)
      ).json();
    }
    expect(status).toMatchObject({ status: 'failed', failure: 'invalid', documents: [] });
    expect(status.error).toContain('「子の名」の「😀」（U+1F600）');
    expect(status.error).not.toContain('𠮷'); // 𠮷 is printable: only 😀 is named
  });

  it('refuses rendering without procedures, downloads before success, and bodies of the wrong shape', async () => {
    const owner = await signedInApplicant(t, 'demo-resident-0002');
    const none = await draftApplication(t, owner.applicantId, { procedureIds: [] });
    const res = await owner.request('POST', `${M}/render/applicant/${none.id}/`, {
      use_signature_digital_certificate: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('procedure_ids');
    const bad = await owner.request('POST', `${M}/render/applicant/${none.id}/`, {
      use_signature_digital_certificate: 'yes',
    });
    expect(bad.json().errors[0].field).toBe('use_signature_digital_certificate');
  });

  it('refuses signatures over documents never rendered, unknown sign transactions and malformed digests', async () => {
    const owner = await signedInApplicant(t, 'demo-resident-0001');
    const application = await draftApplication(t, owner.applicantId, { procedureIds: [1] });
    const url = `${M}/applications/${application.id}`;
    const notRendered = await owner.request('POST', `${url}/signature-digital-certificate/`, {
      application_documents: [{ procedure_id: 1, digest: 'a'.repeat(64) }],
    });
    expect(notRendered.statusCode).toBe(400);
    expect(notRendered.json().errors[0].field).toBe('application_documents');
    const otherProcedure = await owner.request('POST', `${url}/signature-deeplink-request/`, {
      application_documents: [{ procedure_id: 2, digest: 'a'.repeat(64) }],
    });
    expect(otherProcedure.statusCode).toBe(400);
    const malformed = await owner.request('POST', `${url}/signature-deeplink-request/`, {
      application_documents: [{ procedure_id: 1, digest: 'xyz' }],
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      (await owner.request('GET', `${M}/signature-digital-certificate-info/${randomUUID()}/`)).statusCode,
    ).toBe(404);
    const confirm = await owner.request('PUT', `${url}/signature-digital-certificate/`, {
      signing_id: randomUUID(),
    });
    expect(confirm.statusCode).toBe(404);
    const unknownCallback = await t.app.inject({
      method: 'GET',
      url: '/api/callback/miid/temporary/?code=x&state=unknown-state',
    });
    expect(unknownCallback.statusCode).toBe(400);
    const noState = await t.app.inject({ method: 'GET', url: '/api/callback/miid/temporary/?code=x' });
    expect(noState.statusCode).toBe(400);
  });
});
