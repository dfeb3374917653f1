import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { createClamdScanner, type MalwareScanner } from '../../lib/clamd.js';
import { localFileStorage } from '../../lib/file-storage.js';
import { signedInApplicant } from '../../testing/applicants.js';
import { EICAR, EICAR_SIGNATURE, startClamd, type TestClamd } from '../../testing/clamd.js';
import { databaseKinds } from '../../testing/databases.js';
import { draftApplication } from '../../testing/fixtures.js';
import { multipartBody } from '../../testing/multipart.js';
import { waitFor } from '../../testing/wait-for.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createAttachmentScans, SCAN_CLAIM_LAPSE_MS } from './attachment-scan.js';
import { createAttachmentRepository } from './attachments.repository.js';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#003EE5' } })
    .png()
    .toBuffer();
// A well-formed PDF that carries the EICAR test string in a comment line.
const infectedPdf = Buffer.concat([
  Buffer.from('%PDF-1.4\n%', 'latin1'),
  EICAR,
  Buffer.from('\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'),
]);
const silent = { warn: () => undefined, error: () => undefined };

/** clamd's verdicts, counted per file (by its bytes' first 64 characters as hex: each test file differs). */
function countingScanner(url: string, counts: Map<string, number>): MalwareScanner {
  const clamd = createClamdScanner({ url, timeoutMs: 5000 });
  return {
    async scan(bytes) {
      const verdict = await clamd.scan(bytes);
      const key = bytes.subarray(0, 64).toString('hex') + bytes.length;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return verdict;
    },
  };
}

