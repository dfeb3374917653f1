import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createAnswerContextRepository } from './answer-context.repository.js';
import { createApplicationRepository } from './applications.repository.js';

describe.each(databaseKinds)('the answer context read on %s', (kind) => {
  let t: TestApp;
  let municipalityId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    municipalityId = Number(
      (await t.database.executeSql("select id from municipalities where code = '999999'")).rows[0]!.id,
    );
  });
  afterAll(() => t?.close());

  /** A draft of `subject` with some answers written the way a save writes them. */
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
      [
        { standard_item_code: 'applicant_postal_code', sequence: 1, value: '9999901', source: 'registry' },
        { standard_item_code: 'child_first_name', sequence: 2, value: '花子', source: null },
        { standard_item_code: 'applicant_occupation', sequence: 1, value: null, source: null },
      ],
      new Date('2026-04-01T00:00:00Z'),
    );
    return application;
  }

  it('reads the application, its answers as stored, and the household of its own municipality', async () => {
    const application = await draft('demo-resident-0001');
    const loaded = await createAnswerContextRepository(t.database.db).load(municipalityId, application.id);
    expect(loaded?.application.id).toBe(application.id);
    // A digit string stays text; a repetition keeps its sequence; a null answer stays null.
    expect(loaded?.answers).toEqual([
      { standard_item_code: 'applicant_occupation', sequence: 1, value: null, source: null },
      { standard_item_code: 'applicant_postal_code', sequence: 1, value: '9999901', source: 'registry' },
      { standard_item_code: 'child_first_name', sequence: 2, value: '花子', source: null },
    ]);
    expect(loaded?.lastAt?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    // 山田 太郎's household: himself, his wife and their child; never the registry's PIN.
    expect(loaded?.household?.self).toMatchObject({ subject: 'demo-resident-0001', lastName: '山田' });
    expect(loaded?.household?.members.map((m) => m.subject).sort()).toEqual([
      'demo-resident-0001',
      'demo-resident-0002',
      'demo-resident-0003',
    ]);
    expect(JSON.stringify(loaded)).not.toContain('"pin"');
    expect(loaded?.portal).toBeNull();
    expect(loaded?.identity).toBeNull();
  });

  it('reads the newest personal-portal session of that application only', async () => {
    const mine = await draft('demo-resident-0002');
    const other = await draft('demo-resident-0002');
    const insert = (applicationId: string, status: string, at: string) =>
      t.database.executeSql(
        `insert into self_information_sessions (application_id, status, result, expires_at, created_at)
         values ($1, $2, $3::jsonb, now() + interval '1 hour', $4::timestamptz)`,
        [applicationId, status, JSON.stringify({ self_information: { address: status } }), at],
      );
    await insert(mine.id, 'failed', '2026-04-01T00:00:00Z');
    await insert(mine.id, 'fetched', '2026-04-02T00:00:00Z');
    await insert(other.id, 'created', '2026-04-03T00:00:00Z');
    const loaded = await createAnswerContextRepository(t.database.db).load(municipalityId, mine.id);
    expect(loaded?.portal).toEqual({
      status: 'fetched',
      result: { self_information: { address: 'fetched' } },
    });
  });

  it('finds nothing of another municipality, nor an unknown id', async () => {
    const application = await draft('demo-resident-0001');
    const repository = createAnswerContextRepository(t.database.db);
    expect(await repository.load(municipalityId + 1000, application.id)).toBeNull();
    expect(await repository.load(municipalityId, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('writes a decision in one statement: removes, upserts and moves the step together', async () => {
    const application = await draft('demo-resident-0003');
    const applications = createApplicationRepository(t.database.db);
    const before = t.database.statements();
    await applications.saveAnswers(
      application.id,
      [{ standard_item_code: 'applicant_postal_code', sequence: 1, value: '1000001', source: null }],
      new Date('2026-04-05T00:00:00Z'),
      { remove: [{ standard_item_code: 'child_first_name', sequence: 2 }], currentStep: 'procedures' },
    );
    expect(t.database.statements() - before).toBe(1);
    const loaded = await createAnswerContextRepository(t.database.db).load(municipalityId, application.id);
    expect(loaded?.answers.map((a) => [a.standard_item_code, a.sequence, a.value, a.source])).toEqual([
      ['applicant_occupation', 1, null, null],
      ['applicant_postal_code', 1, '1000001', null],
    ]);
    expect(loaded?.application.currentStep).toBe('procedures');
    expect(loaded?.lastAt?.toISOString()).toBe('2026-04-05T00:00:00.000Z');
  });
});
