import type { StandardItem } from '@portal/contracts';
import { itemProblem } from '@portal/rules';
import { describe, expect, it } from 'vitest';
import { formatOf, ITEM_FORMATS, patternProblem, withFormat, type ItemFormat } from './item-formats';

const item = (check: Partial<StandardItem> = {}): StandardItem => ({
  code: 'item_001',
  name: '項目',
  type: 'text',
  required: false,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  ...check,
});

describe('withFormat and formatOf', () => {
  it('store each named format and read it back as that format', () => {
    for (const format of ITEM_FORMATS.filter((f) => f !== 'custom' && f !== 'length')) {
      expect(formatOf(withFormat(item(), format))).toBe(format);
    }
    expect(formatOf(withFormat(item({ max_length: 20 }), 'length'))).toBe('length');
  });
  it('read a stored pattern spelled another way, or anchored, as its format', () => {
    expect(formatOf(item({ pattern: '\\d{7}' }))).toBe('postal_code');
    expect(formatOf(item({ pattern: '^[0-9]{7}$' }))).toBe('postal_code');
    expect(formatOf(item({ pattern: '[a-zA-Z0-9]+' }))).toBe('alphanumeric');
    expect(formatOf(item({ pattern: '[\\u30A1-\\u30FA\\u30FC\\u30FB\\u3000 ]+' }))).toBe('katakana');
  });
  it('read any other pattern as the expert own', () => {
    expect(formatOf(item({ pattern: '[0-9]{3,4}' }))).toBe('custom');
    expect(formatOf(item({ pattern: '[0-9]{7}|x' }))).toBe('custom');
  });
  it('clear the lengths of a fixed-length format and of none, keep them otherwise', () => {
    const withLengths = item({ min_length: 2, max_length: 9, pattern: 'a+' });
    expect(withFormat(withLengths, 'postal_code')).toMatchObject({ min_length: null, max_length: null });
    expect(withFormat(withLengths, 'none')).toMatchObject({
      pattern: null,
      min_length: null,
      max_length: null,
    });
    expect(withFormat(withLengths, 'katakana')).toMatchObject({ min_length: 2, max_length: 9 });
    expect(withFormat(withLengths, 'length')).toMatchObject({ pattern: null, min_length: 2, max_length: 9 });
    expect(withFormat(withLengths, 'custom')).toMatchObject({ pattern: 'a+' });
  });
});

describe('a named format as the runtime checks it (itemProblem)', () => {
  const cases: [ItemFormat, string[], string[]][] = [
    ['postal_code', ['1000001'], ['100-0001', '123456', '１０００００１']],
    ['phone', ['0312345678', '09012345678'], ['03-1234-5678', '1234567890', '031234567']],
    ['katakana', ['ヤマダ　タロウ', 'ヴァー'], ['やまだ', 'ﾔﾏﾀﾞ', '山田']],
    ['hiragana', ['やまだ たろう', 'ゔぁー'], ['ヤマダ', '山田']],
    ['alphanumeric', ['abc123', 'ABC'], ['abc-123', 'ａｂｃ', 'あ']],
  ];
  it.each(cases)('%s accepts what it should and refuses the rest', (format, good, bad) => {
    const checked = withFormat(item(), format);
    for (const value of good) expect(itemProblem(checked, value), value).toBeNull();
    for (const value of bad) expect(itemProblem(checked, value), value).toEqual({ key: 'pattern' });
  });
  it('length checks the number of characters', () => {
    const checked = withFormat(item({ min_length: 2, max_length: 3 }), 'length');
    expect(itemProblem(checked, 'あい')).toBeNull();
    expect(itemProblem(checked, 'あ')).toEqual({ key: 'minLength', count: 2 });
    expect(itemProblem(checked, 'あいうえ')).toEqual({ key: 'maxLength', count: 3 });
  });
});

describe('patternProblem', () => {
  it('names a regular expression the runtime cannot use', () => {
    expect(patternProblem('[0-9')).toBe(true);
    expect(patternProblem('\\p{Foo}')).toBe(true);
    expect(patternProblem('[0-9]{3}')).toBe(false);
    expect(patternProblem(null)).toBe(false);
  });
});
