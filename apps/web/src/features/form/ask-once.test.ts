import { describe, expect, it } from 'vitest';
import { formItem, itemState } from '../../testing/fixtures';
import { askOnce, openingPages, withFullFragment } from './ask-once';
import { pagesOf } from './form-model';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';

const item = formItem;

const definition: Pick<FormDefinition, 'fragments'> = {
  fragments: [
    { name: '届出人', procedure_codes: ['a'], items: [item('last_name'), item('first_name')] },
    { name: '子', procedure_codes: ['a'], items: [item('child_name'), item('child_birth_date')] },
    { name: '口座', procedure_codes: ['b'], items: [item('bank_code')] },
  ],
};

const saved = (
  answers: Record<string, string>,
  states: FormValuesResult['items'],
): Pick<FormValuesResult, 'items' | 'standard_item_fragments'> => ({
  standard_item_fragments: Object.entries(answers).map(([code, value]) => ({
    standard_item_code: code,
    sequence: 1,
    value,
  })),
  items: states,
});

const names = (pages: ReturnType<typeof pagesOf>) => pages.map((p) => p.items.map((i) => i.code));

describe('ask-once pages', () => {
  it('leave out an item asked on an assistant page once it is saved, and keep one still missing', () => {
    const values = saved({ last_name: '山田', child_name: '' }, [
      itemState('last_name', { asked: true }),
      itemState('child_name', { asked: true }),
      itemState('first_name'),
    ]);
    expect(names(pagesOf(definition, askOnce(values)))).toEqual([
      ['first_name'],
      ['child_name', 'child_birth_date'],
      ['bank_code'],
    ]);
  });

  it('leave out an item the rules hide as the form opens, so no page is empty', () => {
    const values = saved({}, [itemState('bank_code', { hidden: true, required: false })]);
    expect(askOnce(values)('bank_code')).toBe(false);
    expect(names(pagesOf(definition, askOnce(values))).flat()).not.toContain('bank_code');
  });

  it('leave out an optional asked item even when blank', () => {
    const values = saved({}, [itemState('bank_code', { asked: true, required: false })]);
    expect(askOnce(values)('bank_code')).toBe(false);
    expect(askOnce(values)('last_name')).toBe(true);
  });

  it('drop a fragment with no item left, and are none when everything was asked', () => {
    const all = ['last_name', 'first_name', 'child_name', 'child_birth_date', 'bank_code'];
    const answers = Object.fromEntries(all.map((c) => [c, 'x']));
    const partly = saved(answers, [itemState('bank_code', { asked: true })]);
    expect(pagesOf(definition, askOnce(partly)).map((p) => p.name)).toEqual(['届出人', '子']);
    const everything = saved(
      answers,
      all.map((c) => itemState(c, { asked: true })),
    );
    expect(pagesOf(definition, askOnce(everything))).toEqual([]);
  });

  it('bring back a whole fragment in its place, and keep the same pages when it is already whole', () => {
    const values = saved({ last_name: '山田', bank_code: '0001' }, [
      itemState('last_name', { asked: true }),
      itemState('bank_code', { asked: true }),
    ]);
    const pages = pagesOf(definition, askOnce(values));
    expect(names(withFullFragment(definition, pages, 'last_name'))).toEqual([
      ['last_name', 'first_name'],
      ['child_name', 'child_birth_date'],
    ]);
    expect(names(withFullFragment(definition, pages, 'bank_code'))).toEqual([
      ['first_name'],
      ['child_name', 'child_birth_date'],
      ['bank_code'],
    ]);
    expect(withFullFragment(definition, pages, 'child_name')).toBe(pages);
    expect(withFullFragment(definition, pages, 'unknown')).toBe(pages);
  });

  it('open on the whole fragment of a change from the review, or of a field left out', () => {
    const values = saved({ last_name: '山田' }, [itemState('last_name', { asked: true })]);
    expect(names(openingPages(definition, values, 'first_name'))[0]).toEqual(['first_name']);
    expect(names(openingPages(definition, values, 'first_name', true))[0]).toEqual([
      'last_name',
      'first_name',
    ]);
    expect(names(openingPages(definition, values, 'last_name'))[0]).toEqual(['last_name', 'first_name']);
    expect(names(openingPages(definition, values, null))[0]).toEqual(['first_name']);
  });
});
