import { describe, expect, it } from 'vitest';
import { AnswerError } from './errors.js';
import { applyCopy, applyPrefill, dropHidden, formState } from './evaluate.js';
import type { ConciergeRule } from '@portal/contracts';
import { compileConfiguration } from './compile.js';
import { evaluateHiddenRules } from './form-rules.js';
import { formConfig, formSet } from './testing/form-config.js';
import { answers, ctx } from './testing/fixtures.js';

describe('prefill_forms', () => {
  it('give the target the expected value when the option is chosen, replacing an answer', () => {
    expect(applyPrefill(formConfig, answers([11], { pension: 'employee' }), null)).toEqual({
      pension: 'mutual_aid',
    });
    expect(applyPrefill(formConfig, answers([12, 22]), null)).toEqual({ spouse: 'no' });
  });

  it('with a context, count only options of shown concierges', () => {
    // 11 hides the "Family" section, so 21 is ignored there.
    expect(applyPrefill(formConfig, answers([11, 21]), null, ctx)).toEqual({ pension: 'mutual_aid' });
    expect(applyPrefill(formConfig, answers([12, 21]), null, ctx)).toEqual({ spouse: 'yes' });
    // Without a context every chosen option counts (stored answers hold no ignored options).
    expect(applyPrefill(formConfig, answers([11, 21]), null)).toEqual({
      pension: 'mutual_aid',
      spouse: 'yes',
    });
  });

  it('reject unknown options', () => {
    expect(() => applyPrefill(formConfig, answers([77]), null)).toThrow(AnswerError);
  });
});

describe('prefill_rules', () => {
  const profile = { last_name: '山田', first_name: '  ', address: 'デモ市1-2-3', spouse: 42 };

  it('fill unanswered items from profile claims, never overwriting an answer', () => {
    const items = applyPrefill(formConfig, answers([], { a_last: '佐藤', a_first: '' }), profile);
    expect(items).toEqual({ a_last: '佐藤', a_first: '', a_addr: 'デモ市1-2-3' });
    expect(applyPrefill(formConfig, answers(), profile).a_last).toBe('山田');
  });

  it('ignore blank and non-text claims and a missing profile', () => {
    const items = applyPrefill(formConfig, answers(), profile);
    expect(items.a_first).toBeUndefined();
    expect(items.spouse_name).toBeUndefined();
    expect(applyPrefill(formConfig, answers(), null)).toEqual({});
  });

  it('do not mutate the answers', () => {
    const input = answers([11], { a_last: '' });
    applyPrefill(formConfig, input, profile);
    expect(input.items).toEqual({ a_last: '' });
  });
});

