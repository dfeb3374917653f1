import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IconType,
  ProcedureGroupDraft,
  ReflectionDiff,
  ReflectionHistory,
  ReflectionManager,
  ReflectionManagerList,
  type ProcedureGroupConfiguration,
} from '@portal/contracts';
import { demoData, DEMO_PASSWORD } from '@portal/demo';
import { createApplicationRepository } from '../applications/applications.repository.js';
import { createProcedureGroupRepository } from '../configuration/procedure-group.repository.js';
import { FILTER_ALL } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  createPortalTestApp,
  operatorOn,
  prefixBrowser,
  residentOn,
  type PortalTestApp,
  type Prefix,
  type PrefixBrowser,
} from '../../testing/portal-app.js';
import { rowCounts } from '../../testing/row-counts.js';

const MT = '/mastertool/municipalities/999999';
const M = '/municipalities/999999';
const clerk = demoData.municipalities[0]!.staff.find((s) => s.permission === 'clerk')!;

const concierges = (g: ProcedureGroupConfiguration) =>
  [g.concierge_set.filter_concierge_category, ...g.concierge_set.assistant_concierge_category].flatMap((c) =>
    c.concierge_sub_category.flatMap((s) => s.concierges),
  );

/** The group without one procedure and without every reference to it. */
function withoutProcedure(g: ProcedureGroupConfiguration, code: string): ProcedureGroupConfiguration {
  const c = structuredClone(g);
  const p = c.disclosure.procedures.find((x) => x.code === code)!;
  c.disclosure.procedures = c.disclosure.procedures.filter((x) => x.code !== code);
  c.disclosure.procedure_attaches = c.disclosure.procedure_attaches.filter((a) => a.procedure_id !== p.id);
  c.reports = c.reports.filter((r) => r.procedure_code !== code);
  for (const q of concierges(c))
    q.concierge_procedure_codes = q.concierge_procedure_codes.filter((x) => x.procedure_code !== code);
  const rule = c.concierge_set.concierge_rule.procedure_rule;
  rule.hidden_rules = rule.hidden_rules.filter((h) => h.target !== code);
  return c;
}

