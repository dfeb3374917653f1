import { beforeAll, describe, expect, it } from 'vitest';
import { SystemDocument, SystemKeyUseList } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import type { TestApp } from '../../testing/test-app.js';
import {
  ifMatch,
  signInStaff,
  STAFF,
  submittedDocuments,
  type StaffClient,
} from '../documents/documents.fixtures.js';
import { createKey as createKeyAs, DOCS, keySuite } from './system-keys.fixtures.js';

/** Issue 37, the administrators' screen: a key's uses, read from the audit log. */
describe.each(databaseKinds)('uses of a system key on %s', (kind) => {
  const s = keySuite(kind);
  let t: TestApp;
  let dir: string;
  let admin: StaffClient;
  beforeAll(() => void ({ t, dir, admin } = s));

  const createKey = () =>
    createKeyAs(admin, {
      procedure_codes: ['birth_notification'],
      access: 'read',
      allowed_cidrs: ['127.0.0.0/8'],
    });
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
