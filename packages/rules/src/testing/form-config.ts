import type { ConciergeRule } from '@portal/contracts';
import { conciergeSet, configuration, fo, item, opt, procedure, qt, selected, sub } from './fixtures.js';

/**
 * A configuration exercising the form and procedure rules.
 *
 * Filter: 1 "Are you a civil servant?" 11 yes / 12 no (candidates p1, p2, p3, p4).
 * Assistant section "Family" (shown when 12 is chosen): 2 "Spouse?" 21 yes → 3, 22 no;
 * 3 "Spouse name" FO; 4 "Child" FO with a "same as applicant" copy of a_addr, a_last; 5 "Other" FO.
 */
const rule: ConciergeRule = {
  form_rule: {
    copy_forms: [
      { source: 'a_addr', target: 'c_addr' },
      { source: 'a_last', target: 'c_last' },
      { source: 'a_first', target: 'c_last' }, // a_first is not copyable in concierge 4
      { source: 'a_last', target: 'spouse_name' }, // not an item of concierge 4
    ],
    hidden_rules: [
      { target: 'spouse_name', conditions: [[{ source: 'spouse', symbol: 'equal', expected: 'no' }]] },
      {
        target: 'order',
        conditions: [
          [{ source: 'kind', symbol: 'equal', expected: 'single' }],
          [
            { source: 'pension', symbol: 'equal', expected: 'national' },
            { source: 'custody', symbol: 'equal', expected: 'no' },
          ],
        ],
      },
    ],
    prefill_rules: [
      { source: 'profile.last_name', target: 'a_last', verify: true },
      { source: 'profile.first_name', target: 'a_first' },
      { source: 'address', target: 'a_addr' },
      { source: 'profile.spouse', target: 'spouse_name' },
    ],
  },
  prefill_form_rule: {
    prefill_forms: [
      { source: '11', target: 'pension', expected: 'mutual_aid' },
      { source: '21', target: 'spouse', expected: 'yes' },
      { source: '22', target: 'spouse', expected: 'no' },
    ],
  },
  procedure_rule: {
    hidden_rules: [
      { target: 'p2', conditions: [[{ source: 'pension', symbol: 'equal', expected: 'mutual_aid' }]] },
    ],
  },
};

export const formSet = conciergeSet(
  [
    sub(1, 'Work', [
      qt(1, 'Are you a civil servant?', [opt(11, 'yes'), opt(12, 'no')], {
        is_first: true,
        codes: ['p1', 'p2', 'p3', 'p4'],
      }),
    ]),
  ],
  [
    sub(
      2,
      'Family',
      [
        qt(2, 'Spouse?', [opt(21, 'yes', { next: 3 }), opt(22, 'no')], {
          is_first: true,
          standard_item_code: ['spouse'],
        }),
        fo(3, 'Spouse name', ['spouse_name']),
        fo(4, 'Child', ['c_addr', 'c_last'], {
          copyable_label: 'same as applicant',
          copyable_standard_item_codes: ['a_addr', 'a_last'],
        }),
        fo(5, 'Other', ['extra']),
      ],
      [selected(12)],
    ),
  ],
  rule,
);

const codes = ['a_last', 'a_first', 'a_addr', 'c_addr', 'c_last', 'kind', 'spouse', 'spouse_name', 'order'];
export const formConfig = configuration(
  formSet,
  [
    procedure(1, 'p1', ['a_last', 'a_first', 'a_addr', 'spouse_name', 'order'], [], 0),
    procedure(
      2,
      'p2',
      ['pension', 'custody'],
      [
        [
          { standard_item_code: 'pension', symbol: 'equal', expected: 'employee' },
          { standard_item_code: 'custody', symbol: 'equal', expected: 'yes' },
        ],
        [
          { standard_item_code: 'pension', symbol: 'equal', expected: 'national' },
          { standard_item_code: 'custody', symbol: 'equal', expected: 'yes' },
        ],
      ],
      1,
    ),
    procedure(3, 'p3', ['insurer'], [[{ standard_item_code: 'insurer', symbol: '', expected: '' }]], 2),
    procedure(4, 'p4', ['extra'], [[{ standard_item_code: 'extra', symbol: 'below', expected: '5' }]], 3),
  ],
  [...codes.map((c) => item(c)), item('pension'), item('custody'), item('insurer'), item('extra', false)],
);
