import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { demoData } from '@portal/demo';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { createJobQueue, type JobQueue } from '../../jobs/job-queue.js';
import { json, preparedApplication } from '../../testing/applicant-walk.js';
import { createTestDatabase } from '../../testing/databases.js';
import { identifyAndSubmit } from '../../testing/submitted-application.js';
import type { TestApp } from '../../testing/test-app.js';
import { createOutboxRepository } from '../../simulators/outbox/outbox.repository.js';
import { M, STAFF, signInStaff } from '../documents/documents.fixtures.js';
import { waitFor } from '../../testing/wait-for.js';

const logger = { info: () => {}, error: () => {} };
/** Notices written straight into the outbox besides the real events, for both instances to race over. */
const EXTRA = 40;

/** One server process's worth: an app with its own database pool and its own job queue and workers. */
async function instance(database: Database, dataDir: string) {
  const jobs = createJobQueue({
    database,
    clock: () => new Date(),
    logger,
    leaseSeconds: 5,
    sweepSeconds: 1,
  });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    database,
    webRoot: null,
    configurationTtlMs: 0,
    jobs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, jobs, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

// Two instances on one PostgreSQL, each mailing from its own job workers (decision 0025).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'notification mail from two app instances on one PostgreSQL',
  () => {
    it('mails each notice once, whichever instance wrote it and however many jobs race', async () => {
      const database = await createTestDatabase('postgres', { seeded: true });
      const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 5 });
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-notify-'));
      let a: { app: FastifyInstance; jobs: JobQueue; base: string } | undefined;
      let b: typeof a;
      try {
        a = await instance(database, dataDir);
        b = await instance(second, dataDir);
        const t: TestApp = { app: a.app, database, close: async () => {} };
        const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
        const email = 'two-processes@example.jp';
        const mails = () => createOutboxRepository(database.db).latest({ limit: 200, to: email });

        // The resident prepares on A, gives and verifies an address on B, and submits on B.
        const { client, app, id } = await preparedApplication(t, a.base, 'demo-resident-0001', catalog, [
          'child_allowance',
        ]);
        await json(await client.call(b.base, 'POST', `${M}/notification-settings/code/`, { email }));
        const code = /確認コード：(\d{6})/.exec((await mails())[0]!.text)![1];
        await json(await client.call(b.base, 'PUT', `${M}/notification-settings/email/`, { code }));
        await identifyAndSubmit(client, { t, base: b.base, catalog, registry: registryOf() }, app);

        // Notices as events would have written them, due at once, then jobs on both instances at once.
        const [received] = await database.db.select().from(notifications);
        await database.db.insert(notifications).values(
          Array.from({ length: EXTRA }, (_, i) => ({
            ...received!,
            id: undefined,
            eventKey: `race:${i}`,
            detail: {
              ...received!.detail,
              procedures: [{ name: '児童手当', reference_number: `RACE-${i}` }],
            },
            mailStatus: 'pending',
            mailAttempts: 0,
            mailSentAt: null,
            mailNextAt: new Date(),
          })),
        );
        // Staff remand on A while both instances' workers mail.
        const clerk = await signInStaff(t, STAFF.clerkKodomo);
        const listed = (
          await clerk.request('GET', `${M}/documents/?procedure_code=child_allowance&page_size=all`)
        ).json() as { documents: { id: string; application_id: string }[] };
        const document = listed.documents.find((d) => d.application_id === id)!;
        await Promise.all([
          clerk.request('PUT', `${M}/documents/${document.id}/status/`, {
            status: 'remanded',
            remand_message: '印鑑の押し忘れがあります。',
          }),
          ...Array.from({ length: 6 }, (_, i) =>
            (i % 2 ? a! : b!).jobs.enqueue({ kind: 'notification_mail', municipalityId: null }),
          ),
        ]);

        const total = EXTRA + 2;
        const rows = await waitFor(async () => {
          const all = await database.db.select().from(notifications);
          return all.length === total && all.every((n) => n.mailStatus === 'sent') ? all : null;
        }, 60_000);
        // Each notice claimed once and mailed once: one mail per notice, no more.
        expect(rows.map((n) => n.mailAttempts)).toEqual(rows.map(() => 1));
        const sent = (await mails()).filter((m) => !m.subject.includes('確認コード'));
        expect(sent).toHaveLength(total);
        for (let i = 0; i < EXTRA; i++) {
          expect(
            sent.filter((m) => m.text.includes(`RACE-${i}）`)),
            `RACE-${i}`,
          ).toHaveLength(1);
        }
        expect(sent.filter((m) => m.text.includes('印鑑の押し忘れがあります。'))).toHaveLength(1);
        // Nothing more arrives later (a late job or the minute's sweep finds nothing due).
        await new Promise((r) => setTimeout(r, 1500));
        expect((await mails()).filter((m) => !m.subject.includes('確認コード'))).toHaveLength(total);
      } finally {
        await a?.app.close();
        await b?.app.close();
        await second.close();
        await database.dispose();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  },
);

function registryOf() {
  const r = demoData.residents.find((x) => x.subject === 'demo-resident-0001')!;
  return { postal_code: r.postal_code, address: r.address };
}
