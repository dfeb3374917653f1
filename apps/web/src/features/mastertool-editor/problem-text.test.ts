import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { problemMessage, problemPlace } from './problem-text';

// A translator that shows the key and its values, so the test reads what the screen would be built from.
const t = ((key: string, options?: Record<string, unknown>) => {
  const values = Object.entries(options ?? {})
    .filter(([k]) => k !== 'defaultValue')
    .map(([k, v]) => `${k}=${String(v)}`);
  return values.length > 0 ? `${key}(${values.join(',')})` : key;
}) as unknown as TFunction;

const config = {
  concierge_set: {
    filter_concierge_category: {
      concierge_sub_category: [
        { id: 2, name: 'お住まいについて', view_rules: [{ expected: '9' }], concierges: [] },
      ],
    },
  },
};

describe('problem text', () => {
  it('names the place by what it is inside, then the field', () => {
    expect(
      problemPlace(
        t,
        config,
        'concierge_set.filter_concierge_category.concierge_sub_category[0].view_rules[0].expected',
      ),
    ).toBe('お住まいについて › mastertool.fields.view_rules 1 › mastertool.fields.expected');
    expect(
      problemPlace(t, config, 'concierge_set.filter_concierge_category.concierge_sub_category[0].name'),
    ).toBe('お住まいについて › mastertool.fields.name');
    expect(problemPlace(t, config, '')).toBe('mastertool.issues.wholeGroup');
  });

  it('names the expected value of a selected rule as an option id', () => {
    const selected = structuredClone(config);
    Object.assign(
      selected.concierge_set.filter_concierge_category.concierge_sub_category[0]!.view_rules[0]!,
      {
        pattern: 'selected',
      },
    );
    expect(
      problemPlace(
        t,
        selected,
        'concierge_set.filter_concierge_category.concierge_sub_category[0].view_rules[0].expected',
      ),
    ).toBe('お住まいについて › mastertool.fields.view_rules 1 › mastertool.fields.expectedOption');
  });

  it('does not repeat a list field that the entry already names', () => {
    expect(
      problemPlace(
        t,
        config,
        'concierge_set.filter_concierge_category.concierge_sub_category[0].view_rules[0]',
      ),
    ).toBe('お住まいについて › mastertool.fields.view_rules 1');
  });

  it('names a place in the prefill rules as their rows and fields are named', () => {
    const rules = 'concierge_set.concierge_rule.form_rule.prefill_rules';
    expect(problemPlace(t, config, `${rules}[3].source`)).toBe(
      'mastertool.prefill.ruleN(n=4) › mastertool.prefill.source',
    );
    expect(problemPlace(t, config, `${rules}[0].target`)).toBe(
      'mastertool.prefill.ruleN(n=1) › mastertool.prefill.target',
    );
    expect(problemPlace(t, config, `${rules}[2].conditions[0][1].source`)).toBe(
      'mastertool.prefill.ruleN(n=3) › mastertool.prefill.conditions.label › mastertool.prefill.conditions.item',
    );
    expect(problemPlace(t, config, `${rules}[2].conditions[0]`)).toBe(
      'mastertool.prefill.ruleN(n=3) › mastertool.prefill.conditions.label',
    );
    expect(problemPlace(t, config, `${rules}[2]`)).toBe('mastertool.prefill.ruleN(n=3)');
  });

  it('names a place in the repeatable groups as their fields are named', () => {
    const groups = 'concierge_set.concierge_rule.form_rule.repeatable_groups';
    expect(problemPlace(t, config, `${groups}[0].standard_item_codes[1]`)).toBe(
      'mastertool.repeat.groupN(n=1) › mastertool.repeat.itemN(j=2)',
    );
    expect(problemPlace(t, config, `${groups}[1].code`)).toBe(
      'mastertool.repeat.groupN(n=2) › mastertool.repeat.code',
    );
    expect(problemPlace(t, config, `${groups}[0].en.name`)).toBe(
      'mastertool.repeat.groupN(n=1) › mastertool.fields.english(label=mastertool.repeat.name)',
    );
    expect(problemPlace(t, config, `${groups}[0].min_rules[0].conditions[0][0].source`)).toBe(
      'mastertool.repeat.groupN(n=1) › mastertool.repeat.minRule.label › mastertool.prefill.conditions.item',
    );
    expect(problemPlace(t, config, `${groups}[0].min_rules[0].min`)).toBe(
      'mastertool.repeat.groupN(n=1) › mastertool.repeat.minRule.label › mastertool.repeat.minRule.min',
    );
    expect(problemPlace(t, config, `${groups}[0].standard_item_codes`)).toBe(
      'mastertool.repeat.groupN(n=1) › mastertool.repeat.items',
    );
    expect(problemPlace(t, config, `${groups}[2]`)).toBe('mastertool.repeat.groupN(n=3)');
  });

  it('says what is wrong by the code, with the value or the detail', () => {
    expect(problemMessage(t, { path: 'x', code: 'unknown_option', value: '99', detail: 'd' })).toBe(
      'mastertool.issues.unknown_option(value=99,detail=d)',
    );
    expect(problemMessage(t, { path: 'x', code: 'server', value: null, detail: 'name taken' })).toBe(
      'mastertool.issues.server(detail=name taken)',
    );
  });
});
