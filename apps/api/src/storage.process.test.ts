import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoData } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { draftFor, M } from './testing/applicant-walk.js';
import { cardResident } from './testing/assistant-walk.js';
import { signedInStaff, untilFinal, type Answer } from './testing/crash.js';
import { createTestDatabase } from './testing/databases.js';
import { startS3Server } from './testing/s3-server.js';
import { startServer, type ServerProcess } from './testing/server-process.js';

const bytesOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

// Two machines: each its own DATA_DIR, one PostgreSQL and one bucket; nothing either needs is on its disk.
describe('two server processes sharing PostgreSQL and an S3 bucket', { timeout: 300_000 }, () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "serve each other's attachments and exports, and keep no file on their own disk",
    async () => {
      const s3 = await startS3Server();
      const database = await createTestDatabase('postgres');
      await database.close();
      const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'portal-machine-')));
      const env = {
        DATABASE_URL: database.url!,
        SEED_DEMO: 'true',
        STORAGE_URL: `s3://${s3.bucket}/portal`,
        S3_ENDPOINT: s3.endpoint,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      };
      const servers: ServerProcess[] = [];
      const seen: Answer[] = [];
      try {
        servers.push(await startServer({ ...env, DATA_DIR: dataDirs[0]! }));
        servers.push(await startServer({ ...env, DATA_DIR: dataDirs[1]! }));
        const [a, b] = servers.map((s) => s.url) as [string, string];

        // A resident uploads through machine A; machine B hands the same bytes back.
        const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
        const resident = await cardResident(a, 'demo-resident-0001', '1234');
        const draft = await draftFor(resident, a, catalog, ['birth_notification']);
        const list = (await (await resident.call(b, 'GET', `${draft.app}/procedure-attaches/`)).json()) as {
          procedure_attaches: { standard_item_code: string; sequence: number }[];
        };
        expect(list.procedure_attaches.length).toBeGreaterThan(0);
        for (const file of list.procedure_attaches) {
          const path = `${draft.app}/procedure-attaches/file/?standard_item_code=${file.standard_item_code}&sequence=${file.sequence}`;
          const fromA = await bytesOf(await resident.call(a, 'GET', path));
          const fromB = await bytesOf(await resident.call(b, 'GET', path));
          expect(fromB.equals(fromA)).toBe(true);
        }

        // Staff start an export on A; whichever machine ran it, B downloads the zip.
        const staff = await signedInStaff(a, seen);
        const started = await staff.call(a, 'POST', `${M}/export/1/`, {
          start_date: '2020-01-01',
          end_date: '2035-12-31',
          procedure_codes: ['birth_notification', 'child_allowance'],
        });
        expect(started.status).toBe(202);
        const { id, kind } = (await started.json()) as { id: string; kind: string };
        const states = await untilFinal(
          b,
          [{ id, kind, client: staff, statusPath: `${M}/exporting/${id}/status/` }],
          90_000,
        );
        expect(states.get(id)?.status).toBe('succeeded');
        const zip = await bytesOf(await staff.call(b, 'GET', `${M}/exported/zip/${id}/`));
        expect(zip.subarray(0, 2).toString()).toBe('PK');

        expect(seen).toEqual([]);
        for (const dir of dataDirs) expect(existsSync(join(dir, 'files')), dir).toBe(false);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await s3.stop();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
