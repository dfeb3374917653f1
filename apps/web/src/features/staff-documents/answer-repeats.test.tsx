// The staff detail with two children of a repeatable group (decision 0013): each child's items together
// and in order, labelled 子の名（2人目） in Japanese and 子の名 (no. 2) in English; an edit of the
// second child's name goes out with its sequence.
import type { RepeatableGroup } from '@portal/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../../lib/i18n';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { answerRows, changedValues, type FormItem } from './answers';
import { AnswersTable } from './AnswersSection';

const item = (code: string, name: string, repeatable = true): FormItem => ({
  code,
  name,
  type: 'text',
  required: false,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  repeatable,
});

const child: RepeatableGroup = {
  code: 'child',
  name: '子',
  en: { name: 'child' },
  standard_item_codes: ['child_last_name', 'child_first_name', 'child_birth_date'],
  min: 1,
  max: 5,
};

const fragments = [
  {
    name: '児童',
    procedure_codes: ['a'],
    items: [item('child_last_name', '子の氏'), item('child_first_name', '子の名')],
  },
  {
    name: '生まれたとき',
    procedure_codes: ['a'],
    items: [item('child_birth_date', '子の生年月日'), item('birth_place', '出生地', false)],
  },
];

const v = (standard_item_code: string, sequence: number, value: string) => ({
  standard_item_code,
  sequence,
  value,
});
const twins = [
  v('child_last_name', 1, '山田'),
  v('child_first_name', 1, '陽菜'),
  v('child_birth_date', 1, '2026-11-01'),
  v('birth_place', 1, '病院'),
  v('child_last_name', 2, '山田'),
  v('child_first_name', 2, '蓮'),
  v('child_birth_date', 2, '2026-11-01'),
];

/** The <dt> labels of the table, in order. */
const labels = (html: string) => [...html.matchAll(/<dt>(.*?)<\/dt>/g)].map((m) => m[1]);

const render = (i18n: ReturnType<typeof createI18n>, rows: ReturnType<typeof answerRows>) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AnswersTable rows={rows} />
    </I18nextProvider>,
  );

describe('repeatable groups on the staff detail', () => {
  it('lists each child’s items together, the first child first, under the items’ sections', () => {
    const rows = answerRows(fragments, 'a', twins, [child]);
    expect(rows.map((r) => [r.section, r.key, r.value])).toEqual([
      ['児童', 'child_last_name#1', '山田'],
      ['児童', 'child_first_name#1', '陽菜'],
      ['児童', 'child_last_name#2', '山田'],
      ['児童', 'child_first_name#2', '蓮'],
      ['生まれたとき', 'child_birth_date#1', '2026-11-01'],
      ['生まれたとき', 'child_birth_date#2', '2026-11-01'],
      ['生まれたとき', 'birth_place#1', '病院'],
    ]);
  });

  it('shows the second child’s unanswered items, so staff can fill them', () => {
    const rows = answerRows(fragments, 'a', [v('child_first_name', 2, '蓮')], [child]);
    expect(rows.filter((r) => r.sequence === 2).map((r) => [r.code, r.value])).toEqual([
      ['child_last_name', null],
      ['child_first_name', '蓮'],
      ['child_birth_date', null],
    ]);
  });

  it('labels the children in Japanese and English, and one child without a number', async () => {
    const rows = answerRows(fragments, 'a', twins, [child]);
    const ja = createI18n('ja', [staffMessages]);
    expect(labels(render(ja, rows))).toEqual([
      '子の氏（1人目）',
      '子の名（1人目）',
      '子の氏（2人目）',
      '子の名（2人目）',
      '子の生年月日（1人目）',
      '子の生年月日（2人目）',
      '出生地',
    ]);
    const one = answerRows(fragments, 'a', twins.slice(0, 4), [child]);
    expect(labels(render(ja, one))).toEqual(['子の氏', '子の名', '子の生年月日', '出生地']);
    const en = createI18n('ja', [staffMessages]);
    await changeLanguage(en, 'en', undefined);
    expect(labels(render(en, rows)).slice(2, 4)).toEqual(['子の氏 (no. 2)', '子の名 (no. 2)']);
  });

  it('sends an edit of the second child with its sequence', () => {
    const rows = answerRows(fragments, 'a', twins, [child]);
    expect(changedValues(rows, { 'child_first_name#2': '湊', 'child_first_name#1': '陽菜' })).toEqual([
      { standard_item_code: 'child_first_name', sequence: 2, value: '湊' },
    ]);
  });
});
