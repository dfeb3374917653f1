import { describe, expect, it } from 'vitest';
import {
  attemptsLeft,
  basicFourBody,
  basicFourProblems,
  emptyBasicFour,
  normalizePostalCode,
} from './identification';

const taro = {
  last_name: ' 山田 ',
  first_name: '太郎',
  birth_date: '1988-04-15',
  sex: 'male' as const,
  postal_code: '９９９-９９０１',
  address: 'デモ県デモ市中央一丁目2番3号',
};

describe('basic four information', () => {
  it('names every missing field', () => {
    expect(basicFourProblems(emptyBasicFour, '2026-11-21')).toEqual({
      last_name: 'required',
      first_name: 'required',
      birth_date: 'required',
      sex: 'required',
      postal_code: 'required',
      address: 'required',
    });
  });

  it('accepts a full-width postal code with a hyphen and refuses impossible or future dates', () => {
    expect(normalizePostalCode('９９９-９９０１')).toBe('9999901');
    expect(basicFourProblems(taro, '2026-11-21')).toEqual({});
    expect(basicFourProblems({ ...taro, birth_date: '1988-02-30' }, '2026-11-21')).toEqual({
      birth_date: 'date',
    });
    expect(basicFourProblems({ ...taro, birth_date: '2027-01-01' }, '2026-11-21')).toEqual({
      birth_date: 'date',
    });
    expect(basicFourProblems({ ...taro, postal_code: '12345' }, '2026-11-21')).toEqual({
      postal_code: 'postalCode',
    });
  });

  it('sends trimmed values and counts the attempts left', () => {
    expect(basicFourBody(taro)).toMatchObject({ last_name: '山田', postal_code: '9999901' });
    const status = { is_verified: false, verified_at: null, mismatched: [], attempts: 4, max_attempts: 5 };
    expect(attemptsLeft(status)).toBe(1);
    expect(attemptsLeft({ ...status, attempts: 7 })).toBe(0);
  });
});
