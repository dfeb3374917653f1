import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathFor, routeById, type RouteId } from '@portal/contracts';
import { sessionCookie } from '../sessions/sessions.service.js';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  auditOf,
  currentIfMatch,
  signInAll,
  submittedDocuments,
  type StaffClient,
  type StaffName,
  type SubmittedDocuments,
} from './documents.fixtures.js';

type Permission = 'administrator' | 'clerk' | 'viewer';
type Department = 'shimin' | 'kodomo';
/** all: every department of the municipality; own: the staff member's departments; no: refused (403). */
type Reach = 'all' | 'own' | 'no';
type Act =
  | 'documents.read'
  | 'documents.edit'
  | 'documents.status'
  | 'documents.memos'
  | 'workflow.act'
  | 'staff.browse'
  | 'overview.read';

/** Decision 0005, written out here (not read from the policy), so this test checks the policy. */
const decision: Record<Act, Record<Permission, Reach>> = {
  'documents.read': { administrator: 'all', clerk: 'own', viewer: 'own' },
  'documents.edit': { administrator: 'all', clerk: 'own', viewer: 'no' },
  'documents.status': { administrator: 'all', clerk: 'own', viewer: 'no' },
  'documents.memos': { administrator: 'all', clerk: 'own', viewer: 'no' },
  'workflow.act': { administrator: 'all', clerk: 'own', viewer: 'no' },
  'staff.browse': { administrator: 'all', clerk: 'all', viewer: 'all' },
  'overview.read': { administrator: 'all', clerk: 'all', viewer: 'all' },
};

/**
 * What a route is called on: nothing (municipality-wide), a document, one of its attachments, or its
 * first workflow step. A new route is one line here.
 */
type Target = 'none' | 'document' | 'attachment' | 'step';
const routes: { id: RouteId; act: Act; target: Target; body?: unknown }[] = [
  { id: 'staff.documents.list', act: 'documents.read', target: 'none' },
  { id: 'staff.documents.get', act: 'documents.read', target: 'document' },
  { id: 'staff.documents.attachment', act: 'documents.read', target: 'attachment' },
  {
    id: 'staff.documents.update',
    act: 'documents.edit',
    target: 'document',
    body: {
      standard_item_fragments: [{ standard_item_code: 'applicant_phone', sequence: 1, value: '0398765432' }],
    },
  },
  {
    id: 'staff.documents.status',
    act: 'documents.status',
    target: 'document',
    body: { status: 'in_progress' },
  },
  { id: 'staff.documents.reports', act: 'documents.read', target: 'document' },
  { id: 'staff.documents.memos.get', act: 'documents.read', target: 'document' },
  {
    id: 'staff.documents.memos.update',
    act: 'documents.memos',
    target: 'document',
    body: { municipality_memos: 'matrix', is_confirmed: true },
  },
  { id: 'staff.workflow.status', act: 'workflow.act', target: 'step', body: { status: 'in_progress' } },
  { id: 'staff.overview', act: 'overview.read', target: 'none' },
  { id: 'staff.browsable', act: 'staff.browse', target: 'none' },
];

const roles: { name: StaffName; permission: Permission; department: Department }[] = [
  { name: 'adminShimin', permission: 'administrator', department: 'shimin' },
  { name: 'clerkShimin', permission: 'clerk', department: 'shimin' },
  { name: 'viewerShimin', permission: 'viewer', department: 'shimin' },
  { name: 'adminKodomo', permission: 'administrator', department: 'kodomo' },
  { name: 'clerkKodomo', permission: 'clerk', department: 'kodomo' },
  { name: 'viewerKodomo', permission: 'viewer', department: 'kodomo' },
];
const documentOf: Record<Department, { procedure: string; attachment: string }> = {
  shimin: { procedure: 'birth_notification', attachment: 'attach_birth_certificate' },
  kodomo: { procedure: 'child_allowance', attachment: 'attach_bankbook' },
};

