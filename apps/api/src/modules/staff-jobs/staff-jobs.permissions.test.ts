import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  finishedJob,
  seedDocument,
  staffClient,
  type SeededDocument,
  type StaffClient,
} from './staff-jobs.fixtures.js';

const M = '/api/municipalities/999999';
type Permission = 'administrator' | 'clerk' | 'viewer';
type Department = 'shimin' | 'kodomo';
type Reach = 'all' | 'own' | 'no';

/** Decision 0005 for the staff jobs, written out here (not read from the policy). */
const decision: Record<'documents.render' | 'documents.delete' | 'exports.run', Record<Permission, Reach>> = {
  'documents.render': { administrator: 'all', clerk: 'own', viewer: 'own' },
  'documents.delete': { administrator: 'all', clerk: 'no', viewer: 'no' },
  'exports.run': { administrator: 'all', clerk: 'own', viewer: 'no' },
};
const roles: { email: string; permission: Permission; department: Department }[] = [
  { email: 'admin.shimin@demo.example.jp', permission: 'administrator', department: 'shimin' },
  { email: 'clerk.shimin@demo.example.jp', permission: 'clerk', department: 'shimin' },
  { email: 'viewer.shimin@demo.example.jp', permission: 'viewer', department: 'shimin' },
  { email: 'admin.kodomo@demo.example.jp', permission: 'administrator', department: 'kodomo' },
  { email: 'clerk.kodomo@demo.example.jp', permission: 'clerk', department: 'kodomo' },
  { email: 'viewer.kodomo@demo.example.jp', permission: 'viewer', department: 'kodomo' },
];
const procedureOf: Record<Department, { code: string; report: number }> = {
  shimin: { code: 'birth_notification', report: 1 },
  kodomo: { code: 'child_allowance', report: 3 },
};

/** 2xx when the act reaches the department, 404 when only the own department does, 403 when refused. */
function expected(
  act: keyof typeof decision,
  role: (typeof roles)[number],
  department: Department,
  ok: number,
) {
  const reach = decision[act][role.permission];
  if (reach === 'no') return 403;
  if (reach === 'own' && role.department !== department) return 404;
  return ok;
}

