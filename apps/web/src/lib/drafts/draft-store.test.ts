import { describe, expect, it } from 'vitest';
import {
  confirmationKey,
  DRAFT_MAX_AGE_MS,
  dropDrafts,
  dropSaved,
  keepAnswers,
  keepChoice,
  keepConfirmations,
  readConfirmations,
  readDrafts,
} from './draft-store';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('draft store', () => {
  it('keeps answers and choices per application, each with the saved value it started from', () => {
    const s = memory();
    keepAnswers('a1', { applicant_occupation: { value: '会', base: null, label: '職業' } }, 1000, s);
    keepAnswers('a1', { applicant_occupation: { value: '会社員', base: '公務員' } }, 2000, s);
    keepAnswers('a1', { 'child_name.2': { value: '花音', base: null } }, 2000, s);
    keepChoice('a1', 20, 16, 17, 2000, s);
    keepChoice('a1', 20, 17, 16, 3000, s);
    const drafts = readDrafts('a1', 3000, s);
    // The first keep's base stays: a later keep does not move what the resident started from.
    expect(drafts.answers.applicant_occupation).toMatchObject({ value: '会社員', base: null });
    expect(drafts.answers['child_name.2']).toMatchObject({ value: '花音', base: null });
    expect(drafts.choices['20']).toMatchObject({ option: 17, base: 17 });
    expect(readDrafts('a2', 3000, s)).toEqual({ answers: {}, choices: {} });
  });

  it('drops only what the server confirmed saved: a value typed since the save stays', () => {
    const s = memory();
    keepAnswers('a1', { a: { value: 'x', base: null }, b: { value: 'y2', base: null } }, 0, s);
    keepChoice('a1', 5, 9, null, 0, s);
    keepChoice('a1', 6, 11, null, 0, s);
    dropSaved('a1', { answers: { a: 'x', b: 'y', c: 'z' }, choices: { 5: 9, 6: 12 } }, 0, s);
    const drafts = readDrafts('a1', 0, s);
    expect(Object.keys(drafts.answers)).toEqual(['b']);
    expect(Object.keys(drafts.choices)).toEqual(['6']);
  });

  it('treats a cleared answer as saved when the server holds nothing', () => {
    const s = memory();
    keepAnswers('a1', { a: { value: '', base: 'old' } }, 0, s);
    dropSaved('a1', { answers: { a: null } }, 0, s);
    expect(readDrafts('a1', 0, s).answers).toEqual({});
    expect(s.map.size).toBe(0);
  });

  it('drops entries outright, and entries older than a day on reading', () => {
    const s = memory();
    keepAnswers('a1', { a: { value: 'x', base: null } }, 0, s);
    keepAnswers('a1', { b: { value: 'y', base: null } }, DRAFT_MAX_AGE_MS, s);
    keepChoice('a1', 5, 9, null, DRAFT_MAX_AGE_MS, s);
    expect(Object.keys(readDrafts('a1', DRAFT_MAX_AGE_MS + 1, s).answers)).toEqual(['b']);
    dropDrafts('a1', { answers: ['b'], choices: [5] }, DRAFT_MAX_AGE_MS, s);
    expect(readDrafts('a1', DRAFT_MAX_AGE_MS + 1, s)).toEqual({ answers: {}, choices: {} });
  });

  it('survives unreadable content and a storage that refuses', () => {
    const s = memory();
    s.map.set('portal.drafts.a1', '{not json');
    expect(readDrafts('a1', 0, s)).toEqual({ answers: {}, choices: {} });
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => keepAnswers('a1', { a: { value: 'x', base: null } }, 0, refusing)).not.toThrow();
    expect(() => keepChoice('a1', 1, 2, null, 0, refusing)).not.toThrow();
    expect(readDrafts('a1', 0, refusing)).toEqual({ answers: {}, choices: {} });
    expect(() => dropSaved('a1', { answers: { a: 'x' } }, 0, refusing)).not.toThrow();
    expect(() => readDrafts('a1', 0, null)).not.toThrow();
  });
});

describe('confirmations', () => {
  it('keep the ticks per application apart from the drafts, until forgotten or too old (0043)', () => {
    const s = memory();
    const first = confirmationKey(1, '記載内容に誤りはありません。');
    keepConfirmations('a1', new Set([first, confirmationKey(2, '口座は本人名義です。')]), 1000, s);
    expect([...readConfirmations('a1', 2000, s)].sort()).toEqual([first, '2:口座は本人名義です。'].sort());
    expect(readConfirmations('a2', 2000, s).size).toBe(0);
    // Drafts of the same application are untouched by them.
    expect(readDrafts('a1', 2000, s)).toEqual({ answers: {}, choices: {} });
    expect(readConfirmations('a1', 1000 + DRAFT_MAX_AGE_MS + 1, s).size).toBe(0);
    keepConfirmations('a1', new Set(), 3000, s);
    expect(readConfirmations('a1', 3000, s).size).toBe(0);
    expect(s.map.size).toBe(0);
  });

  it('read nothing from a damaged entry', () => {
    const s = memory();
    s.setItem('portal.drafts.confirmations.a1', '{not json');
    expect(readConfirmations('a1', 0, s).size).toBe(0);
    s.setItem('portal.drafts.confirmations.a1', JSON.stringify({ keys: [1, 'x'], at: 0 }));
    expect([...readConfirmations('a1', 0, s)]).toEqual(['x']);
  });
});
