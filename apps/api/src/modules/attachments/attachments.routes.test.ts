import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { draftApplication } from '../../testing/fixtures.js';
import { multipartBody } from '../../testing/multipart.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#003EE5' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#259D63' } })
    .jpeg()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

describe.each(databaseKinds)('attachments on %s', (kind) => {
  let t: TestApp;
  let files: string;
  let url: string;
  let resident: Awaited<ReturnType<typeof signedInApplicant>>;

  async function upload(
    fields: Record<string, string>,
    file?: { name: string; type: string; bytes: Buffer },
    as = resident,
  ) {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        'x-region-code': '999999',
        'x-csrf-token': as.token,
        cookie: as.jar.header(),
      },
    });
  }

  beforeAll(async () => {
    files = mkdtempSync(join(tmpdir(), 'portal-files-'));
    t = await createTestApp(kind, { storageDir: files });
    resident = await signedInApplicant(t, 'demo-resident-0001');
    const application = await draftApplication(t, resident.applicantId, { procedureIds: [1, 2] });
    url = `/api/municipalities/999999/applications/${application.id}/procedure-attaches/`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('lists the slots of the chosen procedures with their types', async () => {
    const res = await resident.request('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().required).toEqual([
      {
        standard_item_code: 'attach_birth_certificate',
        name: '出生証明書',
        type: 'OR',
        en: { name: 'Birth certificate' },
      },
      expect.objectContaining({ standard_item_code: 'attach_bankbook', type: 'PH' }),
      expect.objectContaining({ standard_item_code: 'attach_claimant_signature', type: 'SG' }),
    ]);
    expect(res.json().procedure_attaches).toEqual([]);
  });

  it('accepts images re-encoded and PDFs, judged by content whatever the name or declared type', async () => {
    const photo = await upload(
      { standard_item_code: 'attach_bankbook', sequence: '1' },
      { name: 'bankbook.pdf', type: 'application/pdf', bytes: await jpeg() },
    );
    expect(photo.statusCode).toBe(201);
    const saved = photo.json().procedure_attaches[0];
    expect(saved).toMatchObject({
      standard_item_code: 'attach_bankbook',
      sequence: 1,
      type: 'PH',
      content_type: 'image/jpeg',
    });
    const original = await upload(
      { standard_item_code: 'attach_birth_certificate', sequence: '1' },
      { name: 'certificate.png', type: 'image/png', bytes: pdf },
    );
    expect(original.statusCode).toBe(201);
    expect(original.json().procedure_attaches.map((a: { content_type: string }) => a.content_type)).toContain(
      'application/pdf',
    );
    const signature = await upload(
      { standard_item_code: 'attach_claimant_signature' },
      { name: 'sign.png', type: 'image/png', bytes: await png() },
    );
    expect(signature.statusCode).toBe(201);
  });

  it('replaces the file of a slot and keeps no orphan file', async () => {
    const count = () =>
      readdirSync(files, { recursive: true }).filter((f) => !String(f).endsWith('/')).length;
    const before = count();
    const again = await upload(
      { standard_item_code: 'attach_bankbook', sequence: '1' },
      { name: 'bankbook2.png', type: 'image/png', bytes: await png() },
    );
    expect(again.statusCode).toBe(201);
    expect(count()).toBe(before);
    const slot = again
      .json()
      .procedure_attaches.filter(
        (a: { standard_item_code: string }) => a.standard_item_code === 'attach_bankbook',
      );
    expect(slot).toHaveLength(1);
    expect(slot[0].file_name).toBe('bankbook2.png');
  });

  it('refuses content that is not what the slot takes, fake images and unknown slots', async () => {
    const exe = await upload(
      { standard_item_code: 'attach_bankbook' },
      { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('MZ\x90\x00 this is not an image') },
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json().errors[0]).toMatchObject({ code: 'unsupported_media_type', field: 'file' });
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    expect(
      (
        await upload(
          { standard_item_code: 'attach_bankbook' },
          { name: 'x.png', type: 'image/png', bytes: fakePng },
        )
      ).statusCode,
    ).toBe(415);
    const pdfAsPhoto = await upload(
      { standard_item_code: 'attach_bankbook' },
      { name: 'x.pdf', type: 'application/pdf', bytes: pdf },
    );
    expect(pdfAsPhoto.statusCode).toBe(415);
    const unknownSlot = await upload(
      { standard_item_code: 'attach_passport' },
      { name: 'x.png', type: 'image/png', bytes: await png() },
    );
    expect(unknownSlot.statusCode).toBe(400);
    expect(unknownSlot.json().errors[0].field).toBe('standard_item_code');
    const badSequence = await upload(
      { standard_item_code: 'attach_bankbook', sequence: '99' },
      { name: 'x.png', type: 'image/png', bytes: await png() },
    );
    expect(badSequence.json().errors[0].field).toBe('sequence');
    const noFile = await upload({ standard_item_code: 'attach_bankbook' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0].field).toBe('file');
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(
      { standard_item_code: 'attach_bankbook' },
      { name: 'big.png', type: 'image/png', bytes: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe('payload_too_large');
  });

  it('confirms only when every slot has a file, then deletes by code and sequence', async () => {
    const confirm = await resident.request('PUT', url, {
      procedure_attaches: [
        { standard_item_code: 'attach_bankbook', sequence: 1 },
        { standard_item_code: 'attach_birth_certificate', sequence: 1 },
        { standard_item_code: 'attach_claimant_signature', sequence: 1 },
      ],
    });
    expect(confirm.statusCode).toBe(200);
    const removed = await resident.request('DELETE', `${url}?standard_item_code=attach_bankbook&sequence=1`);
    expect(removed.statusCode).toBe(200);
    expect(
      removed.json().procedure_attaches.map((a: { standard_item_code: string }) => a.standard_item_code),
    ).not.toContain('attach_bankbook');
    const incomplete = await resident.request('PUT', url, {
      procedure_attaches: [{ standard_item_code: 'attach_birth_certificate', sequence: 1 }],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors[0]).toMatchObject({
      code: 'validation_failed',
      field: 'attach_bankbook',
    });
    const missing = await resident.request('DELETE', `${url}?standard_item_code=attach_bankbook&sequence=1`);
    expect(missing.statusCode).toBe(404);
    const badQuery = await resident.request(
      'DELETE',
      `${url}?standard_item_code=attach_bankbook&sequence=zero`,
    );
    expect(badQuery.statusCode).toBe(400);
  });

  it('confirms without the handwritten signature, which the signature screen draws afterwards', async () => {
    const upload1 = await upload(
      { standard_item_code: 'attach_bankbook', sequence: '1' },
      { name: 'bankbook.png', type: 'image/png', bytes: await png() },
    );
    expect(upload1.statusCode).toBe(201);
    const removed = await resident.request(
      'DELETE',
      `${url}?standard_item_code=attach_claimant_signature&sequence=1`,
    );
    expect(removed.statusCode).toBe(200);
    const confirm = await resident.request('PUT', url, {
      procedure_attaches: [
        { standard_item_code: 'attach_bankbook', sequence: 1 },
        { standard_item_code: 'attach_birth_certificate', sequence: 1 },
      ],
    });
    expect(confirm.statusCode).toBe(200);
    // Reopening the application now returns to the signature, not to the attachments.
    const list = await resident.request('GET', '/api/applicant/applications/');
    const here = (list.json().applications as { id: string; current_step: string }[]).find((a) =>
      url.includes(a.id),
    );
    expect(here?.current_step).toBe('signature');
  });

  it('hides the application from another resident and from another municipality', async () => {
    const other = await signedInApplicant(t, 'demo-resident-0006');
    expect((await other.request('GET', url)).statusCode).toBe(404);
    const png1 = await png();
    expect(
      (
        await upload(
          { standard_item_code: 'attach_bankbook' },
          { name: 'x.png', type: 'image/png', bytes: png1 },
          other,
        )
      ).statusCode,
    ).toBe(404);
    const town = await signedInApplicant(t, 'demo-resident-0007', '999998');
    const crossUrl = url.replace('/999999/', '/999998/');
    const res = await t.app.inject({
      method: 'GET',
      url: crossUrl,
      headers: { 'x-region-code': '999998', cookie: town.jar.header() },
    });
    expect(res.statusCode).toBe(404);
    const unsigned = await t.app.inject({ method: 'GET', url, headers: { 'x-region-code': '999999' } });
    expect(unsigned.statusCode).toBe(401);
  });
});
