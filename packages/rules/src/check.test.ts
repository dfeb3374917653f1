import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoProcedureGroups } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { checkConciergeSet, checkConfiguration } from './check.js';
import { compileConfiguration } from './compile.js';
import { RuleConfigurationError, type RuleIssueCode } from './errors.js';
import { allowedProcedures, evaluateAssistant, evaluateFilter, formState } from './evaluate.js';
import { answers, ctx, formula } from './testing/fixtures.js';

const groups = demoProcedureGroups();
const demo = groups[0]!;

/** A deep copy of the demo group 1 changed by `edit`. */
const broken = (edit: (c: ProcedureGroupConfiguration) => void) => {
  const copy = JSON.parse(JSON.stringify(demo)) as ProcedureGroupConfiguration;
  edit(copy);
  return copy;
};
const filterSubs = (c: ProcedureGroupConfiguration) =>
  c.concierge_set.filter_concierge_category.concierge_sub_category;
const assistantSubs = (c: ProcedureGroupConfiguration) =>
  c.concierge_set.assistant_concierge_category[0]!.concierge_sub_category;
const rule = (c: ProcedureGroupConfiguration) => c.concierge_set.concierge_rule;
const AS = 'concierge_set.assistant_concierge_category[0]';
const FI = 'concierge_set.filter_concierge_category';

describe('checkConfiguration', () => {
  it('finds nothing wrong in the demo configurations', () => {
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups) expect(checkConfiguration(group)).toEqual([]);
  });

  const cases: [string, RuleIssueCode, string, (c: ProcedureGroupConfiguration) => void][] = [
    [
      'an item check that does not compile',
      'invalid_pattern',
      'standard_items[0].pattern',
      (c) => {
        c.standard_items[0]!.pattern = '[0-9';
      },
    ],
    [
      'a procedure fragment',
      'unknown_item',
      'disclosure.procedures[0].procedure_fragments[0].standard_item_code',
      (c) => {
        c.disclosure.procedures[0]!.procedure_fragments[0]!.standard_item_code = 'child_nmae';
      },
    ],
    [
      'a procedural rule',
      'unknown_item',
      'disclosure.procedures[1].procedural_rules[0][1].standard_item_code',
      (c) => {
        c.disclosure.procedures[1]!.procedural_rules[0]![1]!.standard_item_code = 'custody';
      },
    ],
    [
      'a report',
      'unknown_item',
      'reports[0].standard_item_codes[0]',
      (c) => {
        c.reports[0] = {
          id: 1,
          procedure_code: c.disclosure.procedures[0]!.code,
          name: '台帳',
          standard_item_codes: ['chlid_name'],
        };
      },
    ],
    [
      'a reading',
      'unknown_item',
      'standard_items[1].reading_of',
      (c) => {
        c.standard_items[1]!.reading_of = 'applicant_nmae';
      },
    ],
    [
      'a concierge item',
      'unknown_item',
      `${AS}.concierge_sub_category[0].concierges[1].standard_item_code[0]`,
      (c) => {
        assistantSubs(c)[0]!.concierges[1]!.standard_item_code[0] = 'applicant_lastname';
      },
    ],
    [
      'a copyable item',
      'unknown_item',
      `${AS}.concierge_sub_category[1].concierges[4].copyable_standard_item_codes[0]`,
      (c) => {
        assistantSubs(c)[1]!.concierges[4]!.copyable_standard_item_codes[0] = 'postal';
      },
    ],
    [
      'a formula',
      'unknown_item',
      `${AS}.concierge_sub_category[2].view_rules[0].expression`,
      (c) => {
        assistantSubs(c)[2]!.view_rules[0] = formula('age(child_birth_dat)', 'below', '1');
      },
    ],
    [
      'an unusable formula',
      'invalid_expression',
      `${AS}.concierge_sub_category[2].view_rules[0].expression`,
      (c) => {
        assistantSubs(c)[2]!.view_rules[0] = formula('years(child_birth_date)', 'below', '1');
      },
    ],
    [
      'a hidden rule condition',
      'unknown_item',
      'concierge_set.concierge_rule.form_rule.hidden_rules[0].conditions[0][0].source',
      (c) => {
        rule(c).form_rule.hidden_rules[0]!.conditions[0]![0]!.source = 'spouse';
      },
    ],
    [
      'a hidden rule target',
      'unknown_item',
      'concierge_set.concierge_rule.form_rule.hidden_rules[0].target',
      (c) => {
        rule(c).form_rule.hidden_rules[0]!.target = 'spouse_name';
      },
    ],
    [
      'a copy form',
      'unknown_item',
      'concierge_set.concierge_rule.form_rule.copy_forms[0].target',
      (c) => {
        rule(c).form_rule.copy_forms[0]!.target = 'child_zip';
      },
    ],
    [
      'a prefill rule',
      'unknown_item',
      'concierge_set.concierge_rule.form_rule.prefill_rules[0].target',
      (c) => {
        rule(c).form_rule.prefill_rules[0]!.target = 'last_name';
      },
    ],
    [
      'a registry claim',
      'unknown_claim',
      'concierge_set.concierge_rule.form_rule.prefill_rules[0].source',
      (c) => {
        rule(c).form_rule.prefill_rules[0]!.source = 'registry.shoe_size';
      },
    ],
    [
      'a prefill rule condition',
      'unknown_item',
      'concierge_set.concierge_rule.form_rule.prefill_rules[0].conditions[0][0].source',
      (c) => {
        rule(c).form_rule.prefill_rules[0]!.conditions = [
          [{ source: 'nope', symbol: 'equal', expected: 'x' }],
        ];
      },
    ],
    [
      'a prefill form target',
      'unknown_item',
      'concierge_set.concierge_rule.prefill_form_rule.prefill_forms[0].target',
      (c) => {
        rule(c).prefill_form_rule.prefill_forms[0]!.target = 'pension';
      },
    ],
    [
      'a prefill form option',
      'unknown_option',
      'concierge_set.concierge_rule.prefill_form_rule.prefill_forms[0].source',
      (c) => {
        rule(c).prefill_form_rule.prefill_forms[0]!.source = '700';
      },
    ],
    [
      'a selected rule',
      'unknown_option',
      `${FI}.concierge_sub_category[1].view_rules[0].expected`,
      (c) => {
        filterSubs(c)[1]!.view_rules[0]!.expected = '700';
      },
    ],
    [
      'a destination',
      'unknown_concierge',
      `${FI}.concierge_sub_category[0].concierges[0].concierge_options[0].concierge_destination.concierge_id`,
      (c) => {
        filterSubs(c)[0]!.concierges[0]!.concierge_options[0]!.concierge_destination!.concierge_id = 700;
      },
    ],
    [
      'a concierge procedure code',
      'unknown_procedure',
      `${FI}.concierge_sub_category[0].concierges[0].concierge_procedure_codes[2]`,
      (c) => {
        filterSubs(c)[0]!.concierges[0]!.concierge_procedure_codes[2]!.procedure_code = 'medical_subsidy';
      },
    ],
    [
      'a procedure rule target',
      'unknown_procedure',
      'concierge_set.concierge_rule.procedure_rule.hidden_rules[0].target',
      (c) => {
        rule(c).procedure_rule.hidden_rules[0]!.target = 'allowance';
      },
    ],
    [
      'two first concierges',
      'multiple_first',
      `${AS}.concierge_sub_category[1]`,
      (c) => {
        assistantSubs(c)[1]!.concierges[1]!.is_first = true;
      },
    ],
    [
      'a destination cycle',
      'destination_cycle',
      `${AS}.concierge_sub_category[0].concierges[0]`,
      (c) => {
        // 申請者の氏名 (6) leads back to 届出人の資格 (5), which leads to 6.
        assistantSubs(c)[0]!.concierges[1]!.concierge_options = [
          {
            id: 700,
            value: '戻る',
            sequence: 0,
            concierge_destination: { id: 700, concierge_id: 5, is_scopedout: false, scopedout_message: null },
          },
        ];
      },
    ],
    [
      'a duplicate option id',
      'duplicate_id',
      `${FI}.concierge_sub_category[0].concierges[1].concierge_options[0]`,
      (c) => {
        filterSubs(c)[0]!.concierges[1]!.concierge_options[0]!.id = 1;
      },
    ],
  ];

  it.each(cases)('reports one issue for a broken reference in %s', (_what, code, path, edit) => {
    const issues = checkConfiguration(broken(edit));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code, path });
    expect(issues[0]?.message).toMatch(/\S/);
  });

  it('names what is broken in the message', () => {
    const [issue] = checkConfiguration(
      broken((c) => (assistantSubs(c)[2]!.view_rules[0] = formula('age(child_birth_dat)', 'below', '1'))),
    );
    expect(issue?.message).toBe(
      'sub category 5 "出生証明書": formula refers to unknown standard item "child_birth_dat"',
    );
    const [cycle] = checkConfiguration(broken(cases.find((c) => c[1] === 'destination_cycle')![3]));
    expect(cycle?.message).toBe('destinations form a cycle: concierge 5 → 6 → 5');
  });

  it('checks a set alone without items and procedures', () => {
    const copy = broken((c) => {
      assistantSubs(c)[0]!.concierges[1]!.standard_item_code[0] = 'nope';
      filterSubs(c)[0]!.concierges[0]!.concierge_options[0]!.concierge_destination!.concierge_id = 700;
    });
    expect(checkConciergeSet(copy.concierge_set).map((i) => i.code)).toEqual(['unknown_concierge']);
  });
});

