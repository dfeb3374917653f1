import type { StandardItem } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { cleanText, formatAnswer, formatJapaneseDate, wrapText } from './application-pdf.layout.js';

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

describe('formatJapaneseDate', () => {
  it('uses the date in Japan', () => {
    expect(formatJapaneseDate(new Date('2026-10-31T15:30:00Z'))).toBe('2026年11月1日');
  });
});
