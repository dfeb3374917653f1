import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentList } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  M,
  currentIfMatch,
  signInAll,
  submittedDocuments,
  type StaffClient,
  type StaffName,
} from './documents.fixtures.js';

/** Possible duplicates (decision 0021): open documents of one procedure, same applicant and child. */
describe.each(databaseKinds)('duplicate documents on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let staff: Record<StaffName, StaffClient>;
  const hanako = { child_last_name: '山田', child_first_name: '花子', child_birth_date: '2032-05-01' };
  const ids: Record<'first' | 'second' | 'otherChild' | 'noKey' | 'allowance', string> = {} as never;

  const get = (who: StaffName, url: string) => staff[who].request('GET', url);
  const detail = async (id: string) => {
    const res = await get('adminShimin', `${M}/documents/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return DocumentDetail.parse(res.json());
  };
  const flags = async () => {
    const res = await get('adminShimin', `${M}/documents/?page_size=all`);
    expect(res.statusCode, res.body).toBe(200);
    const list = DocumentList.parse(res.json());
    return Object.fromEntries(list.documents.map((d) => [d.id, d.possible_duplicate?.id ?? null]));
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-duplicates-'));
    t = await createTestApp(kind, { storageDir: dir });
    staff = await signInAll(t);
    const submit = async (
      answers: Record<string, string>,
      duplicateKey = true,
      at = '2032-05-02T01:00:00Z',
    ) =>
      submittedDocuments(t, dir, {
        procedureCodes: ['birth_notification'],
        answers,
        duplicateKey,
        at: new Date(at),
      });
    ids.first = (await submit(hanako)).documents.birth_notification!;
    ids.second = (
      await submit({ ...hanako, child_first_name: ' 花子' }, true, '2032-05-03T01:00:00Z')
    ).documents.birth_notification!;
    ids.otherChild = (
      await submit({ ...hanako, child_first_name: '次郎' }, true, '2032-05-04T01:00:00Z')
    ).documents.birth_notification!;
    ids.noKey = (await submit(hanako, false)).documents.birth_notification!;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('flags each of two open documents with the other, in the list and the detail', async () => {
    const flagged = await flags();
    expect(flagged[ids.first]).toBe(ids.second);
    expect(flagged[ids.second]).toBe(ids.first);
    expect(flagged[ids.otherChild]).toBeNull();
    expect(flagged[ids.noKey]).toBeNull();
    const second = await detail(ids.second);
    expect(second.possible_duplicate?.id).toBe(ids.first);
    expect(second.duplicates.map((d) => d.id)).toEqual([ids.first]);
    expect(second.duplicates[0]).toMatchObject({
      status: 'received',
      received_at: '2032-05-02T01:00:00.000Z',
    });
    expect((await detail(ids.first)).possible_duplicate?.reference_number).toBe(second.reference_number);
    expect((await detail(ids.otherChild)).duplicates).toEqual([]);
  });

  it('matches a corrected birth date once staff edit it, and no longer the one it left', async () => {
    const res = await staff.adminShimin.request(
      'PUT',
      `${M}/documents/${ids.otherChild}/`,
      { standard_item_fragments: [{ standard_item_code: 'child_first_name', sequence: 1, value: '花子' }] },
      await currentIfMatch(t, ids.otherChild),
    );
    expect(res.statusCode, res.body).toBe(200);
    const flagged = await flags();
    expect(flagged[ids.otherChild]).toBe(ids.first);
    expect(flagged[ids.first]).toBe(ids.second);
    expect((await detail(ids.first)).duplicates.map((d) => d.id)).toEqual([ids.second, ids.otherChild]);
    const back = await staff.adminShimin.request(
      'PUT',
      `${M}/documents/${ids.otherChild}/`,
      { standard_item_fragments: [{ standard_item_code: 'child_first_name', sequence: 1, value: '次郎' }] },
      await currentIfMatch(t, ids.otherChild),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect((await flags())[ids.otherChild]).toBeNull();
  });

  it('stops flagging once one of the two is settled, and never flags a settled document', async () => {
    const res = await staff.adminShimin.request(
      'PUT',
      `${M}/documents/${ids.second}/status/`,
      { status: 'rejected', remand_message: '要件を満たしていないため' },
      await currentIfMatch(t, ids.second),
    );
    expect(res.statusCode, res.body).toBe(200);
    const flagged = await flags();
    expect(flagged[ids.first]).toBeNull();
    expect(flagged[ids.second]).toBeNull();
    expect((await detail(ids.second)).duplicates).toEqual([]);
  });

  it('never compares documents of different procedures or municipalities', async () => {
    ids.allowance = (
      await submittedDocuments(t, dir, {
        procedureCodes: ['child_allowance'],
        answers: hanako,
        duplicateKey: true,
      })
    ).documents.child_allowance!;
    const rows = await t.database.executeSql(
      'select duplicate_key from documents where id = any($1::uuid[])',
      [[ids.first, ids.allowance]],
    );
    // One applicant and child: the same key, yet no flag across procedures.
    expect(new Set(rows.rows.map((r) => r.duplicate_key)).size).toBe(1);
    expect((await flags())[ids.allowance]).toBeNull();
    expect((await flags())[ids.first]).toBeNull();
  });
});
