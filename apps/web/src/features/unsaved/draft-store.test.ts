import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, dropDraft, keepDraft, readDraft } from './draft-store';

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
  it('keeps and reads back a page of input', () => {
    const s = memory();
    keepDraft('a1:form', { name: '山田' }, 1000, s);
    expect(readDraft('a1:form', 2000, s)).toEqual({ name: '山田' });
    expect(readDraft('a2:form', 2000, s)).toBeNull();
  });

  it('drops a draft older than a day', () => {
    const s = memory();
    keepDraft('a1:form', { name: '山田' }, 0, s);
    expect(readDraft('a1:form', DRAFT_MAX_AGE_MS + 1, s)).toBeNull();
    expect(s.map.size).toBe(0);
  });

  it('forgets a saved page and survives broken or refused storage', () => {
    const s = memory();
    keepDraft('a1:form', { a: 1 }, 0, s);
    dropDraft('a1:form', s);
    expect(readDraft('a1:form', 0, s)).toBeNull();
    s.map.set('portal.draft.bad', '{not json');
    expect(readDraft('bad', 0, s)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => keepDraft('x', 1, 0, refusing)).not.toThrow();
    expect(readDraft('x', 0, refusing)).toBeNull();
    expect(() => dropDraft('x', refusing)).not.toThrow();
  });
});
