import { describe, expect, it } from 'vitest';
import type { ApplicationRow } from './applications.repository.js';
import { correctableFields, correctableSlot } from './applications.policy.js';

const row = (status: string, remandFields: ApplicationRow['remandFields']) =>
  ({ status, remandFields }) as ApplicationRow;
const phone = { standard_item_code: 'applicant_phone', sequence: 1, note: '桁が足りません' };
const bankbook = { standard_item_code: 'attach_bankbook', sequence: 1, note: '撮り直し' };

describe('correctable fields (decision 0023)', () => {
  it('are every field unless a remanded application names some', () => {
    expect(correctableFields(row('draft', null))).toBeNull();
    expect(correctableFields(row('remanded', null))).toBeNull();
    // A stale list on a resubmitted application opens nothing by mistake.
    expect(correctableFields(row('submitted', [phone]))).toBeNull();
    expect([...correctableFields(row('remanded', [phone, bankbook]))!]).toEqual([
      'applicant_phone#1',
      'attach_bankbook#1',
    ]);
  });
  it('refuse an attachment slot not named, except a handwritten signature', () => {
    const remanded = row('remanded', [phone, bankbook]);
    expect(() => correctableSlot(remanded, { code: 'attach_bankbook', type: 'PH' })).not.toThrow();
    expect(() => correctableSlot(remanded, { code: 'attach_claimant_signature', type: 'SG' })).not.toThrow();
    expect(() => correctableSlot(remanded, { code: 'attach_birth_certificate', type: 'OR' })).toThrow(
      expect.objectContaining({ code: 'conflict', field: 'attach_birth_certificate' }),
    );
    expect(() => correctableSlot(row('remanded', null), { code: 'x', type: 'OR' })).not.toThrow();
  });
});
