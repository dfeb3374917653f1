import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { bothMemos, isStale, memoOutcome, rebaseAnswers } from './conflicts';

describe('a write refused because the document changed (decision 0034)', () => {
  it('is 409 conflict without a field; other refusals are not', () => {
    const stale = new ApiError(409, [
      { code: 'conflict', message: 'the document was changed by someone else' },
    ]);
    expect(isStale(stale)).toBe(true);
    expect(isStale(new ApiError(409, [{ code: 'conflict', message: 'final', field: 'status' }]))).toBe(false);
    expect(isStale(new ApiError(409, [{ code: 'illegal_transition', message: 'no' }]))).toBe(false);
    expect(isStale(new ApiError(428, [{ code: 'precondition_required', message: 'x' }]))).toBe(false);
    expect(isStale(new Error('x'))).toBe(false);
  });

  it('resends a memo nobody else changed, and shows both when someone did', () => {
    const base = { municipality_memos: '確認済み', is_confirmed: false };
    expect(memoOutcome(base, { ...base })).toBe('resend');
    expect(
      memoOutcome({ municipality_memos: null, is_confirmed: false }, { ...base, municipality_memos: '' }),
    ).toBe('resend');
    expect(memoOutcome(base, { ...base, municipality_memos: '別のメモ' })).toBe('conflict');
    expect(memoOutcome(base, { ...base, is_confirmed: true })).toBe('conflict');
  });

  it('keeps both memos, the saved one first, without repeating one that is already there', () => {
    expect(bothMemos('伊藤のメモ', '田中のメモ')).toBe('伊藤のメモ\n田中のメモ');
    expect(bothMemos(null, '田中のメモ')).toBe('田中のメモ');
    expect(bothMemos('伊藤のメモ\n', '  ')).toBe('伊藤のメモ');
    expect(bothMemos('伊藤のメモ\n田中のメモ', '田中のメモ')).toBe('伊藤のメモ\n田中のメモ');
  });

  it('carries the clerk’s changed items onto the answers as they are now, naming the ones both changed', () => {
    const base = { phone: '0312345678', name: '太郎', kana: 'タロウ', email: null };
    const mine = { phone: '0311112222', name: '太郎', kana: 'タロー', email: null };
    const current = { phone: '0398765432', name: '次郎', kana: 'タロー', email: 'a@example.jp' };
    expect(rebaseAnswers(base, mine, current)).toEqual({
      values: { phone: '0311112222', name: '次郎', kana: 'タロー', email: 'a@example.jp' },
      clashes: [{ key: 'phone', current: '0398765432', mine: '0311112222' }],
    });
    expect(rebaseAnswers(base, base, current).clashes).toEqual([]);
  });
});
