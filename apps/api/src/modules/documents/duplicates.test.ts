import { describe, expect, it } from 'vitest';
import { duplicateKey } from './duplicates.js';

const answers = (values: Record<string, string>, sequence = 1) =>
  Object.entries(values).map(([standard_item_code, value]) => ({ standard_item_code, sequence, value }));
const applicant = {
  applicant_last_name: '山田',
  applicant_first_name: '太郎',
  applicant_birth_date: '1990-04-01',
};
const child = { child_last_name: '山田', child_first_name: '花子', child_birth_date: '2026-11-01' };

describe('duplicateKey', () => {
  it('is the same for the same applicant and child however the names are spaced or widened', () => {
    const a = duplicateKey(answers({ ...applicant, ...child }), '山田 太郎');
    const b = duplicateKey(
      answers({ ...applicant, applicant_last_name: '山田 ', child_first_name: '花子　' }).concat(
        answers({ child_last_name: '山田', child_birth_date: '2026-11-01' }),
      ),
      '山田太郎',
    );
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(b).toBe(a);
  });

  it('differs when the child, the applicant or a birth date differs', () => {
    const base = duplicateKey(answers({ ...applicant, ...child }), '山田 太郎');
    expect(duplicateKey(answers({ ...applicant, ...child, child_first_name: '次郎' }), '')).not.toBe(base);
    expect(duplicateKey(answers({ ...applicant, ...child, child_birth_date: '2026-11-02' }), '')).not.toBe(
      base,
    );
    expect(duplicateKey(answers({ ...applicant, ...child, applicant_first_name: '花子' }), '')).not.toBe(
      base,
    );
    expect(
      duplicateKey(answers({ ...applicant, ...child, applicant_birth_date: '1991-04-01' }), ''),
    ).not.toBe(base);
  });

  it('takes several children in any order as the same children', () => {
    const second = { child_last_name: '山田', child_first_name: '一郎', child_birth_date: '2024-05-05' };
    const one = [...answers({ ...applicant, ...child }), ...answers(second, 2)];
    const other = [...answers({ ...applicant, ...second }), ...answers(child, 2)];
    expect(duplicateKey(one, '')).toBe(duplicateKey(other, ''));
    expect(duplicateKey(one, '')).not.toBe(duplicateKey(answers({ ...applicant, ...child }), ''));
  });

  it('uses the document name when the form asks none, and needs a birth date to compare at all', () => {
    const withName = duplicateKey(answers({ ...child }), '山田 太郎');
    expect(withName).toBe(duplicateKey(answers({ ...child }), '山田太郎'));
    expect(withName).not.toBe(duplicateKey(answers({ ...child }), '佐藤 太郎'));
    expect(
      duplicateKey(answers({ applicant_last_name: '山田', applicant_first_name: '太郎' }), ''),
    ).toBeNull();
    expect(duplicateKey([], '')).toBeNull();
  });
});
