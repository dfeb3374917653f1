// A group's own texts for residents (decision 0028): saved with the draft, refused when not plain text,
// shown in the diff, carried by reflection from staging to production, and served to applicants with
// the procedure overview (申請の流れ) and the completion; without them, responses are as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Completion,
  ProcedureGroupDraft,
  ProcedureOverview,
  ReflectionDiff,
  type ResidentTexts,
} from '@portal/contracts';
import { FILTER_ALL } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  createPortalTestApp,
  operatorOn,
  residentOn,
  type PortalTestApp,
  type Prefix,
  type PrefixBrowser,
} from '../../testing/portal-app.js';

const MT = '/mastertool/municipalities/999999';
const M = '/municipalities/999999';
const DRAFT = `${MT}/reflection-managers/procedure-group/?reflection_manager_id=1`;

const TEXTS: ResidentTexts = {
  steps_intro: '転入の手続きは、次の順に進みます。\n途中でやめても、続きから再開できます。',
  steps: { assistant: '新しい住所と、引っ越してきた日について答えます。' },
  completion_next: '住民票の写しは、窓口で受け取れます。',
  en: { steps_intro: 'Moving in goes through the steps below.' },
};

describe.each(databaseKinds)('resident texts of a procedure group on %s', (kind) => {
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
  const save = (procedure_group: unknown) => stg.request('PUT', DRAFT, { procedure_group });
  const reflect = async (to: PrefixBrowser, body: object) => {
    const res = await to.request('PUT', `${MT}/reflection-managers/1/procedure-group/`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { staging: { version: number } };
  };

  /** What a new application of an environment's resident is told: the overview and the completion. */
  async function residentSees(prefix: Prefix) {
    const resident = await residentOn(t, prefix, 'demo-resident-0001');
    const overview = await resident.request('GET', `${M}/procedure-overview/?procedure_group_id=1`);
    expect(overview.statusCode, overview.body).toBe(200);
    const created = await resident.request('POST', `${M}/concierge-values/`, FILTER_ALL);
    expect(created.statusCode, created.body).toBe(201);
    const completion = await resident.request(
      'GET',
      `${M}/applications/${(created.json() as { id: string }).id}/completion/`,
    );
    expect(completion.statusCode, completion.body).toBe(200);
    return {
      overview: ProcedureOverview.parse(overview.json()).resident_texts,
      completion: Completion.parse(completion.json()).resident_texts,
    };
  }

  it('has none in the demo data: residents get the defaults', async () => {
    expect((await draftOf()).resident_texts).toBeUndefined();
    expect(await residentSees('/api')).toEqual({ overview: undefined, completion: undefined });
  });

  it('refuses texts that are not plain, or English without Japanese, in the one error format', async () => {
    const draft = await draftOf();
    const bad = await save({
      ...draft,
      resident_texts: { steps: { form: '<b>必ず</b>入力' }, en: { completion_next: 'Only English' } },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const body = bad.json() as { errors: { code: string; field?: string }[] };
    expect(body.errors.map((e) => [e.code, e.field])).toEqual([
      ['validation_failed', 'procedure_group.resident_texts.steps.form'],
      ['validation_failed', 'procedure_group.resident_texts.en.completion_next'],
    ]);
    const tooLong = await save({ ...draft, resident_texts: { steps_intro: 'あ'.repeat(1001) } });
    expect(tooLong.statusCode).toBe(400);
    expect((await draftOf()).resident_texts).toBeUndefined();
  });

  it('carries them from the draft through staging to production and back to the defaults', async () => {
    const saved = await save({ ...(await draftOf()), resident_texts: TEXTS });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ProcedureGroupDraft.parse(saved.json()).procedure_group.resident_texts).toEqual(TEXTS);

    const diff = ReflectionDiff.parse((await stg.request('GET', `${MT}/reflection-managers/1/diff/`)).json());
    expect(diff.changes).toEqual([{ path: 'resident_texts', change: 'added', after: TEXTS }]);
    // Saved, not reflected: nobody sees them yet.
    expect((await residentSees('/stg-api')).overview).toBeUndefined();

    const { version } = (await reflect(stg, {})).staging;
    expect(await residentSees('/stg-api')).toEqual({ overview: TEXTS, completion: TEXTS });
    expect((await residentSees('/api')).overview).toBeUndefined();

    await reflect(prod, { version });
    expect(await residentSees('/api')).toEqual({ overview: TEXTS, completion: TEXTS });

    // Removing them shows the defaults again once reflected.
    const { resident_texts: _gone, ...without } = await draftOf();
    expect((await save(without)).statusCode).toBe(200);
    expect((await draftOf()).resident_texts).toBeUndefined();
    await reflect(prod, { version: (await reflect(stg, {})).staging.version });
    expect(await residentSees('/api')).toEqual({ overview: undefined, completion: undefined });
  });
});
