import type { Concierge, ConciergeCategory, StandardItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  assistantPage,
  choose,
  copiedValues,
  copyPairs,
  formCodes,
  itemsOf,
  labelIndex,
  mostPages,
  pageValues,
  questionReasons,
  ruleReasons,
  shownPages,
} from './assistant';
import { copyOffered } from '@portal/rules';

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

const option = (id: number, value: string, next: number | null, scopedOut: string | null = null) => ({
  id,
  value,
  sequence: id,
  concierge_destination: {
    id,
    concierge_id: next,
    is_scopedout: scopedOut !== null,
    scopedout_message: scopedOut,
  },
});

const categories: ConciergeCategory[] = [
  {
    id: 2,
    name: '申請内容',
    title: '入力してください',
    type: 'AS',
    sequence: 1,
    concierge_sub_category: [
      {
        id: 4,
        breadcrumbs: ['申請内容', 'お子さん'],
        name: 'お子さん',
        sequence: 1,
        image_type: 'birth',
        view_rules: [
          { pattern: 'formula', expression: 'age(child_birth_date)', symbol: 'below', expected: '1' },
        ],
        concierges: [
          concierge({ id: 20, type: 'FO', is_first: true, standard_item_code: ['child_birth_date'] }),
        ],
      },
      {
        id: 3,
        breadcrumbs: ['申請内容', '申請者'],
        name: '申請者',
        sequence: 0,
        image_type: null,
        view_rules: [],
        concierges: [
          concierge({
            id: 10,
            type: 'QT',
            is_first: true,
            question: '届出人は？',
            concierge_options: [
              option(1, '父', 11),
              option(2, '母', 11),
              option(3, 'その他', null, '窓口へ'),
            ],
          }),
          concierge({
            id: 11,
            type: 'FO',
            standard_item_code: ['applicant_last_name', 'applicant_postal_code'],
          }),
          concierge({
            id: 12,
            type: 'FO',
            standard_item_code: ['child_postal_code', 'child_note'],
            copyable_label: '届出人と同じ',
            copyable_standard_item_codes: ['applicant_postal_code', 'applicant_note'],
            view_rules: [{ pattern: 'selected', expression: '', symbol: '', expected: '2' }],
          }),
        ],
      },
    ],
  },
];

const item = (code: string, over: Partial<StandardItem> = {}): StandardItem => ({
  code,
  name: code,
  type: 'text',
  required: true,
  min_length: null,
  max_length: 10,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  ...over,
});