function expectedStatus(act: Act, target: Target, role: (typeof roles)[number], department: Department) {
  const reach = decision[act][role.permission];
  if (reach === 'no') return 403;
  if (target !== 'none' && reach === 'own' && role.department !== department) return 404;
  return 200;
}

function urlOf(id: RouteId, f: SubmittedDocuments | null, department: Department) {
  const d = documentOf[department];
  return pathFor(routeById(id).path, {
    code: '999999',
    ...(f
      ? {
          documentId: f.documents[d.procedure]!,
          attachmentId: f.attachments[d.attachment]!,
          workflowDetailId: f.steps[d.procedure]![0]!,
        }
      : {}),
  });
}

/** A write that names a version sends its document's current one, as a screen just read it (decision 0034). */
async function versionOf(t: TestApp, id: RouteId, f: SubmittedDocuments, department: Department) {
  return routeById(id).ifMatch === 'required'
    ? currentIfMatch(t, f.documents[documentOf[department].procedure]!)
    : {};
}

describe.each(databaseKinds)('staff documents permission matrix on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let staff: Record<StaffName, StaffClient>;
  let shared: SubmittedDocuments;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-documents-'));
    t = await createTestApp(kind, { storageDir: dir });
    staff = await signInAll(t);
    shared = await submittedDocuments(t, dir);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('covers staff routes of the route table, each implemented', async () => {
    for (const r of routes) {
      const def = routeById(r.id);
      expect(def.audience, r.id).toBe('staff');
      expect(def.auth, r.id).toBe(true);
      const res = await staff.adminShimin.request(
        def.method,
        urlOf(r.id, shared, 'shimin'),
        r.body,
        await versionOf(t, r.id, shared, 'shimin'),
      );
      expect(res.statusCode, `${r.id}: ${res.body}`).not.toBe(501);
    }
  });

  it.each(routes)(
    '$id: administrator, clerk and viewer of each department on each department’s document',
    async (r) => {
      const def = routeById(r.id);
      const write = def.method !== 'GET';
      for (const role of roles) {
        // A write that succeeds changes its document: each role gets fresh documents.
        const f = write ? await submittedDocuments(t, dir) : shared;
        for (const department of r.target === 'none'
          ? (['shimin'] as const)
          : (['shimin', 'kodomo'] as const)) {
          const expected = expectedStatus(r.act, r.target, role, department);
          const res = await staff[role.name].request(
            def.method,
            urlOf(r.id, f, department),
            r.body,
            await versionOf(t, r.id, f, department),
          );
          expect(res.statusCode, `${role.name} on ${department}: ${res.body}`).toBe(expected);
          if (expected !== 200) {
            expect(res.json().errors[0].code).toBe(expected === 403 ? 'forbidden' : 'not_found');
            if (write) {
              const documentId = f.documents[documentOf[department].procedure]!;
              expect(await auditOf(t, documentId), `${role.name} on ${department}`).toEqual([]);
              const changes = await t.database.executeSql(
                'select count(*)::int as n from document_changes where document_id = $1',
                [documentId],
              );
              expect(Number(changes.rows[0]!.n)).toBe(0);
            }
          }
        }
      }
    },
  );

  it.each(routes)('$id: 401 without a session, 403 for staff of another municipality', async (r) => {
    const def = routeById(r.id);
    const url = urlOf(r.id, shared, 'shimin');
    const anonymous = await browser(t.app);
    const version = await versionOf(t, r.id, shared, 'shimin');
    const res = await anonymous.request(def.method, url, r.body, version);
    expect(res.statusCode).toBe(401);
    // サンプル町's administrator, on デモ市's paths with デモ市's region header.
    const foreign = await browser(t.app, '999999');
    foreign.jar.set(sessionCookie.staff, staff.adminKenko.jar.get(sessionCookie.staff)!);
    const refused = await foreign.request(def.method, url, r.body, version);
    expect(refused.statusCode, refused.body).toBe(403);
  });
});
