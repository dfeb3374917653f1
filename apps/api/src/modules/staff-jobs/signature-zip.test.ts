import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { json, M, preparedApplication, type Client } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { createListeningApp, type ListeningApp } from '../../testing/listening-app.js';
import {
  dispositionName,
  finishedJob,
  readZip,
  staffClient,
  type StaffClient,
} from './staff-jobs.fixtures.js';
import { verificationReport } from './signature-zip.service.js';

async function waitForJob(client: Client, base: string, url: string) {
  for (let i = 0; i < 100; i++) {
    const job = await json(await client.call(base, 'GET', url));
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('rendering did not finish');
}

/** A resident renders, signs in the signing app stand-in, identifies and submits the birth notification. */
async function submitSigned(t: ListeningApp, catalog: Map<string, StandardItem>) {
  const base = t.url;
  const { client, app, id } = await preparedApplication(t, base, 'demo-resident-0001', catalog, [
    'birth_notification',
  ]);
  const job = await json(
    await client.call(base, 'POST', `${M}/render/applicant/${id}/`, {
      use_signature_digital_certificate: true,
    }),
    202,
  );
  const rendered = await waitForJob(client, base, `${M}/render/applicant/${id}/${job.id}/status/`);
  const documents = rendered.documents as { procedure_id: number; sha256: string }[];
  const link = await json(
    await client.call(base, 'POST', `${app}/signature-deeplink-request/`, {
      application_documents: documents.map((d) => ({ procedure_id: d.procedure_id, digest: d.sha256 })),
    }),
    201,
  );
  const params = Object.fromEntries(new URL(link.deep_link).searchParams);
  const signed = await fetch(new URL('authorize', link.deep_link), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, subject: 'demo-resident-0001', pin: '1234' }).toString(),
  });
  const back = await fetch(signed.headers.get('location')!, { redirect: 'manual' });
  expect(back.headers.get('location')).toContain('result=verified');
  const { demoData } = await import('@portal/demo');
  const taro = demoData.residents.find((r) => r.subject === 'demo-resident-0001')!;
  await json(
    await client.call(base, 'POST', `${app}/basic-four-information/`, {
      last_name: '山田',
      first_name: '太郎',
      birth_date: '1988-04-15',
      sex: 'male',
      postal_code: taro.postal_code,
      address: taro.address,
    }),
  );
  await json(await client.call(base, 'PUT', `${app}/document/status/`, { status: 'submitted' }));
  const row = (
    await t.database.executeSql('select id, reference_number from documents where application_id = $1', [id])
  ).rows[0]!;
  return {
    applicationId: id,
    documentId: String(row.id),
    reference: String(row.reference_number),
    digest: documents[0]!.sha256,
  };
}

