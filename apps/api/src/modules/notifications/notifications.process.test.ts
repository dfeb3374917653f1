import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoData } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { createOutboxRepository } from '../../simulators/outbox/outbox.repository.js';
import { draftFor, json, M } from '../../testing/applicant-walk.js';
import { cardResident } from '../../testing/assistant-walk.js';
import { signedInStaff, type Answer } from '../../testing/crash.js';
import { createTestDatabase } from '../../testing/databases.js';
import { startServer, type ServerProcess } from '../../testing/server-process.js';
import { identifyAndSubmit } from '../../testing/submitted-application.js';
import { waitFor } from '../../testing/wait-for.js';
import { currentIfMatch, stepIfMatch } from '../documents/documents.fixtures.js';

/** Notices written straight into the outbox: enough that both processes' workers are still claiming together. */
const EXTRA = 400;
const EMAIL = 'two-server-processes@example.jp';

// Two real server processes (own pools, own job workers) on one PostgreSQL: each notice is mailed once.
describe('notification mail from two server processes on one PostgreSQL', { timeout: 300_000 }, () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'mails the receipt, the remand and the completion once each, whichever process wrote or claimed them',
    async () => {
      const created = await createTestDatabase('postgres');
      await created.close();
      const env = { DATABASE_URL: created.url!, SEED_DEMO: 'true', JOB_SWEEP_SECONDS: '1' };
      const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'portal-notify-process-')));
      const servers: ServerProcess[] = [];
      const seen: Answer[] = [];
      let database: Database | undefined;
      try {
        for (const dir of dataDirs) servers.push(await startServer({ ...env, DATA_DIR: dir }));
        const [a, b] = servers.map((s) => s.url) as [string, string];
        database = await openDatabase({ kind: 'postgres', url: created.url!, poolSize: 2 });
        const db = database.db;
        const mails = () => createOutboxRepository(db).latest({ limit: 500, to: EMAIL });
        const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
        const registry = demoData.residents.find((r) => r.subject === 'demo-resident-0001')!;

        // The resident prepares two applications on A and gives and verifies an address on B.
        const resident = await cardResident(a, 'demo-resident-0001', '1234');
        const first = await draftFor(resident, a, catalog, ['child_allowance']);
        const second = await draftFor(resident, a, catalog, ['child_allowance']);
        await json(await resident.call(b, 'POST', `${M}/notification-settings/code/`, { email: EMAIL }));
        const code = /確認コード：(\d{6})/.exec((await mails())[0]!.text)![1];
        await json(await resident.call(b, 'PUT', `${M}/notification-settings/email/`, { code }));
        // Sent through different processes: each receipt's job runs on whichever worker takes it.
        await identifyAndSubmit(resident, { base: a, registry }, first.app);
        await identifyAndSubmit(resident, { base: b, registry }, second.app);
        const receipts = await waitFor(async () => {
          const rows = await db.select().from(notifications);
          return rows.length === 2 && rows.every((n) => n.mailStatus === 'sent') ? rows : null;
        }, 60_000);

        // Notices due at once in the outbox, then staff act on both processes at the same moment: each
        // process's job (and each process's sweep) claims from the same pending notices.
        await db.insert(notifications).values(
          Array.from({ length: EXTRA }, (_, i) => ({
            ...receipts[0]!,
            id: undefined,
            eventKey: `race:${i}`,
            detail: {
              ...receipts[0]!.detail,
              procedures: [{ name: '児童手当', reference_number: `RACE-${i}` }],
            },
            mailStatus: 'pending',
            mailAttempts: 0,
            mailSentAt: null,
            mailNextAt: new Date(),
          })),
        );
        const staff = await signedInStaff(a, seen);
        const listed = (await json(
          await staff.call(a, 'GET', `${M}/documents/?procedure_code=child_allowance&page_size=all`),
        )) as { documents: { id: string; application_id: string }[] };
        const documentOf = (id: string) => listed.documents.find((d) => d.application_id === id)!.id;
        // The second document's workflow is finished first (completing is refused before that).
        const detail = (await json(
          await staff.call(b, 'GET', `${M}/documents/${documentOf(second.id)}/`),
        )) as { workflow_details: { id: number }[] };
        for (const step of detail.workflow_details) {
          for (const status of ['in_progress', 'approved']) {
            const path = `${M}/workflow-details/${step.id}/status/`;
            await json(
              await staff.call(b, 'PUT', path, { status }, await stepIfMatch({ database }, String(step.id))),
            );
          }
        }
        const [firstVersion, secondVersion] = [
          await currentIfMatch({ database }, documentOf(first.id)),
          await currentIfMatch({ database }, documentOf(second.id)),
        ];
        const [remanded, completed] = await Promise.all([
          staff.call(
            a,
            'PUT',
            `${M}/documents/${documentOf(first.id)}/status/`,
            { status: 'remanded', remand_message: '印鑑の押し忘れがあります。' },
            firstVersion,
          ),
          staff.call(
            b,
            'PUT',
            `${M}/documents/${documentOf(second.id)}/status/`,
            { status: 'completed' },
            secondVersion,
          ),
        ]);
        expect([remanded.status, completed.status]).toEqual([200, 200]);

        const total = 2 + EXTRA + 2;
        const rows = await waitFor(async () => {
          const all = await db.select().from(notifications);
          return all.length === total && all.every((n) => n.mailStatus === 'sent') ? all : null;
        }, 90_000);
        // Each notice claimed once and mailed once: one mail per notice, no more.
        expect(rows.map((n) => n.mailAttempts)).toEqual(rows.map(() => 1));
        const notices = async () => (await mails()).filter((m) => !m.subject.includes('確認コード'));
        const sent = await notices();
        expect(sent).toHaveLength(total);
        for (let i = 0; i < EXTRA; i++) {
          expect(
            sent.filter((m) => m.text.includes(`RACE-${i}）`)),
            `RACE-${i}`,
          ).toHaveLength(1);
        }
        expect(sent.filter((m) => m.text.includes('印鑑の押し忘れがあります。'))).toHaveLength(1);
        expect(rows.filter((n) => n.event === 'completed')).toHaveLength(1);
        // Nothing more arrives later: the next sweeps of both processes find nothing due.
        await new Promise((r) => setTimeout(r, 2500));
        expect(await notices()).toHaveLength(total);
        expect(seen).toEqual([]);
      } finally {
        await database?.close();
        await Promise.all(servers.map((s) => s.stop()));
        await created.dispose();
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
