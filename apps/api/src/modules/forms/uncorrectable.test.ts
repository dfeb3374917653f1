import { describe, expect, it } from 'vitest';
import { uncorrectable } from './locked.js';

const v = (standard_item_code: string, value: string | null, sequence = 1) => ({
  standard_item_code,
  sequence,
  value,
});

describe('uncorrectable (decision 0023)', () => {
  const open = new Set(['applicant_phone#1']);
  const stored = [
    v('applicant_phone', '0312345678'),
    v('applicant_occupation', '会社員'),
    v('applicant_occupation', '自営業', 2),
    v('child_name', null),
  ];

  it('refuses a changed answer of a field not named, at its field', () => {
    expect(uncorrectable(open, stored, [v('applicant_occupation', '無職')])).toEqual([
      { field: 'applicant_occupation', message: expect.stringContaining('not sent back') },
    ]);
    expect(uncorrectable(open, stored, [v('applicant_occupation', '無職', 2)])[0]?.field).toBe(
      'applicant_occupation.2',
    );
  });

  it('lets named fields change, the unchanged page pass, and unanswered fields be answered', () => {
    expect(
      uncorrectable(open, stored, [
        v('applicant_phone', '0398765432'),
        v('applicant_occupation', '会社員'),
        v('child_name', '花子'),
        v('never_asked', 'x'),
      ]),
    ).toEqual([]);
  });
});
