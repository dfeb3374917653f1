import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { formStateOf } from './answer-decision.js';
import { answerMismatch, answerMismatches } from './answer-mismatch.js';
import { compileConfiguration } from './compile.js';
import type { FormItemState } from './form-state.js';

const card = (value: string) => ({ value, source: 'identity' as const });

describe('answerMismatch: an answer that differs from what a verified source holds', () => {
  it('flags a different answer with the source and its value', () => {
    expect(answerMismatch(card('1988-04-15'), '1988-05-15')).toEqual({
      source: 'identity',
      verified: '1988-04-15',
    });
    expect(
      answerMismatch({ value: 'デモ市中央一丁目2番3号', source: 'registry' }, 'デモ市中央一丁目2番4号'),
    ).toEqual({ source: 'registry', verified: 'デモ市中央一丁目2番3号' });
  });

  it('does not flag the same answer written in another width, spacing or checkbox order', () => {
    expect(answerMismatch(card('山田　太郎'), ' 山田 太郎 ')).toBeNull();
    expect(answerMismatch(card('9999901'), '９９９９９０１')).toBeNull();
    expect(answerMismatch(card('a'), ['a'])).toBeNull();
  });

  it('does not flag a blank answer, a blank verified value, or an item no source speaks for', () => {
    for (const blank of ['', '  ', null, undefined, []]) {
      expect(answerMismatch(card('1988-04-15'), blank)).toBeNull();
    }
    expect(answerMismatch(card(' '), '1988-04-15')).toBeNull();
    expect(answerMismatch(null, '1988-04-15')).toBeNull();
    expect(answerMismatch(undefined, '1988-04-15')).toBeNull();
  });

  it('keeps a source the server does not name (the resident screens before decision 0012)', () => {
    expect(answerMismatch({ value: 'x', source: null }, 'y')).toEqual({ source: null, verified: 'x' });
  });
});

describe('answerMismatches: stored answers against a form state', () => {
  const item = (code: string, over: Partial<FormItemState> = {}): FormItemState => ({
    code,
    hidden: false,
    required: false,
    reason: '',
    asked: false,
    ...over,
  });
  const v = (standard_item_code: string, value: string | null, sequence = 1) => ({
    standard_item_code,
    sequence,
    value,
  });

  it('keys each differing answer by item and repetition, skipping hidden items and equal ones', () => {
    const items = [
      item('birth', { verified: card('1988-04-15') }),
      item('postal', { verified: { ...card('9999901'), locked: true } }),
      item('hidden', { hidden: true, verified: card('a') }),
      item('child', { sequence: 2, verified: card('b') }),
      item('typed'),
    ];
    const found = answerMismatches(items, [
      v('birth', '1988-05-15'),
      v('postal', '9999901'),
      v('hidden', 'z'),
      v('child', 'c', 2),
      v('child', 'c'),
      v('typed', 'x'),
    ]);
    expect([...found]).toEqual([
      ['birth#1', { source: 'identity', verified: '1988-04-15' }],
      ['child#2', { source: 'identity', verified: 'b' }],
    ]);
  });

  it('flags what the demo card says against the answers of a child allowance claim', () => {
    const rules = compileConfiguration(demoProcedureGroup());
    const profile = {
      birth_date: '1988-04-15',
      postal_code: '9999901',
      address: 'デモ県デモ市中央一丁目2番3号',
    };
    const stored = [
      v('applicant_birth_date', '1988-05-15'),
      v('applicant_postal_code', '9999901'),
      v('applicant_address', 'デモ県デモ市中央一丁目2番4号'),
    ].map((a) => ({ ...a, source: null }));
    const state = formStateOf(rules, {
      procedureCodes: ['child_allowance'],
      optionIds: [],
      stored,
      profile,
      ctx: { today: '2026-04-20' },
    });
    expect([...answerMismatches(state.items, stored).keys()]).toEqual([
      'applicant_birth_date#1',
      'applicant_address#1',
    ]);
  });
});
