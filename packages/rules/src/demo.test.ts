import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { compileConfiguration } from './compile.js';
import type { CategoryEvaluation } from './concierge-flow.js';
import { answers } from './testing/fixtures.js';

/** A walk through デモ市's 出生・子育て (group 1), the main fixture of the portal. */
const group = demoProcedureGroup();
const rules = compileConfiguration(group);

const ctx = { today: '2026-04-20' };
const newborn = '2026-04-10';

/** The demo data does not export its option ids: find an option by question and value. */
function option(question: string, value: string): number {
  const set = group.concierge_set;
  for (const category of [set.filter_concierge_category, ...set.assistant_concierge_category]) {
    for (const sub of category.concierge_sub_category) {
      for (const c of sub.concierges) {
        if (!c.question.startsWith(question)) continue;
        const found = c.concierge_options.find((o) => o.value.startsWith(value));
        if (found) return found.id;
      }
    }
  }
  throw new Error(`no option "${value}" for "${question}"`);
}

const born = () => option('お子さんは生まれましたか', 'はい');
const notBorn = () => option('お子さんは生まれましたか', 'いいえ');
const inJapan = () => option('お子さんはどこで生まれましたか', '日本国内');
const abroad = () => option('お子さんはどこで生まれましたか', '日本国外');
const livesHere = () => option('お住まいはデモ市ですか', 'はい');
const civilServant = () => option('あなたは公務員ですか', 'はい');
const notCivilServant = () => option('あなたは公務員ですか', 'いいえ');
const father = () => option('出生届を届け出る方', '父');
const boy = () => option('お子さんの性別', '男');
const single = () => option('単胎ですか', '単胎');
const employee = () => option('あなたが加入している年金', '厚生年金');
const noSpouse = () => option('配偶者はいますか', 'いいえ');
const insurancePending = () => option('お子さんの健康保険の加入手続き', 'いいえ');

const shownQuestions = (r: CategoryEvaluation) =>
  r.subCategories.flatMap((s) => s.concierges.filter((c) => c.shown).map((c) => c.id));
const ALL = ['birth_notification', 'child_allowance', 'child_medical_subsidy'];

describe('demo group 1: filter', () => {
  it('leads to the three procedures', () => {
    const filter = [born(), inJapan(), livesHere(), notCivilServant()];
    const result = rules.evaluateFilter(answers(filter), ctx);
    expect(result).toMatchObject({
      scopedOut: false,
      scopedOutMessages: [],
      scopedOutMessagesEn: [],
      ignoredOptionIds: [],
      procedureCodes: ALL,
    });
    expect(shownQuestions(result)).toEqual([1, 2, 3, 4]);
    expect(result.explanations).toContainEqual({
      subject: 'sub_category:2',
      shown: true,
      reason: 'shown because you answered "はい" to "お子さんは生まれましたか？"',
    });
  });

  it('scopes out a birth abroad with its message', () => {
    const result = rules.evaluateFilter(answers([born(), abroad()]), ctx);
    expect(result.scopedOut).toBe(true);
    expect(result.scopedOutMessages).toHaveLength(1);
    expect(result.scopedOutMessages[0]).toContain('在外公館');
  });

  it('scopes out before the birth and hides the residence questions', () => {
    const result = rules.evaluateFilter(answers([notBorn()]), ctx);
    expect(result.scopedOut).toBe(true);
    expect(result.scopedOutMessages[0]).toMatch(
      /^出生に関する手続きは、お子さんが生まれた後に申請できます。/,
    );
    expect(result.procedureCodes).toEqual([]);
    expect(result.subCategories[1]).toMatchObject({ id: 2, shown: false });
  });
});

