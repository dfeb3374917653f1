// A procedure's numbers an operator sets (processing days, decision 0019; retention years, decision 0052):
// edited in a draft, checked, carried by reflection from staging to production, where submissions compute
// deadlines and the daily disposal reads retention from the procedures table. One case per number.
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

type Field = 'processing_days' | 'retention_years';
const cases: {
  field: Field;
  /** Refused values: outside the bounds, or not whole. */
  refused: number[];
  /** The demo's values of the three procedures before the edit (undefined: none, the default holds). */
  demo: (number | undefined)[];
}[] = [
  { field: 'processing_days', refused: [0, 366, 2.5], demo: [14, 30, 30] },
  { field: 'retention_years', refused: [0, 101, 1.5], demo: [undefined, undefined, undefined] },
];

describe.each(databaseKinds.flatMap((kind) => cases.map((c) => [kind, c] as const)))(
  'procedure numbers on %s: %o',
  (kind, { field, refused, demo }) => {
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
    const valuesIn = async (prefix: '/api' | '/stg-api') =>
      (
        await t
          .databaseOf(prefix)
          .executeSql(
            `select code, ${field} as value from procedures where code in ('birth_notification', 'child_allowance') order by code`,
          )
      ).rows.map((r) => [r.code, r.value]);
    const demoAt = (i: number) => demo[i] ?? null;

    it('refuses values outside the bounds or not whole, naming the field', async () => {
      for (const value of refused) {
        const draft = await draftOf();
        draft.disclosure.procedures[0]![field] = value;
        const res = await stg.request('PUT', DRAFT, { procedure_group: draft });
        expect(res.statusCode, String(value)).toBe(400);
        const fields = (res.json() as { errors: { field?: string }[] }).errors.map((e) => e.field);
        expect(fields).toContain(`procedure_group.disclosure.procedures.0.${field}`);
      }
    });

    it('saves them with the draft, and reflection carries them to staging and production', async () => {
      const draft = await draftOf();
      // Unset, the draft carries no field (the default holds).
      expect(draft.disclosure.procedures.map((p) => p[field])).toEqual(demo);
      draft.disclosure.procedures[0]![field] = 10;
      // Emptied in the editor: none (no deadline; the default retention).
      draft.disclosure.procedures[1]![field] = null;
      const saved = await stg.request('PUT', DRAFT, { procedure_group: draft });
      expect(saved.statusCode, saved.body).toBe(200);
      const back = ProcedureGroupDraft.parse(saved.json()).procedure_group;
      expect(back.disclosure.procedures.map((p) => p[field] ?? null)).toEqual([10, null, demoAt(2)]);

      const toStaging = await stg.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {});
      expect(toStaging.statusCode, toStaging.body).toBe(200);
      expect(await valuesIn('/stg-api')).toEqual([
        ['birth_notification', 10],
        ['child_allowance', null],
      ]);
      expect(await valuesIn('/api')).toEqual([
        ['birth_notification', demoAt(0)],
        ['child_allowance', demoAt(1)],
      ]);
      const version = toStaging.json().staging.version as number;
      const toProduction = await prod.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {
        version,
      });
      expect(toProduction.statusCode, toProduction.body).toBe(200);
      expect(await valuesIn('/api')).toEqual([
        ['birth_notification', 10],
        ['child_allowance', null],
      ]);
      // The published snapshot carries them as the submission and the disposal read them (absent when none).
      const snapshot = await t
        .databaseOf('/api')
        .executeSql(
          'select snapshot from configuration_versions where procedure_group_id = 1 and version = $1',
          [version],
        );
      const procedures = (
        snapshot.rows[0]!.snapshot as {
          disclosure: { procedures: ({ code: string } & Partial<Record<Field, number>>)[] };
        }
      ).disclosure.procedures;
      expect(procedures.map((p) => [p.code, p[field]])).toEqual([
        ['birth_notification', 10],
        ['child_allowance', undefined],
        ['child_medical_subsidy', demo[2]],
      ]);
    });
  },
);
