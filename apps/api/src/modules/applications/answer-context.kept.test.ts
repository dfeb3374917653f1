import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications as applicationsTable } from '../../db/schema/index.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { PublishedGroup } from '../configuration/published-configuration.js';
import { createAnswerContextReader } from './answer-context.js';
import { createAnswerContextRepository } from './answer-context.repository.js';
import { createApplicationRepository } from './applications.repository.js';

/**
 * Answer contexts kept between requests (issue 31): used only while the database's stamp matches, so
 * every writer (another process, a staff edit, a sign-in, the registry, the personal portal) is seen.
 */
describe.each(databaseKinds)('kept answer contexts on %s', (kind) => {
  let t: TestApp;
  let municipalityId: number;
  const group = { config: { disclosure: { procedures: [] } } } as unknown as PublishedGroup;
  const clock = () => new Date('2026-04-01T03:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(kind);
    municipalityId = Number(
      (await t.database.executeSql("select id from municipalities where code = '999999'")).rows[0]!.id,
    );
  });
  afterAll(() => t?.close());

  async function draft(subject: string) {
    const applications = createApplicationRepository(t.database.db);
    const applicantId = await applications.ensureApplicant(subject);
    const application = await applications.insert({
      municipalityId,
      applicantId,
      procedureGroupId: 1,
      configurationVersion: 1,
    });
    await applications.saveAnswers(
      application.id,
      [{ standard_item_code: 'applicant_occupation', sequence: 1, value: '会社員', source: null }],
      new Date('2026-04-01T00:00:00Z'),
    );
    return application;
  }

  /** A reader as one server process has it, and what its statement read on each open. */
  function process() {
    const repository = createAnswerContextRepository(t.database.db);
    const reads: boolean[] = [];
    /** Whether each read sent the application row back (not when the reader held it at that stamp). */
    const rows: boolean[] = [];
    const counted = {
      ...repository,
      read: async (...args: Parameters<typeof repository.read>) => {
        const found = await repository.read(...args);
        reads.push(found?.parts !== null);
        rows.push(found?.application !== null);
        return found;
      },
    };
    return { reader: createAnswerContextReader({ repository: counted, clock }), reads, rows };
  }

  const occupation = async (reader: ReturnType<typeof process>['reader'], id: string) =>
    (await reader.open(municipalityId, id))!
      .answersFor(group)
      .context.stored.find((a) => a.standard_item_code === 'applicant_occupation')?.value;

  it('reads the parts once, then only the row while nothing changed', async () => {
    const application = await draft('demo-resident-0001');
    const { reader, reads, rows } = process();
    expect(await occupation(reader, application.id)).toBe('会社員');
    const opened = (await reader.open(municipalityId, application.id))!;
    const first = opened.answersFor(group);
    const again = (await reader.open(municipalityId, application.id))!.answersFor(group);
    expect(reads).toEqual([true, false, false]);
    // The row too is sent once: unchanged at the same stamp, the reader's copy is the database's.
    expect(rows).toEqual([true, false, false]);
    const [asStored] = await t.database.db
      .select()
      .from(applicationsTable)
      .where(eq(applicationsTable.id, application.id));
    expect(opened.application).toEqual(asStored);
    // The same rules' view, built once: what was derived from it is kept too.
    expect(again).toBe(first);
  });

  it("sees another process's save, a staff edit's row touch, a sign-in, the registry and the portal", async () => {
    const application = await draft('demo-resident-0002');
    const { reader, reads } = process();
    await occupation(reader, application.id);
    const other = createApplicationRepository(t.database.db);

    await other.saveAnswers(
      application.id,
      [{ standard_item_code: 'applicant_occupation', sequence: 1, value: '自営業', source: null }],
      new Date('2026-04-01T01:00:00Z'),
    );
    expect(await occupation(reader, application.id)).toBe('自営業');

    await t.database.executeSql(`update applications set updated_at = updated_at where id = $1`, [
      application.id,
    ]);
    await occupation(reader, application.id);

    await t.database.executeSql(
      `update applicants set profile = '{"last_name":"山田"}'::jsonb where id = $1`,
      [application.applicantId],
    );
    const signedIn = (await reader.open(municipalityId, application.id))!.answersFor(group);
    expect(signedIn.hasIdentityProfile).toBe(true);

    await t.database.executeSql(
      `update registry_residents set phone = phone where subject = 'demo-resident-0002'`,
    );
    await occupation(reader, application.id);

    await t.database.executeSql(
      `insert into self_information_sessions (application_id, status, expires_at)
       values ($1, 'created', now() + interval '1 hour')`,
      [application.id],
    );
    await occupation(reader, application.id);
    await occupation(reader, application.id);
    expect(reads).toEqual([true, true, true, true, true, true, false]);
  });

  it('refuses a save guarded by a version another save moved, and keeps what a guarded save wrote', async () => {
    const application = await draft('demo-resident-0003');
    const { reader, reads } = process();
    const applications = createApplicationRepository(t.database.db);
    const read = (await reader.open(municipalityId, application.id))!.answersFor(group);

    await applications.saveAnswers(
      application.id,
      [{ standard_item_code: 'applicant_phone', sequence: 1, value: '0312345678', source: null }],
      new Date('2026-04-01T01:00:00Z'),
    );
    const stale = await applications.saveAnswers(
      application.id,
      [{ standard_item_code: 'applicant_occupation', sequence: 1, value: '学生', source: null }],
      new Date('2026-04-01T02:00:00Z'),
      { guard: read.version },
    );
    expect(stale).toBeNull();
    // Nothing of the refused save was written.
    expect(await occupation(reader, application.id)).toBe('会社員');

    const fresh = (await reader.open(municipalityId, application.id))!.answersFor(group);
    const at = new Date('2026-04-01T02:30:00Z');
    const stored = [
      ...fresh.context.stored.filter((a) => a.standard_item_code !== 'applicant_occupation'),
      { standard_item_code: 'applicant_occupation', sequence: 1, value: '学生', source: null },
    ];
    const written = await applications.saveAnswers(application.id, stored.slice(-1), at, {
      guard: fresh.version,
    });
    expect(written?.version).toMatch(/^\d+$/);
    const opened = (await reader.open(municipalityId, application.id))!;
    reader.saved(opened.application, group, fresh, { version: written!.version, stored, lastAt: at });

    // The next request reads only the row, and finds what the save wrote, in the statement's order.
    const nextOpen = (await reader.open(municipalityId, application.id))!;
    const next = nextOpen.answersFor(group);
    expect(reads.at(-1)).toBe(false);
    expect(nextOpen.application.updatedAt).toEqual(at);
    expect(next.context.stored.map((a) => [a.standard_item_code, a.value])).toEqual([
      ['applicant_occupation', '学生'],
      ['applicant_phone', '0312345678'],
    ]);
    expect(next.lastAt).toEqual(at);
    // A process that never read it reads it whole and finds the same.
    const { reader: cold } = process();
    expect(
      (await cold.open(municipalityId, application.id))!.answersFor(group).context.stored.map((a) => a.value),
    ).toEqual(['学生', '0312345678']);
  });

  it('keeps what was derived from a context only through a save that changed nothing', async () => {
    const application = await draft('demo-resident-0004');
    const { reader, rows } = process();
    const applications = createApplicationRepository(t.database.db);
    const first = (await reader.open(municipalityId, application.id))!;
    const read = first.answersFor(group);
    read.memo.set('values', Buffer.from('{"derived":1}'));
    const save = async (previous: typeof read, unchanged: boolean) => {
      const written = await applications.saveAnswers(application.id, [], new Date('2026-04-01T02:40:00Z'), {
        guard: previous.version,
      });
      // As a save does: kept at once, before any other read.
      return reader.saved(first.application, group, previous, {
        version: written!.version,
        stored: previous.context.stored,
        lastAt: previous.lastAt,
        unchanged,
      });
    };
    const same = await save(read, true);
    expect(same.memo.get('values')?.toString()).toBe('{"derived":1}');
    const next = (await reader.open(municipalityId, application.id))!.answersFor(group);
    expect(next.memo.get('values')?.toString()).toBe('{"derived":1}');
    // The row a save built is not taken for the database's: the next read sends it once, then not again.
    expect(rows).toEqual([true, true]);
    await reader.open(municipalityId, application.id);
    expect(rows.at(-1)).toBe(false);
    expect((await save(next, false)).memo.size).toBe(0);
  });

  it('forgets a deleted application and finds none of another municipality', async () => {
    const application = await draft('demo-resident-0004');
    const { reader } = process();
    await occupation(reader, application.id);
    expect(await reader.open(municipalityId + 1000, application.id)).toBeNull();
    await createApplicationRepository(t.database.db).delete(application.id);
    expect(await reader.open(municipalityId, application.id)).toBeNull();
  });
});