describe.each(databaseKinds)('staff jobs permission matrix on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let clients: StaffClient[];
  let admin: StaffClient;
  const documents = {} as Record<Department, SeededDocument>;
  const jobs = {} as Record<Department, { application: string; report: string; export: string }>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'staff-jobs-matrix-'));
    // Deletion requests of the matrix must not run while it runs.
    t = await createTestApp(kind, { storageDir: dir, env: { DOCUMENTS_DELETE_DELAY_SECONDS: '3600' } });
    for (const department of ['shimin', 'kodomo'] as const) {
      documents[department] = await seedDocument(t, {
        storageRoot: dir,
        procedureCode: procedureOf[department].code,
        reference: department === 'shimin' ? '2026-000201' : '2026-000202',
        receivedAt: new Date('2026-05-01T09:00:00+09:00'),
      });
    }
    clients = await Promise.all(roles.map((r) => staffClient(t.app, r.email)));
    admin = clients[0]!;
    // Finished jobs of each department, started by an administrator (exports by that department's clerk).
    for (const department of ['shimin', 'kodomo'] as const) {
      const d = documents[department];
      const application = await admin.request(
        'POST',
        `${M}/applications/${d.applicationId}/render/municipality/${d.documentId}/`,
        {},
      );
      const report = await admin.request(
        'POST',
        `${M}/documents/${d.documentId}/render/${procedureOf[department].report}/`,
      );
      const clerk = clients[department === 'shimin' ? 1 : 4]!;
      const exported = await clerk.request('POST', `${M}/export/1/`, {
        start_date: '2026-05-01',
        end_date: '2026-05-31',
        procedure_codes: [procedureOf[department].code],
      });
      jobs[department] = {
        application: application.json().id,
        report: report.json().id,
        export: exported.json().id,
      };
      await finishedJob(
        admin,
        `${M}/applications/${d.applicationId}/rendering/${jobs[department].application}/status/`,
      );
      await finishedJob(admin, `${M}/rendering/${jobs[department].report}/status/`);
      await finishedJob(clerk, `${M}/exporting/${jobs[department].export}/status/`);
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(roles.map((r, i) => ({ ...r, i })))(
    '$permission of $department on each department’s documents and jobs',
    async (role) => {
      const client = clients[role.i]!;
      for (const department of ['shimin', 'kodomo'] as const) {
        const d = documents[department];
        const j = jobs[department];
        const calls: [string, 'GET' | 'POST' | 'DELETE', string, number, unknown?][] = [
          [
            'render application',
            'POST',
            `${M}/applications/${d.applicationId}/render/municipality/${d.documentId}/`,
            expected('documents.render', role, department, 202),
            { is_additional: true },
          ],
          [
            'render application status',
            'GET',
            `${M}/applications/${d.applicationId}/rendering/${j.application}/status/`,
            expected('documents.render', role, department, 200),
          ],
          [
            'render application zip',
            'GET',
            `${M}/applications/${d.applicationId}/rendered/zip/${j.application}/`,
            expected('documents.render', role, department, 200),
          ],
          [
            'render report',
            'POST',
            `${M}/documents/${d.documentId}/render/${procedureOf[department].report}/`,
            expected('documents.render', role, department, 202),
          ],
          [
            'report status',
            'GET',
            `${M}/rendering/${j.report}/status/`,
            expected('documents.render', role, department, 200),
          ],
          [
            'report zip',
            'GET',
            `${M}/rendered/zip/${j.report}/`,
            expected('documents.render', role, department, 200),
          ],
          [
            'delete request',
            'POST',
            `${M}/documents-delete/`,
            expected('documents.delete', role, department, 202),
            { document_ids: [d.documentId] },
          ],
          [
            'export',
            'POST',
            `${M}/export/1/`,
            // A clerk naming another department's procedure is told so (400 on procedure_codes).
            expected('exports.run', role, department, 202) === 404
              ? 400
              : expected('exports.run', role, department, 202),
            {
              start_date: '2026-05-01',
              end_date: '2026-05-31',
              procedure_codes: [procedureOf[department].code],
            },
          ],
          [
            'export status',
            'GET',
            `${M}/exporting/${j.export}/status/`,
            // An export is its requester's (the department's clerk) and administrators'.
            decision['exports.run'][role.permission] === 'no'
              ? 403
              : role.permission === 'administrator' || role.department === department
                ? 200
                : 404,
          ],
        ];
        for (const [name, method, url, status, body] of calls) {
          const res = await client.request(method, url, body);
          expect(res.statusCode, `${name} on ${department}: ${res.body.slice(0, 200)}`).toBe(status);
          if (status === 403) expect(res.json().errors[0].code).toBe('forbidden');
          if (status === 404) expect(res.json().errors[0].code).toBe('not_found');
        }
        // The signature package: allowed roles learn the document has no signature, others that there is no document.
        const signature = await client.request(
          'GET',
          `${M}/applications/${d.applicationId}/signature-digital-certified/zip/${d.documentId}/`,
        );
        expect(signature.statusCode).toBe(404);
        expect(signature.json().errors[0].message).toBe(
          expected('documents.render', role, department, 200) === 200
            ? 'signature not found'
            : 'document not found',
        );
        // Cancelling a fresh request of this department's document.
        const request = await admin.request('POST', `${M}/documents-delete/`, {
          document_ids: [d.documentId],
        });
        const cancel = await client.request(
          'DELETE',
          `${M}/documents-delete/?documents_delete_id=${request.json().id}`,
        );
        expect(cancel.statusCode, `cancel on ${department}`).toBe(
          expected('documents.delete', role, department, 200),
        );
      }
    },
  );
});
