// Every place a procedure group's configuration names a standard item, listed once: the checks report the
// unknown ones and the editor renames through the same list, so a new kind of reference is added here only.
import type {
  ConciergeCategory,
  ConciergeSet,
  ProcedureGroupConfiguration,
  ViewRule,
} from '@portal/contracts';
import { parseExpression } from './view-rules.js';

/** One place a configuration names a standard item, and how to make it name another one. */
export interface ItemReference {
  /** Where, as the configuration checks report it (`disclosure.procedures[0]…`). */
  path: string;
  /** What refers, for messages: `copy form source`, `concierge 5 "…"`. */
  what: string;
  /** A view rule's formula (`code` or `age(code)`), which messages name as such. */
  formula: boolean;
  code: string;
  /** Makes this place name `to` instead (a formula keeps its `age()`). */
  rename(to: string): void;
}

type Conditions = readonly (readonly { source: string }[])[] | undefined;

/** The item fields of an object, each one reference. */
function fields<T extends object, K extends keyof T & string>(
  out: ItemReference[],
  owner: T,
  keys: readonly K[],
  path: string,
  what: (key: K) => string,
) {
  for (const key of keys) {
    const code = owner[key];
    if (typeof code !== 'string') continue;
    out.push({
      path: `${path}.${key}`,
      what: what(key),
      formula: false,
      code,
      rename: (to) => void ((owner as Record<K, unknown>)[key] = to),
    });
  }
}

/** Each entry of an item list, each one reference. */
function entries(out: ItemReference[], list: string[], path: string, what: string) {
  list.forEach((code, i) =>
    out.push({ path: `${path}[${i}]`, what, formula: false, code, rename: (to) => void (list[i] = to) }),
  );
}

/** The `source` of each AND-ed condition of each OR-ed list. */
function conditions(out: ItemReference[], ors: Conditions, path: string, what: string) {
  (ors ?? []).forEach((and, j) =>
    and.forEach((c, k) => fields(out, c, ['source'], `${path}[${j}][${k}]`, () => what)),
  );
}

function viewRules(out: ItemReference[], rules: ViewRule[], path: string, what: string) {
  rules.forEach((rule, i) => {
    if (rule.pattern !== 'formula') return;
    const parsed = parseExpression(rule.expression);
    if (!parsed) return;
    out.push({
      path: `${path}[${i}].expression`,
      what,
      formula: true,
      code: parsed.code,
      rename: (to) => void (rule.expression = parsed.age ? `age(${to})` : to),
    });
  });
}

/** A category's references: its sub categories' and concierges' view formulas, the concierges' items. */
export function categoryItemReferences(category: ConciergeCategory, path: string): ItemReference[] {
  const out: ItemReference[] = [];
  category.concierge_sub_category.forEach((sub, i) => {
    const sPath = `${path}.concierge_sub_category[${i}]`;
    viewRules(out, sub.view_rules, `${sPath}.view_rules`, `sub category ${sub.id} "${sub.name}"`);
    sub.concierges.forEach((c, j) => {
      const qPath = `${sPath}.concierges[${j}]`;
      const what = `concierge ${c.id} "${c.name}"`;
      entries(out, c.standard_item_code, `${qPath}.standard_item_code`, what);
      entries(out, c.copyable_standard_item_codes, `${qPath}.copyable_standard_item_codes`, what);
      entries(out, c.requires_name_validation, `${qPath}.requires_name_validation`, what);
      viewRules(out, c.view_rules, `${qPath}.view_rules`, what);
    });
  });
  return out;
}

/** The set's categories, each with the path the checks give it. */
export function categoriesOfSet(set: ConciergeSet, base = ''): [ConciergeCategory, string][] {
  const prefix = base === '' ? '' : `${base}.`;
  return [
    [set.filter_concierge_category, `${prefix}filter_concierge_category`],
    ...set.assistant_concierge_category.map((c, i): [ConciergeCategory, string] => [
      c,
      `${prefix}assistant_concierge_category[${i}]`,
    ]),
  ];
}

