// The daily disposal (decision 0052): finished documents past their retention go with their rows and files,
// on the local folder and on S3 (s3rver) alike; held, recent and open ones stay; the audit keeps a record
// of each without personal data; a file the store failed to delete is retried at the next run.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage, type FileStorage } from '../../lib/file-storage.js';
import { s3FileStorage } from '../../lib/s3-file-storage.js';
import { databaseKinds } from '../../testing/databases.js';
import { startS3Server } from '../../testing/s3-server.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createDisposalService } from './disposal.service.js';
import { seedDocument, type SeededDocument } from './staff-jobs.fixtures.js';
import { createStaffJobsRepository } from './staff-jobs.repository.js';

const NOW = new Date('2032-04-01T00:00:00Z');
const yearsAgo = (years: number, days = 0) =>
  new Date(Date.UTC(NOW.getUTCFullYear() - years, NOW.getUTCMonth(), NOW.getUTCDate() - days));
const PNG = Buffer.from('not really a png, but bytes to keep');
const PDF = Buffer.from('%PDF-1.7 rendered');

type Store = 'local' | 's3';

describe.each(databaseKinds)('document disposal on %s', (kind) => {
  describe.each<Store>(['local', 's3'])('with files on %s', (store) => {
    let t: TestApp;
    let root: string;
    let storage: FileStorage;
    let stopS3: () => Promise<void> = async () => {};
    /** Deletions the store refuses (the retry list's test), by key. */
    const refuse = new Set<string>();
    let seq = 0;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'disposal-'));
      t = await createTestApp(kind, { storageDir: root });
      if (store === 'local') {
        storage = localFileStorage(join(root, 'files'));
      } else {
        const s3 = await startS3Server();
        stopS3 = s3.stop;
        storage = s3FileStorage({
          bucket: s3.bucket,
          prefix: 'portal/files',
          endpoint: s3.endpoint,
          credentials: s3.credentials,
        });
      }
    });
    afterAll(async () => {
      await t.close();
      await stopS3();
      rmSync(root, { recursive: true, force: true });
    });

    const sql = async (text: string, values: unknown[] = []) =>
      (await t.database.executeSql(text, values)).rows;

    const disposal = () =>
      createDisposalService({
        repository: createStaffJobsRepository(t.database.db),
        storage: {
          ...storage,
          delete: async (key) => {
            if (refuse.has(key)) throw new Error('store unavailable');
            await storage.delete(key);
          },
        },
        defaultYears: 5,
        clock: () => NOW,
        logger: { error: () => {} },
      });

    /** A document with an answer, an attachment and a rendering in the store, in a status, finished then. */
    async function documentIn(
      status: string,
      finishedAt: Date | null,
      procedureCode = 'birth_notification',
    ): Promise<SeededDocument & { files: string[] }> {
      seq++;
      const seeded = await seedDocument(t, {
        storageRoot: root,
        procedureCode,
        reference: `${store}-${kind}-${seq}`,
        receivedAt: yearsAgo(10),
        applicantName: '廃棄 太郎',
        answers: [{ code: 'applicant_name', value: '廃棄 太郎の回答' }],
        attachments: [{ code: 'attachment_ph', fileName: 'photo.png', bytes: PNG }],
        status,
      });
      await sql('update documents set finished_at = $2 where id = $1', [seeded.documentId, finishedAt]);
      const attachment = `attachments/${seeded.applicationId}/attachment_ph-1`;
      if (store === 's3') await storage.put(attachment, PNG);
      const rendering = `rendered/${seeded.applicationId}/${seq}.pdf`;
      await storage.put(rendering, PDF);
      await sql(
        `insert into rendered_documents (municipality_id, application_id, procedure_id, storage_key, sha256, pages)
         select municipality_id, application_id, procedure_id, $2, 'x', 1 from documents where id = $1`,
        [seeded.documentId, rendering],
      );
      return { ...seeded, files: [attachment, rendering] };
    }

    const stored = async (key: string) =>
      storage.get(key).then(
        () => true,
        (err: { code?: string }) => (err.code === 'ENOENT' ? false : Promise.reject(err)),
      );
    const exists = async (id: string) =>
      (await sql('select 1 from documents where id = $1', [id])).length > 0;

    it('disposes of a finished document past its period with its rows and files, and keeps the others', async () => {
      const past = await documentIn('completed', yearsAgo(5, 1));
      const held = await documentIn('rejected', yearsAgo(8));
      await sql(
        `update documents set legal_hold_reason = '訴訟のため', legal_hold_at = now(), version = version + 1
         where id = $1`,
        [held.documentId],
      );
      const recent = await documentIn('withdrawn', yearsAgo(4, 360));
      // Received ten years ago but never finished: in process, never disposed of.
      const open = await documentIn('in_progress', null);

      const result = await disposal().run();
      expect(result.documents).toBe(1);

      expect(await exists(past.documentId)).toBe(false);
      expect(await sql('select 1 from applications where id = $1', [past.applicationId])).toEqual([]);
      expect(
        await sql('select 1 from application_answers where application_id = $1', [past.applicationId]),
      ).toEqual([]);
      expect(await sql('select 1 from attachments where application_id = $1', [past.applicationId])).toEqual(
        [],
      );
      expect(
        await sql('select 1 from rendered_documents where application_id = $1', [past.applicationId]),
      ).toEqual([]);
      expect(await sql('select 1 from workflow_details where document_id = $1', [past.documentId])).toEqual(
        [],
      );
      for (const key of past.files) expect(await stored(key), key).toBe(false);
      if (store === 'local') {
        await expect(readFile(join(root, 'files', past.files[0]!))).rejects.toMatchObject({ code: 'ENOENT' });
      }
      expect(await sql('select * from file_disposals')).toEqual([]);

      for (const kept of [held, recent, open]) {
        expect(await exists(kept.documentId), kept.reference).toBe(true);
        for (const key of kept.files) expect(await stored(key), key).toBe(true);
      }

      // The record: what, when, under which rule; no name, no answer, no reference number.
      const audit = await sql(
        `select actor_kind, actor_id, action, target_type, target_id, detail, municipality_id from audit_log
         where action = 'document.dispose' and target_id = $1`,
        [past.documentId],
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_kind: 'system',
        actor_id: null,
        target_type: 'document',
        target_id: past.documentId,
      });
      expect(audit[0]!.municipality_id).toBeTypeOf('number');
      expect(audit[0]!.detail).toEqual({
        document_id: past.documentId,
        procedure_code: 'birth_notification',
        retention_years: 5,
        retention_source: 'default',
        finished_at: yearsAgo(5, 1).toISOString(),
        disposed_at: NOW.toISOString(),
      });
      const text = JSON.stringify(audit[0]);
      for (const personal of ['廃棄', past.reference]) expect(text).not.toContain(personal);

      // Released, the held one goes at the next run.
      await sql('update documents set legal_hold_reason = null, legal_hold_at = null where id = $1', [
        held.documentId,
      ]);
      expect((await disposal().run()).documents).toBe(1);
      expect(await exists(held.documentId)).toBe(false);
      for (const key of held.files) expect(await stored(key), key).toBe(false);
      expect(await exists(recent.documentId)).toBe(true);
      expect(await exists(open.documentId)).toBe(true);
    });

    it("counts the procedure's own period over the default, and keeps a sibling's shared answers", async () => {
      await sql("update procedures set retention_years = 10 where code = 'child_allowance'");
      await sql("update procedures set retention_years = 1 where code = 'birth_notification'");
      try {
        const longer = await documentIn('completed', yearsAgo(6), 'child_allowance');
        const shorter = await documentIn('completed', yearsAgo(2), 'birth_notification');
        await disposal().run();
        expect(await exists(longer.documentId)).toBe(true);
        expect(await exists(shorter.documentId)).toBe(false);
        const [rule] = await sql(
          "select detail from audit_log where action = 'document.dispose' and target_id = $1",
          [shorter.documentId],
        );
        expect(rule!.detail).toMatchObject({ retention_years: 1, retention_source: 'procedure' });
      } finally {
        await sql(
          "update procedures set retention_years = null where code in ('child_allowance', 'birth_notification')",
        );
      }
    });

    it('keeps a file the store failed to delete on the retry list, and deletes it at the next run', async () => {
      const past = await documentIn('completed', yearsAgo(7));
      refuse.add(past.files[1]!);
      await disposal().run();
      expect(await exists(past.documentId)).toBe(false);
      expect(await stored(past.files[0]!)).toBe(false);
      expect(await stored(past.files[1]!)).toBe(true);
      expect(
        (await sql('select storage_key, attempts from file_disposals')).map((r) => [
          r.storage_key,
          r.attempts,
        ]),
      ).toEqual([[past.files[1], 1]]);
      refuse.clear();
      expect(await disposal().run()).toEqual({ documents: 0, files: 1 });
      expect(await stored(past.files[1]!)).toBe(false);
      expect(await sql('select * from file_disposals')).toEqual([]);
      // One disposal record, however many runs it took to delete its files.
      expect(
        await sql("select 1 from audit_log where action = 'document.dispose' and target_id = $1", [
          past.documentId,
        ]),
      ).toHaveLength(1);
    });
  });
});
