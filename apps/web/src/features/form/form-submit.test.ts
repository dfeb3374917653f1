import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../lib/items/form-types';
import type { Problem } from '../../lib/items/item-problems';
import { formItem } from '../../testing/fixtures';
import { pagesOf, type FormItem } from './form-model';
import { pageAnswers, pageFields, requiredProblems, serverProblems, withServerValues } from './form-submit';
import { pageParts, type Group } from './repeats';

const group: Group = {
  code: 'child',
  name: '子',
  standard_item_codes: ['child_first_name', 'child_sex'],
  min: 1,
  max: 3,
};
const applicant = formItem('applicant_last_name');
const phone = formItem('applicant_phone', { required: false });
const childName = formItem('child_first_name', { repeatable: true });
const childSex = formItem('child_sex', { repeatable: true, required: false });
const definition: FormDefinition = {
  procedure_group_id: 1,
  version: 1,
  repeatable_groups: [group],
  fragments: [
    { name: '届出人', procedure_codes: ['a'], items: [applicant, phone] },
    { name: '子', procedure_codes: ['a'], items: [childName, childSex] },
  ],
  hidden_rules: [],
  copies: [],
  name_checks: [],
};
const items = new Map(definition.fragments.flatMap((f) => f.items).map((i) => [i.code, i]));
const text = (problem: Problem) => `problem:${problem.key}`;
const required = (item: FormItem) => item.required;
const never = () => false;
const pages = pagesOf(definition);
const childPage = pages[1]!;
const parts = pageParts(definition, childPage);

describe('saving a form page', () => {
  it("checks the page's items, then each later repetition of its groups", () => {
    const fields = pageFields(childPage.items, parts, () => 3);
    expect(fields.map((f) => `${f.item.code}#${f.sequence}`)).toEqual([
      'child_first_name#1',
      'child_sex#1',
      'child_first_name#2',
      'child_sex#2',
      'child_first_name#3',
      'child_sex#3',
    ]);
    expect(pageFields(childPage.items, parts, () => 1)).toHaveLength(2);
  });

  it('finds the required answers missing (hidden ones and other problems left to the server)', () => {
    const fields = pageFields(childPage.items, parts, () => 2);
    const found = requiredProblems(fields, { child_first_name: '花音' }, never, required, text);
    expect(found).toEqual({ 'child_first_name.2': 'problem:required' });
    const hidden = (code: string, sequence: number) => code === 'child_first_name' && sequence === 2;
    expect(requiredProblems(fields, { child_first_name: '花音' }, hidden, required, text)).toEqual({});
  });

  it("sends the page's answers (blank and hidden as null) and every later repetition of its groups", () => {
    const answers = pageAnswers(
      definition,
      childPage.items,
      [group],
      { child_first_name: '花音', child_sex: '', 'child_first_name.2': '結衣' },
      never,
      never,
      () => 2,
    );
    expect(answers).toEqual([
      { standard_item_code: 'child_first_name', sequence: 1, value: '花音' },
      { standard_item_code: 'child_sex', sequence: 1, value: null },
      { standard_item_code: 'child_first_name', sequence: 2, value: '結衣' },
      { standard_item_code: 'child_sex', sequence: 2, value: null },
      { standard_item_code: 'child_first_name', sequence: 3, value: null },
      { standard_item_code: 'child_sex', sequence: 3, value: null },
    ]);
  });

  it('shows the values the server derived, never a later repetition of an item that does not repeat', () => {
    const next = withServerValues(
      { applicant_last_name: '山田', applicant_phone: '090' },
      [
        { standard_item_code: 'applicant_last_name', sequence: 1, value: '山本' },
        { standard_item_code: 'applicant_phone', sequence: 1, value: null },
        { standard_item_code: 'applicant_last_name', sequence: 2, value: 'x' },
        { standard_item_code: 'child_first_name', sequence: 2, value: '結衣' },
      ],
      items,
    );
    expect(next).toEqual({
      applicant_last_name: '山本',
      applicant_phone: '090',
      'child_first_name.2': '結衣',
    });
  });

  it("words the server's field problems, brings back their page and the repetitions not shown", () => {
    const opened = [childPage];
    const found = serverProblems(['applicant_last_name', 'child_first_name.3', 'unknown_item'], {
      definition,
      items,
      values: { applicant_last_name: '', 'child_first_name.3': '' },
      pages: opened,
      isRequired: required,
      countOf: () => 1,
      text,
      fallback: 'field',
    });
    expect(found.errors).toEqual({
      applicant_last_name: 'problem:required',
      'child_first_name.3': 'problem:required',
      unknown_item: 'field',
    });
    expect(found.pages.map((p) => p.name)).toEqual(['届出人', '子']);
    expect(found.counts).toEqual([{ group: 'child', count: 3 }]);
    // A field the server names that the form checks as fine still gets the vocabulary's text.
    const fine = serverProblems(['applicant_last_name'], {
      definition,
      items,
      values: { applicant_last_name: '山田' },
      pages,
      isRequired: required,
      countOf: () => 1,
      text,
      fallback: 'field',
    });
    expect(fine).toEqual({ errors: { applicant_last_name: 'field' }, pages, counts: [] });
  });
});
