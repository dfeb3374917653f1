import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CreatedSystemKey } from '@portal/contracts';
import { DEMO_PASSWORD } from '@portal/demo';
import { createTestDatabase } from '../../testing/databases.js';
import { httpBrowser, startServer, type ServerProcess } from '../../testing/server-process.js';
import type { TestApp } from '../../testing/test-app.js';
import { M, STAFF, submittedDocuments } from '../documents/documents.fixtures.js';
import { eventually, webhookReceiver } from './webhook-receiver.fixture.js';

// Two real server processes (own pools, own job workers) on one PostgreSQL: every event reaches the
// receiver once, whichever process wrote it and however both race to claim the deliveries.
describe('webhooks from two server processes on one PostgreSQL', { timeout: 240_000 }, () => {
  it.runIf(process.env.TEST_DATABASE_URL)('posts every event exactly once, signed', async () => {
    const database = await createTestDatabase('postgres', { seeded: true });
    const dir = mkdtempSync(join(tmpdir(), 'portal-webhooks-'));
    const receiver = await webhookReceiver();
    const servers: ServerProcess[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        servers.push(await startServer({ DATABASE_URL: database.url!, WEBHOOK_BACKOFF_SECONDS: '1,1' }));
      }
      const [a, b] = servers.map((s) => s.url) as [string, string];
      const admin = httpBrowser();
      await admin.init(a);
      const login = await admin.call(a, 'POST', `${M}/login/`, {
        login_id: STAFF.adminShimin,
        password: DEMO_PASSWORD,
      });
      expect(login.status).toBe(200);
      const created = await admin.call(a, 'POST', `${M}/system-keys/`, {
        name: '基幹システム',
        procedure_codes: ['birth_notification', 'child_allowance'],
        access: 'read_update',
        expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
        allowed_cidrs: ['127.0.0.0/8', '::1/128'],
        webhook_url: `${receiver.base}/hook`,
      });
      expect(created.status).toBe(201);
      const key = CreatedSystemKey.parse(await created.json());

      // Ten applications of two procedures: twenty submissions, each a delivery written with it.
      const documentIds: string[] = [];
      for (let i = 0; i < 10; i++) {
        const submitted = await submittedDocuments({ database } as unknown as TestApp, dir);
        documentIds.push(...Object.values(submitted.documents));
      }
      // The system takes each in hand through either process at once: twenty moves, each kicking its
      // process's sender, so both claim due deliveries (the submissions' too) side by side.
      const moves = await Promise.all(
        documentIds.map((id, i) =>
          fetch(`${i % 2 === 0 ? a : b}${M}/system/documents/${id}/status/`, {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${key.token}`,
              'x-region-code': '999999',
              'if-match': '"1"',
              'content-type': 'application/json',
            },
            body: JSON.stringify({ status: 'in_progress' }),
          }),
        ),
      );
      for (const res of moves) expect(res.status).toBe(200);

      const expected = documentIds.length * 2;
      await eventually(() => receiver.at('/hook').length >= expected, 90_000, `${expected} deliveries`);
      // A moment more: a second sending of any of them would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const got = receiver.at('/hook');
      expect(got).toHaveLength(expected);
      expect(new Set(got.map((r) => r.id)).size).toBe(expected);
      const events = got.map((r) => receiver.verify(key.webhook_secret!, r));
      for (const id of documentIds) {
        const types = events.filter((e) => e.data.document_id === id).map((e) => e.type);
        expect(types.sort()).toEqual(['document.status_changed', 'document.submitted']);
      }
      const { rows } = await database.executeSql(
        `select status, attempts, count(*)::int as n from webhook_deliveries group by status, attempts`,
      );
      expect(rows).toEqual([{ status: 'succeeded', attempts: 1, n: expected }]);
    } finally {
      for (const s of servers) await s.stop();
      await receiver.close();
      await database.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
