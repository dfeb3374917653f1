// English of configuration texts (decision 0009): saved with the draft, carried by reflection from staging
// to production, and present in every applicant response that shows a configuration text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApplicationProcedures,
  AttachmentList,
  AssistantQuestions,
  ConciergeFilter,
  FilterResult,
  FormDefinition,
  MunicipalityHome,
  ProcedureGroupDraft,
  ProcedureOverview,
  type ProcedureGroupConfiguration,
} from '@portal/contracts';
import { FILTER_ALL } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  createPortalTestApp,
  operatorOn,
  residentOn,
  type PortalTestApp,
  type PrefixBrowser,
} from '../../testing/portal-app.js';

const MT = '/mastertool/municipalities/999999';
const M = '/municipalities/999999';

const concierges = (g: ProcedureGroupConfiguration) =>
  [g.concierge_set.filter_concierge_category, ...g.concierge_set.assistant_concierge_category].flatMap((c) =>
    c.concierge_sub_category.flatMap((s) => s.concierges),
  );

describe.each(databaseKinds)('English of configuration texts on %s', (kind) => {
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
    const res = await stg.request(
      'GET',
      `${MT}/reflection-managers/procedure-group/?reflection_manager_id=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return ProcedureGroupDraft.parse(res.json()).procedure_group;
  };

  /** Every applicant response of production that carries configuration texts, parsed by its contract. */
  async function applicantResponses() {
    const resident = await residentOn(t, '/api', 'demo-resident-0001');
    const get = async <T>(
      url: string,
      parse: (v: unknown) => T,
      method: 'GET' | 'POST' | 'PUT' = 'GET',
      body?: object,
    ) => {
      const res = await resident.request(method, url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return parse(res.json());
    };
    const created = await resident.request('POST', `${M}/concierge-values/`, FILTER_ALL);
    expect(created.statusCode, created.body).toBe(201);
    const application = created.json() as { id: string; en?: { procedure_group_name?: string } };
    const app = `${M}/applications/${application.id}`;
    return {
      application,
      home: await get(`${M}/`, (v) => MunicipalityHome.parse(v)),
      filter: await get(`${M}/concierge-filter/?procedure_group_id=1`, (v) => ConciergeFilter.parse(v)),
      scopedOut: await get(`${M}/concierge-filter/concierge-values/`, (v) => FilterResult.parse(v), 'POST', {
        procedure_group_id: 1,
        concierge_option_ids: [1, 4],
      }),
      filterResult: await get(
        `${M}/concierge-filter/concierge-values/`,
        (v) => FilterResult.parse(v),
        'POST',
        FILTER_ALL,
      ),
      procedures: await get(`${M}/procedures/?procedure_group_id=1`, (v) => ApplicationProcedures.parse(v)),
      overview: await get(`${M}/procedure-overview/?procedure_group_id=1`, (v) => ProcedureOverview.parse(v)),
      form: await get(`${M}/form/?procedure_group_id=1&procedure_ids=1,2,3`, (v) => FormDefinition.parse(v)),
      assistant: await get(`${M}/concierge-assistant/?procedure_group_id=1`, (v) =>
        AssistantQuestions.parse(v),
      ),
      attaches: await (async () => {
        // Attachment slots follow the chosen procedures.
        await get(`${app}/procedures/`, (v) => ApplicationProcedures.parse(v), 'PUT', { procedure_ids: [1] });
        return get(`${app}/procedure-attaches/`, (v) => AttachmentList.parse(v));
      })(),
    };
  }

  it('serves the seeded English in every applicant response', async () => {
    const r = await applicantResponses();
    expect(r.application.en?.procedure_group_name).toBe('Birth and childcare');
    expect(r.home.procedure_groups[0]?.en).toEqual({
      name: 'Birth and childcare',
      description: 'Notify the birth of your baby and apply for childcare allowances and subsidies.',
    });
    expect(r.filter.category.en?.title).toBe('Find out which procedures you need');
    const sub = r.filter.category.concierge_sub_category[0]!;
    expect(sub.en).toEqual({ name: 'About the birth', breadcrumbs: ['Before you start', 'About the birth'] });
    expect(sub.concierges[0]?.en?.question).toBe('Has your child been born?');
    expect(sub.concierges[0]?.concierge_options.map((o) => o.en?.value)).toEqual(['Yes', 'No']);
    expect(r.scopedOut.is_scopedout).toBe(true);
    expect(r.scopedOut.en?.scopedout_messages?.[0]).toMatch(/^The birth of a child born outside Japan/);
    expect(r.filterResult.procedures.map((p) => p.en?.name)).toEqual([
      'Birth notification',
      'Child allowance claim',
      'Child medical expense subsidy',
    ]);
    expect(r.procedures.available[0]?.en?.check_messages).toHaveLength(3);
    expect(r.overview.procedures[0]?.en?.name).toBe('Birth notification');
    expect(r.overview.procedures[0]?.attaches[0]?.en?.name).toBe('Birth certificate');
    const fragment = r.form.fragments[0]!;
    expect(fragment.en?.name).toBe('Child');
    expect(fragment.items[0]?.en?.name).toBe("Child's surname");
    const sex = r.form.fragments.flatMap((f) => f.items).find((i) => i.code === 'child_sex')!;
    expect(sex.choices.map((c) => c.en?.label)).toEqual(['Male', 'Female']);
    expect(r.form.copies.map((c) => c.en?.label)).toContain('Same address as the notifier');
    expect(r.assistant.categories[0]?.en?.name).toBe('Your application details');
    expect(r.attaches.required.map((a) => a.en?.name)).toContain('Birth certificate');
  });

  it('carries English edited in a draft through staging to production', async () => {
    const draft = await draftOf();
    draft.en = { name: 'Births and children', description: 'Revised description.' };
    const born = concierges(draft).find((q) => q.id === 1)!;
    born.en = { ...born.en, question: 'Has your baby been born?', remarks: 'Revised remark.' };
    born.concierge_options[1]!.en = { value: 'Not yet' };
    const abroad = concierges(draft).find((q) => q.id === 2)!.concierge_options[1]!;
    abroad.concierge_destination!.en = { scopedout_message: 'Please notify us at the counter.' };
    const birth = draft.disclosure.procedures[0]!;
    birth.en = { ...birth.en, name: 'Notification of birth', check_messages: ['One', '', 'Three'] };
    birth.procedure_fragments[0]!.en = { name: 'The child' };
    draft.disclosure.procedure_attaches[0]!.en = { name: 'Certificate of birth' };
    const sexItem = draft.standard_items.find((i) => i.code === 'child_sex')!;
    sexItem.en = { name: 'Sex of the child' };
    sexItem.choices[0]!.en = { label: 'Boy' };
    draft.concierge_set.filter_concierge_category.en = { name: 'Check first', title: 'What do you need?' };
    // An empty English text is accepted (the Japanese is shown).
    draft.concierge_set.filter_concierge_category.concierge_sub_category[0]!.en = { name: '' };

    const saved = await stg.request(
      'PUT',
      `${MT}/reflection-managers/procedure-group/?reflection_manager_id=1`,
      {
        procedure_group: draft,
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const back = ProcedureGroupDraft.parse(saved.json()).procedure_group;
    expect(back.en).toEqual(draft.en);
    expect(concierges(back).find((q) => q.id === 1)?.en?.question).toBe('Has your baby been born?');

    const toStaging = await stg.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {});
    expect(toStaging.statusCode, toStaging.body).toBe(200);
    const version = toStaging.json().staging.version as number;
    const toProduction = await prod.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {
      version,
    });
    expect(toProduction.statusCode, toProduction.body).toBe(200);

    const r = await applicantResponses();
    expect(r.application.en?.procedure_group_name).toBe('Births and children');
    expect(r.home.procedure_groups[0]?.en?.name).toBe('Births and children');
    expect(r.filter.version).toBe(version);
    expect(r.filter.category.en).toEqual({ name: 'Check first', title: 'What do you need?' });
    expect(r.filter.category.concierge_sub_category[0]?.en).toEqual({ name: '' });
    const q = r.filter.category.concierge_sub_category[0]!.concierges[0]!;
    expect(q.en).toMatchObject({ question: 'Has your baby been born?', remarks: 'Revised remark.' });
    expect(q.concierge_options[1]?.en).toEqual({ value: 'Not yet' });
    expect(r.scopedOut.en?.scopedout_messages).toEqual(['Please notify us at the counter.']);
    expect(r.filterResult.procedures[0]?.en?.name).toBe('Notification of birth');
    expect(r.procedures.available[0]?.en?.check_messages).toEqual(['One', '', 'Three']);
    expect(r.overview.procedures[0]?.en?.name).toBe('Notification of birth');
    expect(r.overview.procedures[0]?.attaches[0]?.en).toEqual({ name: 'Certificate of birth' });
    expect(r.form.fragments[0]?.en).toEqual({ name: 'The child' });
    const sex = r.form.fragments.flatMap((f) => f.items).find((i) => i.code === 'child_sex')!;
    expect(sex.en).toEqual({ name: 'Sex of the child' });
    expect(sex.choices[0]?.en).toEqual({ label: 'Boy' });
    expect(r.attaches.required.find((a) => a.standard_item_code === 'attach_birth_certificate')?.en).toEqual({
      name: 'Certificate of birth',
    });
  });

  it('still serves a configuration without any English', async () => {
    const strip = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(strip)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([k]) => k !== 'en')
                .map(([k, v]) => [k, strip(v)]),
            )
          : value;
    const draft = strip(await draftOf()) as ProcedureGroupConfiguration;
    const saved = await stg.request(
      'PUT',
      `${MT}/reflection-managers/procedure-group/?reflection_manager_id=1`,
      {
        procedure_group: draft,
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.stringify(saved.json())).not.toContain('"en"');
    const toStaging = await stg.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, {});
    const version = toStaging.json().staging.version as number;
    expect(
      (await prod.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, { version })).statusCode,
    ).toBe(200);
    const r = await applicantResponses();
    expect(r.application.en).toBeUndefined();
    expect(r.filter.category.en).toBeUndefined();
    expect(r.scopedOut.en).toBeUndefined();
    expect(r.form.fragments[0]?.en).toBeUndefined();
  });
});
