import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedSystemKey, SystemDocument, SystemDocumentPage, SystemKeyList } from '@portal/contracts';
import { localFileStorage } from '../../lib/file-storage.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  M,
  ifMatch,
  signInStaff,
  STAFF,
  submittedDocuments,
  type StaffClient,
} from '../documents/documents.fixtures.js';
import {
  createKey as createKeyAs,
  DOCS,
  inAYear,
  keySuite,
  KEYS,
  systemCall,
} from './system-keys.fixtures.js';

/** Issue 37 items 1 and 2 (decision 0057): API keys of core systems and the pull API. */
describe.each(databaseKinds)('core systems with API keys on %s', (kind) => {
  const s = keySuite(kind);
  let t: TestApp;
  let dir: string;
  let admin: StaffClient;
  beforeAll(() => void ({ t, dir, admin } = s));

  const createKey = (body: Record<string, unknown> = {}) => createKeyAs(admin, body);
  const call = (
    token: string,
    method: 'GET' | 'PUT',
    url: string,
    opts: Parameters<typeof systemCall>[4] = {},
  ) => systemCall(t, token, method, url, opts);

  it('shows the token once, keeps only its sha256, lets only administrators manage keys, and audits it', async () => {
    const key = await createKey();
    expect(key.token).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    expect(key.token.startsWith(key.key_prefix)).toBe(true);
    const list = SystemKeyList.parse((await admin.request('GET', KEYS)).json());
    const listed = list.keys.find((k) => k.id === key.id)!;
    expect(listed).not.toHaveProperty('token');
    expect(JSON.stringify(list)).not.toContain(key.token);
    const row = (await t.database.executeSql('select * from system_api_keys where id = $1', [key.id]))
      .rows[0]!;
    expect(row.secret_hash).toBe(createHash('sha256').update(key.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.token);
    const audit = await t.database.executeSql(
      `select actor_id, actor_kind from audit_log where action = 'system_key.create' and target_id = $1`,
      [key.id],
    );
    expect(audit.rows).toEqual([{ actor_id: admin.id, actor_kind: 'staff' }]);

    const clerk = await signInStaff(t, STAFF.clerkShimin);
    expect((await clerk.request('GET', KEYS)).statusCode).toBe(403);
    const refused = await clerk.request('POST', KEYS, {
      name: 'x',
      procedure_codes: ['birth_notification'],
      access: 'read',
      expires_at: inAYear(),
      allowed_cidrs: ['127.0.0.1/32'],
    });
    expect(refused.statusCode).toBe(403);
    // Bad input: an unknown procedure, an address that is no range, an expiry in the past.
    for (const bad of [
      { procedure_codes: ['no_such_procedure'] },
      { allowed_cidrs: ['127.0.0.1'] },
      { expires_at: new Date(Date.now() - 1000).toISOString() },
    ]) {
      const res = await admin.request('POST', KEYS, {
        name: 'x',
        procedure_codes: ['birth_notification'],
        access: 'read',
        expires_at: inAYear(),
        allowed_cidrs: ['127.0.0.1/32'],
        ...bad,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('refuses another procedure (403), another municipality (403), an outside address (403), expired and revoked keys (401)', async () => {
    const submitted = await submittedDocuments(t, dir);
    const birth = submitted.documents.birth_notification!;
    const allowance = submitted.documents.child_allowance!;
    const key = await createKey({
      procedure_codes: ['birth_notification'],
      allowed_cidrs: ['127.0.0.0/8', '2001:db8::/32'],
    });

    const ok = await call(key.token, 'GET', `${DOCS}${birth}/`);
    expect(ok.statusCode, ok.body).toBe(200);
    const document = SystemDocument.parse(ok.json());
    expect(document.procedure_code).toBe('birth_notification');
    expect(document.attachments.length).toBeGreaterThan(0);
    const file = await call(key.token, 'GET', document.attachments[0]!.download_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(document.attachments[0]!.size);

    // A rendering of the document's procedure downloads with the same key.
    const pdf = Buffer.from('%PDF-1.7 fixture');
    await localFileStorage(join(dir, 'files')).put(`renderings/${birth}.pdf`, pdf);
    await t.database.executeSql(
      `insert into rendered_documents (municipality_id, application_id, procedure_id, audience, storage_key, sha256, pages)
       select municipality_id, application_id, procedure_id, 'municipality', $2, $3, 1 from documents where id = $1`,
      [birth, `renderings/${birth}.pdf`, 'a'.repeat(64)],
    );
    const rendered = SystemDocument.parse((await call(key.token, 'GET', `${DOCS}${birth}/`)).json());
    expect(rendered.renderings).toHaveLength(1);
    const download = await call(key.token, 'GET', rendered.renderings[0]!.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    expect((await call(key.token, 'GET', `${DOCS}${allowance}/`)).statusCode).toBe(403);
    const allowanceFile = await call(
      key.token,
      'GET',
      `${DOCS}${allowance}/attachments/${Object.values(submitted.attachments)[0]}/`,
    );
    expect(allowanceFile.statusCode).toBe(403);
    // The list holds only the key's procedures.
    const page = SystemDocumentPage.parse((await call(key.token, 'GET', `${DOCS}?limit=500`)).json());
    expect(page.documents.map((d) => d.id)).toContain(birth);
    expect(page.documents.map((d) => d.id)).not.toContain(allowance);

    const other = await call(key.token, 'GET', '/api/municipalities/999998/system/documents/', {
      code: '999998',
    });
    expect(other.statusCode).toBe(403);

    expect((await call(key.token, 'GET', DOCS, { from: '10.1.2.3' })).statusCode).toBe(403);
    expect((await call(key.token, 'GET', DOCS, { from: '2001:db8::7' })).statusCode).toBe(200);
    expect((await call(key.token, 'GET', DOCS, { from: '2001:db9::7' })).statusCode).toBe(403);
    expect((await call(key.token, 'GET', DOCS, { from: '::ffff:127.0.0.1' })).statusCode).toBe(200);

    expect((await call('psk_' + 'x'.repeat(43), 'GET', DOCS)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: DOCS, headers: { 'x-region-code': '999999' } })).statusCode,
    ).toBe(401);

    const used = await t.database.executeSql('select last_used_at from system_api_keys where id = $1', [
      key.id,
    ]);
    expect(used.rows[0]!.last_used_at).not.toBeNull();

    const expiring = await createKey();
    expect((await call(expiring.token, 'GET', DOCS)).statusCode).toBe(200);
    await t.database.executeSql(
      `update system_api_keys set expires_at = now() - interval '1 second' where id = $1`,
      [expiring.id],
    );
    expect((await call(expiring.token, 'GET', DOCS)).statusCode).toBe(401);

    // Revocation names the version read: a stale one is 409 and the key keeps working.
    expect((await admin.request('DELETE', `${KEYS}${key.id}/`, undefined, ifMatch(2))).statusCode).toBe(409);
    expect((await call(key.token, 'GET', DOCS)).statusCode).toBe(200);
    const revoked = await admin.request('DELETE', `${KEYS}${key.id}/`, undefined, ifMatch(1));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    expect((await call(key.token, 'GET', DOCS)).statusCode).toBe(401);
    const audit = await t.database.executeSql(
      `select actor_id from audit_log where action = 'system_key.revoke' and target_id = $1`,
      [key.id],
    );
    expect(audit.rows).toEqual([{ actor_id: admin.id }]);
  });

  it('answers by standard item code, repetitions of a group as lists', async () => {
    const submitted = await submittedDocuments(t, dir, {
      procedureCodes: ['birth_notification'],
      answers: { child_first_name: '一郎' },
      repeats: [{ standard_item_code: 'child_first_name', sequence: 2, value: '二郎' }],
    });
    const key = await createKey();
    const res = await call(key.token, 'GET', `${DOCS}${submitted.documents.birth_notification}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeDefined();
    const document = SystemDocument.parse(res.json());
    expect(document.answers.applicant_last_name).toBe('山田');
    expect(document.answers.child_first_name).toEqual(['一郎', '二郎']);
    // A repeatable item answered once is still a list.
    expect(Array.isArray(document.answers.child_last_name)).toBe(true);
    const audit = await t.database.executeSql(
      `select actor_kind, actor_id from audit_log where action = 'document.read' and target_id = $1`,
      [document.id],
    );
    expect(audit.rows).toEqual([{ actor_kind: 'system', actor_id: key.id }]);
  });

  it('sets the status through the staff’s state machine: a stale version 409, the current one recorded as the key’s act', async () => {
    const submitted = await submittedDocuments(t, dir, { procedureCodes: ['birth_notification'] });
    const id = submitted.documents.birth_notification!;
    const reader = await createKey({ access: 'read' });
    const key = await createKey({ name: '戸籍システム' });
    const url = `${DOCS}${id}/status/`;
    const body = { status: 'in_progress' };

    expect((await call(reader.token, 'PUT', url, { payload: body, headers: ifMatch(1) })).statusCode).toBe(
      403,
    );
    // No CSRF token is needed (a bearer key carries no cookie), but If-Match is.
    expect((await call(key.token, 'PUT', url, { payload: body })).statusCode).toBe(428);
    const stale = await call(key.token, 'PUT', url, { payload: body, headers: ifMatch(7) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe('conflict');
    // A move the machine forbids is refused as for staff.
    const illegal = await call(key.token, 'PUT', url, {
      payload: { status: 'withdrawn' },
      headers: ifMatch(1),
    });
    expect(illegal.statusCode).toBe(409);

    const moved = await call(key.token, 'PUT', url, { payload: body, headers: ifMatch(1) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id, status: 'in_progress', version: 2 });
    expect(moved.headers.etag).toBe('"2"');
    const audit = await t.database.executeSql(
      `select actor_kind, actor_id, detail from audit_log where action = 'document.status' and target_id = $1`,
      [id],
    );
    expect(audit.rows).toEqual([
      {
        actor_kind: 'system',
        actor_id: key.id,
        detail: { from: 'received', to: 'in_progress', name: '戸籍システム' },
      },
    ]);
    // The administrators' audit log names the key as the actor.
    const log = await admin.request('GET', `${M}/audit-log/?action=document.status&target_id=${id}`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().entries[0]).toMatchObject({ actor_kind: 'system', actor_name: '戸籍システム' });
    const keyLog = await admin.request('GET', `${M}/audit-log/?action=system_key.create&target_id=${key.id}`);
    expect(keyLog.json().entries[0]).toMatchObject({
      actor_id: admin.id,
      target: { kind: 'system_key', name: '戸籍システム' },
    });
    const history = await t.database.executeSql(
      `select staff_account_id from document_changes where document_id = $1 and action = 'document.status'`,
      [id],
    );
    expect(history.rows).toEqual([{ staff_account_id: null }]);
    // A staff write is still CSRF-checked.
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: `${M}/documents/${id}/status/`,
      headers: { 'x-region-code': '999999', cookie: admin.jar.header(), ...ifMatch(2) },
      payload: body,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().errors[0].code).toBe('csrf_failed');
  });

  it('walks 1,000 documents page by page while they change: nothing missed, no version twice', async () => {
    await t.database.executeSql('delete from system_api_keys');
    const seed = await submittedDocuments(t, dir, { procedureCodes: ['birth_notification'] });
    const template = seed.documents.birth_notification!;
    // 999 more documents of the same application, in one statement.
    await t.database.executeSql(
      `insert into documents (municipality_id, application_id, procedure_id, department_id, reference_number,
         status, applicant_name, received_at)
       select municipality_id, application_id, procedure_id, department_id, 'WALK-' || g, status, applicant_name, received_at
       from documents, generate_series(1, 999) g where id = $1`,
      [template],
    );
    const key = await createKey({ procedure_codes: ['birth_notification'] });
    const expected = async () =>
      new Map(
        (
          await t.database.executeSql(
            `select d.id, d.version from documents d join procedures p on p.id = d.procedure_id
             join municipalities m on m.id = d.municipality_id
             where m.code = '999999' and p.code = 'birth_notification'`,
          )
        ).rows.map((r) => [String(r.id), Number(r.version)]),
      );
    expect((await expected()).size).toBeGreaterThanOrEqual(1000);

    const seen = new Map<string, number>();
    const pairs = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    let waits = 0;
    let changed = 0;
    for (;;) {
      const res = await call(key.token, 'GET', `${DOCS}?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = SystemDocumentPage.parse(res.json());
      for (const d of page.documents) {
        const pair = `${d.id}@${d.version}`;
        expect(pairs.has(pair), pair).toBe(false);
        pairs.add(pair);
        seen.set(d.id, d.version);
      }
      cursor = page.next_cursor;
      if (!page.has_more && page.documents.length === 0 && pages >= 4) {
        const final = await expected();
        if ([...final].every(([id, version]) => seen.get(id) === version)) break;
        // Another test file's transaction on the same server holds the snapshot's xmin back (decision
        // 0057): the page waits for it, as a core system's next poll would.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(++waits, 'the pull never caught up').toBeLessThan(300);
        continue;
      }
      pages++;
      if (pages <= 4) {
        // Between pages: documents already read and not yet read change, and new ones arrive.
        const ids = [...(await expected()).keys()];
        const read = [...seen.keys()].slice(0, 5);
        const some = read.concat(ids.filter((i) => !seen.has(i)).slice(read.length - 10));
        await t.database.executeSql('update documents set version = version + 1 where id = any($1::uuid[])', [
          some,
        ]);
        changed += some.length;
        await t.database.executeSql(
          `insert into documents (municipality_id, application_id, procedure_id, department_id, reference_number,
             status, applicant_name, received_at)
           select municipality_id, application_id, procedure_id, department_id, 'LATE-${pages}-' || g, status,
             applicant_name, received_at
           from documents, generate_series(1, 3) g where id = $1`,
          [template],
        );
      }
      expect(pages).toBeLessThan(50);
    }
    expect(changed).toBe(40);
    const final = await expected();
    expect(final.size).toBeGreaterThanOrEqual(1012);
    expect(seen.size).toBe(final.size);
    for (const [id, version] of final) expect(seen.get(id), id).toBe(version);
    // The cursor is resumable: from the end there is nothing new until something changes.
    const after = SystemDocumentPage.parse((await call(key.token, 'GET', `${DOCS}?cursor=${cursor}`)).json());
    expect(after.documents).toEqual([]);
    expect(after.next_cursor).toBe(cursor);
    expect((await call(key.token, 'GET', `${DOCS}?cursor=bm90LWEtY3Vyc29y`)).statusCode).toBe(400);
  }, 120_000);
});

describe.each(databaseKinds)('a core system’s rate limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { RATE_LIMIT_READS: '3' } });
  });
  afterAll(() => t.close());

  it('counts each key on its own, as a session is counted', async () => {
    const admin = await signInStaff(t, STAFF.adminShimin);
    const tokens: string[] = [];
    for (const name of ['A', 'B']) {
      const res = await admin.request('POST', KEYS, {
        name,
        procedure_codes: ['birth_notification'],
        access: 'read',
        expires_at: inAYear(),
        allowed_cidrs: ['127.0.0.0/8'],
      });
      tokens.push(CreatedSystemKey.parse(res.json()).token);
    }
    const get = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: DOCS,
        headers: { authorization: `Bearer ${token}`, 'x-region-code': '999999' },
      });
    for (let i = 0; i < 3; i++) expect((await get(tokens[0]!)).statusCode).toBe(200);
    const limited = await get(tokens[0]!);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await get(tokens[1]!)).statusCode).toBe(200);
  });
});
