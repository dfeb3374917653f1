import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { answersFromValues } from './answers.js';
import { checkConfiguration } from './check.js';
import { compileConfiguration } from './compile.js';
import { compileRepeatGroups, repeatMin, repetitionItems, answeredRepetitions } from './repeat.js';

/** Repeatable groups (decision 0013) on デモ市's birth notification: twins and several children. */
const group = demoProcedureGroup();
const rules = compileConfiguration(group);
const ctx = { today: '2026-04-20' };
const value = (standard_item_code: string, v: string | null, sequence = 1) => ({
  standard_item_code,
  sequence,
  value: v,
});

describe('repeat groups, alone', () => {
  const [child] = compileRepeatGroups([
    {
      code: 'child',
      name: '子',
      standard_item_codes: ['a', 'b'],
      min: 1,
      max: 3,
      min_rules: [{ min: 2, conditions: [[{ source: 'm', symbol: 'equal', expected: 'multiple' }]] }],
    },
  ]);
  it('raises the minimum while a rule holds', () => {
    expect(repeatMin(child!, {})).toBe(1);
    expect(repeatMin(child!, { m: 'single' })).toBe(1);
    expect(repeatMin(child!, { m: 'multiple' })).toBe(2);
  });
  it('counts the highest repetition with an answer; blank ones do not count', () => {
    expect(answeredRepetitions(child!, undefined)).toBe(1);
    expect(answeredRepetitions(child!, { 2: { a: 'x' }, 3: { a: '', b: null } })).toBe(2);
    expect(answeredRepetitions(child!, { 3: { b: ['y'] } })).toBe(3);
    // Another item at sequence 4 is no answer of this group.
    expect(answeredRepetitions(child!, { 4: { other: 'z' } })).toBe(1);
  });
  it("reads a repetition with its own answers in place of the group's, the rest shared", () => {
    const items = repetitionItems(child!, { a: 'first', b: 'b1', m: 'multiple' }, { 2: { a: 'second' } }, 2);
    expect(items).toEqual({ a: 'second', m: 'multiple' });
    expect(repetitionItems(child!, { a: 'first' }, { 2: { a: 'second' } }, 1)).toEqual({ a: 'first' });
  });
});

describe('demo: the child block repeats', () => {
  const codes = ['birth_notification', 'child_allowance'];
  const state = (values: ReturnType<typeof value>[], profile: Record<string, string> | null = null) =>
    rules.formState(codes, answersFromValues([], values), profile, ctx);
  const ofSequence = (s: ReturnType<typeof state>, sequence: number) =>
    s.items.filter((i) => (i.sequence ?? 1) === sequence);

  it('asks the block once for a single birth', () => {
    const s = state([value('birth_multiplicity', 'single')]);
    expect(s.repeats).toEqual([{ code: 'child', count: 1, min: 1, max: 5 }]);
    expect(ofSequence(s, 2)).toEqual([]);
  });

  it('asks it twice for twins, each later item with its own state', () => {
    const s = state([value('birth_multiplicity', 'multiple')]);
    expect(s.repeats).toEqual([{ code: 'child', count: 2, min: 2, max: 5 }]);
    const second = ofSequence(s, 2);
    expect(second.map((i) => i.code)).toContain('child_first_name');
    expect(second.map((i) => i.code)).toContain('child_custody');
    // Shared items (the place of birth) are asked once.
    expect(second.map((i) => i.code)).not.toContain('birth_place_address');
    expect(second.find((i) => i.code === 'child_first_name')).toMatchObject({ required: true, asked: false });
    // The multiple-birth order is shown for each twin (its hidden rule reads the shared multiplicity).
    expect(second.find((i) => i.code === 'birth_multiple_order')?.hidden).toBe(false);
  });

  it('counts answered repetitions beyond the minimum', () => {
    const s = state([value('child_first_name', '花音'), value('child_first_name', '陽斗', 3)]);
    expect(s.repeats[0]).toMatchObject({ count: 3, min: 1 });
    expect(ofSequence(s, 3).length).toBeGreaterThan(0);
  });

  it("prefills each child from the registry's claims, never from the first child's options", () => {
    const registry = { 'registry.newborn_legitimacy': 'legitimate' };
    const s = state(
      [
        value('birth_multiplicity', 'multiple'),
        value('notifier_role', 'father'),
        value('child_sex', 'female'),
      ],
      registry,
    );
    const first = s.items.find((i) => i.code === 'child_legitimacy' && (i.sequence ?? 1) === 1);
    const second = s.items.find((i) => i.code === 'child_legitimacy' && i.sequence === 2);
    expect(first?.prefill).toBe('legitimate');
    expect(second).toMatchObject({ prefill: 'legitimate', prefillSource: 'registry' });
    expect(s.items.find((i) => i.code === 'child_sex' && i.sequence === 2)?.prefill).toBeUndefined();
  });

  it('reports broken groups: unknown items, an item in two groups, an unknown condition item', () => {
    const broken = JSON.parse(JSON.stringify(group)) as ProcedureGroupConfiguration;
    broken.concierge_set.concierge_rule.form_rule.repeatable_groups = [
      { code: 'a', name: 'A', standard_item_codes: ['child_first_name', 'nope'], min: 1, max: 2 },
      {
        code: 'b',
        name: 'B',
        standard_item_codes: ['child_first_name'],
        min: 1,
        max: 2,
        min_rules: [{ min: 2, conditions: [[{ source: 'missing', symbol: 'equal', expected: 'x' }]] }],
      },
    ];
    const issues = checkConfiguration(broken).map((i) => `${i.code} ${i.path}`);
    const base = 'concierge_set.concierge_rule.form_rule.repeatable_groups';
    expect(issues.sort()).toEqual([
      `duplicate_id ${base}[1].standard_item_codes[0]`,
      `unknown_item ${base}[0].standard_item_codes[1]`,
      `unknown_item ${base}[1].min_rules[0].conditions[0][0].source`,
    ]);
  });
});
