import {
  PREFILL_CLAIMS,
  type ConciergeCategory,
  type ConciergeSet,
  type ProcedureGroupConfiguration,
  type ViewRule,
} from '@portal/contracts';
import type { RuleIssue, RuleIssueCode } from './errors.js';
import {
  categoriesOfSet,
  categoryItemReferences,
  groupItemReferences,
  ruleItemReferences,
  type ItemReference,
} from './item-references.js';
import { parseExpression, selectedOptionId } from './view-rules.js';

/** What references can be checked against; a missing part is not checked. */
export interface Catalog {
  /** Standard item codes of the configuration. */
  items?: ReadonlySet<string>;
  /** Procedure codes of the configuration. */
  procedures?: ReadonlySet<string>;
}

type Report = (code: RuleIssueCode, path: string, message: string) => void;

/**
 * Lists the broken references of a whole procedure group configuration (never throws): unknown standard
 * items (procedure fragments, procedural rules, concierges, view-rule formulas, form rules), unknown
 * option ids (`selected` view rules, prefill forms), destinations to missing concierges, unknown
 * procedure codes (concierges, procedure rules), several `is_first` concierges in one sub category,
 * destination cycles, unusable formulas and duplicate ids. An empty list means the rules can be compiled.
 */
export function checkConfiguration(config: ProcedureGroupConfiguration): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const report: Report = (code, path, message) => issues.push({ code, path, message });
  const items = new Set(config.standard_items.map((i) => i.code));
  const procedures = new Set(config.disclosure.procedures.map((p) => p.code));
  for (const ref of groupItemReferences(config)) unknownItem(ref, items, report);
  config.standard_items.forEach((item, i) => {
    // Compiled as the answer check compiles it: one that does not would fail every resident's answer.
    if (item.pattern === null) return;
    try {
      new RegExp(`^(?:${item.pattern})$`, 'u');
    } catch {
      report(
        'invalid_pattern',
        `standard_items[${i}].pattern`,
        `the check's regular expression does not compile`,
      );
    }
  });
  issues.push(...checkConciergeSet(config.concierge_set, { items, procedures }, 'concierge_set'));
  return issues;
}

/**
 * Checks a concierge set alone: everything {@link checkConfiguration} checks inside the set; item codes
 * and procedure codes only when `catalog` lists them.
 */
export function checkConciergeSet(set: ConciergeSet, catalog: Catalog = {}, base = ''): RuleIssue[] {
  const prefix = base === '' ? '' : `${base}.`;
  const categories = categoriesOfSet(set, base);
  // The rules' issues in the order of their places (the item references are listed apart from the rest).
  const found: RuleIssue[] = [];
  const report: Report = (code, path, message) => found.push({ code, path, message });
  const optionIds = new Set(
    categories.flatMap(([c]) =>
      c.concierge_sub_category.flatMap((s) =>
        s.concierges.flatMap((q) => q.concierge_options.map((o) => o.id)),
      ),
    ),
  );
  const rule = set.concierge_rule;
  const rules = `${prefix}concierge_rule`;
  if (catalog.items)
    for (const ref of ruleItemReferences(rule, rules)) unknownItem(ref, catalog.items, report);
  rule.procedure_rule.hidden_rules.forEach((h, i) => {
    if (catalog.procedures && !catalog.procedures.has(h.target)) {
      report(
        'unknown_procedure',
        `${rules}.procedure_rule.hidden_rules[${i}].target`,
        `procedure rule hides unknown procedure "${h.target}"`,
      );
    }
  });
  rule.form_rule.prefill_rules.forEach((p, i) => {
    // Registry and account claims are ours to name; an identity provider may send more claims.
    const [prefix, name] = p.source.split(/\.(.*)/s) as [string, string | undefined];
    const known = (PREFILL_CLAIMS as Record<string, readonly string[]>)[prefix];
    if (prefix !== 'profile' && known && !known.includes(name ?? '')) {
      report(
        'unknown_claim',
        `${rules}.form_rule.prefill_rules[${i}].source`,
        `prefill rule refers to unknown claim "${p.source}"`,
      );
    }
  });
  const grouped = new Map<string, string>();
  const groupCodes = new Set<string>();
  (rule.form_rule.repeatable_groups ?? []).forEach((g, i) => {
    const path = `${rules}.form_rule.repeatable_groups[${i}]`;
    // The form and its answers tell groups apart by code.
    if (groupCodes.has(g.code))
      report('duplicate_id', `${path}.code`, `repeatable group code "${g.code}" is used twice`);
    groupCodes.add(g.code);
    g.standard_item_codes.forEach((code, j) => {
      const other = grouped.get(code);
      if (other !== undefined)
        report(
          'duplicate_id',
          `${path}.standard_item_codes[${j}]`,
          `standard item "${code}" repeats in groups "${other}" and "${g.code}"`,
        );
      grouped.set(code, g.code);
    });
  });
  rule.prefill_form_rule.prefill_forms.forEach((p, i) => {
    const id = Number(p.source);
    if (p.source.trim() === '' || !Number.isInteger(id) || !optionIds.has(id)) {
      report(
        'unknown_option',
        `${rules}.prefill_form_rule.prefill_forms[${i}].source`,
        `prefill form refers to unknown option "${p.source}"`,
      );
    }
  });
  const inPlaceOrder = (a: RuleIssue, b: RuleIssue) => a.path.localeCompare(b.path, 'en', { numeric: true });
  return [...checkCategories(categories, catalog), ...found.sort(inPlaceOrder)];
}

/**
 * Checks a single concierge category evaluated on its own. `selected` rules may name options outside
 * it (they then never hold, since such options cannot be chosen there), so those are not reported.
 */
