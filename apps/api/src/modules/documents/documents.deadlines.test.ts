import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentList, MunicipalityOverview } from '@portal/contracts';
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

/** Deadlines (decision 0019): due_at set at submission, stopped by remands and settling, listed and counted. */
describe.each(databaseKinds)('processing deadlines on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let staff: Record<StaffName, StaffClient>;
  let departments: Record<string, number>;
  // 2032-05-20 15:00 in Japan; a test moves it to midnight and back (within the 12-hour sessions).
  const afternoon = new Date('2032-05-20T06:00:00Z');
  let now = afternoon;
  const ids: Record<'late' | 'allowance' | 'today' | 'oldest' | 'remanded' | 'none', string> = {} as never;

  const get = (who: StaffName, url: string) => staff[who].request('GET', url);
  const list = async (who: StaffName, query: string) => {
    const res = await get(who, `${M}/documents/?page_size=all&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return DocumentList.parse(res.json());
  };
  const idsOf = (l: { documents: { id: string }[] }) => l.documents.map((d) => d.id);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-deadlines-'));
    // The clock jumps hours ahead and back: sessions must outlive it idle (decision 0044's timeout).
    t = await createTestApp(kind, {
      storageDir: dir,
      clock: () => now,
      env: { SESSION_IDLE_MINUTES: '1440' },
    });
    staff = await signInAll(t);
    const rows = await t.database.executeSql(
      "select d.code, d.id from departments d join municipalities m on m.id = d.municipality_id where m.code = '999999'",
    );
    departments = Object.fromEntries(rows.rows.map((r) => [String(r.code), Number(r.id)]));
    // Birth notifications have 14 processing days, child allowances 30 (demo data).
    const submit = async (code: string, at: string) =>
      (await submittedDocuments(t, dir, { procedureCodes: [code], at: new Date(at) })).documents[code]!;
    ids.late = await submit('birth_notification', '2032-05-01T01:00:00Z'); // due 05-15
    ids.allowance = await submit('child_allowance', '2032-05-01T01:00:00Z'); // due 05-31
    ids.today = await submit('birth_notification', '2032-05-05T15:30:00Z'); // 05-06 in Japan: due 05-20
    ids.oldest = await submit('birth_notification', '2032-04-20T03:00:00Z'); // due 05-04
    ids.remanded = await submit('birth_notification', '2032-04-21T03:00:00Z'); // due 05-05
    ids.none = await submit('birth_notification', '2032-04-22T03:00:00Z');
    // A procedure without processing days gives a document without a deadline.
    await t.database.executeSql('update documents set due_at = null where id = $1', [ids.none]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sets due_at at submission to the start (JST) of the day the processing days after receipt', async () => {
    const all = await list('adminShimin', 'sort=due_at');
    const due = Object.fromEntries(all.documents.map((d) => [d.id, d.due_at]));
    expect(due[ids.late]).toBe('2032-05-14T15:00:00.000Z');
    expect(due[ids.allowance]).toBe('2032-05-30T15:00:00.000Z');
    expect(due[ids.today]).toBe('2032-05-19T15:00:00.000Z');
    expect(due[ids.none]).toBeNull();
    const detail = DocumentDetail.parse((await get('adminShimin', `${M}/documents/${ids.late}/`)).json());
    expect(detail.due_at).toBe('2032-05-14T15:00:00.000Z');
  });

  it('sorts by deadline both ways: no deadline counts as the farthest', async () => {
    const order = [ids.oldest, ids.remanded, ids.late, ids.today, ids.allowance, ids.none];
    expect(idsOf(await list('adminShimin', 'sort=due_at'))).toEqual(order);
    expect(idsOf(await list('adminShimin', 'sort=-due_at'))).toEqual([...order].reverse());
    // Pages never overlap or skip.
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get('adminShimin', `${M}/documents/?sort=due_at&page_size=10&page=${page}`);
      pages.push(...idsOf(DocumentList.parse(res.json())));
    }
    expect(pages).toEqual(order);
  });

  it('filters documents past their deadline day, in Japan days, within the scope', async () => {
    expect(idsOf(await list('adminShimin', 'overdue=true&sort=due_at'))).toEqual([
      ids.oldest,
      ids.remanded,
      ids.late,
    ]);
    expect((await list('adminShimin', 'overdue=false')).page.total).toBe(6);
    expect(idsOf(await list('clerkKodomo', 'overdue=true'))).toEqual([]);
    expect(idsOf(await list('clerkShimin', `overdue=true&department_id=${departments.shimin}`))).toHaveLength(
      3,
    );
    // The deadline day itself is "today" until midnight in Japan, then overdue.
    now = new Date('2032-05-20T14:59:59Z');
    expect(idsOf(await list('adminShimin', 'overdue=true'))).not.toContain(ids.today);
    now = new Date('2032-05-20T15:00:00Z');
    expect(idsOf(await list('adminShimin', 'overdue=true'))).toContain(ids.today);
    now = afternoon;
  });

  it('counts overdue documents per department on the dashboard', async () => {
    const admin = MunicipalityOverview.parse(
      (await get('adminShimin', `${M}/municipality-overview/`)).json(),
    );
    expect(admin.overdue_by_department).toEqual([{ department_id: departments.shimin, count: 3 }]);
    const kodomo = MunicipalityOverview.parse(
      (await get('clerkKodomo', `${M}/municipality-overview/`)).json(),
    );
    expect(kodomo.overdue_by_department).toEqual([]);
  });

  it('stops the deadline when staff remand or settle a document: it is never overdue then', async () => {
    const move = async (id: string, body: unknown) => {
      const res = await staff.adminShimin.request(
        'PUT',
        `${M}/documents/${id}/status/`,
        body,
        await currentIfMatch(t, id),
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await move(ids.remanded, { status: 'remanded', remand_message: '添付書類を確認してください。' });
    await move(ids.oldest, { status: 'rejected', remand_message: '要件を満たしていないため' });
    await move(ids.late, { status: 'in_progress' });
    const due = Object.fromEntries((await list('adminShimin', '')).documents.map((d) => [d.id, d.due_at]));
    expect(due[ids.remanded]).toBeNull();
    expect(due[ids.oldest]).toBeNull();
    expect(due[ids.late]).toBe('2032-05-14T15:00:00.000Z');
    expect(idsOf(await list('adminShimin', 'overdue=true'))).toEqual([ids.late]);
    const admin = MunicipalityOverview.parse(
      (await get('adminShimin', `${M}/municipality-overview/`)).json(),
    );
    expect(admin.overdue_by_department).toEqual([{ department_id: departments.shimin, count: 1 }]);
  });

  it('refuses a flag other than true or false, and unknown sort keys, in the one error format', async () => {
    for (const [query, field] of [
      ['overdue=maybe', 'overdue'],
      ['overdue=1', 'overdue'],
      ['overdue=', 'overdue'],
      ['sort=due', 'sort'],
    ] as const) {
      const res = await get('adminShimin', `${M}/documents/?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { errors: { code: string; message: string; field?: string }[] };
      expect(
        body.errors.map((e) => e.field),
        query,
      ).toContain(field);
      for (const e of body.errors) expect(typeof e.code).toBe('string');
    }
  });
});
