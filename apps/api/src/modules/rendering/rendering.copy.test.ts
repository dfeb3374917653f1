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

    /** Renders the owner's copy in `language` and waits for it; returns the job's URL. */
    async function renderCopy(
      owner: Awaited<ReturnType<typeof signedInApplicant>>,
      applicationId: string,
      language?: string,
    ) {
      const created = await owner.request('POST', `${M}/render/applicant/${applicationId}/`, {
        use_signature_digital_certificate: false,
        ...(language ? { language } : {}),
      });
      expect(created.statusCode, created.body).toBe(202);
      const job = `${M}/render/applicant/${applicationId}/${created.json().id}`;
      let status = created.json();
      for (let i = 0; i < 100 && status.status !== 'succeeded' && status.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await owner.request('GET', `${job}/status/`)).json();
      }
      expect(status.status).toBe('succeeded');
      return { job, status };
    }

    /** The PDF's text laid out as printed (pdftotext -layout): its last line is the footer. */
    const footerLines = (bytes: Buffer) => {
      const file = join(dir, `footer-${randomUUID()}.pdf`);
      writeFileSync(file, bytes);
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      return text
        .split('\f')
        .filter((page) => page.trim() !== '')
        .map((page) => page.trimEnd().split('\n').at(-1)!.trim());
    };

    it('opens one procedure’s copy as a PDF, its footer in the resident’s language', async () => {
      const subject = `copy-${randomUUID()}`;
      const sent = await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'], subject });
      const owner = await signedInApplicant(t, subject);
      const procedureId = 2;

      const english = await renderCopy(owner, sent.applicationId, 'en');
      expect(english.status.documents).toEqual([
        expect.objectContaining({ procedure_id: procedureId, file_name: expect.stringMatching(/\.pdf$/) }),
      ]);
      const pdf = await owner.request('GET', `${english.job}/documents/${procedureId}/`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // Inline, so a phone opens it in its viewer, under the name the zip gives it.
      expect(String(pdf.headers['content-disposition'])).toMatch(/^inline; filename=/);
      expect(String(pdf.headers['content-disposition'])).toContain(
        encodeURIComponent(english.status.documents[0].file_name),
      );
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const en = footerLines(pdf.rawPayload);
      expect(en.length).toBeGreaterThan(0);
      en.forEach((line, i) =>
        expect(line).toMatch(
          new RegExp(`^Child allowance claim\\s+Page ${i + 1} of ${en.length}\\s+Demo City \\(999999\\)$`),
        ),
      );

      // Japanese by default: the procedure's name, never its code, and 「1 / N ページ」.
      const japanese = await renderCopy(owner, sent.applicationId);
      const ja = footerLines(
        (await owner.request('GET', `${japanese.job}/documents/${procedureId}/`)).rawPayload,
      );
      ja.forEach((line, i) =>
        expect(line).toMatch(
          new RegExp(`^児童手当 認定請求\\s+${i + 1} / ${ja.length} ページ\\s+デモ市（999999）$`),
        ),
      );
      expect(ja.join('\n')).not.toContain('child_allowance');
    });

    it('refuses a language it does not print, a procedure not in the job and a malformed id', async () => {
      const subject = `copy-${randomUUID()}`;
      const sent = await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'], subject });
      const owner = await signedInApplicant(t, subject);
      const refused = await owner.request('POST', `${M}/render/applicant/${sent.applicationId}/`, {
        use_signature_digital_certificate: false,
        language: 'fr',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].field).toBe('language');
      const { job } = await renderCopy(owner, sent.applicationId, 'ja');
      expect((await owner.request('GET', `${job}/documents/1/`)).statusCode).toBe(404);
      expect((await owner.request('GET', `${job}/documents/abc/`)).statusCode).toBe(400);
      // Another resident cannot open it.
      const other = await signedInApplicant(t, `copy-${randomUUID()}`);
      expect((await other.request('GET', `${job}/documents/2/`)).statusCode).toBe(404);
    });
  },
);
