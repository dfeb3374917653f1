// The resident's copy of a sent application is the document: it carries the 受付番号 and 受付日 the
// documents have (issue 33 item 4), read back from the PDF as a resident's viewer would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { submittedDocuments } from '../documents/documents.fixtures.js';
import { readZip } from '../staff-jobs/staff-jobs.fixtures.js';

const M = '/api/municipalities/999999';
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasPdftotext).each(databaseKinds)(
  'the resident’s copy of a sent application on %s',
  (kind) => {
    let t: TestApp;
    const dir = mkdtempSync(join(tmpdir(), 'portal-copy-'));
    beforeAll(async () => {
      t = await createTestApp(kind, { storageDir: dir });
    });
    afterAll(async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('prints the document’s 受付番号 and 受付日', async () => {
      const subject = `copy-${randomUUID()}`;
      const sent = await submittedDocuments(t, dir, {
        procedureCodes: ['child_allowance'],
        subject,
        at: new Date('2026-11-20T03:00:00Z'),
      });
      const reference = String(
        (
          await t.database.executeSql('select reference_number from documents where id = $1', [
            sent.documents.child_allowance,
          ])
        ).rows[0]!.reference_number,
      );
      const owner = await signedInApplicant(t, subject);
      const created = await owner.request('POST', `${M}/render/applicant/${sent.applicationId}/`, {
        use_signature_digital_certificate: false,
      });
      expect(created.statusCode).toBe(202);
      const statusUrl = `${M}/render/applicant/${sent.applicationId}/${created.json().id}/status/`;
      let status = created.json();
      for (let i = 0; i < 100 && status.status !== 'succeeded' && status.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await owner.request('GET', statusUrl)).json();
      }
      expect(status.status).toBe('succeeded');
      const zip = await owner.request(
        'GET',
        `${M}/render/applicant/${sent.applicationId}/${created.json().id}/zip/`,
      );
      const pdf = readZip(zip.rawPayload).find((e) => e.name.endsWith('.pdf'))!;
      expect(pdf.name).toContain(reference);
      const file = join(dir, 'copy.pdf');
      writeFileSync(file, pdf.data);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
        /\s/g,
        '',
      );
      expect(text).toContain(`受付番号${reference}`);
      expect(text).toContain('2026年11月20日');
    });
  },
);
