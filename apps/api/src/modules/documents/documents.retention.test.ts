// Retention on the staff side (decision 0052): a document's 保存期限 counts from its finish, its procedure's
// years or the default; a legal hold is set and released by administrators with a reason, at the version
// read (decision 0034), audited and in the history.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentRetention } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  M,
  ifMatch,
  signInAll,
  submittedDocuments,
  type StaffClient,
  type StaffName,
} from './documents.fixtures.js';
import { createDocumentRepository } from './documents.repository.js';

describe.each(databaseKinds)('retention and legal hold of documents on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let staff: Record<StaffName, StaffClient>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-retention-'));
    t = await createTestApp(kind, { storageDir: dir, env: { RETENTION_YEARS_DEFAULT: '7' } });
    staff = await signInAll(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const doc = (id: string) => `${M}/documents/${id}/`;
  const allowance = async () =>
    (await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] })).documents.child_allowance!;
  const read = async (who: StaffName, id: string) => {
    const res = await staff[who].request('GET', doc(id));
    expect(res.statusCode, res.body).toBe(200);
    return DocumentDetail.parse(res.json());
  };
  const hold = (who: StaffName, id: string, body: unknown, version: number) =>
    staff[who].request('PUT', `${doc(id)}legal-hold/`, body, ifMatch(version));

  it('has no date while in process; rejected, it is kept the default years from then, or its procedure’s', async () => {
    const id = await allowance();
    const open = await read('clerkKodomo', id);
    expect(open.retention).toMatchObject({
      finished_at: null,
      retain_until: null,
      years: 7,
      source: 'default',
      legal_hold: null,
    });
    const done = await staff.clerkKodomo.request(
      'PUT',
      `${doc(id)}status/`,
      { status: 'rejected', remand_message: '要件を満たしていないため' },
      ifMatch(open.version),
    );
    expect(done.statusCode, done.body).toBe(200);
    const finished = (await read('clerkKodomo', id)).retention;
    expect(finished.finished_at).not.toBeNull();
    const at = new Date(finished.finished_at!);
    expect(Date.now() - at.getTime()).toBeLessThan(60_000);
    const until = new Date(finished.retain_until!);
    expect(until.getUTCFullYear() - at.getUTCFullYear()).toBe(7);
    expect(until.getUTCMonth()).toBe(at.getUTCMonth());

    await t.database.executeSql("update procedures set retention_years = 30 where code = 'child_allowance'");
    try {
      const own = (await read('clerkKodomo', id)).retention;
      expect(own).toMatchObject({ years: 30, source: 'procedure' });
      expect(new Date(own.retain_until!).getUTCFullYear() - at.getUTCFullYear()).toBe(30);
    } finally {
      await t.database.executeSql(
        "update procedures set retention_years = null where code = 'child_allowance'",
      );
    }
  });

  it("a resident's withdrawal finishes the document: its retention starts then", async () => {
    const { applicationId, documents } = await submittedDocuments(t, dir, {
      procedureCodes: ['child_allowance'],
    });
    const at = new Date('2030-05-01T03:00:00Z');
    await createDocumentRepository(t.database.db).withdraw({
      applicationId,
      at,
      openStatuses: ['received', 'in_progress', 'remanded', 'resubmitted'],
      to: { document: 'withdrawn', application: 'withdrawn' },
    });
    const retention = (await read('clerkKodomo', documents.child_allowance!)).retention;
    expect(retention.finished_at).toBe(at.toISOString());
    expect(retention.retain_until).toBe('2037-05-01T03:00:00.000Z');
  });

  it('a legal hold is set and released by an administrator with a reason, audited, at the version read', async () => {
    const id = await allowance();
    const before = await read('adminKodomo', id);

    // Clerks and viewers may not; an empty reason is refused at the field.
    for (const who of ['clerkKodomo', 'viewerKodomo'] as const) {
      const refused = await hold(who, id, { held: true, reason: '訴訟' }, before.version);
      expect(refused.statusCode, who).toBe(403);
    }
    const empty = await hold('adminKodomo', id, { held: true, reason: '  ' }, before.version);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual(expect.objectContaining({ field: 'reason' }));
    // Another municipality's administrator does not find it.
    const foreign = await staff.adminKenko.request(
      'PUT',
      `/api/municipalities/999998/documents/${id}/legal-hold/`,
      { held: true, reason: '訴訟' },
      ifMatch(before.version),
    );
    expect(foreign.statusCode).toBe(404);

    const set = await hold('adminKodomo', id, { held: true, reason: '訴訟の証拠として保全' }, before.version);
    expect(set.statusCode, set.body).toBe(200);
    const held = DocumentRetention.parse(set.json());
    expect(set.headers.etag).toBe(`"${before.version + 1}"`);
    expect(held.legal_hold).toMatchObject({ reason: '訴訟の証拠として保全' });
    expect(held.legal_hold!.by).toBeTruthy();
    expect((await read('clerkKodomo', id)).retention.legal_hold).toEqual(held.legal_hold);

    // A second write from the old version is stale.
    const stale = await hold('adminKodomo', id, { held: false, reason: '終結' }, before.version);
    expect(stale.statusCode).toBe(409);

    const released = await hold('adminKodomo', id, { held: false, reason: '訴訟が終結' }, held.version);
    expect(released.statusCode, released.body).toBe(200);
    expect(DocumentRetention.parse(released.json()).legal_hold).toBeNull();

    const audit = (
      await t.database.executeSql(
        `select action, detail from audit_log where target_id = $1 and action like 'document.legal_hold%' order by id`,
        [id],
      )
    ).rows;
    expect(audit).toEqual([
      { action: 'document.legal_hold.set', detail: { legal_hold_reason: '訴訟の証拠として保全' } },
      { action: 'document.legal_hold.release', detail: { legal_hold_reason: '訴訟が終結' } },
    ]);
    const history = (await read('adminKodomo', id)).history.map((h) => h.action);
    expect(history).toEqual(
      expect.arrayContaining(['document.legal_hold.set', 'document.legal_hold.release']),
    );
  });
});
