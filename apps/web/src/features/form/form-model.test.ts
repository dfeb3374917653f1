import { describe, expect, it } from 'vitest';
import {
  addressItemFor,
  copyInto,
  fieldCode,
  fragmentsToSave,
  hiddenChecker,
  initialValues,
  pageOfItem,
  pagesOf,
} from './form-model';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';
import { joinName } from './NameCheck';
import { formItem, itemState as state } from '../../testing/fixtures';
import { normalizePostalCode } from '../../lib/items/PostalCodeLookup';
import { checkAnswer, problemMessage } from '../../lib/items/item-problems';

const item = formItem;

const definition: FormDefinition = {
  procedure_group_id: 1,
  version: 1,
  repeatable_groups: [],
  fragments: [
    {
      name: '届出人',
      procedure_codes: ['a'],
      items: [
        item('applicant_last_name'),
        item('applicant_postal_code', { type: 'postal_code' }),
        item('applicant_address'),
      ],
    },
    {
      name: '配偶者',
      procedure_codes: ['b'],
      items: [
        item('spouse_exists', {
          type: 'radio',
          choices: [
            { value: 'yes', label: 'あり' },
            { value: 'no', label: 'なし' },
          ],
        }),
        item('spouse_last_name', { required: false }),
      ],
    },
    { name: '請求者', procedure_codes: ['b'], items: [item('applicant_last_name')] },
    { name: '父', procedure_codes: ['a'], items: [item('father_last_name', { required: false })] },
  ],
  hidden_rules: [
    {
      target: 'spouse_last_name',
      conditions: [[{ source: 'spouse_exists', symbol: 'equal', expected: 'no' }]],
    },
  ],
  copies: [
    {
      concierge_id: 17,
      label: '届出人と同じ',
      pairs: [{ source: 'applicant_last_name', target: 'father_last_name' }],
    },
  ],
  name_checks: [['applicant_last_name']],
};

const saved = (over: Partial<FormValuesResult> = {}): FormValuesResult => ({
  standard_item_fragments: [],
  items: [],
  repeat_groups: [],
  name_characters_on_record: [],
  updated_at: null,
  ...over,
});

describe('form pages', () => {
  it('has one page per fragment and asks a shared item once, on its first page', () => {
    const pages = pagesOf(definition);
    expect(pages.map((p) => p.name)).toEqual(['届出人', '配偶者', '父']);
    expect(pages.map((p) => p.fragment)).toEqual([0, 1, 3]);
    expect(pageOfItem(pages, 'applicant_last_name')).toBe(0);
    expect(pageOfItem(pages, 'father_last_name')).toBe(2);
    expect(pageOfItem(pages, 'nothing')).toBe(-1);
  });
});

describe('answers', () => {
  it('start from the saved answers, else the prefill of a shown item', () => {
    const values = saved({
      standard_item_fragments: [
        { standard_item_code: 'applicant_last_name', sequence: 1, value: '山田' },
        { standard_item_code: 'applicant_address', sequence: 2, value: 'ignored' },
      ],
      items: [
        state('applicant_last_name', { prefill: '佐藤' }),
        state('applicant_address', { prefill: 'デモ市1-1' }),
        state('spouse_last_name', { hidden: true, required: false, prefill: 'x' }),
      ],
    });
    expect(initialValues(definition, values)).toEqual({
      applicant_last_name: '山田',
      applicant_address: 'デモ市1-1',
    });
  });

  it('hide items as the answers change (the rules engine)', () => {
    const hidden = hiddenChecker(definition);
    expect(hidden('spouse_last_name', { spouse_exists: 'yes' })).toBe(false);
    expect(hidden('spouse_last_name', { spouse_exists: 'no' })).toBe(true);
    expect(hidden('spouse_exists', { spouse_exists: 'no' })).toBe(false);
  });

  it('are saved per page, hidden and blank ones as null', () => {
    const page = pagesOf(definition)[1]!;
    expect(
      fragmentsToSave(
        page.items,
        { spouse_exists: 'no', spouse_last_name: '山田' },
        (c) => c === 'spouse_last_name',
      ),
    ).toEqual([
      { standard_item_code: 'spouse_exists', sequence: 1, value: 'no' },
      { standard_item_code: 'spouse_last_name', sequence: 1, value: null },
    ]);
    expect(fragmentsToSave(page.items, { spouse_exists: '' }, () => false)[0]!.value).toBeNull();
  });

  it('copy "same as ..." through the copy forms, never from a blank source', () => {
    const copy = definition.copies[0]!;
    expect(copyInto(copy, { applicant_last_name: '山田' })).toEqual({
      applicant_last_name: '山田',
      father_last_name: '山田',
    });
    expect(copyInto(copy, { applicant_last_name: '', father_last_name: '鈴木' }).father_last_name).toBe(
      '鈴木',
    );
  });
});

describe('problems', () => {
  it('turn the rules problems into message keys', () => {
    expect(problemMessage({ key: 'required' })).toEqual({ key: 'required' });
    expect(problemMessage({ key: 'kana' })).toEqual({ key: 'kana' });
    expect(problemMessage({ key: 'minLength', count: 3 })).toEqual({
      key: 'minLength',
      values: { count: 3 },
    });
    expect(problemMessage({ key: 'maxLength', count: 50 })).toEqual({
      key: 'maxLength',
      values: { count: 50 },
    });
    expect(problemMessage({ key: 'choice', value: 'x' })).toEqual({ key: 'choice' });
    expect(problemMessage({ key: 'oneValue' })).toEqual({ key: 'invalid' });
  });

  it('check one answer with the rules check', () => {
    expect(checkAnswer(item('a', { type: 'phone' }), '03-1234', true)).toEqual({ key: 'phone' });
    expect(checkAnswer(item('a'), '', true)).toEqual({ key: 'required' });
    expect(checkAnswer(item('a'), '', false)).toBeNull();
    expect(checkAnswer(item('a', { type: 'kana' }), 'やまだ', true)).toEqual({ key: 'kana' });
  });

  it('name the item of a server field', () => {
    expect(fieldCode('child_first_name')).toBe('child_first_name');
    expect(fieldCode('child_first_name.2')).toBe('child_first_name');
  });
});

describe('helpers', () => {
  it('pair a postal code with its address item', () => {
    const codes = new Set(['applicant_postal_code', 'applicant_address', 'child_postal_code']);
    expect(addressItemFor('applicant_postal_code', codes)).toBe('applicant_address');
    expect(addressItemFor('child_postal_code', codes)).toBeNull();
  });

  it('normalize postal codes and join names for the certificate check', () => {
    expect(normalizePostalCode('100-0001')).toBe('1000001');
    expect(normalizePostalCode('１００－０００１')).toBe('1000001');
    expect(normalizePostalCode('10000')).toBeNull();
    expect(joinName([' 山田 ', '太郎'])).toBe('山田\u3000太郎');
    expect(joinName(['山田', ''])).toBe('山田');
  });
});
