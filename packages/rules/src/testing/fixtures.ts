import type {
  Concierge,
  ConciergeCategory,
  ConciergeOption,
  ConciergeRule,
  ConciergeSet,
  ConciergeSubCategory,
  Procedure,
  ProcedureGroupConfiguration,
  RuleSymbol,
  StandardItem,
  ViewRule,
} from '@portal/contracts';
import type { Answers, RuleContext } from '../answers.js';
import type { Answer } from '../compare.js';

/** Small configuration builders for tests. */

export const ctx: RuleContext = { today: '2026-04-01' };

export const answers = (optionIds: number[] = [], items: Record<string, Answer> = {}): Answers => ({
  optionIds,
  items,
});

export const selected = (optionId: number): ViewRule => ({
  pattern: 'selected',
  expected: String(optionId),
  expression: '',
  symbol: '',
});

export const formula = (expression: string, symbol: RuleSymbol, expected: string): ViewRule => ({
  pattern: 'formula',
  expression,
  symbol,
  expected,
});

type Then = { next: number } | { out: string | null } | undefined;

export function opt(id: number, value: string, then?: Then, sequence = id): ConciergeOption {
  const destination =
    then === undefined
      ? null
      : 'next' in then
        ? { id, concierge_id: then.next, is_scopedout: false, scopedout_message: null }
        : { id, concierge_id: null, is_scopedout: true, scopedout_message: then.out };
  return { id, value, sequence, concierge_destination: destination };
}

const base = (id: number, question: string, extra: Partial<Concierge>): Concierge => ({
  id,
  type: 'QT',
  name: `concierge ${id}`,
  question,
  standard_item_code: [],
  sequence: id,
  view_rules: [],
  is_first: false,
  suffix: null,
  remarks: null,
  copyable_label: null,
  copyable_standard_item_codes: [],
  is_horizontal: false,
  requires_name_validation: [],
  concierge_procedure_codes: [],
  concierge_options: [],
  ...extra,
});

/** A question (QT); `codes` are its concierge_procedure_codes. */
export const qt = (
  id: number,
  question: string,
  options: ConciergeOption[],
  extra: Partial<Concierge> & { codes?: string[] } = {},
): Concierge => {
  const { codes = [], ...rest } = extra;
  return base(id, question, {
    concierge_options: options,
    concierge_procedure_codes: codes.map((procedure_code, i) => ({ id: id * 100 + i, procedure_code })),
    ...rest,
  });
};

/** An inline form (FO) of `items`. */
export const fo = (
  id: number,
  question: string,
  items: string[],
  extra: Partial<Concierge> & { codes?: string[] } = {},
): Concierge => {
  const { codes = [], ...rest } = extra;
  return base(id, question, {
    type: 'FO',
    standard_item_code: items,
    concierge_procedure_codes: codes.map((procedure_code, i) => ({ id: id * 100 + i, procedure_code })),
    ...rest,
  });
};

export const sub = (
  id: number,
  name: string,
  concierges: Concierge[],
  view_rules: ViewRule[] = [],
  sequence = id,
): ConciergeSubCategory => ({
  id,
  breadcrumbs: [name],
  name,
  sequence,
  image_type: null,
  view_rules,
  concierges,
});

export const category = (
  id: number,
  type: 'FI' | 'AS',
  subs: ConciergeSubCategory[],
  sequence = id,
): ConciergeCategory => ({
  id,
  name: `category ${id}`,
  title: '',
  type,
  sequence,
  concierge_sub_category: subs,
});

export const emptyRule = (): ConciergeRule => ({
  form_rule: { copy_forms: [], hidden_rules: [], prefill_rules: [] },
  prefill_form_rule: { prefill_forms: [] },
  procedure_rule: { hidden_rules: [] },
});

export function conciergeSet(
  filterSubs: ConciergeSubCategory[],
  assistantSubs: ConciergeSubCategory[] = [],
  rule: ConciergeRule = emptyRule(),
): ConciergeSet {
  return {
    id: 1,
    name: 'set',
    is_confirmed: true,
    filter_concierge_category: category(1, 'FI', filterSubs),
    assistant_concierge_category: assistantSubs.length > 0 ? [category(2, 'AS', assistantSubs)] : [],
    concierge_rule: rule,
  };
}

export const item = (code: string, required = true): StandardItem => ({
  code,
  name: code,
  type: 'text',
  required,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
});

export const procedure = (
  id: number,
  code: string,
  items: string[],
  procedural_rules: Procedure['procedural_rules'] = [],
  sequence = id,
): Procedure => ({
  id,
  code,
  name: code,
  sequence,
  remarks: null,
  is_confirmed: true,
  printed_copies: 1,
  check_messages: [],
  procedural_rules,
  workflow_template_id: null,
  is_signature_digital_certificate: false,
  department_code: null,
  procedure_fragments: items.map((standard_item_code, i) => ({
    id: id * 100 + i,
    name: 'section',
    standard_item_code,
  })),
});

export function configuration(
  set: ConciergeSet,
  procedures: Procedure[],
  items: StandardItem[],
): ProcedureGroupConfiguration {
  return {
    id: 1,
    name: 'group',
    sequence: 0,
    icon_type: 'OT',
    description: null,
    disclosure: {
      id: 1,
      procedure_group_id: 1,
      identifications: { jpki: true, basic_four_information: true },
      use_basic_four_information: true,
      use_mynaportal: false,
      start_date: '2024-01-01',
      end_date: '2099-12-31',
      is_publish: true,
      procedures,
      procedure_attaches: [],
    },
    concierge_set: set,
    standard_items: items,
    workflow_templates: [],
    reports: [],
  };
}
