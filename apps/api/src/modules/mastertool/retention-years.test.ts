// A procedure's retention period (decision 0052): edited in a draft, checked, carried by reflection from
// staging to production, where the daily disposal reads it from the procedures table.
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

describe.each(databaseKinds)('retention years of procedures on %s', (kind) => {
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
  const yearsIn = async (prefix: '/api' | '/stg-api') =>
    (
      await t
        .databaseOf(prefix)
        .executeSql(
          "select code, retention_years from procedures where code in ('birth_notification', 'child_allowance') order by code",
        )
    ).rows.map((r) => [r.code, r.retention_years]);

  it('refuses years outside 1–100 or not whole, naming the field', async () => {
    for (const years of [0, 101, 1.5]) {
      const draft = await draftOf();
      draft.disclosure.procedures[0]!.retention_years = years;
      const res = await stg.request('PUT', DRAFT, { procedure_group: draft });
      expect(res.statusCode, String(years)).toBe(400);
      const fields = (res.json() as { errors: { field?: string }[] }).errors.map((e) => e.field);
      expect(fields).toContain('procedure_group.disclosure.procedures.0.retention_years');
    }
  });

  it('saves them with the draft, and reflection carries them to staging and production', async () => {
    const draft = await draftOf();
    // None set: every procedure keeps the default, and the draft carries no field.
    expect(draft.disclosure.procedures.map((p) => p.retention_years)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    draft.disclosure.procedures[0]!.retention_years = 10;
    draft.disclosure.procedures[1]!.retention_years = null;
    const saved = await stg.request('PUT', DRAFT, { procedure_group: draft });
    expect(saved.statusCode, saved.body).toBe(200);
    const back = ProcedureGroupDraft.parse(saved.json()).procedure_group;
    expect(back.disclosure.procedures.map((p) => p.retention_years ?? null)).toEqual([10, null, null]);

    const toStaging = await stg.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {});
    expect(toStaging.statusCode, toStaging.body).toBe(200);
    expect(await yearsIn('/stg-api')).toEqual([
      ['birth_notification', 10],
      ['child_allowance', null],
    ]);
    expect(await yearsIn('/api')).toEqual([
      ['birth_notification', null],
      ['child_allowance', null],
    ]);
    const version = toStaging.json().staging.version as number;
    const toProduction = await prod.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {
      version,
    });
    expect(toProduction.statusCode, toProduction.body).toBe(200);
    expect(await yearsIn('/api')).toEqual([
      ['birth_notification', 10],
      ['child_allowance', null],
    ]);
    const snapshot = await t
      .databaseOf('/api')
      .executeSql(
        'select snapshot from configuration_versions where procedure_group_id = 1 and version = $1',
        [version],
      );
    const procedures = (
      snapshot.rows[0]!.snapshot as {
        disclosure: { procedures: { code: string; retention_years?: number }[] };
      }
    ).disclosure.procedures;
    expect(procedures.map((p) => [p.code, p.retention_years])).toEqual([
      ['birth_notification', 10],
      ['child_allowance', undefined],
      ['child_medical_subsidy', undefined],
    ]);
  });
});
