// A procedure's processing days (decision 0019): edited in a draft, checked, carried by reflection from
// staging to production, where submissions compute their documents' deadlines from them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcedureGroupDraft } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import {
  createPortalTestApp,
  operatorOn,
  type PortalTestApp,
  type PrefixBrowser,
} from '../../testing/portal-app.js';

const MT = '/mastertool/municipalities/999999';
const DRAFT = `${MT}/reflection-managers/procedure-group/?reflection_manager_id=1`;

describe.each(databaseKinds)('processing days of procedures on %s', (kind) => {
  let t: PortalTestApp;
  let prod: PrefixBrowser;
  let stg: PrefixBrowser;
  beforeAll(async () => {
    t = await createPortalTestApp(kind);
    prod = await operatorOn(t.app, '/api');
    stg = await operatorOn(t.app, '/stg-api');
  });
  afterAll(() => t.close());

  const draftOf = async () => {
    const res = await stg.request('GET', DRAFT);
    expect(res.statusCode, res.body).toBe(200);
    return ProcedureGroupDraft.parse(res.json()).procedure_group;
  };
  const daysIn = async (prefix: '/api' | '/stg-api') =>
    (
      await t
        .databaseOf(prefix)
        .executeSql(
          "select code, processing_days from procedures where code in ('birth_notification', 'child_allowance') order by code",
        )
    ).rows.map((r) => [r.code, r.processing_days]);

  it('refuses days outside 1–365 or not whole, naming the field', async () => {
    for (const days of [0, 366, 2.5]) {
      const draft = await draftOf();
      draft.disclosure.procedures[0]!.processing_days = days;
      const res = await stg.request('PUT', DRAFT, { procedure_group: draft });
      expect(res.statusCode, String(days)).toBe(400);
      const fields = (res.json() as { errors: { field?: string }[] }).errors.map((e) => e.field);
      expect(fields).toContain('procedure_group.disclosure.procedures.0.processing_days');
    }
  });

  it('saves them with the draft, and reflection carries them to staging and production', async () => {
    const draft = await draftOf();
    expect(draft.disclosure.procedures.map((p) => p.processing_days)).toEqual([14, 30, 30]);
    draft.disclosure.procedures[0]!.processing_days = 10;
    // Emptied in the editor: no deadline.
    draft.disclosure.procedures[1]!.processing_days = null;
    const saved = await stg.request('PUT', DRAFT, { procedure_group: draft });
    expect(saved.statusCode, saved.body).toBe(200);
    const back = ProcedureGroupDraft.parse(saved.json()).procedure_group;
    expect(back.disclosure.procedures.map((p) => p.processing_days ?? null)).toEqual([10, null, 30]);

    const toStaging = await stg.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {});
    expect(toStaging.statusCode, toStaging.body).toBe(200);
    expect(await daysIn('/stg-api')).toEqual([
      ['birth_notification', 10],
      ['child_allowance', null],
    ]);
    expect(await daysIn('/api')).toEqual([
      ['birth_notification', 14],
      ['child_allowance', 30],
    ]);
    const version = toStaging.json().staging.version as number;
    const toProduction = await prod.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {
      version,
    });
    expect(toProduction.statusCode, toProduction.body).toBe(200);
    expect(await daysIn('/api')).toEqual([
      ['birth_notification', 10],
      ['child_allowance', null],
    ]);
    // The published snapshot carries them as the submission reads them (absent when none).
    const snapshot = await t
      .databaseOf('/api')
      .executeSql(
        'select snapshot from configuration_versions where procedure_group_id = 1 and version = $1',
        [version],
      );
    const procedures = (
      snapshot.rows[0]!.snapshot as {
        disclosure: { procedures: { code: string; processing_days?: number }[] };
      }
    ).disclosure.procedures;
    expect(procedures.map((p) => [p.code, p.processing_days])).toEqual([
      ['birth_notification', 10],
      ['child_allowance', undefined],
      ['child_medical_subsidy', 30],
    ]);
  });
});