describe('prefill rule sources and conditions', () => {
  const rules = (prefill_rules: ConciergeRule['form_rule']['prefill_rules']) =>
    compileConfiguration({
      ...formConfig,
      concierge_set: {
        ...formSet,
        concierge_rule: {
          ...formSet.concierge_rule,
          form_rule: { ...formSet.concierge_rule.form_rule, prefill_rules },
        },
      },
    });
  const claims = {
    last_name: '山田',
    'registry.spouse_last_name': '山田',
    'registry.address': 'デモ市中央1-2-3',
    'public_account.bank_code': '9901',
  };

  it('read registry and account claims by their full names, and name the source of each prefill', () => {
    const state = rules([
      { source: 'registry.spouse_last_name', target: 'spouse_name' },
      { source: 'public_account.bank_code', target: 'extra', verify: true },
      { source: 'registry.address', target: 'a_addr', verify: true },
    ]).formState(['p1', 'p4'], answers([12, 21]), claims, ctx);
    const byCode = new Map(state.items.map((i) => [i.code, i]));
    expect(byCode.get('spouse_name')).toMatchObject({ prefill: '山田', prefillSource: 'registry' });
    expect(byCode.get('extra')).toMatchObject({ prefill: '9901', prefillSource: 'public_account' });
    // An account is not a verified fact about the person, even marked so; an unmarked rule is not either.
    expect(byCode.get('extra')?.verified).toBeUndefined();
    expect(byCode.get('spouse_name')?.verified).toBeUndefined();
    // What a source offers is known either way: an answer equal to it is recorded as coming from there.
    expect(byCode.get('spouse_name')?.offer).toEqual({ value: '山田', source: 'registry' });
    expect(byCode.get('a_addr')?.verified).toEqual({ value: 'デモ市中央1-2-3', source: 'registry' });
  });

  it('keep the verified value beside a different answer, and prefill nothing over it', () => {
    const state = rules([{ source: 'registry.address', target: 'a_addr', verify: true }]).formState(
      ['p1'],
      answers([], { a_addr: '東京都千代田区' }),
      claims,
      ctx,
    );
    const addr = state.items.find((i) => i.code === 'a_addr');
    expect(addr?.prefill).toBeUndefined();
    expect(addr?.verified).toEqual({ value: 'デモ市中央1-2-3', source: 'registry' });
  });

  it('mark the claim of a locked rule as verified and locked, and leave other verified claims unlocked', () => {
    const state = rules([
      { source: 'profile.last_name', target: 'a_last', locked: true },
      { source: 'registry.address', target: 'a_addr', verify: true },
    ]).formState(['p1'], answers([]), claims, ctx);
    const byCode = new Map(state.items.map((i) => [i.code, i]));
    expect(byCode.get('a_last')?.verified).toEqual({ value: '山田', source: 'identity', locked: true });
    expect(byCode.get('a_addr')?.verified).toEqual({ value: 'デモ市中央1-2-3', source: 'registry' });
    // Without the claim (no card), nothing is locked.
    const bare = rules([{ source: 'profile.last_name', target: 'a_last', locked: true }]).formState(
      ['p1'],
      answers([]),
      {},
      ctx,
    );
    expect(bare.items.find((i) => i.code === 'a_last')?.verified).toBeUndefined();
  });

  it('name a claim carried to another person’s item as coming from the answers, never verified (0043)', () => {
    const state = rules([
      { source: 'profile.last_name', target: 'c_last', derived: true, verify: true, locked: true },
      { source: 'profile.last_name', target: 'a_last' },
    ]).formState(['p1', 'p2'], answers([12]), claims, ctx);
    const byCode = new Map(state.items.map((i) => [i.code, i]));
    expect(byCode.get('c_last')).toMatchObject({ prefill: '山田', prefillSource: 'answer' });
    expect(byCode.get('c_last')?.verified).toBeUndefined();
    expect(byCode.get('c_last')?.offer).toEqual({ value: '山田', source: 'answer' });
    // The same claim on the holder's own item still says where it was read.
    expect(byCode.get('a_last')).toMatchObject({ prefill: '山田', prefillSource: 'identity' });
  });

  it('apply a rule only while one of its condition lists holds, and let the first rule win', () => {
    const compiled = rules([
      {
        source: 'profile.last_name',
        target: 'c_last',
        conditions: [[{ source: 'spouse', symbol: 'equal', expected: 'yes' }]],
      },
      { source: 'registry.spouse_last_name', target: 'c_last' },
    ]);
    // 21 (spouse yes) is an option prefill the condition reads.
    expect(compiled.applyPrefill(answers([12, 21]), claims).c_last).toBe('山田');
    const state = compiled.formState(['p2'], answers([12, 22]), claims, ctx);
    expect(compiled.applyPrefill(answers([12, 22]), { last_name: '佐藤' }).c_last).toBeUndefined();
    expect(state.explanations).toContainEqual({
      subject: 'item:c_last',
      shown: true,
      reason: 'prefilled from registry.spouse_last_name',
    });
  });

  it('mark the items of shown assistant concierges as asked', () => {
    const state = formState(formConfig, ['p1'], answers([12, 21]), null, ctx);
    const asked = state.items.filter((i) => i.asked).map((i) => i.code);
    expect(asked).toEqual(expect.arrayContaining(['spouse_name', 'c_addr', 'c_last', 'extra']));
    expect(asked).not.toContain('a_last');
  });
});

describe('copy_forms', () => {
  it("copy the copyable sources into the concierge's own items only", () => {
    const items = { a_addr: 'デモ市1-2-3', a_last: '山田', a_first: '太郎', c_last: '', spouse_name: '' };
    expect(applyCopy(formConfig, 4, items)).toEqual({ ...items, c_addr: 'デモ市1-2-3', c_last: '山田' });
  });

  it('never copy a blank source over an answer', () => {
    const items = { a_addr: '', a_last: [], c_addr: '東京', c_last: '佐藤' };
    expect(applyCopy(formConfig, 4, items)).toEqual(items);
  });

  it('accept the concierge object, copy lists, and leave the input alone', () => {
    const input = { a_addr: ['x'], a_last: '山田' };
    const child = formSet.assistant_concierge_category[0]!.concierge_sub_category[0]!.concierges[2]!;
    const out = applyCopy(formConfig, child, input);
    expect(out.c_addr).toEqual(['x']);
    expect(out.c_addr).not.toBe(input.a_addr);
    expect(input).toEqual({ a_addr: ['x'], a_last: '山田' });
  });

  it('copy nothing for a concierge without copyable items, and reject unknown concierges', () => {
    expect(applyCopy(formConfig, 3, { a_last: '山田' })).toEqual({ a_last: '山田' });
    expect(() => applyCopy(formConfig, 99, {})).toThrow(
      expect.objectContaining({ code: 'unknown_concierge', ids: [99] }),
    );
  });
});