export function checkConciergeCategory(category: ConciergeCategory, catalog: Catalog = {}): RuleIssue[] {
  return checkCategories([[category, 'category']], catalog, false);
}

function checkCategories(
  categories: readonly [ConciergeCategory, string][],
  catalog: Catalog,
  optionsMustExist = true,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const report: Report = (code, path, message) => issues.push({ code, path, message });
  const seen = {
    category: new Map<number, string>(),
    sub: new Map<number, string>(),
    concierge: new Map<number, string>(),
    option: new Map<number, string>(),
  };
  const unique = (kind: keyof typeof seen, id: number, path: string) => {
    const first = seen[kind].get(id);
    if (first !== undefined) report('duplicate_id', path, `${kind} id ${id} is also used at ${first}`);
    else seen[kind].set(id, path);
  };
  const viewRules: [ViewRule, string, string][] = [];
  const edges = new Map<number, number[]>();
  const destinations: [number, string, string][] = [];

  for (const [category, cPath] of categories) {
    unique('category', category.id, cPath);
    category.concierge_sub_category.forEach((sub, i) => {
      const sPath = `${cPath}.concierge_sub_category[${i}]`;
      unique('sub', sub.id, sPath);
      sub.view_rules.forEach((r, j) =>
        viewRules.push([r, `${sPath}.view_rules[${j}]`, `sub category ${sub.id} "${sub.name}"`]),
      );
      const firsts = sub.concierges.filter((c) => c.is_first);
      if (firsts.length > 1) {
        report(
          'multiple_first',
          sPath,
          `sub category ${sub.id} "${sub.name}" has ${firsts.length} first concierges (${firsts.map((c) => c.id).join(', ')})`,
        );
      }
      sub.concierges.forEach((c, j) => {
        const qPath = `${sPath}.concierges[${j}]`;
        const what = `concierge ${c.id} "${c.name}"`;
        unique('concierge', c.id, qPath);
        c.view_rules.forEach((r, k) => viewRules.push([r, `${qPath}.view_rules[${k}]`, what]));
        c.concierge_procedure_codes.forEach((p, k) => {
          if (catalog.procedures && !catalog.procedures.has(p.procedure_code)) {
            report(
              'unknown_procedure',
              `${qPath}.concierge_procedure_codes[${k}]`,
              `${what} refers to unknown procedure "${p.procedure_code}"`,
            );
          }
        });
        const next: number[] = [];
        c.concierge_options.forEach((o, k) => {
          const oPath = `${qPath}.concierge_options[${k}]`;
          unique('option', o.id, oPath);
          const to = o.concierge_destination;
          if (to && !to.is_scopedout && to.concierge_id !== null) {
            next.push(to.concierge_id);
            destinations.push([
              to.concierge_id,
              `${oPath}.concierge_destination.concierge_id`,
              `${what} option ${o.id} "${o.value}"`,
            ]);
          }
        });
        edges.set(c.id, [...(edges.get(c.id) ?? []), ...next]);
      });
    });
  }

  for (const [rule, path, what] of viewRules) {
    if (rule.pattern === 'selected') {
      const id = selectedOptionId(rule);
      if (id === undefined)
        report(
          'invalid_expression',
          `${path}.expected`,
          `${what}: selected rule needs an option id, got "${rule.expected}"`,
        );
      else if (optionsMustExist && !seen.option.has(id))
        report('unknown_option', `${path}.expected`, `${what}: selected rule refers to unknown option ${id}`);
      continue;
    }
    if (!parseExpression(rule.expression))
      report(
        'invalid_expression',
        `${path}.expression`,
        `${what}: formula "${rule.expression}" is neither an item code nor age(code)`,
      );
  }
  if (catalog.items) {
    for (const [category, path] of categories)
      for (const ref of categoryItemReferences(category, path)) unknownItem(ref, catalog.items, report);
  }
  for (const [id, path, what] of destinations) {
    if (!seen.concierge.has(id))
      report('unknown_concierge', path, `${what} leads to missing concierge ${id}`);
  }
  for (const cycle of findCycles(edges)) {
    report(
      'destination_cycle',
      seen.concierge.get(cycle[0] as number) ?? '',
      `destinations form a cycle: concierge ${[...cycle, cycle[0]].join(' → ')}`,
    );
  }
  return issues;
}

/** Reports a reference to an item the catalog does not have. */
function unknownItem(ref: ItemReference, items: ReadonlySet<string>, report: Report) {
  if (items.has(ref.code)) return;
  const refers = `refers to unknown standard item "${ref.code}"`;
  report('unknown_item', ref.path, ref.formula ? `${ref.what}: formula ${refers}` : `${ref.what} ${refers}`);
}

/** Each distinct cycle of the destination graph once, as the list of concierge ids along it. */
function findCycles(edges: ReadonlyMap<number, readonly number[]>): number[][] {
  const state = new Map<number, 1 | 2>(); // 1 on the path, 2 done
  const path: number[] = [];
  const cycles: number[][] = [];
  const keys = new Set<string>();
  const visit = (id: number) => {
    state.set(id, 1);
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      const s = state.get(next);
      if (s === 1) {
        const cycle = path.slice(path.indexOf(next));
        const key = [...cycle].sort((a, b) => a - b).join(',');
        if (!keys.has(key)) {
          keys.add(key);
          cycles.push(cycle);
        }
      } else if (s === undefined && edges.has(next)) visit(next);
    }
    path.pop();
    state.set(id, 2);
  };
  for (const id of edges.keys()) if (!state.has(id)) visit(id);
  return cycles;
}
