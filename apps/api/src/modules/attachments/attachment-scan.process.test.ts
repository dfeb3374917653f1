import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoData } from '@portal/demo';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { draftFor, json, type Client } from '../../testing/applicant-walk.js';
import { cardResident } from '../../testing/assistant-walk.js';
import { startCountingClamdProxy } from '../../testing/clamd-proxy.js';
import { startClamd } from '../../testing/clamd.js';
import { createTestDatabase } from '../../testing/databases.js';
import { multipartBody } from '../../testing/multipart.js';
import { startServer, type ServerProcess } from '../../testing/server-process.js';
import { waitFor } from '../../testing/wait-for.js';

const image = (background: string) =>
  sharp({ create: { width: 24, height: 24, channels: 3, background } })
    .png()
    .toBuffer();

async function upload(client: Client, base: string, app: string, code: string, bytes: Buffer) {
  const body = multipartBody(
    { standard_item_code: code, sequence: '1' },
    { name: 'scan.png', type: 'image/png', bytes },
  );
  const res = await fetch(`${base}${app}/procedure-attaches/`, {
    method: 'POST',
    body: body.payload,
    headers: { ...client.headers(), 'content-type': body.contentType },
  });
  return { status: res.status, body: (await res.json()) as { procedure_attaches: Slot[] } };
}
interface Slot {
  standard_item_code: string;
  sequence: number;
  scan_state: string;
}
const stateOf = (slots: Slot[], code: string) => slots.find((s) => s.standard_item_code === code)?.scan_state;

// Two real server processes (own pools, own job workers, own scanner clients) on one PostgreSQL, one clamd.
describe('malware scanning from two server processes on one PostgreSQL', { timeout: 300_000 }, () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'leaves uploads pending while clamd is stopped, then scans each file once whichever process took it',
    async () => {
      const clamd = await startClamd();
      const proxy = await startCountingClamdProxy(clamd.url);
      const created = await createTestDatabase('postgres');
      await created.close();
      const env = {
        DATABASE_URL: created.url!,
        SEED_DEMO: 'true',
        JOB_SWEEP_SECONDS: '1',
        CLAMD_URL: proxy.url,
        MALWARE_SCAN: 'on',
      };
      const servers: ServerProcess[] = [];
      // One file storage for both, as a cluster has (S3 or a shared folder): either may scan either's upload.
      const shared = mkdtempSync(join(tmpdir(), 'portal-scan-process-'));
      try {
        for (let i = 0; i < 2; i++) servers.push(await startServer({ ...env, DATA_DIR: shared }));
        const [a, b] = servers.map((s) => s.url) as [string, string];
        const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
        const resident = await cardResident(a, 'demo-resident-0001', '1234');
        // Prepared with the daemon up: draftFor's own uploads are scanned at once (201, clean).
        const first = await draftFor(resident, a, catalog, ['child_allowance']);
        const second = await draftFor(resident, b, catalog, ['child_allowance']);
        const attaches = await json(await resident.call(a, 'GET', `${first.app}/procedure-attaches/`));
        const code = (attaches.required as Slot[])[0]!.standard_item_code;
        const files = [await image('#103060'), await image('#601030')];

        // Counted from here: the files are stored as inspected (re-encoded), so counted by clamd's bytes.
        proxy.reset();
        // The daemon stops: a replacement sent to each process is kept, pending, and cannot be used yet.
        await proxy.down();
        const onA = await upload(resident, a, first.app, code, files[0]!);
        const onB = await upload(resident, b, second.app, code, files[1]!);
        for (const sent of [onA, onB]) {
          expect(sent.status).toBe(201);
          expect(stateOf(sent.body.procedure_attaches, code)).toBe('pending');
        }
        const refused = await resident.call(b, 'PUT', `${first.app}/procedure-attaches/`, {
          procedure_attaches: [{ standard_item_code: code, sequence: 1 }],
        });
        expect(refused.status).toBe(409);
        expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toContain(
          'malware scan',
        );

        // Back up: the queue's minute sweep (one process of the two) scans each pending file, once.
        await proxy.up();
        await waitFor(async () => {
          const states = await Promise.all(
            [
              [a, first.app],
              [b, second.app],
            ].map(async ([base, app]) =>
              stateOf(
                (await json(await resident.call(base!, 'GET', `${app}/procedure-attaches/`)))
                  .procedure_attaches as Slot[],
                code,
              ),
            ),
          );
          return states.every((s) => s === 'clean') ? states : null;
        }, 150_000);
        expect(proxy.allCounts()).toEqual([1, 1]);
        // A clean upload while the daemon answers: scanned inline by the process that took it, once.
        const third = await image('#306010');
        const inline = await upload(resident, b, first.app, code, third);
        expect(inline.status).toBe(201);
        expect(stateOf(inline.body.procedure_attaches, code)).toBe('clean');
        expect(proxy.allCounts()).toEqual([1, 1, 1]);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await proxy.down();
        await clamd.close();
        rmSync(shared, { recursive: true, force: true });
      }
    },
  );
});