describe('demo group 1: assistant and procedures', () => {
  const assistantAnswers = (filter: number[], extra: number[] = [], items: Record<string, string> = {}) =>
    answers([...filter, father(), boy(), single(), ...extra], { child_birth_date: newborn, ...items });

  it('makes child_allowance not allowed for a civil servant', () => {
    const filter = [born(), inJapan(), livesHere(), civilServant()];
    const candidates = rules.evaluateFilter(answers(filter), ctx).procedureCodes;
    expect(candidates).toEqual(ALL);
    const assistant = assistantAnswers(filter);
    const evaluation = rules.evaluateAssistant(assistant, ctx);
    expect(evaluation.ignoredOptionIds).toEqual([]);
    // The child allowance and bank account sections are for non civil servants only.
    expect(evaluation.subCategories.filter((s) => !s.shown).map((s) => s.id)).toEqual([7, 8]);
    const items = rules.applyPrefill(assistant, { last_name: '山田', first_name: '太郎' }, ctx);
    expect(items).toMatchObject({
      applicant_pension_type: 'mutual_aid',
      notifier_role: 'father',
      applicant_last_name: '山田',
    });
    const decisions = rules.allowedProcedures(candidates, { ...assistant, items });
    expect(decisions).toEqual([
      { code: 'birth_notification', allowed: true, reason: 'applicable because it has no procedural rules' },
      {
        code: 'child_allowance',
        allowed: false,
        reason: 'hidden because applicant_pension_type equals "mutual_aid"',
      },
      {
        code: 'child_medical_subsidy',
        allowed: false,
        reason: 'not applicable: procedural rule needs insurance_insurer_number answered',
      },
    ]);
  });

  it('allows child_allowance to an employee with custody, and explains when custody is missing', () => {
    const filter = [born(), inJapan(), livesHere(), notCivilServant()];
    const assistant = assistantAnswers(filter, [employee(), noSpouse()], { child_custody: 'yes' });
    // Formula rules read items as given: the employer question needs the pension the option prefills.
    expect(shownQuestions(rules.evaluateAssistant(assistant, ctx))).not.toContain(22);
    const items = rules.applyPrefill(assistant, null, ctx);
    const evaluation = rules.evaluateAssistant({ ...assistant, items }, ctx);
    expect(shownQuestions(evaluation)).toEqual(expect.arrayContaining([20, 21, 22, 23, 25, 26, 27]));
    expect(shownQuestions(evaluation)).not.toContain(24);
    expect(rules.allowedProcedures(['child_allowance'], { ...assistant, items })).toEqual([
      {
        code: 'child_allowance',
        allowed: true,
        reason: 'applicable because applicant_pension_type = employee and child_custody = yes',
      },
    ]);
    const withoutCustody = { ...assistant, items: { ...items, child_custody: '' } };
    expect(rules.allowedProcedures(['child_allowance'], withoutCustody)[0]?.reason).toBe(
      'not applicable: procedural rule needs applicant_pension_type = employee and child_custody = yes, ' +
        'or applicant_pension_type = national and child_custody = yes',
    );
  });

  it('hides the medical subsidy while the health insurance is pending', () => {
    const filter = [born(), inJapan(), livesHere(), notCivilServant()];
    const assistant = assistantAnswers(filter, [insurancePending()]);
    const items = rules.applyPrefill(assistant, null, ctx);
    expect(rules.allowedProcedures(['child_medical_subsidy'], { ...assistant, items })[0]).toEqual({
      code: 'child_medical_subsidy',
      allowed: false,
      reason: 'hidden because insurance_type equals "pending"',
    });
  });

  it('shows the birth certificate section for a newborn only', () => {
    const filter = [born(), inJapan(), livesHere(), notCivilServant()];
    const older = rules.evaluateAssistant(answers(filter, { child_birth_date: '2024-01-01' }), ctx);
    expect(older.subCategories.find((s) => s.id === 5)).toMatchObject({
      shown: false,
      reason: 'hidden because age(child_birth_date) is not below 1',
    });
    const baby = rules.evaluateAssistant(answers(filter, { child_birth_date: newborn }), ctx);
    expect(baby.subCategories.find((s) => s.id === 5)).toMatchObject({
      shown: true,
      reason: 'shown because age(child_birth_date) is below 1',
    });
  });

  it('builds the birth notification form: prefills, hidden multiple-birth order, copy of the address', () => {
    const filter = [born(), inJapan(), livesHere(), notCivilServant()];
    const state = rules.formState(
      ['birth_notification'],
      assistantAnswers(filter),
      { last_name: '山田' },
      ctx,
    );
    const byCode = new Map(state.items.map((i) => [i.code, i]));
    expect(byCode.get('birth_multiple_order')).toMatchObject({
      hidden: true,
      required: false,
      reason: 'hidden because birth_multiplicity equals "single"',
    });
    expect(byCode.get('notifier_role')).toMatchObject({ hidden: false, required: true, prefill: 'father' });
    expect(byCode.get('applicant_last_name')?.prefill).toBe('山田');
    const copied = rules.applyCopy(12, {
      applicant_postal_code: '9999901',
      applicant_address: 'デモ市中央1-2-3',
    });
    expect(copied).toMatchObject({ child_postal_code: '9999901', child_address: 'デモ市中央1-2-3' });
  });
});
