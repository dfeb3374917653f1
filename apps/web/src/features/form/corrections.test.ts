import { describe, expect, it } from 'vitest';
import { correctionPages, correctionsOf, mayCorrect } from './corrections';
import type { FormPage } from './form-model';

const fields = [
  { standard_item_code: 'applicant_phone', sequence: 1, note: '桁が足りません' },
  { standard_item_code: 'child_first_name', sequence: 2, note: '二人目の名前' },
];

describe('corrections (decision 0023)', () => {
  it('are the named fields by form key while remanded, and none otherwise', () => {
    const c = correctionsOf({ status: 'remanded', remand_fields: fields })!;
    expect([...c]).toEqual([
      ['applicant_phone', '桁が足りません'],
      ['child_first_name.2', '二人目の名前'],
    ]);
    expect(correctionsOf({ status: 'remanded', remand_fields: null })).toBeNull();
    expect(correctionsOf({ status: 'draft', remand_fields: fields })).toBeNull();
  });

  it('open a named field, or one not answered yet', () => {
    const c = correctionsOf({ status: 'remanded', remand_fields: fields });
    expect(mayCorrect(c, 'applicant_phone', '0312345678')).toBe(true);
    expect(mayCorrect(c, 'applicant_occupation', '会社員')).toBe(false);
    expect(mayCorrect(c, 'applicant_occupation', undefined)).toBe(true);
    expect(mayCorrect(null, 'applicant_occupation', '会社員')).toBe(true);
  });

  it('keep only the pages that hold a named field', () => {
    const page = (name: string, items: string[], repeated: string[] = []) =>
      ({
        name,
        items: items.map((code) => ({ code })),
        repeated: repeated.map((code) => ({ code })),
      }) as unknown as FormPage;
    const pages = [
      page('申請者', ['applicant_phone']),
      page('子', ['child_last_name'], ['child_first_name']),
      page('口座', ['bank_code']),
    ];
    const c = correctionsOf({ status: 'remanded', remand_fields: fields });
    expect(correctionPages(pages, c).map((p) => p.name)).toEqual(['申請者', '子']);
    expect(correctionPages(pages, null)).toBe(pages);
  });
});