describe.each(databaseKinds)('master tool reflection on %s', (kind) => {
  let t: PortalTestApp;
  let prod: PrefixBrowser;
  let stg: PrefixBrowser;
  beforeAll(async () => {
    t = await createPortalTestApp(kind);
    prod = await operatorOn(t.app, '/api');
    stg = await operatorOn(t.app, '/stg-api');
  });
  afterAll(() => t.close());

  const draftOf = async (op: PrefixBrowser, id = 1) => {
    const res = await op.request(
      'GET',
      `${MT}/reflection-managers/procedure-group/?reflection_manager_id=${id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return ProcedureGroupDraft.parse(res.json()).procedure_group;
  };
  const save = (op: PrefixBrowser, g: ProcedureGroupConfiguration, id = g.id) =>
    op.request('PUT', `${MT}/reflection-managers/procedure-group/?reflection_manager_id=${id}`, {
      procedure_group: g,
    });
  const reflect = (op: PrefixBrowser, id: number, body: object = {}) =>
    op.request('PUT', `${MT}/reflection-managers/${id}/procedure-group/`, body);
  const managerOf = async (op: PrefixBrowser, id = 1) => {
    const res = await op.request('GET', `${MT}/reflection-managers/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return ReflectionManager.parse(res.json());
  };
  /** What applicants of an environment are shown for a filter concierge. */
  const filterQuestion = async (prefix: Prefix, conciergeId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${prefix}${M}/concierge-filter/?procedure_group_id=1`,
      headers: { 'x-region-code': '999999' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      version: number;
      category: ProcedureGroupConfiguration['concierge_set']['filter_concierge_category'];
    };
    const q = body.category.concierge_sub_category
      .flatMap((s) => s.concierges)
      .find((c) => c.id === conciergeId);
    return { version: body.version, question: q?.question };
  };

  it('requires an operator session of that environment on every master-tool call', async () => {
    for (const prefix of ['/api', '/stg-api'] as const) {
      const anonymous = await prefixBrowser(t.app, prefix);
      for (const url of [
        `${MT}/reflection-managers/`,
        '/mastertool/municipalities/',
        `${MT}/reference-data/`,
      ]) {
        const res = await anonymous.request('GET', url);
        expect(res.statusCode, `${prefix}${url}`).toBe(401);
        expect(res.json().errors[0].code).toBe('unauthenticated');
      }
      expect((await reflect(anonymous, 1)).statusCode).toBe(401);
      // A staff session is not an operator session.
      const staff = await prefixBrowser(t.app, prefix);
      const login = await staff.request('POST', `${M}/login/`, {
        login_id: clerk.email,
        password: DEMO_PASSWORD,
      });
      expect(login.statusCode).toBe(200);
      expect((await staff.request('GET', `${MT}/reflection-managers/`)).statusCode).toBe(401);
      expect((await reflect(staff, 1)).statusCode).toBe(401);
    }
    // Writes need this browser's CSRF token.
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/stg-api${MT}/reflection-managers/1/procedure-group/`,
      headers: { 'x-region-code': '999999', cookie: stg.jar.header() },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
  });

  it('lists municipalities and reflection managers with the state of each environment', async () => {
    for (const op of [prod, stg]) {
      const list = (await op.request('GET', '/mastertool/municipalities/')).json();
      expect(list.municipalities.map((m: { code: string }) => m.code)).toEqual(['999998', '999999']);
      const managers = ReflectionManagerList.parse(
        (await op.request('GET', `${MT}/reflection-managers/`)).json(),
      );
      expect(managers.view_count).toBe(1);
      expect(managers.reflection_managers[0]).toMatchObject({
        id: 1,
        name: '出生・子育て',
        staging: { version: 1, is_reflected: true, can_reflect: false },
        product: { version: 1, is_reflected: true, can_reflect: false },
      });
      expect(managers.reflection_managers[0]!.product.last_reflection_at).not.toBeNull();
    }
    expect((await prod.request('GET', `${MT}/reflection-managers/1001/`)).statusCode).toBe(404);
  });

  it('keeps a draft invisible to applicants until reflected to staging, then production', async () => {
    const before = await filterQuestion('/api', 1);
    // The editor works on staging's tables through either prefix.
    const draft = await draftOf(prod);
    expect(draft).toEqual(await draftOf(stg));
    concierges(draft).find((q) => q.id === 1)!.question = '赤ちゃんは生まれましたか？（改訂）';
    const saved = await save(stg, draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      concierges(ProcedureGroupDraft.parse(saved.json()).procedure_group).find((q) => q.id === 1)?.question,
    ).toBe('赤ちゃんは生まれましたか？（改訂）');
    // Saved, not reflected: applicants of both environments still see version 1.
    expect(await filterQuestion('/stg-api', 1)).toEqual(before);
    expect(await filterQuestion('/api', 1)).toEqual(before);
    expect(await managerOf(stg)).toMatchObject({
      staging: { version: 1, is_reflected: false, can_reflect: true },
      product: { version: 1, is_reflected: true, can_reflect: false },
    });

    // The operator sees what would change before reflecting.
    const diff = ReflectionDiff.parse((await stg.request('GET', `${MT}/reflection-managers/1/diff/`)).json());
    expect(diff).toMatchObject({
      environment: 'staging',
      live_version: 1,
      compared: { draft: true, version: null },
    });
    expect(diff.changes).toEqual([
      {
        path: 'concierge_set.filter_concierge_category.concierge_sub_category[id=1].concierges[id=1].question',
        change: 'changed',
        before: before.question,
        after: '赤ちゃんは生まれましたか？（改訂）',
      },
    ]);

    const toStaging = await reflect(stg, 1);
    expect(toStaging.statusCode, toStaging.body).toBe(200);
    expect(ReflectionManager.parse(toStaging.json())).toMatchObject({
      staging: { version: 2, is_reflected: true, can_reflect: false },
      product: { version: 1, is_reflected: false, can_reflect: true },
    });
    // Reflecting again publishes nothing new.
    expect((await reflect(stg, 1)).json().staging.version).toBe(2);
    expect(await filterQuestion('/stg-api', 1)).toEqual({
      version: 2,
      question: '赤ちゃんは生まれましたか？（改訂）',
    });
    expect(await filterQuestion('/api', 1)).toEqual(before);

    const productionDiff = ReflectionDiff.parse(
      (await prod.request('GET', `${MT}/reflection-managers/1/diff/`)).json(),
    );
    expect(productionDiff).toMatchObject({
      environment: 'product',
      live_version: 1,
      compared: { draft: false, version: 2 },
    });
    expect(productionDiff.changes).toEqual(diff.changes);

    const toProduction = await reflect(prod, 1, { version: 2 });
    expect(toProduction.statusCode, toProduction.body).toBe(200);
    expect(toProduction.json()).toMatchObject({
      staging: { version: 2, is_reflected: true },
      product: { version: 2, is_reflected: true, can_reflect: false },
    });
    expect(await filterQuestion('/api', 1)).toEqual({
      version: 2,
      question: '赤ちゃんは生まれましたか？（改訂）',
    });
    // Production's normalized tables hold the version too.
    const productionTables = await createProcedureGroupRepository(t.database.db).read(1);
    expect(concierges(productionTables!).find((q) => q.id === 1)?.question).toBe(
      '赤ちゃんは生まれましたか？（改訂）',
    );

    const history = ReflectionHistory.parse(
      (await prod.request('GET', `${MT}/reflection-managers/1/history/`)).json(),
    );
    expect(history.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(history.staging.map((r) => [r.version, r.reflected_by])).toEqual([
      [2, 'operator'],
      [1, 'seed'],
    ]);
    expect(history.product.map((r) => [r.version, r.reflected_by])).toEqual([
      [2, 'operator'],
      [1, 'seed'],
    ]);
  });

  it('refuses on production a version staging does not have (409) and changes nothing', async () => {
    const before = await rowCounts(t.database);
    const res = await reflect(prod, 1, { version: 99 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ code: 'conflict', field: 'version' });
    expect(res.json().errors[0].message).toMatch(
      /staging has no version 99 of procedure group 1 \(staging has 1, 2\)/,
    );
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await managerOf(prod)).product.version).toBe(2);
  });

  it('rolls back with one reflection of an older version, on production and on staging', async () => {
    const rolled = await reflect(prod, 1, { version: 1 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().product).toMatchObject({ version: 1, is_reflected: false, can_reflect: true });
    expect((await filterQuestion('/api', 1)).version).toBe(1);
    expect((await filterQuestion('/api', 1)).question).not.toContain('改訂');
    // Forward again to 2: the existing version is reused.
    expect((await reflect(prod, 1, { version: 2 })).json().product.version).toBe(2);
    expect((await filterQuestion('/api', 1)).version).toBe(2);

    const staging = await reflect(stg, 1, { version: 1 });
    expect(staging.json().staging).toMatchObject({ version: 1, is_reflected: false, can_reflect: true });
    expect((await filterQuestion('/stg-api', 1)).version).toBe(1);
    // The draft is untouched by a rollback; it differs from the live version 1.
    expect(concierges(await draftOf(stg)).find((q) => q.id === 1)?.question).toContain('改訂');
    const diff = ReflectionDiff.parse(
      (await stg.request('GET', `${MT}/reflection-managers/1/diff/?version=2`)).json(),
    );
    expect(diff).toMatchObject({ live_version: 1, compared: { draft: false, version: 2 } });
    expect(diff.changes).toHaveLength(1);
    expect((await reflect(stg, 1, { version: 2 })).json().staging).toMatchObject({
      version: 2,
      is_reflected: true,
    });
    const history = ReflectionHistory.parse(
      (await stg.request('GET', `${MT}/reflection-managers/1/history/`)).json(),
    );
    expect(history.product.map((r) => r.version)).toEqual([2, 1, 2, 1]);
    expect(history.staging.map((r) => r.version)).toEqual([2, 1, 2, 1]);
  });

  it('keeps an application in progress on the version it started with', async () => {
    const resident = await residentOn(t, '/api', 'demo-resident-0001');
    const created = await resident.request('POST', `${M}/concierge-values/`, FILTER_ALL);
    expect(created.statusCode, created.body).toBe(201);
    const { id, configuration_version: started } = created.json() as {
      id: string;
      configuration_version: number;
    };
    // An application's questions: those of the version its assistant view names.
    const assistant = async (applicationId = id) => {
      const res = await resident.request('GET', `${M}/applications/${applicationId}/concierge-assistant/`);
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json() as { procedure_group_id: number; configuration_version: number };
      const questions = await resident.request(
        'GET',
        `${M}/concierge-assistant/?procedure_group_id=${view.procedure_group_id}&version=${view.configuration_version}`,
      );
      expect(questions.statusCode, questions.body).toBe(200);
      const body = questions.json() as {
        categories: ProcedureGroupConfiguration['concierge_set']['assistant_concierge_category'];
      };
      return body.categories.flatMap((c) => c.concierge_sub_category.flatMap((s) => s.concierges));
    };
    const question = (await assistant()).find((q) => q.name === '届出人の資格')!;

    const draft = await draftOf(stg);
    concierges(draft).find((q) => q.id === question.id)!.question = '届出人はどなたですか？（新しい版）';
    expect((await save(stg, draft)).statusCode).toBe(200);
    const staged = await reflect(stg, 1);
    const version = staged.json().staging.version as number;
    expect(version).toBeGreaterThan(started);
    expect((await reflect(prod, 1, { version })).json().product.version).toBe(version);

    // The application still reads its own version; a new one starts on the new version.
    expect((await assistant()).find((q) => q.id === question.id)?.question).toBe(question.question);
    const form = await resident.request(
      'GET',
      `${M}/form/?procedure_group_id=1&procedure_ids=1&version=${started}`,
    );
    expect(form.statusCode).toBe(200);
    const fresh = await resident.request('POST', `${M}/concierge-values/`, FILTER_ALL);
    expect(fresh.json().configuration_version).toBe(version);
    const freshQuestion = (await assistant(fresh.json().id)).find((q) => q.id === question.id);
    expect(freshQuestion?.question).toBe('届出人はどなたですか？（新しい版）');
  });

  it('refuses a broken configuration with field errors, writing nothing', async () => {
    const draft = await draftOf(stg);
    const before = await rowCounts(t.stagingDatabase);
    const cases: [string, (g: ProcedureGroupConfiguration) => void, string][] = [
      [
        'a view rule selecting an unknown option',
        (g) => {
          g.concierge_set.filter_concierge_category.concierge_sub_category[1]!.view_rules[0]!.expected =
            '700';
        },
        'procedure_group.concierge_set.filter_concierge_category.concierge_sub_category.1.view_rules.0.expected',
      ],
      [
        'a fragment with an unknown item',
        (g) => {
          g.disclosure.procedures[0]!.procedure_fragments[0]!.standard_item_code = 'no_such_item';
        },
        'procedure_group.disclosure.procedures.0.procedure_fragments.0.standard_item_code',
      ],
      [
        'an attach of an unknown procedure',
        (g) => {
          g.disclosure.procedure_attaches[0]!.procedure_id = 99;
        },
        'procedure_group.disclosure.procedure_attaches.0.procedure_id',
      ],
      [
        'two procedures with one code',
        (g) => {
          g.disclosure.procedures[1]!.code = g.disclosure.procedures[0]!.code;
        },
        'procedure_group.disclosure.procedures.1.code',
      ],
    ];
    for (const [what, edit, field] of cases) {
      const broken = structuredClone(draft);
      edit(broken);
      // Even with another, valid change in the same save: all or nothing.
      broken.name = '出生・子育て（未保存）';
      const res = await save(stg, broken);
      expect(res.statusCode, what).toBe(400);
      const errors = res.json().errors as { code: string; field: string; message: string }[];
      expect(
        errors.map((e) => e.field),
        what,
      ).toContain(field);
      expect(errors.every((e) => e.code === 'validation_failed' && e.message.length > 0)).toBe(true);
    }
    // A shape error is refused by the contract, with the field.
    const shapeless = structuredClone(draft) as unknown as { name?: string };
    delete shapeless.name;
    const shape = await save(stg, shapeless as ProcedureGroupConfiguration, 1);
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors[0].field).toBe('procedure_group.name');
    expect(await rowCounts(t.stagingDatabase)).toEqual(before);
    expect(await draftOf(stg)).toEqual(draft);
  });

  it('answers bad inputs with 400 and the error body, unknown managers with 404', async () => {
    const bad: [string, 'GET' | 'PUT', string, object?][] = [
      ['reflect version 0', 'PUT', `${MT}/reflection-managers/1/procedure-group/`, { version: 0 }],
      ['reflect version text', 'PUT', `${MT}/reflection-managers/1/procedure-group/`, { version: 'two' }],
      ['manager id', 'GET', `${MT}/reflection-managers/abc/`],
      ['diff version', 'GET', `${MT}/reflection-managers/1/diff/?version=abc`],
      ['draft without manager', 'GET', `${MT}/reflection-managers/procedure-group/`],
      ['save without body', 'PUT', `${MT}/reflection-managers/procedure-group/?reflection_manager_id=1`, {}],
    ];
    for (const op of [prod, stg]) {
      for (const [what, method, url, body] of bad) {
        const res = await op.request(method, url, body);
        expect(res.statusCode, `${op.prefix} ${what}`).toBe(400);
        expect(res.json().errors[0]).toMatchObject({ code: 'validation_failed' });
      }
      expect((await op.request('GET', `${MT}/reflection-managers/999/`)).statusCode).toBe(404);
      expect(
        (await op.request('GET', `${MT}/reflection-managers/procedure-group/?reflection_manager_id=999`))
          .statusCode,
      ).toBe(404);
    }
    // The draft must be the manager's group.
    const draft = await draftOf(stg);
    const other = await save(stg, { ...draft, id: 2 }, 1);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].field).toBe('procedure_group.id');
  });

  it('creates a new group as a draft with fresh ids, live only once reflected', async () => {
    const copy = structuredClone(await draftOf(stg));
    copy.name = '子育て応援（新設）';
    copy.sequence = 5;
    for (const p of copy.disclosure.procedures) p.code = `new_${p.code}`;
    for (const r of copy.reports) r.procedure_code = `new_${r.procedure_code}`;
    for (const q of concierges(copy))
      for (const c of q.concierge_procedure_codes) c.procedure_code = `new_${c.procedure_code}`;
    for (const h of copy.concierge_set.concierge_rule.procedure_rule.hidden_rules)
      h.target = `new_${h.target}`;
    const created = await stg.request('POST', `${MT}/reflection-managers/procedure-group/`, {
      procedure_group: copy,
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = ProcedureGroupDraft.parse(created.json());
    const id = draft.reflection_manager_id;
    expect(id).not.toBe(1);
    expect(draft.procedure_group.id).toBe(id);
    expect(draft.procedure_group.disclosure.procedure_group_id).toBe(id);
    // Every id was renumbered (group 1 owns the originals), references follow.
    const oldOptions = new Set(concierges(copy).flatMap((q) => q.concierge_options.map((o) => o.id)));
    const newOptions = concierges(draft.procedure_group).flatMap((q) => q.concierge_options.map((o) => o.id));
    expect(newOptions.some((o) => oldOptions.has(o))).toBe(false);
    const selected =
      draft.procedure_group.concierge_set.filter_concierge_category.concierge_sub_category[1]!.view_rules[0]!;
    expect(newOptions).toContain(Number(selected.expected));

    const home = async (prefix: Prefix) =>
      (
        await t.app.inject({ method: 'GET', url: `${prefix}${M}/`, headers: { 'x-region-code': '999999' } })
      ).json().procedure_groups as { id: number }[];
    expect((await home('/stg-api')).map((g) => g.id)).toEqual([1]);
    expect(await managerOf(stg, id)).toMatchObject({
      staging: { version: null, is_reflected: false, can_reflect: true },
      product: { version: null, is_reflected: false, can_reflect: false },
    });
    const refused = await reflect(prod, id);
    expect(refused.statusCode).toBe(409);
    expect((await reflect(stg, id)).json().staging.version).toBe(1);
    expect((await home('/stg-api')).map((g) => g.id)).toEqual([1, id]);
    expect((await home('/api')).map((g) => g.id)).toEqual([1]);
    const toProduction = await reflect(prod, id);
    expect(toProduction.statusCode, toProduction.body).toBe(200);
    expect(toProduction.json().product).toMatchObject({ version: 1, is_reflected: true });
    expect((await home('/api')).map((g) => g.id)).toEqual([1, id]);
    const managers = ReflectionManagerList.parse(
      (await prod.request('GET', `${MT}/reflection-managers/`)).json(),
    );
    expect(managers.reflection_managers.map((m) => m.id)).toEqual([1, id]);
  });

  it('never deletes a procedure still needed: production keeps it, staging refuses', async () => {
    const municipalityOf = async (database: PortalTestApp['database']) =>
      Number((await database.executeSql(`select id from municipalities where code = '999999'`)).rows[0]?.id);
    const applicationOn = async (prefix: Prefix, status: 'draft' | 'submitted', procedureIds: number[]) => {
      const database = t.databaseOf(prefix);
      const repo = createApplicationRepository(database.db);
      const live = (await managerOf(prod)).product.version!;
      return repo.insert({
        municipalityId: await municipalityOf(database),
        applicantId: await repo.ensureApplicant('demo-resident-0002'),
        procedureGroupId: 1,
        configurationVersion: prefix === '/api' ? live : 1,
        status,
        currentStep: status === 'draft' ? 'procedures' : 'complete',
        procedureIds,
      });
    };
    const insertDocument = async (prefix: Prefix, procedureId: number) => {
      const database = t.databaseOf(prefix);
      const application = await applicationOn(prefix, 'submitted', [procedureId]);
      await database.executeSql(
        `insert into documents (municipality_id, application_id, procedure_id, reference_number, applicant_name)
         values ($1, $2, $3, $4, '山田 花子')`,
        [await municipalityOf(database), application.id, procedureId, `T-${prefix}-${procedureId}`],
      );
    };
    // Production: documents refer to procedure 3; a resident's draft on the live version may still choose 2.
    await insertDocument('/api', 3);
    await t.database.executeSql(`update applications set status = 'withdrawn' where status = 'draft'`);
    await applicationOn('/api', 'draft', []);
    const smaller = withoutProcedure(
      withoutProcedure(await draftOf(stg), 'child_medical_subsidy'),
      'child_allowance',
    );
    // The applicant's sex was asked only by the dropped procedures: the pre-reflection check wants it asked.
    smaller.disclosure.procedures[0]!.procedure_fragments.push({
      id: 9_999,
      name: '届出人',
      standard_item_code: 'applicant_sex',
    });
    const saved = await save(stg, smaller);
    expect(saved.statusCode, saved.body).toBe(200);
    const staged = await reflect(stg, 1);
    expect(staged.statusCode, staged.body).toBe(200);
    const version = staged.json().staging.version as number;
    const res = await reflect(prod, 1, { version });
    expect(res.statusCode, res.body).toBe(200);
    const procedures = await t.database.executeSql(
      'select id from procedures where procedure_group_id = 1 order by id',
    );
    expect(procedures.rows.map((r) => Number(r.id))).toEqual([1, 2, 3]);
    const offered = await t.app.inject({
      method: 'GET',
      url: `/api${M}/procedures/?procedure_group_id=1`,
      headers: { 'x-region-code': '999999' },
    });
    expect(offered.json().available.map((p: { code: string }) => p.code)).toEqual(['birth_notification']);
    // Staging's procedures are the draft: they went, since no staging document referred to them.
    const stagingRows = await t.stagingDatabase.executeSql(
      'select id from procedures where procedure_group_id = 1',
    );
    expect(stagingRows.rows.map((r) => Number(r.id))).toEqual([1]);

    // Staging's draft tables refuse to drop a procedure its own documents refer to.
    await insertDocument('/stg-api', 1);
    const before = await rowCounts(t.stagingDatabase);
    const refused = await save(stg, withoutProcedure(smaller, 'birth_notification'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toMatch(/documents refer to procedure 1 "birth_notification"/);
    expect(await rowCounts(t.stagingDatabase)).toEqual(before);
  });

  it('leaves production on its previous version when a reflection fails', async () => {
    const draft = await draftOf(stg);
    const q = concierges(draft).find((c) => c.id === 4)!;
    q.concierge_options.push({ id: 777, value: 'どちらでもない', sequence: 9, concierge_destination: null });
    expect((await save(stg, draft)).statusCode).toBe(200);
    const version = (await reflect(stg, 1)).json().staging.version as number;
    // Something in production now holds option id 777 (another group's concierge): the copy must fail.
    const other = await t.database.executeSql(
      `select q.id from concierges q join concierge_sub_categories s on s.id = q.sub_category_id
       join concierge_categories c on c.id = s.category_id join concierge_sets cs on cs.id = c.concierge_set_id
       where cs.procedure_group_id = 1001 limit 1`,
    );
    await t.database.executeSql(
      `insert into concierge_options (id, concierge_id, value, sequence) overriding system value values (777, $1, 'x', 0)`,
      [Number(other.rows[0]?.id)],
    );
    const live = (await managerOf(prod)).product.version;
    const tables = await createProcedureGroupRepository(t.database.db).read(1);
    const before = await rowCounts(t.database);
    const res = await reflect(prod, 1, { version });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe('conflict');
    expect((await managerOf(prod)).product.version).toBe(live);
    expect(await createProcedureGroupRepository(t.database.db).read(1)).toEqual(tables);
    expect(await rowCounts(t.database)).toEqual(before);
    expect((await filterQuestion('/api', 1)).version).toBe(live);
  });

  it('serves reference data and material templates for the editor', async () => {
    for (const op of [prod, stg]) {
      const data = (await op.request('GET', `${MT}/reference-data/`)).json();
      // Every icon type of the contract, in its order, named in words (decision 0056).
      expect(data.icon_types.map((i: { value: string }) => i.value)).toEqual(IconType.options);
      expect(data.icon_types.find((i: { value: string }) => i.value === 'MV')?.label).toBe('引っ越し');
      expect(data.procedure_codes.map((p: { value: string }) => p.value)).toContain('birth_notification');
      expect(data.procedure_attaches.map((a: { type: string }) => a.type)).toEqual(['PH', 'OR', 'SG']);
      expect(
        data.standard_item_fragments.find((f: { code: string }) => f.code === 'child_last_name'),
      ).toMatchObject({
        name: expect.any(String),
        fragment: expect.any(String),
      });
      expect(data.departments).toContainEqual({ value: expect.any(String), label: expect.any(String) });
      // The library holds whole item definitions, the national ones too (a new group picks from it).
      const library = new Map(data.standard_items.map((i: { code: string }) => [i.code, i]));
      expect(library.get('applicant_last_name')).toMatchObject({ type: 'text', name: expect.any(String) });
      expect(library.get('child_sex')).toMatchObject({
        choices: expect.arrayContaining([expect.anything()]),
      });
      const templates = (await op.request('GET', `${MT}/material-templates/procedure-group/`)).json();
      const types = new Set(templates.material_templates.map((m: { type: string }) => m.type));
      expect([...types]).toEqual(expect.arrayContaining(['PRG', 'PRO', 'PRA', 'REP', 'WOT', 'DEP', 'SIF']));
      const groups = templates.material_templates.filter((m: { type: string }) => m.type === 'PRG');
      expect(groups.map((m: { values: { icon_type: string } }) => m.values.icon_type).sort()).toEqual([
        'BI',
        'BI',
        'PR',
      ]);
    }
  });
});
