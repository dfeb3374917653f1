import { describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { itemProblem, itemProblemText, validateItem } from './item-validation.js';
import { item as base } from './testing/fixtures.js';

const item = (over: Partial<StandardItem>): StandardItem => ({ ...base('x_item', false), ...over });

describe('validateItem', () => {
  it('requires required items and lets optional blanks pass', () => {
    expect(validateItem(item({ required: true }), '')).toBe('required');
    expect(validateItem(item({ required: true }), null)).toBe('required');
    expect(validateItem(item({}), '')).toBeNull();
    expect(validateItem(item({ required: true }), '', { required: false })).toBeNull();
  });

  it('checks kana readings, dates, times, numbers, postal codes, phones and emails', () => {
    expect(validateItem(item({ type: 'kana' }), 'ヤマダ タロウ')).toBeNull();
    expect(validateItem(item({ type: 'kana' }), 'やまだ')).toMatch(/katakana/);
    expect(validateItem(item({ type: 'date' }), '2026-02-28')).toBeNull();
    expect(validateItem(item({ type: 'date' }), '2026-02-30')).toMatch(/real date/);
    expect(validateItem(item({ type: 'time' }), '23:59')).toBeNull();
    expect(validateItem(item({ type: 'time' }), '24:00')).toMatch(/time/);
    expect(validateItem(item({ type: 'number' }), '3250')).toBeNull();
    expect(validateItem(item({ type: 'number' }), '3,250')).toMatch(/number/);
    expect(validateItem(item({ type: 'postal_code' }), '1000001')).toBeNull();
    expect(validateItem(item({ type: 'postal_code' }), '100-0001')).toMatch(/7 digits/);
    expect(validateItem(item({ type: 'phone' }), '0312345678')).toBeNull();
    expect(validateItem(item({ type: 'phone' }), '12345')).toMatch(/digits/);
    expect(validateItem(item({ type: 'email' }), 'a@b.jp')).toBeNull();
    expect(validateItem(item({ type: 'email' }), 'a@b')).toMatch(/email/);
  });

  it('checks choices for select, radio and checkbox', () => {
    const choices = [
      { value: 'male', label: '男' },
      { value: 'female', label: '女' },
    ];
    expect(validateItem(item({ type: 'radio', choices }), 'male')).toBeNull();
    expect(validateItem(item({ type: 'select', choices }), 'other')).toMatch(/choices/);
    expect(validateItem(item({ type: 'checkbox', choices }), ['male', 'female'])).toBeNull();
    expect(validateItem(item({ type: 'checkbox', choices }), ['male', 'x'])).toMatch(/"x"/);
    expect(validateItem(item({ type: 'radio', choices }), ['male'])).toMatch(/one value/);
  });

  it('counts length in characters (a surrogate pair is one) and applies the pattern to the whole value', () => {
    expect(validateItem(item({ max_length: 2 }), '𠮷田')).toBeNull();
    expect(validateItem(item({ max_length: 2 }), '𠮷田花')).toMatch(/at most 2/);
    expect(validateItem(item({ min_length: 3 }), 'ab')).toMatch(/at least 3/);
    expect(validateItem(item({ pattern: '\\d{4}' }), '0123')).toBeNull();
    expect(validateItem(item({ pattern: '\\d{4}' }), '01234')).toMatch(/format/);
    expect(validateItem(item({}), 'a\u0000b')).toMatch(/control/);
  });
});

describe('itemProblem', () => {
  it('gives the kind of problem that validateItem words', () => {
    expect(itemProblem(item({ required: true }), '')).toEqual({ key: 'required' });
    expect(itemProblem(item({ type: 'postal_code' }), '100-0001')).toEqual({ key: 'postalCode' });
    expect(itemProblem(item({ max_length: 2 }), 'abc')).toEqual({ key: 'maxLength', count: 2 });
    expect(itemProblem(item({ type: 'radio', choices: [] }), 'x')).toEqual({ key: 'choice', value: 'x' });
    expect(itemProblem(item({}), ['a', 'b'])).toEqual({ key: 'oneValue' });
    expect(itemProblemText({ key: 'choice', value: 'x' })).toBe('"x" is not one of the choices');
    expect(validateItem(item({ type: 'phone' }), '12345')).toBe(itemProblemText({ key: 'phone' }));
  });
});