describe('a rule set that references a missing item', () => {
  const missing = () =>
    broken((c) => (rule(c).procedure_rule.hidden_rules[0]!.conditions[0]![0]!.source = 'applicant_pension'));

  it('gives a clear error from every evaluation function, not a crash', () => {
    const config = missing();
    const calls = [
      () => compileConfiguration(config),
      () => allowedProcedures(config, ['child_allowance'], answers()),
      () => formState(config, ['birth_notification'], answers(), null, ctx),
    ];
    for (const call of calls) {
      expect(call).toThrow(RuleConfigurationError);
      expect(call).toThrow(
        'the rule configuration has 1 broken reference: concierge_set.concierge_rule.procedure_rule.hidden_rules[0]' +
          '.conditions[0][0].source: hidden rule condition refers to unknown standard item "applicant_pension"',
      );
    }
    try {
      compileConfiguration(config);
    } catch (e) {
      expect((e as RuleConfigurationError).issues).toEqual(checkConfiguration(config));
    }
  });

  it('and a set with a dangling destination cannot be evaluated either', () => {
    const set = broken(
      (c) =>
        (filterSubs(c)[0]!.concierges[0]!.concierge_options[0]!.concierge_destination!.concierge_id = 700),
    ).concierge_set;
    expect(() => evaluateFilter(set, answers([1]), ctx)).toThrow(RuleConfigurationError);
    expect(() => evaluateAssistant(set, answers(), ctx)).toThrow(/leads to missing concierge 700/);
  });
});
