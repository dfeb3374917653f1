import { demoProcedureGroup } from '@portal/demo';
import { evaluateFilter } from '@portal/rules';
import { describe, expect, it } from 'vitest';
import { applicableProcedures, previewData, SAMPLE_DISCLOSURE, SAMPLE_FILTER } from './preview-data';

const demo = demoProcedureGroup();

describe('preview data', () => {
  it('uses the draft when it has procedures and questions', () => {
    const data = previewData(demo);
    expect(data.sample).toEqual({ procedures: false, filter: false });
    expect(data.disclosure).toBe(demo.disclosure);
    expect(data.filter).toBe(demo.concierge_set.filter_concierge_category);
  });

  it('falls back to the built-in sample data where the draft has none', () => {
    const empty = structuredClone(demo);
    empty.disclosure.procedures = [];
    empty.concierge_set.filter_concierge_category.concierge_sub_category = [];
    const data = previewData(empty);
    expect(data.sample).toEqual({ procedures: true, filter: true });
    expect(data.disclosure.procedures).toBe(SAMPLE_DISCLOSURE.procedures);
    expect(data.disclosure.start_date).toBe(empty.disclosure.start_date);
    expect(data.filter).toBe(SAMPLE_FILTER);
    expect(SAMPLE_DISCLOSURE.end_date).toBe('2099-12-31');
    expect(SAMPLE_DISCLOSURE.procedures.map((p) => p.printed_copies)).toEqual([1, 2]);
  });

  it('the sample question leads to the sample procedures', () => {
    const set = {
      id: 1,
      name: 's',
      is_confirmed: true,
      filter_concierge_category: SAMPLE_FILTER,
      assistant_concierge_category: [],
      concierge_rule: {
        form_rule: { copy_forms: [], hidden_rules: [], prefill_rules: [] },
        prefill_form_rule: { prefill_forms: [] },
        procedure_rule: { hidden_rules: [] },
      },
    };
    const result = evaluateFilter(set, { optionIds: [1], items: {} }, { today: '2026-04-01' });
    expect(applicableProcedures(SAMPLE_DISCLOSURE, result.procedureCodes).map((p) => p.code)).toEqual([
      'sample_notification',
      'sample_application',
    ]);
  });
});
