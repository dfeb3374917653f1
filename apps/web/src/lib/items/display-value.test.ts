// Answers read back the same on the resident's screens and the staff's.
import { describe, expect, it } from 'vitest';
import { formItem as item } from '../../testing/fixtures';
import { displayValue, keepsTogether } from './display-value';

describe('displayValue', () => {
  it('read answers back', () => {
    const radio = item('s', { type: 'radio', choices: [{ value: 'male', label: '男' }] });
    expect(displayValue(radio, 'male')).toBe('男');
    expect(displayValue(item('p', { type: 'postal_code' }), '1000001')).toBe('〒100-0001');
    expect(displayValue(item('d', { type: 'date' }), '2026-11-01')).toBe('2026年11月1日');
    expect(displayValue(item('d', { type: 'date' }), '2026-11-20', 'en')).toBe('20 November 2026');
    expect(displayValue(item('w', { type: 'number', suffix: 'g' }), '3000')).toBe('3000 g');
    expect(displayValue(item('x'), '')).toBe('');
    // An answer whose item the configuration no longer has (staff history): the value as stored.
    expect(displayValue(null, '2026-11-01')).toBe('2026-11-01');
    expect(displayValue(null, ['a', 'b'], 'en')).toBe('a, b');
    expect(
      displayValue(
        item('c', {
          type: 'checkbox',
          choices: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        }),
        ['a', 'b'],
      ),
    ).toBe('A、B');
  });
});

describe('keepsTogether', () => {
  it('keeps numbers on one line: postal codes, phones, numbers, dates and digit codes', () => {
    expect(keepsTogether({ type: 'postal_code', pattern: null })).toBe(true);
    expect(keepsTogether({ type: 'phone', pattern: null })).toBe(true);
    expect(keepsTogether({ type: 'text', pattern: '[0-9]{7}' })).toBe(true);
    expect(keepsTogether({ type: 'text', pattern: '[0-9]{6}|[0-9]{8}' })).toBe(true);
    expect(keepsTogether({ type: 'text', pattern: null })).toBe(false);
    expect(keepsTogether({ type: 'text', pattern: '[ァ-ヶ]+' })).toBe(false);
    expect(keepsTogether(null)).toBe(false);
  });
});
