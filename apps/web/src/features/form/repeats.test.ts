import { describe, expect, it } from 'vitest';
import { formItem, itemState } from '../../testing/fixtures';
import { openingPages, withFullFragment, withRepeatPages } from './ask-once';
import { initialValues, pageOfItem, pagesOf } from './form-model';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';
import { savedByKey, statesByKey } from '../../lib/items/sources';
import {
  answeredCount,
  initialCounts,
  minimumChecker,
  pageParts,
  removeRepetition,
  repeatsToSave,
  repetitionValues,
  residentCounts,
  reviewFields,
  sequenceOf,
  valueKey,
  type Group,
} from './repeats';

const child = (code: string, extra: Parameters<typeof formItem>[1] = {}) =>
  formItem(code, { repeatable: true, ...extra });

const group: Group = {
  code: 'child',
  name: '子',
  en: { name: 'child' },
  standard_item_codes: ['child_last_name', 'child_first_name', 'child_birth_date', 'birth_multiple_order'],
  min: 1,
  max: 3,
  min_rules: [
    { min: 2, conditions: [[{ source: 'birth_multiplicity', symbol: 'equal', expected: 'multiple' }]] },
  ],
};

const definition: FormDefinition = {
  procedure_group_id: 1,
  version: 1,
  repeatable_groups: [group],
  fragments: [
    { name: '届出人', procedure_codes: ['a'], items: [formItem('applicant_last_name')] },
    {
      name: '子',
      procedure_codes: ['a'],
      items: [child('child_last_name'), child('child_first_name')],
    },
    {
      name: '出生',
      procedure_codes: ['a'],
      items: [
        child('child_birth_date', { type: 'date' }),
        formItem('birth_multiplicity'),
        child('birth_multiple_order', { required: false }),
      ],
    },
    // A later fragment that shares the child's name asks it on the first page only.
    { name: '児童', procedure_codes: ['b'], items: [child('child_last_name'), formItem('bank_code')] },
  ],
  hidden_rules: [
    {
      target: 'birth_multiple_order',
      conditions: [[{ source: 'birth_multiplicity', symbol: 'equal', expected: 'single' }]],
    },
  ],
  copies: [],
  name_checks: [],
};

const saved = (over: Partial<FormValuesResult> = {}): FormValuesResult => ({
  standard_item_fragments: [],
  items: [],
  repeat_groups: [],
  name_characters_on_record: [],
  updated_at: null,
  ...over,
});

const value = (code: string, sequence: number, v: string) => ({
  standard_item_code: code,
  sequence,
  value: v,
});

describe('value keys', () => {
  it('name the first repetition by code and later ones code.N, as server errors do', () => {
    expect(valueKey('child_first_name', 1)).toBe('child_first_name');
    expect(valueKey('child_first_name', 2)).toBe('child_first_name.2');
    expect(sequenceOf('child_first_name.12')).toBe(12);
    expect(sequenceOf('child_first_name')).toBe(1);
  });
});

describe('initial values with repetitions', () => {
  it('read saved values, else the prefill of that repetition, of repeatable items only', () => {
    const values = initialValues(
      definition,
      saved({
        standard_item_fragments: [
          value('child_first_name', 1, '花音'),
          value('child_first_name', 2, '結衣'),
          value('applicant_last_name', 2, 'ignored'),
        ],
        items: [
          itemState('child_last_name', { prefill: '山田' }),
          itemState('child_last_name', { sequence: 2, prefill: '山田' }),
          itemState('child_birth_date', { sequence: 2, prefill: '2026-11-01', hidden: true }),
        ],
      }),
    );
    expect(values).toEqual({
      child_first_name: '花音',
      'child_first_name.2': '結衣',
      child_last_name: '山田',
      'child_last_name.2': '山田',
    });
  });

  it('key saved answers and item states like the values', () => {
    const values = saved({
      standard_item_fragments: [value('child_first_name', 2, '結衣'), value('child_first_name', 3, '')],
      items: [
        itemState('child_first_name'),
        itemState('child_first_name', { sequence: 2, source: 'identity' }),
      ],
    });
    expect(savedByKey(values)).toEqual({ 'child_first_name.2': '結衣' });
    expect([...statesByKey(values).keys()]).toEqual(['child_first_name', 'child_first_name.2']);
  });

  it('show the server count, at least its minimum, and any repetition a kept draft answers', () => {
    const server = saved({ repeat_groups: [{ code: 'child', count: 2, min: 2, max: 3 }] });
    expect(initialCounts(definition, server, {})).toEqual({ child: 2 });
    expect(initialCounts(definition, saved(), { 'child_first_name.3': '葵' })).toEqual({ child: 3 });
    expect(answeredCount(group, { 'child_first_name.3': '', 'bank_code.4': 'x' })).toBe(1);
  });

  it('raise the minimum at once when 多胎 is chosen in the browser', () => {
    const minimum = minimumChecker(definition);
    expect(minimum(group, { birth_multiplicity: 'single' }, saved())).toBe(1);
    expect(minimum(group, { birth_multiplicity: 'multiple' }, saved())).toBe(2);
    const server = saved({ repeat_groups: [{ code: 'child', count: 2, min: 2, max: 3 }] });
    expect(minimum(group, {}, server)).toBe(2);
  });

  it('read a repetition with its own answers in place of the group', () => {
    const values = { child_first_name: '花音', 'child_first_name.2': '結衣', birth_multiplicity: 'multiple' };
    expect(repetitionValues(group, values, 2)).toMatchObject({
      child_first_name: '結衣',
      birth_multiplicity: 'multiple',
    });
    expect(repetitionValues(group, { child_first_name: '花音' }, 2)).not.toHaveProperty('child_first_name');
  });
});

