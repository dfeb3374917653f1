import type { StandardItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  demoBirthNotificationInput,
  demoConfig,
  demoProcedure,
  demoValues,
} from './application-pdf.fixtures.js';
import {
  cleanText,
  composePages,
  formatAnswer,
  repetitionLabel,
  wrapText,
} from './application-pdf.layout.js';

const item = (overrides: Partial<StandardItem>): StandardItem => ({
  code: 'x',
  name: 'x',
  type: 'text',
  required: false,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  ...overrides,
});

describe('formatAnswer', () => {
  const sex = item({
    type: 'radio',
    choices: [
      { value: 'male', label: '男' },
      { value: 'female', label: '女' },
    ],
  });

  it('prints choice labels, joining several with 、', () => {
    expect(formatAnswer(sex, 'female')).toBe('女');
    expect(formatAnswer(item({ ...sex, type: 'checkbox' }), ['male', 'female'])).toBe('男、女');
  });

  it('prints an unknown choice value as given', () => {
    expect(formatAnswer(sex, 'other')).toBe('other');
  });

  it('prints dates, times and postal codes the Japanese way', () => {
    expect(formatAnswer(item({ type: 'date' }), '2026-11-01')).toBe('2026年11月1日');
    expect(formatAnswer(item({ type: 'time' }), '09:05')).toBe('9時05分');
    expect(formatAnswer(item({ type: 'postal_code' }), '9999901')).toBe('〒999-9901');
    expect(formatAnswer(item({ type: 'date' }), 'not a date')).toBe('not a date');
  });

  it('adds the unit: Latin units after a space, Japanese counters attached', () => {
    expect(formatAnswer(item({ type: 'number', suffix: 'g' }), '3120')).toBe('3120 g');
    expect(formatAnswer(item({ type: 'number', suffix: '週' }), '39')).toBe('39週');
  });

  it('returns null for no answer', () => {
    for (const value of [null, undefined, '', '  ', [], ['']]) expect(formatAnswer(sex, value)).toBeNull();
  });
});

describe('wrapText', () => {
  // One unit per character: widths are character counts.
  const measure = (text: string) => [...text].length;

  it('breaks Japanese text at any character', () => {
    expect(wrapText('あいうえおかきくけこさ', 5, measure)).toEqual(['あいうえお', 'かきくけこ', 'さ']);
  });

  it('keeps closing punctuation off the start of a line and opening brackets off its end', () => {
    expect(wrapText('あいうえお。かき', 5, measure)).toEqual(['あいうえ', 'お。かき']);
    expect(wrapText('あいう「えお」', 4, measure)).toEqual(['あいう', '「えお」']);
  });

  it('keeps Latin words and numbers whole when they fit, cutting longer ones', () => {
    expect(wrapText('番号 1234-5678', 10, measure)).toEqual(['番号', '1234-5678']);
    expect(wrapText('abcdefghij', 4, measure)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('keeps explicit line breaks, empty lines included', () => {
    expect(wrapText('一行目\r\n\n三行目', 10, measure)).toEqual(['一行目', '', '三行目']);
  });

  it('drops control characters and turns tabs into spaces', () => {
    expect(cleanText('a\tb\u0007c\n')).toBe('a bc\n');
  });
});

describe('repeatable groups on the form (decision 0013)', () => {
  // Widths by character count: the layout's text is what is asserted, not where it falls.
  const measure = (text: string, size: number) => [...text].length * size;
  /** The printed texts of all pages, in drawing order. */
  const texts = (input: ReturnType<typeof demoBirthNotificationInput>) =>
    composePages(input, measure, { copies: 1 })
      .flat()
      .flatMap((op) => (op.kind === 'text' ? [op.text] : []));

  it('labels a repetition by its number, and an item asked once by its sequence', () => {
    const child = demoConfig.concierge_set.concierge_rule.form_rule.repeatable_groups![0]!;
    const second = { group: child, numbered: true, sequence: 2 };
    expect(repetitionLabel('子の名', second)).toBe('子の名（2人目）');
    expect(repetitionLabel('備考', { ...second, group: null })).toBe('備考（2）');
    expect(repetitionLabel('子の名', { ...second, numbered: false, sequence: 1 })).toBe('子の名');
  });

  it('prints both children under the section, each child’s items together and in order', () => {
    const procedure = demoProcedure('child_allowance');
    const values = [
      ...demoValues(procedure),
      { standard_item_code: 'child_first_name', sequence: 2, value: '蓮' },
      { standard_item_code: 'child_birth_date', sequence: 2, value: '2023-04-10' },
    ];
    const printed = texts({ ...demoBirthNotificationInput(), procedure, values });
    const at = (text: string) => {
      const i = printed.indexOf(text);
      expect(i, text).toBeGreaterThanOrEqual(0);
      return i;
    };
    // The first child's name, then the second's: label and answer each.
    expect(printed[at('子の名（1人目）') + 1]).toBe('陽菜');
    expect(printed[at('子の名（2人目）') + 1]).toBe('蓮');
    expect(printed[at('子の生年月日（2人目）') + 1]).toBe('2023年4月10日');
    // The second child's items are printed even when unanswered, so the clerk sees the gap.
    expect(printed[at('子の氏（2人目）') + 1]).toBe('—');
    const order = [
      '児童',
      '子の氏（1人目）',
      '監護の有無（1人目）',
      '子の氏（2人目）',
      '子の名（2人目）',
      '口座',
    ];
    const positions = order.map((label) => printed.findIndex((t) => t.startsWith(label)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // One section per name: no repeated section title.
    expect(printed.filter((t) => t === '児童')).toHaveLength(1);
  });

  it('prints one child without numbers', () => {
    const printed = texts(demoBirthNotificationInput());
    expect(printed).toContain('子の名');
    expect(printed.some((t) => t.includes('人目'))).toBe(false);
  });
});
