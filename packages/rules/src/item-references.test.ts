import { demoProcedureGroups } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { itemReferences } from './item-references.js';

describe('itemReferences', () => {
  it('renames each reference in place, and only it: the same place then names the new code', () => {
    for (const group of demoProcedureGroups()) {
      const refs = itemReferences(group);
      expect(refs.length).toBeGreaterThan(20);
      refs.forEach((ref, i) => {
        const before = JSON.stringify(group);
        ref.rename('renamed_item');
        const again = itemReferences(group);
        expect(again[i]).toMatchObject({ path: ref.path, code: 'renamed_item', formula: ref.formula });
        expect(again.filter((r) => r.code === 'renamed_item')).toHaveLength(1);
        ref.rename(ref.code);
        expect(JSON.stringify(group)).toBe(before);
      });
    }
  });

  it('keeps a formula’s age() and names each kind of place', () => {
    const [group] = demoProcedureGroups();
    const refs = itemReferences(group!);
    const formula = refs.find((r) => r.formula && r.path.includes('view_rules'));
    expect(formula).toBeDefined();
    formula!.rename('renamed_item');
    expect(JSON.stringify(group)).toMatch(/"(age\()?renamed_item\)?"/);
    const kinds = new Set(refs.map((r) => r.path.replace(/\[\d+\]/g, '[]')));
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'disclosure.procedures[].procedure_fragments[].standard_item_code',
        'concierge_set.assistant_concierge_category[].concierge_sub_category[].concierges[].standard_item_code[]',
        'concierge_set.concierge_rule.form_rule.prefill_rules[].target',
        'concierge_set.concierge_rule.form_rule.repeatable_groups[].standard_item_codes[]',
      ]),
    );
  });
});