describe.each(databaseKinds)('signature packages of signed documents on %s', (kind) => {
  let t: ListeningApp;
  let signed: Awaited<ReturnType<typeof submitSigned>>;
  let viewer: StaffClient;
  beforeAll(async () => {
    t = await createListeningApp(kind);
    const { demoData } = await import('@portal/demo');
    signed = await submitSigned(t, new Map(demoData.standard_items.map((i) => [i.code, i])));
    viewer = await staffClient(t.app, 'viewer.shimin@demo.example.jp');
  });
  afterAll(() => t.close());

  const zipUrl = () =>
    `${M}/applications/${signed.applicationId}/signature-digital-certified/zip/${signed.documentId}/`;

  it('holds the signed PDF, the CMS, the certificate chain and a report that says valid', async () => {
    const res = await viewer.request('GET', zipUrl());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const stem = `${signed.reference}_出生届`;
    expect(dispositionName(res.headers['content-disposition'] as string)).toBe(`${stem}_電子署名.zip`);
    const entries = readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      `${stem}.pdf`,
      `${stem}.p7s`,
      `${stem}_certificates.pem`,
      `${stem}_verification.txt`,
    ]);
    const [pdf, p7s, pem, txt] = entries.map((e) => e.data) as [Buffer, Buffer, Buffer, Buffer];
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(signed.digest);
    expect(p7s[0]).toBe(0x30); // DER SEQUENCE
    expect(pem.toString().match(/-----BEGIN CERTIFICATE-----/g)?.length).toBeGreaterThanOrEqual(2);
    const report = txt.toString('utf8');
    expect(report.startsWith('\ufeff')).toBe(true);
    expect(report).toContain('結果 / Result: 有効 / VALID');
    expect(report).toContain('署名者 / Signer: 山田　太郎');
    expect(report).toMatch(/シリアル番号 \/ Serial number: [0-9a-f]+/);
    expect(report).toMatch(/発行者 \/ Issuer: .*CN=/);
    expect(report).toContain(`${signed.digest}（一致 / matches）`);
    expect(report).toContain('なし / none');
    const audit = await t.database.executeSql(
      `select action from audit_log where target_id = $1 and action = 'signature.zip.download'`,
      [signed.documentId],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('is 404 for another department and another application; a different PDF makes the report say not valid', async () => {
    const kodomo = await staffClient(t.app, 'viewer.kodomo@demo.example.jp');
    expect((await kodomo.request('GET', zipUrl())).statusCode).toBe(404);
    const other = `${M}/applications/00000000-0000-4000-8000-000000000000/signature-digital-certified/zip/${signed.documentId}/`;
    expect((await viewer.request('GET', other)).statusCode).toBe(404);

    // The municipality's rendering of the real document: its own PDF, with the reference number, two copies.
    const started = await viewer.request(
      'POST',
      `${M}/applications/${signed.applicationId}/render/municipality/${signed.documentId}/`,
      { is_additional: false },
    );
    const job = await finishedJob(
      viewer,
      `${M}/applications/${signed.applicationId}/rendering/${started.json().id}/status/`,
    );
    expect(job.status).toBe('succeeded');
    const rendering = await t.database.executeSql(
      `select id from rendered_documents where application_id = $1 and audience = 'municipality'`,
      [signed.applicationId],
    );
    // Point the signature at that PDF: the signature does not cover it.
    await t.database.executeSql(
      `update documents set signature = jsonb_set(signature, '{rendered_document_id}', to_jsonb($2::text)) where id = $1`,
      [signed.documentId, rendering.rows[0]!.id],
    );
    const res = await viewer.request('GET', zipUrl());
    const report = readZip(res.rawPayload)
      .find((e) => e.name.endsWith('_verification.txt'))!
      .data.toString('utf8');
    expect(report).toContain('無効または未確認 / NOT VALID');
    expect(report).toContain('（不一致 / DOES NOT MATCH）');
    expect(report).toMatch(/different SHA-256 digest|does not verify/);
  });
});

describe('the verification report', () => {
  it('says not valid, and why, when the trusted CAs could not be fetched', () => {
    const report = verificationReport({
      referenceNumber: '2026-000001',
      procedureName: '出生届',
      pdfName: '2026-000001_出生届.pdf',
      pdfSha256: 'a'.repeat(64),
      recordedDigest: 'b'.repeat(64),
      verifiedAt: new Date('2026-11-01T00:30:00Z'),
      verification: null,
      notBefore: null,
      trustProblem: 'the trusted CAs or the CRL could not be fetched: connection refused',
    });
    expect(report).toContain('検証日時 / Verified at: 2026-11-01 09:30:00 JST (2026-11-01T00:30:00.000Z)');
    expect(report).toContain(`${'b'.repeat(64)}（不一致 / DOES NOT MATCH）`);
    expect(report).toContain('結果 / Result: 無効または未確認 / NOT VALID');
    expect(report).toContain('  - the trusted CAs or the CRL could not be fetched: connection refused');
    expect(report.split('\r\n').length).toBeGreaterThan(20);
  });
});
