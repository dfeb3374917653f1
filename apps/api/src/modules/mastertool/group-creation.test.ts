// New procedure groups in the master tool (decision 0024): from a minimal skeleton, or copied from any
// municipality's group into a municipality, as drafts with fresh ids that save and reflect like any other.
import { publicationCheck } from '@portal/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProcedureGroupDraft,
  ReflectionManagerList,
  type ProcedureGroupConfiguration,
} from '@portal/contracts';
import { collectIds, idKinds } from './configuration-ids.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  createPortalTestApp,
  operatorOn,
  type PortalTestApp,
  type PrefixBrowser,
} from '../../testing/portal-app.js';

const DEMO = '999999';
const SAMPLE = '999998';
const MT = (code: string) => `/mastertool/municipalities/${code}/reflection-managers`;
const region = (code: string) => ({ 'x-region-code': code });

describe.each(databaseKinds)('new and copied procedure groups on %s', (kind) => {
  let t: PortalTestApp;
  let stg: PrefixBrowser;
  beforeAll(async () => {
    t = await createPortalTestApp(kind);
    stg = await operatorOn(t.app, '/stg-api');
  });
  afterAll(() => t.close());

  const post = (code: string, what: 'new' | 'copy', body: object) =>
    stg.request('POST', `${MT(code)}/procedure-group/${what}/`, body, region(code));
  const draftOf = async (code: string, id: number) => {
    const res = await stg.request(
      'GET',
      `${MT(code)}/procedure-group/?reflection_manager_id=${id}`,
      undefined,
      region(code),
    );
    expect(res.statusCode, res.body).toBe(200);
    return ProcedureGroupDraft.parse(res.json()).procedure_group;
  };
  const save = (code: string, g: ProcedureGroupConfiguration) =>
    stg.request(
      'PUT',
      `${MT(code)}/procedure-group/?reflection_manager_id=${g.id}`,
      { procedure_group: g },
      region(code),
    );
  const managers = async (code: string) =>
    ReflectionManagerList.parse((await stg.request('GET', `${MT(code)}/`, undefined, region(code))).json())
      .reflection_managers;

  it('creates a group from nothing: a skeleton that passes the checks and can be reflected', async () => {
    const res = await post(DEMO, 'new', { name: '  転入届  ', icon_type: 'OT' });
    expect(res.statusCode, res.body).toBe(201);
    const draft = ProcedureGroupDraft.parse(res.json());
    const g = draft.procedure_group;
    expect(g.id).toBe(draft.reflection_manager_id);
    expect(g.id).not.toBe(1);
    expect(g.name).toBe('転入届');
    expect(g.disclosure.procedure_group_id).toBe(g.id);
    expect(g.concierge_set.filter_concierge_category.concierge_sub_category).toHaveLength(1);
    expect(g.concierge_set.assistant_concierge_category).toHaveLength(1);
    // No empty page: the pre-reflection check would refuse one (decision 0047).
    expect(g.concierge_set.assistant_concierge_category[0]!.concierge_sub_category).toHaveLength(0);
    expect(publicationCheck(g)).toEqual([]);
    expect(g.disclosure.procedures).toEqual([]);
    // The applicant's identity items come with their prefill from the card (names locked, rest checked).
    expect(g.standard_items.map((i) => i.code)).toEqual(
      expect.arrayContaining([
        'applicant_last_name',
        'applicant_first_name',
        'applicant_birth_date',
        'applicant_address',
      ]),
    );
    const prefill = g.concierge_set.concierge_rule.form_rule.prefill_rules;
    expect(prefill).toContainEqual({
      source: 'profile.last_name',
      target: 'applicant_last_name',
      locked: true,
    });
    expect(prefill).toContainEqual({
      source: 'profile.birth_date',
      target: 'applicant_birth_date',
      verify: true,
    });
    expect(prefill).toHaveLength(g.standard_items.length);
    // Its ids are its own: none is another group's.
    const theirs = collectIds(await draftOf(DEMO, 1));
    const mine = collectIds(g);
    for (const k of idKinds)
      expect(
        mine[k].filter((id) => theirs[k].includes(id)),
        k,
      ).toEqual([]);

    const listed = (await managers(DEMO)).find((m) => m.id === g.id);
    expect(listed).toMatchObject({ name: '転入届', staging: { version: null, can_reflect: true } });
    expect(listed!.sequence).toBeGreaterThan((await managers(DEMO)).find((m) => m.id === 1)!.sequence);
    // Saved again as it came, it stays as it is.
    const again = await save(DEMO, g);
    expect(again.statusCode, again.body).toBe(200);
    expect(ProcedureGroupDraft.parse(again.json()).procedure_group).toEqual(g);
    const reflected = await stg.request('PUT', `${MT(DEMO)}/${g.id}/procedure-group/`, {});
    expect(reflected.statusCode, reflected.body).toBe(200);
    expect(reflected.json().staging.version).toBe(1);
  });

  it('keeps the standard items put in a group before anything uses them', async () => {
    const created = ProcedureGroupDraft.parse(
      (await post(DEMO, 'new', { name: '転入届（項目）', icon_type: 'OT' })).json(),
    ).procedure_group;
    const library = (
      await stg.request('GET', `/mastertool/municipalities/${DEMO}/reference-data/`, undefined, region(DEMO))
    ).json().standard_items as ProcedureGroupConfiguration['standard_items'];
    const national = library.find((i) => i.code === 'applicant_last_name')!;
    const movingIn = { ...national, code: 'moving_in_date_t', name: '転入日', type: 'date' as const };
    const g = { ...created, standard_items: [...created.standard_items, movingIn] };
    const saved = await save(DEMO, g);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await draftOf(DEMO, g.id);
    expect(read.standard_items).toEqual(
      [...created.standard_items, movingIn].sort((a, b) => a.code.localeCompare(b.code)),
    );
    // The new item is in the library for every group now.
    const after = (
      await stg.request('GET', `/mastertool/municipalities/${DEMO}/reference-data/`, undefined, region(DEMO))
    ).json().standard_items as { code: string }[];
    expect(after.map((i) => i.code)).toContain('moving_in_date_t');
    // Taken out again, it leaves the group (not the library).
    expect((await save(DEMO, created)).statusCode).toBe(200);
    expect((await draftOf(DEMO, g.id)).standard_items).toEqual(created.standard_items);
  });

  it('refuses a procedure code another group of the municipality has, at the code, and keeps nothing', async () => {
    const created = ProcedureGroupDraft.parse(
      (await post(DEMO, 'new', { name: '転入届（コード）', icon_type: 'OT' })).json(),
    ).procedure_group;
    const procedure = {
      id: 1,
      code: 'birth_notification',
      name: '転入届',
      sequence: 0,
      remarks: null,
      is_confirmed: false,
      printed_copies: 1,
      check_messages: [],
      procedural_rules: [],
      workflow_template_id: null,
      is_signature_digital_certificate: false,
      department_code: null,
      procedure_fragments: [],
    };
    const g = { ...created, disclosure: { ...created.disclosure, procedures: [procedure] } };
    const refused = await save(DEMO, g);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        code: 'validation_failed',
        field: 'procedure_group.disclosure.procedures.0.code',
        message:
          'procedure code "birth_notification" is already used by procedure group "出生・子育て" of this municipality',
      },
    ]);
    expect((await draftOf(DEMO, g.id)).disclosure.procedures).toEqual([]);
    // A code of its own saves, and saving it again (the group's own code) is fine.
    const own = {
      ...g,
      disclosure: { ...g.disclosure, procedures: [{ ...procedure, code: 'moving_in_t' }] },
    };
    expect((await save(DEMO, own)).statusCode).toBe(200);
    expect((await save(DEMO, own)).statusCode).toBe(200);
  });

  it('refuses a name the municipality has, an empty name and an unknown icon, with the field', async () => {
    const taken = await post(DEMO, 'new', { name: '出生・子育て', icon_type: 'OT' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ code: 'conflict', field: 'name' });
    for (const [body, field] of [
      [{ name: '   ', icon_type: 'OT' }, 'name'],
      [{ name: 'x'.repeat(201), icon_type: 'OT' }, 'name'],
      [{ name: '転居届', icon_type: 'XX' }, 'icon_type'],
      [{ icon_type: 'OT' }, 'name'],
    ] as const) {
      const res = await post(DEMO, 'new', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it('copies 出生・子育て to サンプル町 with fresh ids, its standard items and the town’s departments', async () => {
    const source = await draftOf(DEMO, 1);
    const res = await post(SAMPLE, 'copy', {
      source_code: DEMO,
      source_reflection_manager_id: 1,
      name: '出生・子育て',
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = ProcedureGroupDraft.parse(res.json()).procedure_group;
    expect(copy.name).toBe('出生・子育て');
    const theirs = collectIds(source);
    const mine = collectIds(copy);
    for (const k of idKinds)
      expect(
        mine[k].filter((id) => theirs[k].includes(id)),
        k,
      ).toEqual([]);
    // The town uses none of these codes: they stay, and so does everything but the ids and departments.
    expect(copy.disclosure.procedures.map((p) => p.code)).toEqual(
      source.disclosure.procedures.map((p) => p.code),
    );
    expect(copy.standard_items).toEqual(source.standard_items);
    expect(copy.disclosure.procedures.map((p) => p.department_code)).toEqual([null, null, null]);
    expect(copy.workflow_templates.flatMap((w) => w.steps.map((s) => s.department_code))).toEqual(
      copy.workflow_templates.flatMap((w) => w.steps.map(() => null)),
    );
    expect(copy.disclosure.procedures.map((p) => p.procedure_fragments.length)).toEqual(
      source.disclosure.procedures.map((p) => p.procedure_fragments.length),
    );
    expect((await managers(SAMPLE)).map((m) => m.name)).toEqual(['妊娠・出産', '出生・子育て']);
    // The source is untouched, and the copy saves unchanged (every item it uses came along).
    expect(await draftOf(DEMO, 1)).toEqual(source);
    const again = await save(SAMPLE, copy);
    expect(again.statusCode, again.body).toBe(200);
    expect(ProcedureGroupDraft.parse(again.json()).procedure_group).toEqual(copy);
    const reflected = await stg.request(
      'PUT',
      `${MT(SAMPLE)}/${copy.id}/procedure-group/`,
      {},
      region(SAMPLE),
    );
    expect(reflected.statusCode, reflected.body).toBe(200);
  });

  it('copies within a municipality under free procedure codes that every reference follows', async () => {
    const res = await post(DEMO, 'copy', {
      source_code: DEMO,
      source_reflection_manager_id: 1,
      name: '出生・子育て（コピー）',
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = ProcedureGroupDraft.parse(res.json()).procedure_group;
    expect(copy.disclosure.procedures.map((p) => p.code)).toEqual([
      'birth_notification_copy',
      'child_allowance_copy',
      'child_medical_subsidy_copy',
    ]);
    expect(copy.disclosure.procedures[0]!.department_code).toBe('shimin');
    const codes = new Set(copy.disclosure.procedures.map((p) => p.code));
    expect(copy.reports.every((r) => codes.has(r.procedure_code))).toBe(true);
    const named = [
      copy.concierge_set.filter_concierge_category,
      ...copy.concierge_set.assistant_concierge_category,
    ]
      .flatMap((c) => c.concierge_sub_category.flatMap((s) => s.concierges))
      .flatMap((q) => q.concierge_procedure_codes.map((p) => p.procedure_code));
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((c) => codes.has(c))).toBe(true);
    // A second copy takes the next free codes.
    const second = await post(DEMO, 'copy', {
      source_code: DEMO,
      source_reflection_manager_id: 1,
      name: '出生・子育て（コピー2）',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(ProcedureGroupDraft.parse(second.json()).procedure_group.disclosure.procedures[0]!.code).toBe(
      'birth_notification_copy2',
    );
  });

  it('answers 404 for a group the source municipality does not have', async () => {
    for (const [source_code, id] of [
      [SAMPLE, 1],
      [DEMO, 999],
      ['123456', 1],
    ] as const) {
      const res = await post(DEMO, 'copy', {
        source_code,
        source_reflection_manager_id: id,
        name: `コピー ${source_code} ${id}`,
      });
      expect(res.statusCode, `${source_code} ${id}`).toBe(404);
    }
  });
});