/** The set's rules' references: copies, hidden items, prefills, repeatable groups, prefill forms. */
export function ruleItemReferences(rule: ConciergeSet['concierge_rule'], path: string): ItemReference[] {
  const out: ItemReference[] = [];
  const form = rule.form_rule;
  form.copy_forms.forEach((f, i) => {
    const p = `${path}.form_rule.copy_forms[${i}]`;
    fields(out, f, ['source', 'target'], p, (key) => `copy form ${key}`);
    conditions(out, f.conditions, `${p}.conditions`, 'copy form condition');
  });
  form.hidden_rules.forEach((h, i) => {
    const p = `${path}.form_rule.hidden_rules[${i}]`;
    fields(out, h, ['target'], p, () => 'hidden rule target');
    conditions(out, h.conditions, `${p}.conditions`, 'hidden rule condition');
  });
  rule.procedure_rule.hidden_rules.forEach((h, i) =>
    conditions(
      out,
      h.conditions,
      `${path}.procedure_rule.hidden_rules[${i}].conditions`,
      'hidden rule condition',
    ),
  );
  form.prefill_rules.forEach((r, i) => {
    const p = `${path}.form_rule.prefill_rules[${i}]`;
    fields(out, r, ['target'], p, () => 'prefill rule target');
    conditions(out, r.conditions, `${p}.conditions`, 'prefill rule condition');
  });
  (form.repeatable_groups ?? []).forEach((g, i) => {
    const p = `${path}.form_rule.repeatable_groups[${i}]`;
    entries(out, g.standard_item_codes, `${p}.standard_item_codes`, 'repeatable group');
    (g.min_rules ?? []).forEach((m, j) =>
      conditions(out, m.conditions, `${p}.min_rules[${j}].conditions`, 'repeat minimum condition'),
    );
  });
  rule.prefill_form_rule.prefill_forms.forEach((f, i) =>
    fields(out, f, ['target'], `${path}.prefill_form_rule.prefill_forms[${i}]`, () => 'prefill form target'),
  );
  return out;
}

/** A whole set's references: its categories' and its rules'. */
export function conciergeSetItemReferences(set: ConciergeSet, base = ''): ItemReference[] {
  const prefix = base === '' ? '' : `${base}.`;
  return [
    ...categoriesOfSet(set, base).flatMap(([category, path]) => categoryItemReferences(category, path)),
    ...ruleItemReferences(set.concierge_rule, `${prefix}concierge_rule`),
  ];
}

/**
 * The references outside the concierge set: procedures and their rules, reports, readings. Attachment slots
 * have codes of their own (the material templates'), not items'.
 */
export function groupItemReferences(config: ProcedureGroupConfiguration): ItemReference[] {
  const out: ItemReference[] = [];
  config.standard_items.forEach((item, i) =>
    fields(out, item, ['reading_of'], `standard_items[${i}]`, () => `standard item "${item.code}" reading`),
  );
  config.disclosure.procedures.forEach((p, i) => {
    const base = `disclosure.procedures[${i}]`;
    p.procedure_fragments.forEach((f, j) =>
      fields(
        out,
        f,
        ['standard_item_code'],
        `${base}.procedure_fragments[${j}]`,
        () => `procedure "${p.code}" fragment "${f.name}"`,
      ),
    );
    p.procedural_rules.forEach((list, j) =>
      list.forEach((c, k) =>
        fields(
          out,
          c,
          ['standard_item_code'],
          `${base}.procedural_rules[${j}][${k}]`,
          () => `procedural rule of "${p.code}"`,
        ),
      ),
    );
  });
  config.reports.forEach((r, i) =>
    entries(out, r.standard_item_codes, `reports[${i}].standard_item_codes`, `report "${r.name}"`),
  );
  return out;
}

/** Every reference of a procedure group: {@link groupItemReferences} and the concierge set's. */
export const itemReferences = (config: ProcedureGroupConfiguration): ItemReference[] => [
  ...groupItemReferences(config),
  ...conciergeSetItemReferences(config.concierge_set, 'concierge_set'),
];
