// The configurations a new procedure group starts from (decision 0024): a minimal skeleton that passes
// every configuration check, or a copy of another group made fit for the municipality it goes to.
import type { IconType, PrefillRule, ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';

/** Longest procedure code the contract accepts. */
const CODE_LENGTH = 64;

/**
 * A procedure group with nothing in it yet: one filter category with one empty sub category (where the
 * first questions go; the filter shows no empty section), one assistant category without pages (an empty
 * page would be refused by the pre-reflection check), no procedures, workflows or reports; the
 * applicant's identity items with their prefill from the card on (issue 19 item 3).
 * Ids are 1 and 2: the server gives fresh ones to any another group owns.
 */
export function emptyConfiguration(input: {
  name: string;
  icon_type: IconType;
  sequence: number;
  /** The day the disclosure starts (`YYYY-MM-DD`). */
  today: string;
  /** The applicant's items the identity card answers (`applicant_last_name`, ...), from the library. */
  identityItems: readonly StandardItem[];
}): ProcedureGroupConfiguration {
  const sub = (id: number, name: string, en: string) => ({
    id,
    breadcrumbs: [],
    name,
    sequence: 0,
    image_type: null,
    view_rules: [],
    concierges: [],
    en: { name: en },
  });
  return {
    id: 1,
    name: input.name,
    sequence: input.sequence,
    icon_type: input.icon_type,
    description: null,
    disclosure: {
      id: 1,
      procedure_group_id: 1,
      identifications: { jpki: true, basic_four_information: false },
      use_basic_four_information: false,
      use_mynaportal: false,
      start_date: input.today,
      end_date: '2099-12-31',
      is_publish: true,
      procedures: [],
      procedure_attaches: [],
    },
    concierge_set: {
      id: 1,
      name: input.name,
      is_confirmed: false,
      filter_concierge_category: {
        id: 1,
        name: '対象の確認',
        title: '',
        type: 'FI',
        sequence: 0,
        concierge_sub_category: [sub(1, 'はじめに', 'First questions')],
        en: { name: 'Who can apply' },
      },
      assistant_concierge_category: [
        {
          id: 2,
          name: '申請内容',
          title: '',
          type: 'AS',
          sequence: 1,
          // No page yet: an empty page would reach residents as a page without a question (decision 0047).
          concierge_sub_category: [],
          en: { name: 'Application' },
        },
      ],
      concierge_rule: {
        form_rule: {
          copy_forms: [],
          hidden_rules: [],
          prefill_rules: input.identityItems.map((i) => identityPrefill(i.code)),
          repeatable_groups: [],
        },
        prefill_form_rule: { prefill_forms: [] },
        procedure_rule: { hidden_rules: [] },
      },
    },
    standard_items: structuredClone([...input.identityItems]),
    workflow_templates: [],
    reports: [],
  };
}

/**
 * The applicant's item `applicant_<claim>` filled from the signed-in resident's verified claim: the name
 * as on the card (locked), the rest checked against it (decision 0027).
 */
function identityPrefill(code: string): PrefillRule {
  const claim = code.replace(/^applicant_/, '');
  const locked = claim === 'last_name' || claim === 'first_name';
  return { source: `profile.${claim}`, target: code, ...(locked ? { locked: true } : { verify: true }) };
}

/** `code`, or the first of `code_copy`, `code_copy2`, ... that is not taken (within the code's length). */
function freeCode(code: string, taken: ReadonlySet<string>): string {
  if (!taken.has(code)) return code;
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '_copy' : `_copy${n}`;
    const candidate = code.slice(0, CODE_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * `source` made a new group of another (or the same) municipality: named `name`, listed after the
 * municipality's groups; procedure codes the municipality already uses get a free one (every rule and
 * report that names them follows); departments it does not have become null (any department), to be
 * chosen in the editor. Ids stay: the server renumbers them, as they belong to the source group.
 */
export function copiedConfiguration(
  source: ProcedureGroupConfiguration,
  target: {
    name: string;
    sequence: number;
    /** Procedure codes the target municipality already uses (in either environment). */
    takenCodes: ReadonlySet<string>;
    /** Department codes of the target municipality. */
    departments: ReadonlySet<string>;
  },
): ProcedureGroupConfiguration {
  const g = structuredClone(source);
  g.name = target.name;
  g.sequence = target.sequence;
  g.concierge_set.name = target.name;
  // The source's English name names the source group.
  if (g.en) {
    delete g.en.name;
    if (Object.keys(g.en).length === 0) delete g.en;
  }
  const taken = new Set(target.takenCodes);
  const codes = new Map<string, string>();
  for (const p of g.disclosure.procedures) {
    const code = freeCode(p.code, taken);
    taken.add(code);
    codes.set(p.code, code);
    p.code = code;
  }
  const code = (c: string) => codes.get(c) ?? c;
  for (const r of g.reports) r.procedure_code = code(r.procedure_code);
  const set = g.concierge_set;
  for (const category of [set.filter_concierge_category, ...set.assistant_concierge_category])
    for (const sub of category.concierge_sub_category)
      for (const q of sub.concierges)
        for (const p of q.concierge_procedure_codes) p.procedure_code = code(p.procedure_code);
  for (const h of set.concierge_rule.procedure_rule.hidden_rules) h.target = code(h.target);

  const department = (d: string | null) => (d !== null && target.departments.has(d) ? d : null);
  for (const p of g.disclosure.procedures) p.department_code = department(p.department_code);
  for (const w of g.workflow_templates)
    for (const step of w.steps) step.department_code = department(step.department_code);
  return g;
}
