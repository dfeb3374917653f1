import { describe, expect, it } from 'vitest';
import { itemState } from '../../testing/fixtures';
import type { TFunction } from 'i18next';
import { mismatchText, sourceText } from './SourceNote';
import { sameAnswer } from '@portal/rules';
import { mismatchOf, sourceNote } from './sources';

const t = ((key: string, values?: { value?: string }) =>
  values?.value ? `${key}:${values.value}` : key) as unknown as TFunction;

describe('source notes', () => {
  it('name the prefill source while nothing is saved and the shown value is the prefill', () => {
    const state = itemState('last_name', { prefill: '山田', prefill_source: 'identity' });
    expect(sourceNote(state, undefined, '山田')).toBe('identity');
    expect(sourceNote(state, undefined, '山本')).toBeNull();
    expect(sourceNote(state, undefined, '')).toBeNull();
    expect(sourceNote({ ...state, hidden: true }, undefined, '山田')).toBeNull();
  });

  it('name the saved value source while unchanged, and nothing for a typed value', () => {
    const state = itemState('address', { source: 'registry', prefill: null });
    expect(sourceNote(state, 'デモ市1-1', 'デモ市1-1')).toBe('registry');
    expect(sourceNote(state, 'デモ市1-1', 'デモ市1-2')).toBeNull();
    expect(sourceNote(itemState('address'), 'デモ市1-1', 'デモ市1-1')).toBeNull();
    expect(sourceNote(undefined, 'デモ市1-1', 'デモ市1-1')).toBeNull();
  });

  it('say "unknown" for a prefill whose source the server does not name yet', () => {
    expect(sourceNote(itemState('x', { prefill: 'a' }), null, 'a')).toBe('unknown');
  });

  it('compare checkbox lists and single values, ignoring order, width and spaces', () => {
    expect(sameAnswer(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(sameAnswer(['a'], 'a')).toBe(true);
    expect(sameAnswer('１－１ ', '1-1')).toBe(true);
    expect(sameAnswer(['a', 'b'], 'a')).toBe(false);
    expect(sameAnswer('', null)).toBe(true);
  });
});

describe('mismatches', () => {
  const card = itemState('birth_date', { verified: '1988-04-15', verified_source: 'identity' });

  it('flag a shown answer that differs from the verified value, with its source and value', () => {
    expect(mismatchOf(card, '1988-04-16')).toEqual({
      code: 'birth_date',
      source: 'identity',
      verified: '1988-04-15',
    });
    expect(mismatchOf(card, '1988-04-15')).toBeNull();
  });

  it('compare checkbox answers as lists', () => {
    const choice = itemState('kinds', { verified: 'a', verified_source: 'registry' });
    expect(mismatchOf(choice, ['a'])).toBeNull();
    expect(mismatchOf(choice, ['a', 'b'])?.source).toBe('registry');
  });

  it('flag nothing without a verified value, for a blank one, a blank answer or a hidden item', () => {
    expect(mismatchOf(itemState('x'), 'a')).toBeNull();
    expect(mismatchOf(itemState('x', { verified: ' ' }), 'a')).toBeNull();
    expect(mismatchOf(card, '')).toBeNull();
    expect(mismatchOf(card, [])).toBeNull();
    expect(mismatchOf({ ...card, hidden: true }, '2000-01-01')).toBeNull();
    expect(mismatchOf(undefined, 'a')).toBeNull();
  });
});

describe('words', () => {
  it('pick the text of each source, and of the verified source of a mismatch', () => {
    expect(sourceText(t, 'public_account')).toBe('prefill.source.public_account');
    expect(sourceText(t, null)).toBeUndefined();
    const mismatch = { code: 'x', verified: 'v' };
    expect(mismatchText(t, { ...mismatch, source: 'registry' }, '1988年4月15日')).toBe(
      'prefill.mismatch.registry:1988年4月15日',
    );
    expect(mismatchText(t, { ...mismatch, source: null }, 'v')).toBe('prefill.mismatch.other:v');
  });
});
