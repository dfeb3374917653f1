import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedSystemKey, SystemDocument, SystemKeyUseList } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  ifMatch,
  M,
  signInStaff,
  STAFF,
  submittedDocuments,
  type StaffClient,
} from '../documents/documents.fixtures.js';

const KEYS = `${M}/system-keys/`;
const DOCS = `${M}/system/documents/`;
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

/** Issue 37, the administrators' screen: a key's uses, read from the audit log. */
describe.each(databaseKinds)('uses of a system key on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let admin: StaffClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-key-uses-'));
    t = await createTestApp(kind, { storageDir: dir });
    admin = await signInStaff(t, STAFF.adminShimin);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const createKey = async () => {
    const res = await admin.request('POST', KEYS, {
      name: '住民記録システム',
      procedure_codes: ['birth_notification'],
      access: 'read',
      expires_at: inAYear(),
      allowed_cidrs: ['127.0.0.0/8'],
    });
    expect(res.statusCode, res.body).toBe(201);
    return CreatedSystemKey.parse(res.json());
  };
  const call = (token: string, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${token}`, 'x-region-code': '999999' },
    });
  const usesOf = (client: StaffClient, id: string, code = '999999') =>
    client.request('GET', `/api/municipalities/${code}/system-keys/${id}/uses/`);

  it('lists the key’s own uses newest first, with the document’s reference number and the address', async () => {
    const submitted = await submittedDocuments(t, dir, { procedureCodes: ['birth_notification'] });
    const key = await createKey();
    const other = await createKey();
    expect((await usesOf(admin, key.id)).json()).toEqual({ uses: [] });

    expect((await call(key.token, DOCS)).statusCode).toBe(200);
    const read = await call(key.token, `${DOCS}${submitted.documents.birth_notification}/`);
    expect(read.statusCode, read.body).toBe(200);
    const document = SystemDocument.parse(read.json());
    expect((await call(other.token, DOCS)).statusCode).toBe(200);

    const res = await usesOf(admin, key.id);
    expect(res.statusCode, res.body).toBe(200);
    const { uses } = SystemKeyUseList.parse(res.json());
    expect(uses.map((u) => [u.action, u.reference_number, u.address])).toEqual([
      ['document.read', document.reference_number, '127.0.0.1'],
      ['system.documents.list', null, '127.0.0.1'],
    ]);
    expect(uses[0]!.at >= uses[1]!.at).toBe(true);
    // The administrator's own acts on the key are not its uses.
    expect(uses.some((u) => u.action.startsWith('system_key.'))).toBe(false);
  });

  it('keeps to the latest 50', async () => {
    const key = await createKey();
    await t.database.executeSql(
      `insert into audit_log (municipality_id, actor_kind, actor_id, action, ip, at)
       select municipality_id, 'system', id::text, 'system.documents.list', '192.0.2.1',
              now() - make_interval(secs => n)
       from system_api_keys, generate_series(1, 60) as n where id = $1`,
      [key.id],
    );
    const { uses } = SystemKeyUseList.parse((await usesOf(admin, key.id)).json());
    expect(uses).toHaveLength(50);
    const times = uses.map((u) => u.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses those who are not administrators (403) and hides another municipality’s key (404)', async () => {
    const key = await createKey();
    const clerk = await signInStaff(t, STAFF.clerkShimin);
    expect((await usesOf(clerk, key.id)).statusCode).toBe(403);
    const viewer = await signInStaff(t, STAFF.viewerShimin);
    expect((await usesOf(viewer, key.id)).statusCode).toBe(403);
    const elsewhere = await signInStaff(t, STAFF.adminKenko);
    expect((await usesOf(elsewhere, key.id, '999998')).statusCode).toBe(404);
    // The same answer as revoking it from there.
    const revoke = await elsewhere.request(
      'DELETE',
      `/api/municipalities/999998/system-keys/${key.id}/`,
      undefined,
      ifMatch(1),
    );
    expect(revoke.statusCode).toBe(404);
  });
});