describe('hidden_rules', () => {
  const rules = formSet.concierge_rule.form_rule.hidden_rules;

  it('hide the target when any AND-list holds', () => {
    expect(evaluateHiddenRules(rules, 'spouse_name', { spouse: 'no' })).toEqual({
      hidden: true,
      reason: 'hidden because spouse equals "no"',
    });
    expect(evaluateHiddenRules(rules, 'order', { kind: 'single' }).hidden).toBe(true);
    expect(evaluateHiddenRules(rules, 'order', { pension: 'national', custody: 'no' })).toEqual({
      hidden: true,
      reason: 'hidden because pension equals "national" and custody equals "no"',
    });
  });

  it('keep the target when no list holds entirely, saying why', () => {
    expect(evaluateHiddenRules(rules, 'order', { pension: 'national', custody: 'yes' })).toEqual({
      hidden: false,
      reason: 'shown because kind is not answered and custody does not equal "no"',
    });
    expect(evaluateHiddenRules(rules, 'spouse_name', { spouse: 'yes' }).reason).toBe(
      'shown because spouse does not equal "no"',
    );
    expect(evaluateHiddenRules(rules, 'a_last', {})).toEqual({
      hidden: false,
      reason: 'shown because no hidden rule applies to it',
    });
  });

  it('drop hidden items from what is stored', () => {
    expect(
      dropHidden(formConfig, { spouse: 'no', spouse_name: '花子', kind: 'multiple', order: '2' }),
    ).toEqual({
      spouse: 'no',
      kind: 'multiple',
      order: '2',
    });
  });
});

describe('formState', () => {
  const profile = { last_name: '山田', first_name: '太郎' };

  it('lists the items of the chosen procedures, then those of shown FO concierges', () => {
    const state = formState(formConfig, ['p1'], answers([12, 22]), profile, ctx);
    expect(state.items.map((i) => i.code)).toEqual([
      'a_last',
      'a_first',
      'a_addr',
      'spouse_name',
      'order',
      'c_addr',
      'c_last',
      'extra',
    ]);
    expect(formState(formConfig, ['p1'], answers([11]), profile, ctx).items.map((i) => i.code)).toEqual([
      'a_last',
      'a_first',
      'a_addr',
      'spouse_name',
      'order',
    ]);
  });

  it('marks hidden items (after prefilling) as not required, with reasons and prefills', () => {
    const state = formState(formConfig, ['p1'], answers([12, 22], { kind: 'single' }), profile, ctx);
    const byCode = new Map(state.items.map((i) => [i.code, i]));
    // 22 prefills spouse = no, which hides spouse_name.
    expect(byCode.get('spouse_name')).toEqual({
      code: 'spouse_name',
      hidden: true,
      required: false,
      asked: false,
      reason: 'hidden because spouse equals "no"',
    });
    expect(byCode.get('order')).toMatchObject({
      hidden: true,
      required: false,
      reason: 'hidden because kind equals "single"',
    });
    expect(byCode.get('a_last')).toEqual({
      code: 'a_last',
      hidden: false,
      required: true,
      asked: false,
      reason: 'shown because no hidden rule applies to it',
      prefill: '山田',
      prefillSource: 'identity',
      verified: { value: '山田', source: 'identity' },
      offer: { value: '山田', source: 'identity' },
    });
    expect(byCode.get('extra')).toMatchObject({ hidden: false, required: false });
    expect(state.explanations).toContainEqual({
      subject: 'item:a_last',
      shown: true,
      reason: 'prefilled from profile.last_name',
    });
    expect(state.explanations).toContainEqual({
      subject: 'item:spouse_name',
      shown: false,
      reason: 'hidden because spouse equals "no"',
    });
  });

  it('explains a prefill from an option', () => {
    const state = formState(formConfig, ['p2'], answers([11]), null, ctx);
    expect(state.items.find((i) => i.code === 'pension')?.prefill).toBe('mutual_aid');
    expect(state.explanations).toContainEqual({
      subject: 'item:pension',
      shown: true,
      reason: 'prefilled with "mutual_aid" because you answered "yes" to "Are you a civil servant?"',
    });
  });

  it('rejects unknown procedures', () => {
    expect(() => formState(formConfig, ['nope'], answers(), null, ctx)).toThrow(
      expect.objectContaining({ code: 'unknown_procedure', codes: ['nope'] }),
    );
  });
});
