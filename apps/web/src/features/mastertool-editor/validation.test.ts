import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import {
  conciergePathOf,
  describePath,
  fieldId,
  parsePath,
  serverProblems,
  tabOf,
  toPath,
  validateDraft,
} from './validation';

const demo = demoProcedureGroup();

const copy = () => structuredClone(demo);
const filterSub = (c: ProcedureGroupConfiguration, i: number) =>
  c.concierge_set.filter_concierge_category.concierge_sub_category[i]!;

describe('draft validation', () => {
  it('accepts the demo configuration', () => {
    expect(validateDraft(demo)).toEqual([]);
  });

  it('refuses an empty check message at its row, where residents would confirm a blank line', () => {
    const c = copy();
    c.disclosure.procedures[0]!.check_messages.push('');
    const problems = validateDraft(c);
    expect(problems.map((p) => p.path)).toEqual([
      `disclosure.procedures[0].check_messages[${c.disclosure.procedures[0]!.check_messages.length - 1}]`,
    ]);
  });

  it('accepts empty and missing English texts', () => {
    const c = copy();
    c.en = { name: '', description: '' };
    filterSub(c, 0).concierges[0]!.en = { question: '' };
    filterSub(c, 0).en = { breadcrumbs: ['', ''] };
    delete c.disclosure.procedures[0]!.en;
    expect(validateDraft(c)).toEqual([]);
  });

  it('accepts processing days of 1 to 365 or none, and names any other value at its field (decision 0019)', () => {
    for (const days of [1, 365, null, undefined]) {
      const c = copy();
      c.disclosure.procedures[0]!.processing_days = days;
      expect(validateDraft(c), String(days)).toEqual([]);
    }
    for (const days of [0, 366, 2.5]) {
      const c = copy();
      c.disclosure.procedures[0]!.processing_days = days;
      const problems = validateDraft(c);
      expect(
        problems.map((p) => [p.path, p.code]),
        String(days),
      ).toEqual([['disclosure.procedures[0].processing_days', 'invalid_value']]);
      expect(fieldId(problems[0]!.path)).toBe('f-disclosure_procedures_0__processing_days');
    }
  });

  it('names a destination to a missing question, with its path and the id', () => {
    const c = copy();
    filterSub(c, 1).concierges[0]!.concierge_options[0]!.concierge_destination!.concierge_id = 9999;
    const problems = validateDraft(c);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'unknown_concierge',
      path: 'concierge_set.filter_concierge_category.concierge_sub_category[1].concierges[0].concierge_options[0].concierge_destination.concierge_id',
      value: '9999',
    });
  });

  it('names a selected view rule with an unknown option', () => {
    const c = copy();
    filterSub(c, 1).view_rules = [{ pattern: 'selected', expected: '99999', expression: '', symbol: '' }];
    const [problem] = validateDraft(c);
    expect(problem).toMatchObject({ code: 'unknown_option', value: '99999' });
    expect(problem?.path).toBe(
      'concierge_set.filter_concierge_category.concierge_sub_category[1].view_rules[0].expected',
    );
  });

  it('names an unknown standard item in a form rule', () => {
    const c = copy();
    c.concierge_set.concierge_rule.form_rule.copy_forms.push({
      source: 'no_such_item',
      target: 'child_name',
    });
    const problems = validateDraft(c);
    expect(problems.map((p) => [p.code, p.value])).toContainEqual(['unknown_item', 'no_such_item']);
  });

  it('names an unknown claim of a prefill rule, with its path and the claim', () => {
    const c = copy();
    c.concierge_set.concierge_rule.form_rule.prefill_rules[3]!.source = 'registry.no_such_claim';
    expect(validateDraft(c)).toEqual([
      expect.objectContaining({
        code: 'unknown_claim',
        path: 'concierge_set.concierge_rule.form_rule.prefill_rules[3].source',
        value: 'registry.no_such_claim',
      }),
    ]);
  });

  it('reports shape errors (an empty question name) before the reference check', () => {
    const c = copy();
    filterSub(c, 0).concierges[0]!.name = '';
    const problems = validateDraft(c);
    expect(problems[0]).toMatchObject({
      code: 'invalid_value',
      path: 'concierge_set.filter_concierge_category.concierge_sub_category[0].concierges[0].name',
    });
  });
});

describe('paths', () => {
  it('converts between segments and text', () => {
    expect(toPath(['a', 0, 'b', 12, 'c'])).toBe('a[0].b[12].c');
    expect(parsePath('a[0].b[12].c')).toEqual(['a', 0, 'b', 12, 'c']);
    expect(parsePath('disclosure.procedures.0.name')).toEqual(['disclosure', 'procedures', 0, 'name']);
  });

  it('reads the server field names as draft paths', () => {
    expect(
      serverProblems([
        {
          code: 'validation_failed',
          message: 'bad',
          field: 'procedure_group.disclosure.procedures.0.procedure_fragments.1.standard_item_code',
        },
        { code: 'conflict', message: 'x' },
      ]),
    ).toEqual([
      {
        path: 'disclosure.procedures[0].procedure_fragments[1].standard_item_code',
        code: 'server',
        value: null,
        detail: 'bad',
      },
      { path: '', code: 'server', value: null, detail: 'x' },
    ]);
  });

  it('finds the tab, the question and an input id for a path', () => {
    const path =
      'concierge_set.filter_concierge_category.concierge_sub_category[1].concierges[0].view_rules[0].expected';
    expect(tabOf(path)).toBe('concierge');
    expect(tabOf('concierge_set.concierge_rule.form_rule.copy_forms[0].source')).toBe('rules');
    expect(tabOf('disclosure.procedures[1].name')).toBe('procedures');
    expect(tabOf('disclosure.procedure_attaches[0].type')).toBe('attaches');
    expect(tabOf('disclosure.start_date')).toBe('basics');
    expect(tabOf('standard_items[3].code')).toBe('items');
    expect(tabOf('reports[0].name')).toBe('workflows');
    expect(tabOf('workflow_templates[1].steps[0].name')).toBe('workflows');
    expect(conciergePathOf(path)).toBe(
      'concierge_set.filter_concierge_category.concierge_sub_category[1].concierges[0]',
    );
    expect(conciergePathOf('disclosure.procedures[0]')).toBeNull();
    expect(fieldId('a[0].b')).toBe('f-a_0__b');
  });

  it('describes a place by the names it is inside', () => {
    expect(
      describePath(
        demo,
        'concierge_set.filter_concierge_category.concierge_sub_category[1].concierges[0].concierge_options[0].concierge_destination.concierge_id',
      ),
    ).toEqual({
      chain: [{ name: 'お住まいについて' }, { name: '住所地' }, { name: 'はい' }],
      field: 'concierge_id',
    });
    expect(
      describePath(
        demo,
        'concierge_set.filter_concierge_category.concierge_sub_category[1].view_rules[0].expected',
      ),
    ).toEqual({
      chain: [{ name: 'お住まいについて' }, { field: 'view_rules', index: 0 }],
      field: 'expected',
    });
  });
});