describe('adding and removing repetitions', () => {
  const codes = ['child_first_name', 'child_birth_date'];

  it('move the later repetitions up one and leave the last empty', () => {
    const values = {
      child_first_name: '一',
      'child_first_name.2': '二',
      'child_first_name.3': '三',
      'child_birth_date.3': '2026-11-01',
      bank_code: '0001',
    };
    expect(removeRepetition(values, codes, 2, 3)).toEqual({
      child_first_name: '一',
      'child_first_name.2': '三',
      'child_birth_date.2': '2026-11-01',
      bank_code: '0001',
    });
    expect(removeRepetition(values, codes, 3, 3)).toEqual({
      child_first_name: '一',
      'child_first_name.2': '二',
      bank_code: '0001',
    });
  });

  it('are saved with their sequence, nulls past the count and for hidden or blank answers', () => {
    const values = { 'child_first_name.2': '三', 'child_birth_date.2': '', 'child_first_name.3': '古' };
    const sent = repeatsToSave(codes, 2, 3, values, (code, n) => code === 'child_birth_date' && n === 3);
    expect(sent).toEqual([
      { standard_item_code: 'child_first_name', sequence: 2, value: '三' },
      { standard_item_code: 'child_birth_date', sequence: 2, value: null },
      { standard_item_code: 'child_first_name', sequence: 3, value: null },
      { standard_item_code: 'child_birth_date', sequence: 3, value: null },
    ]);
  });
});

describe('pages with repetitions', () => {
  it('ask each group item again on the first page that holds it', () => {
    const pages = pagesOf(definition);
    expect(pages.map((p) => p.repeated.map((i) => i.code))).toEqual([
      [],
      ['child_last_name', 'child_first_name'],
      ['child_birth_date', 'birth_multiple_order'],
      [],
    ]);
    expect(pageOfItem(pages, 'child_first_name.2')).toBe(1);
    expect(pageOfItem(pages, 'bank_code.2')).toBe(-1);
  });

  it('keep a page the assistant answered when the group repeats, without asking the first child again', () => {
    const values = saved({
      standard_item_fragments: [value('child_last_name', 1, '山田'), value('child_first_name', 1, '花音')],
      items: [itemState('child_last_name', { asked: true }), itemState('child_first_name', { asked: true })],
    });
    const single = openingPages(definition, values);
    expect(single.map((p) => p.name)).toEqual(['届出人', '出生', '児童']);
    const twins = openingPages(definition, values, null, false, (code) => code.startsWith('child_'));
    expect(twins.map((p) => p.name)).toEqual(['届出人', '子', '出生', '児童']);
    expect(twins[1]!.items).toEqual([]);
    expect(withRepeatPages(definition, single, () => true).map((p) => p.name)).toEqual(
      twins.map((p) => p.name),
    );
    expect(withRepeatPages(definition, twins, () => true)).toBe(twins);
    // A change link of the review to the second child opens the whole fragment.
    expect(withFullFragment(definition, twins, 'child_first_name.2')[1]!.items).toHaveLength(2);
  });

  it('leave the count to the resident only where no answer sets a minimum and more than one fits', () => {
    expect(residentCounts(group)).toBe(false); // 多胎 is a question: its answer counts the children
    const household: Group = { ...group, code: 'member', min_rules: undefined };
    expect(residentCounts(household)).toBe(true);
    expect(residentCounts({ ...household, min_rules: [] })).toBe(true);
    expect(residentCounts({ ...household, max: 1 })).toBe(false);
  });

  it('put the block of a group where its first item stands', () => {
    const page = pagesOf(definition)[2]!;
    const parts = pageParts(definition, page);
    expect(parts.map((p) => (p.kind === 'item' ? p.item.code : `group:${p.group.code}`))).toEqual([
      'group:child',
      'birth_multiplicity',
    ]);
  });

  it('read back each repetition after the first, by the count of its group', () => {
    const page = pagesOf(definition)[1]!;
    const keys = reviewFields(definition, page, () => 3).map((f) => f.key);
    expect(keys).toEqual([
      'child_last_name',
      'child_first_name',
      'child_last_name.2',
      'child_first_name.2',
      'child_last_name.3',
      'child_first_name.3',
    ]);
  });
});