describe('assistant pages', () => {
  it('orders pages by sequence and keeps only the shown ones', () => {
    expect(shownPages(categories, [4, 3]).map((p) => p.id)).toEqual([3, 4]);
    expect(shownPages(categories, [4]).map((p) => p.id)).toEqual([4]);
  });

  it('shows questions as the answers reach them (live view rules)', () => {
    const none = assistantPage(categories, 3, [], {}, '2026-11-21')!;
    expect(none.questions.map((q) => q.concierge.id)).toEqual([10]);
    const father = assistantPage(categories, 3, [1], {}, '2026-11-21')!;
    expect(father.questions.map((q) => q.concierge.id)).toEqual([10, 11]);
    expect(father.answers).toEqual([1]);
    const mother = assistantPage(categories, 3, [2], {}, '2026-11-21')!;
    expect(mother.questions.map((q) => q.concierge.id)).toEqual([10, 11, 12]);
    expect(formCodes(mother)).toEqual([
      'applicant_last_name',
      'applicant_postal_code',
      'child_postal_code',
      'child_note',
    ]);
    // Options the browser does not know (the filter's) are left out instead of failing.
    expect(assistantPage(categories, 3, [2, 999], {}, '2026-11-21')!.answers).toEqual([2]);
    expect(assistantPage(categories, 77, [], {}, '2026-11-21')).toBeNull();
  });

  it('evaluates pages whose rules name filter options the browser does not hold', () => {
    const withFilterRule: ConciergeCategory[] = [
      {
        ...categories[0]!,
        concierge_sub_category: [
          ...categories[0]!.concierge_sub_category,
          {
            id: 7,
            breadcrumbs: [],
            name: '児童手当',
            sequence: 4,
            image_type: null,
            view_rules: [{ pattern: 'selected', expression: '', symbol: '', expected: '8' }],
            concierges: [concierge({ id: 70, type: 'FO', is_first: true, standard_item_code: ['x'] })],
          },
        ],
      },
    ];
    const page = assistantPage(withFilterRule, 3, [1], {}, '2026-11-21')!;
    expect(page.evaluation).not.toBeNull();
    expect(page.questions.map((q) => q.concierge.id)).toEqual([10, 11]);
  });

  it('reports a scoped-out answer with its message, and clears it when the answer changes', () => {
    const other = assistantPage(categories, 3, [3], {}, '2026-11-21')!;
    expect(other).toMatchObject({ scopedOut: true, scopedOutMessages: ['窓口へ'] });
    const changed = choose([3], categories[0]!.concierge_sub_category[1]!.concierges[0]!, 1);
    expect(changed).toEqual([1]);
    expect(assistantPage(categories, 3, changed, {}, '2026-11-21')!.scopedOut).toBe(false);
  });

  it('saves the shown inline-form items, blanks as null, and copies "same as" values in order', () => {
    const page = assistantPage(categories, 3, [2], {}, '2026-11-21')!;
    const items = itemsOf([
      { standard_item_code: 'applicant_postal_code', sequence: 1, value: '9999901' },
      { standard_item_code: 'applicant_postal_code', sequence: 2, value: 'ignored' },
    ]);
    expect(items).toEqual({ applicant_postal_code: '9999901' });
    expect(pageValues(page, { ...items, applicant_last_name: '' })).toEqual([
      { standard_item_code: 'applicant_last_name', sequence: 1, value: null },
      { standard_item_code: 'applicant_postal_code', sequence: 1, value: '9999901' },
      { standard_item_code: 'child_postal_code', sequence: 1, value: null },
      { standard_item_code: 'child_note', sequence: 1, value: null },
    ]);
    const copier = categories[0]!.concierge_sub_category[1]!.concierges[2]!;
    expect(copiedValues(copyPairs(copier), items)).toEqual({ child_postal_code: '9999901' });
  });

  it('copies only what applies: a configured copy with conditions, offered only where it changes something', () => {
    const copier = categories[0]!.concierge_sub_category[1]!.concierges[2]!;
    const pairs = copyPairs(copier, [
      {
        concierge_id: copier.id,
        label: '同じ',
        pairs: [
          {
            source: 'applicant_postal_code',
            target: 'child_postal_code',
            conditions: [[{ source: 'role', symbol: 'equal', expected: 'father' }]],
          },
        ],
      },
    ]);
    const items = { applicant_postal_code: '9999901' };
    expect(copiedValues(pairs, items)).toEqual({});
    expect(copyOffered(pairs, items)).toBe(false);
    expect(copiedValues(pairs, { ...items, role: 'father' })).toEqual({ child_postal_code: '9999901' });
    expect(copyOffered(pairs, { ...items, role: 'father' })).toBe(true);
    // Already the same: nothing to offer.
    expect(copyOffered(pairs, { ...items, role: 'father', child_postal_code: '9999901' })).toBe(false);
  });

  it('explains why pages and questions are shown, quoting the configuration', () => {
    const labels = labelIndex(
      categories,
      new Map([['child_birth_date', item('child_birth_date', { name: '子の生年月日' })]]),
    );
    expect(ruleReasons(categories[0]!.concierge_sub_category[0]!.view_rules, labels)).toEqual([
      { kind: 'formula', item: '子の生年月日', age: true, symbol: 'below', expected: '1' },
    ]);
    expect(ruleReasons([], labels)).toEqual([{ kind: 'always' }]);
    expect(ruleReasons([{ pattern: 'selected', expression: '', symbol: '', expected: '8' }], labels)).toEqual(
      [{ kind: 'otherAnswer' }],
    );
    const page = assistantPage(categories, 3, [2], {}, '2026-11-21')!;
    const [first, name, copy] = page.questions.map((q) => q.concierge);
    expect(questionReasons(first!, page, labels)).toEqual([{ kind: 'always' }]);
    expect(questionReasons(name!, page, labels)).toEqual([
      { kind: 'answered', question: '届出人は？', option: '母' },
    ]);
    expect(questionReasons(copy!, page, labels)).toEqual([
      { kind: 'selected', question: '届出人は？', option: '母' },
    ]);
  });
});

describe('mostPages', () => {
  it('counts every page the configuration can show, whatever the answers show so far (0043)', async () => {
    const { demoProcedureGroup } = await import('@portal/demo');
    const categories = demoProcedureGroup().concierge_set.assistant_concierge_category;
    const all = categories.flatMap((c) => c.concierge_sub_category).length;
    expect(mostPages(categories)).toBe(all);
    // Showing fewer pages or more does not move the total.
    expect(shownPages(categories, [categories[0]!.concierge_sub_category[0]!.id])).toHaveLength(1);
    expect(mostPages(categories)).toBeGreaterThanOrEqual(shownPages(categories, []).length);
  });
});
