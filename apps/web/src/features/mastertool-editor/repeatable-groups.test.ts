// The repeatable groups' changes as the editor's controls make them: add, edit and remove groups, their
// items and the rule raising the minimum; what they make passes the draft check once filled in.
import type { RepeatableGroup } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import {
  addGroup,
  addItem,
  addMinRule,
  removeGroup,
  removeItem,
  removeMinRule,
  setEnglishName,
  setGroup,
  setItem,
  setMinCondition,
  setMinRuleMin,
  setMinRules,
  simpleMinRule,
} from './repeatable-groups';
import { validateDraft } from './validation';

const demo = demoProcedureGroup();

const PATH = 'concierge_set.concierge_rule.form_rule.repeatable_groups';
const withGroups = (groups: RepeatableGroup[]) => {
  const config = structuredClone(demo);
  config.concierge_set.concierge_rule.form_rule.repeatable_groups = groups;
  return config;
};

describe('repeatable group changes', () => {
  it('adds a group that the check refuses until its code, name and item are chosen', () => {
    const groups = demo.concierge_set.concierge_rule.form_rule.repeatable_groups ?? [];
    let next = addGroup(groups);
    expect(next[1]).toEqual({ code: '', name: '', standard_item_codes: [''], min: 1, max: 5 });
    const paths = validateDraft(withGroups(next)).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([`${PATH}[1].code`, `${PATH}[1].name`, `${PATH}[1].standard_item_codes[0]`]),
    );
    next = setGroup(next, 1, { code: 'spouse', name: '配偶者', max: 1 });
    next = setEnglishName(next, 1, 'spouse');
    next = setItem(next, 1, 0, 'spouse_last_name');
    next = addItem(next, 1);
    next = setItem(next, 1, 1, 'spouse_first_name');
    expect(next[1]).toEqual({
      code: 'spouse',
      name: '配偶者',
      en: { name: 'spouse' },
      standard_item_codes: ['spouse_last_name', 'spouse_first_name'],
      min: 1,
      max: 1,
    });
    expect(validateDraft(withGroups(next))).toEqual([]);
    expect(next[0]).toBe(groups[0]);
  });

  it('names an item in two groups, a code used twice and a maximum below the minimum at their fields', () => {
    const groups = demo.concierge_set.concierge_rule.form_rule.repeatable_groups ?? [];
    let next = setGroup(addGroup(groups), 1, { code: 'twin', name: '双子' });
    next = setItem(next, 1, 0, 'child_first_name');
    expect(validateDraft(withGroups(next)).map((p) => [p.code, p.path])).toEqual([
      ['duplicate_id', `${PATH}[1].standard_item_codes[0]`],
    ]);
    const twice = setItem(setGroup(addGroup(groups), 1, { code: 'child', name: '子' }), 1, 0, 'bank_code');
    expect(validateDraft(withGroups(twice)).map((p) => [p.code, p.path])).toEqual([
      ['duplicate_id', `${PATH}[1].code`],
    ]);
    const low = setGroup(groups, 0, { min: 3, max: 2 });
    expect(validateDraft(withGroups(low)).map((p) => p.path)).toEqual([`${PATH}[0].min`]);
  });

  it('removes an item, an English name and a group', () => {
    const groups = demo.concierge_set.concierge_rule.form_rule.repeatable_groups ?? [];
    const fewer = removeItem(groups, 0, 1);
    expect(fewer[0]!.standard_item_codes).toEqual(
      groups[0]!.standard_item_codes.filter((c) => c !== 'child_first_name'),
    );
    expect(setEnglishName(groups, 0, '  ')[0]!.en).toBeUndefined();
    expect(removeGroup(groups, 0)).toEqual([]);
  });

  it('edits the rule raising the minimum as one condition, and leaves a larger one to JSON', () => {
    const [child] = demo.concierge_set.concierge_rule.form_rule.repeatable_groups ?? [];
    expect(simpleMinRule(child!)).toEqual({
      min: 2,
      condition: { source: 'birth_multiplicity', symbol: 'equal', expected: 'multiple' },
    });
    let groups = removeMinRule([child!], 0);
    expect(groups[0]).not.toHaveProperty('min_rules');
    expect(simpleMinRule(groups[0]!)).toBeNull();
    groups = addMinRule(groups, 0);
    groups = setMinCondition(groups, 0, { source: 'birth_multiplicity', expected: 'multiple' });
    groups = setMinRuleMin(groups, 0, 3);
    expect(groups[0]!.min_rules).toEqual([
      { min: 3, conditions: [[{ source: 'birth_multiplicity', symbol: 'equal', expected: 'multiple' }]] },
    ]);
    const condition = { source: 'birth_multiplicity', symbol: 'equal' as const, expected: 'multiple' };
    const two = setMinRules(groups, 0, [
      { min: 2, conditions: [[condition], [{ ...condition, expected: 'single' }]] },
    ]);
    expect(simpleMinRule(two[0]!)).toBe('json');
    // The form does not touch what it cannot show.
    expect(setMinRuleMin(two, 0, 4)).toEqual(two);
    expect(setMinRules(two, 0, [])[0]).not.toHaveProperty('min_rules');
  });
});
