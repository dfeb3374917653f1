import type { Concierge, ConciergeCategory, StandardItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { choiceQuestionsOf, pageItems, placeOn, questionName, sentChoices } from './assistant-drafts';
import type { AssistantPage } from './assistant';

const concierge = (c: Partial<Concierge> & Pick<Concierge, 'id' | 'type'>): Concierge => ({
  name: `q${c.id}`,
  question: `質問${c.id}`,
  standard_item_code: [],
  sequence: c.id,
  view_rules: [],
  is_first: false,
  suffix: null,
  remarks: null,
  copyable_label: null,
  copyable_standard_item_codes: [],
  is_horizontal: false,
  requires_name_validation: [],
  concierge_procedure_codes: [],
  concierge_options: [],
  ...c,
});

const option = (id: number) => ({ id, value: `o${id}`, sequence: id, concierge_destination: null });

const pension = concierge({
  id: 20,
  type: 'QT',
  name: '加入している年金',
  concierge_options: [option(16), option(17)],
});
const occupation = concierge({ id: 21, type: 'FO', standard_item_code: ['applicant_occupation'] });
const spouse = concierge({ id: 23, type: 'QT', concierge_options: [option(18), option(19)] });
const names = concierge({
  id: 24,
  type: 'FO',
  standard_item_code: ['spouse_last_name', 'spouse_first_name'],
});
const bank = concierge({ id: 30, type: 'FO', standard_item_code: ['bank_code'] });

const sub = (id: number, concierges: Concierge[]) => ({
  id,
  breadcrumbs: [],
  name: `p${id}`,
  sequence: id,
  image_type: null,
  view_rules: [],
  concierges,
});
const categories: ConciergeCategory[] = [
  {
    id: 1,
    name: '申請内容',
    title: '',
    type: 'AS',
    sequence: 1,
    concierge_sub_category: [sub(7, [pension, occupation, spouse, names]), sub(8, [bank])],
  } as ConciergeCategory,
];
const catalog = new Map(
  ['applicant_occupation', 'spouse_last_name', 'spouse_first_name', 'bank_code'].map(
    (code) => [code, { code } as StandardItem] as const,
  ),
);

describe('the assistant and the draft store', () => {
  it('lists a page’s choice questions and which of their options were sent', () => {
    const questions = choiceQuestionsOf(categories, 7);
    expect(questions).toEqual([
      { id: 20, options: [16, 17] },
      { id: 23, options: [18, 19] },
    ]);
    expect(sentChoices(questions, [3, 16])).toEqual({ 20: 16 });
  });

  it('places a drafted item on this page, on another page, or nowhere in the group', () => {
    const place = placeOn(categories, 7, catalog);
    expect(place('applicant_occupation')).toBe('here');
    expect(place('spouse_first_name')).toBe('here');
    expect(place('bank_code')).toBe('elsewhere');
    expect(place('spouse_first_name.2')).toBe('elsewhere');
    expect(place('old_item')).toBe('gone');
    // Without the item definitions nothing is called gone.
    expect(placeOn(categories, 7, new Map())('old_item')).toBe('elsewhere');
  });

  it('takes what a page held for every item of its inline forms, shown or not', () => {
    const page = { sub: categories[0]!.concierge_sub_category[0]! } as AssistantPage;
    expect(pageItems(page, { applicant_occupation: '会社員', bank_code: '0001' })).toEqual({
      applicant_occupation: '会社員',
      spouse_last_name: null,
      spouse_first_name: null,
    });
  });

  it('names a question in the page’s language', () => {
    const field = (c: Concierge) => ({ text: c.name });
    expect(questionName(categories, 20, field)).toBe('加入している年金');
    expect(questionName(categories, 99, field)).toBeUndefined();
  });
});