describe.each(databaseKinds)('malware scanning of uploads with a real clamd on %s', (kind) => {
  let clamd: TestClamd;
  let t: TestApp;
  let files: string;
  let url: string;
  const counts = new Map<string, number>();
  let resident: Awaited<ReturnType<typeof signedInApplicant>>;
  const fileCount = () =>
    readdirSync(files, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length;
  const rowCount = async () =>
    (await t.database.executeSql('select count(*)::int as n from attachments', [])).rows[0]!.n as number;

  async function upload(code: string, file: { name: string; type: string; bytes: Buffer }) {
    const body = multipartBody({ standard_item_code: code, sequence: '1' }, file);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        'x-region-code': '999999',
        'x-csrf-token': resident.token,
        cookie: resident.jar.header(),
      },
    });
  }
  const sweeper = (database: Database) =>
    createAttachmentScans({
      attachments: createAttachmentRepository(database.db),
      storage: localFileStorage(join(files, 'files')),
      scanner: countingScanner(clamd.url, counts),
      clock: () => new Date(),
      logger: silent,
    });

  beforeAll(async () => {
    clamd = await startClamd();
    files = mkdtempSync(join(tmpdir(), 'portal-scan-files-'));
    t = await createTestApp(kind, {
      storageDir: files,
      env: { CLAMD_URL: clamd.url, MALWARE_SCAN_INLINE_SECONDS: '5' },
      malwareScanner: countingScanner(clamd.url, counts),
    });
    resident = await signedInApplicant(t, 'demo-resident-0001');
    const application = await draftApplication(t, resident.applicantId, { procedureIds: [1, 2] });
    url = `/api/municipalities/999999/applications/${application.id}/procedure-attaches/`;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await clamd?.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('refuses EICAR at the field with a clear message and keeps neither row nor file', async () => {
    const res = await upload('attach_birth_certificate', {
      name: 'certificate.pdf',
      type: 'application/pdf',
      bytes: infectedPdf,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'malware_found', field: 'file' });
    expect(res.json().errors[0].message).toContain(EICAR_SIGNATURE);
    expect(await rowCount()).toBe(0);
    expect(fileCount()).toBe(0);
  });

  it('passes a clean PNG at once: usable and downloadable', async () => {
    const res = await upload('attach_bankbook', {
      name: 'bankbook.png',
      type: 'image/png',
      bytes: await png(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().procedure_attaches).toEqual([
      expect.objectContaining({ standard_item_code: 'attach_bankbook', scan_state: 'clean' }),
    ]);
    const file = await resident.request('GET', `${url}file?standard_item_code=attach_bankbook&sequence=1`);
    expect(file.statusCode).toBe(200);
  });

  it('leaves an upload pending while clamd is stopped, refuses its use, and the sweep scans it later', async () => {
    await clamd.stop();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const res = await upload('attach_birth_certificate', {
      name: 'c.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().procedure_attaches).toContainEqual(
      expect.objectContaining({ standard_item_code: 'attach_birth_certificate', scan_state: 'pending' }),
    );
    const download = await resident.request(
      'GET',
      `${url}file?standard_item_code=attach_birth_certificate&sequence=1`,
    );
    expect(download.statusCode).toBe(409);
    const confirm = await resident.request('PUT', url, {
      procedure_attaches: [
        { standard_item_code: 'attach_bankbook', sequence: 1 },
        { standard_item_code: 'attach_birth_certificate', sequence: 1 },
      ],
    });
    expect(confirm.statusCode).toBe(409);
    const submit = await resident.request('PUT', url.replace('procedure-attaches/', 'document/status/'), {
      status: 'submitted',
    });
    expect(submit.statusCode).toBe(400);
    expect(submit.json().errors).toContainEqual(
      expect.objectContaining({
        field: 'attach_birth_certificate',
        message: expect.stringContaining('malware scan'),
      }),
    );
    expect(confirm.json().errors[0]).toMatchObject({
      code: 'conflict',
      field: 'attach_birth_certificate',
      message: expect.stringContaining('malware scan'),
    });
    // Still unreachable: the queue's sweep leaves it pending.
    expect(await sweeper(t.database).sweep()).toEqual({ scanned: 0, pending: true });
    await clamd.start();
    // Scanned by this sweep, or by the app's own minute sweep if that came first.
    expect((await sweeper(t.database).sweep()).pending).toBe(false);
    const list = await waitFor(async () => {
      const read = await resident.request('GET', url);
      return read.json().procedure_attaches.every((a: { scan_state: string }) => a.scan_state === 'clean')
        ? read
        : null;
    });
    expect(list.json().procedure_attaches).toContainEqual(
      expect.objectContaining({ standard_item_code: 'attach_birth_certificate', scan_state: 'clean' }),
    );
    const again = await resident.request('PUT', url, {
      procedure_attaches: [
        { standard_item_code: 'attach_bankbook', sequence: 1 },
        { standard_item_code: 'attach_birth_certificate', sequence: 1 },
      ],
    });
    expect(again.statusCode).toBe(200);
  }, 60_000);

  it('goes on past a file that fails alone (gone from the storage) and tries it again when its claim lapses', async () => {
    await clamd.stop();
    const other = await draftApplication(t, resident.applicantId, { procedureIds: [1, 2] });
    url = `/api/municipalities/999999/applications/${other.id}/procedure-attaches/`;
    await upload('attach_bankbook', { name: 'lost.png', type: 'image/png', bytes: await png() });
    await upload('attach_birth_certificate', {
      name: 'kept.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n%kept\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'),
    });
    const rows = await t.database.executeSql(
      `select standard_item_code, storage_key from attachments where application_id = $1 and scan_state = 'pending' order by uploaded_at`,
      [other.id],
    );
    expect(rows.rows.map((r) => r.standard_item_code)).toEqual([
      'attach_bankbook',
      'attach_birth_certificate',
    ]);
    rmSync(join(files, 'files', String(rows.rows[0]!.storage_key)));
    await clamd.start();
    // The lost file is first in line; the sweep still reaches the second (the app's own minute sweep may
    // run alongside: each file is claimed by one of them).
    const swept = await sweeper(t.database).sweep();
    expect(swept.pending).toBe(false);
    const states = () =>
      t.database
        .executeSql(
          `select standard_item_code, scan_state, scan_claimed_at is not null as claimed from attachments where application_id = $1 order by uploaded_at`,
          [other.id],
        )
        .then((r) => r.rows);
    expect(
      await waitFor(async () => {
        const now = await states();
        return now[1]?.scan_state === 'clean' ? now : null;
      }),
    ).toEqual([
      { standard_item_code: 'attach_bankbook', scan_state: 'pending', claimed: true },
      { standard_item_code: 'attach_birth_certificate', scan_state: 'clean', claimed: false },
    ]);
    // Held by its claim until the lapse, then claimed again.
    expect(await sweeper(t.database).sweep()).toEqual({ scanned: 0, pending: false });
    const repo = createAttachmentRepository(t.database.db);
    const later = new Date(Date.now() + SCAN_CLAIM_LAPSE_MS + 1000);
    const again = await repo.claimPending(later, new Date(later.getTime() - SCAN_CLAIM_LAPSE_MS));
    expect(again?.standardItemCode).toBe('attach_bankbook');
    await repo.remove(again!.id);
  }, 60_000);

  it('scans each pending file once when two processes sweep at the same time', async () => {
    await clamd.stop();
    const pdfs = [1, 2, 3].map((n) =>
      Buffer.from(`%PDF-1.4\n%file ${n}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`, 'latin1'),
    );
    const other = await draftApplication(t, resident.applicantId, { procedureIds: [1, 2] });
    url = `/api/municipalities/999999/applications/${other.id}/procedure-attaches/`;
    await upload('attach_birth_certificate', { name: 'a.pdf', type: 'application/pdf', bytes: pdfs[0]! });
    await upload('attach_bankbook', { name: 'b.png', type: 'image/png', bytes: await png() });
    const third = await draftApplication(t, resident.applicantId, { procedureIds: [1, 2] });
    url = `/api/municipalities/999999/applications/${third.id}/procedure-attaches/`;
    await upload('attach_birth_certificate', { name: 'c.pdf', type: 'application/pdf', bytes: pdfs[2]! });
    const pending = await t.database.executeSql(
      "select count(*)::int as n from attachments where scan_state = 'pending'",
      [],
    );
    expect(pending.rows[0]!.n).toBe(3);
    counts.clear();
    await clamd.start();
    // The second process: its own connections to the same database (PGlite has one: the same one).
    const second = t.database.url
      ? await openDatabase({ kind: 'postgres', url: t.database.url, poolSize: 3 })
      : t.database;
    try {
      const [a, b] = await Promise.all([sweeper(t.database).sweep(), sweeper(second).sweep()]);
      // The app's own minute sweep may have taken one of them meanwhile: at most the three, never more.
      expect(a.scanned + b.scanned).toBeLessThanOrEqual(3);
      expect(a.pending || b.pending).toBe(false);
    } finally {
      if (second !== t.database) await second.close();
    }
    const left = () =>
      t.database
        .executeSql("select count(*)::int as n from attachments where scan_state = 'pending'", [])
        .then((r) => r.rows[0]!.n as number);
    await waitFor(async () => (await left()) === 0);
    expect([...counts.values()]).toEqual([1, 1, 1]);
  }, 60_000);
});
