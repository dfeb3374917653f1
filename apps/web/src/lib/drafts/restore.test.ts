import { describe, expect, it } from 'vitest';
import type { Drafts } from './draft-store';
import { nameNotRestored, restoreAnswers, restoreChoices, type Place } from './restore';

const answer = (value: string | null, base: string | null = null, label?: string) => ({
  value,
  base,
  at: 0,
  ...(label ? { label } : {}),
});

describe('restoring drafted answers', () => {
  const places: Record<string, Place> = {
    occupation: 'here',
    spouse: 'here',
    insurer: 'here',
    bank: 'elsewhere',
    old_item: 'gone',
    same: 'here',
  };
  const drafts: Drafts['answers'] = {
    occupation: answer('会社員'),
    spouse: answer('山田', '佐藤'),
    insurer: answer('87654321', null),
    bank: answer('0001'),
    old_item: answer('x', null, '旧項目'),
    same: answer('済み', null),
  };
  const saved = { spouse: '佐藤', insurer: '06111111', same: '済み' };
  const result = restoreAnswers(drafts, saved, (key) => places[key]!);

  it('brings back what belongs here over the saved answer it started from', () => {
    expect(result.values).toEqual({ occupation: '会社員', spouse: '山田' });
    expect(result.restored).toEqual(['occupation', 'spouse']);
  });

  it('names a newer save elsewhere and an item no longer asked; another page keeps its own', () => {
    expect(result.notRestored).toEqual([
      { key: 'insurer', reason: 'changed' },
      { key: 'old_item', reason: 'gone' },
    ]);
    expect(result.alreadySaved).toEqual(['same']);
    expect(result.values).not.toHaveProperty('bank');
  });

  it('names by the label of today, else the one kept with the draft', () => {
    const named = nameNotRestored(
      result.notRestored,
      (k) => (k === 'insurer' ? '保険者番号' : undefined),
      drafts,
    );
    expect(named).toEqual([
      { label: '保険者番号', reason: 'changed' },
      { label: '旧項目', reason: 'gone' },
    ]);
  });
});

describe('restoring drafted choices', () => {
  const pension = { id: 20, options: [16, 17] };
  const spouse = { id: 23, options: [18, 19] };
  const choice = (option: number, base: number | null) => ({ option, base, at: 0 });

  it('puts a drafted choice in place of the saved one it started from', () => {
    const result = restoreChoices({ 20: choice(16, 17), 23: choice(18, null) }, [pension, spouse], [3, 17]);
    expect(result.values).toEqual([3, 16, 18]);
    expect(result.restored).toEqual(['20', '23']);
    expect(result.notRestored).toEqual([]);
  });

  it('keeps a choice saved elsewhere meanwhile, names it, and ignores other pages', () => {
    const result = restoreChoices(
      { 20: choice(16, null), 23: choice(18, 18), 99: choice(1, null) },
      [pension, spouse],
      [17, 18],
    );
    expect(result.values).toEqual([17, 18]);
    expect(result.notRestored).toEqual([{ key: '20', reason: 'changed' }]);
    expect(result.alreadySaved).toEqual(['23']);
  });

  it('names a choice whose option the question no longer offers', () => {
    const result = restoreChoices({ 20: choice(42, null) }, [pension], []);
    expect(result.notRestored).toEqual([{ key: '20', reason: 'gone' }]);
  });
});
