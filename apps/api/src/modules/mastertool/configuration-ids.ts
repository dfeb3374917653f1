import type { ConciergeCategory, ProcedureGroupConfiguration } from '@portal/contracts';
import { selectedOptionId } from '@portal/rules';

/** Kinds of configuration ids: each is the id column of one normalized table (decision 0002). */
export const idKinds = [
  'group',
  'disclosure',
  'workflow_template',
  'procedure',
  'fragment',
  'attach',
  'report',
  'concierge_set',
  'category',
  'sub_category',
  'concierge',
  'option',
] as const;
export type IdKind = (typeof idKinds)[number];

/** The table of each kind and the SQL that names the procedure group owning a row `x` of it. */
export const idTables: Record<IdKind, { table: string; group: string }> = {
  group: { table: 'procedure_groups', group: 'x.id' },
  disclosure: { table: 'procedure_disclosures', group: 'x.procedure_group_id' },
  workflow_template: { table: 'workflow_templates', group: 'x.procedure_group_id' },
  procedure: { table: 'procedures', group: 'x.procedure_group_id' },
  fragment: {
    table: 'procedure_fragments',
    group: '(select p.procedure_group_id from procedures p where p.id = x.procedure_id)',
  },
  attach: {
    table: 'procedure_attaches',
    group: '(select p.procedure_group_id from procedures p where p.id = x.procedure_id)',
  },
  report: {
    table: 'report_templates',
    group: '(select p.procedure_group_id from procedures p where p.id = x.procedure_id)',
  },
  concierge_set: { table: 'concierge_sets', group: 'x.procedure_group_id' },
  category: {
    table: 'concierge_categories',
    group: '(select s.procedure_group_id from concierge_sets s where s.id = x.concierge_set_id)',
  },
  sub_category: {
    table: 'concierge_sub_categories',
    group: `(select s.procedure_group_id from concierge_categories c
      join concierge_sets s on s.id = c.concierge_set_id where c.id = x.category_id)`,
  },
  concierge: {
    table: 'concierges',
    group: `(select s.procedure_group_id from concierge_sub_categories sc
      join concierge_categories c on c.id = sc.category_id
      join concierge_sets s on s.id = c.concierge_set_id where sc.id = x.sub_category_id)`,
  },
  option: {
    table: 'concierge_options',
    group: `(select s.procedure_group_id from concierges q
      join concierge_sub_categories sc on sc.id = q.sub_category_id
      join concierge_categories c on c.id = sc.category_id
      join concierge_sets s on s.id = c.concierge_set_id where q.id = x.concierge_id)`,
  },
};

const categoriesOf = (g: ProcedureGroupConfiguration): ConciergeCategory[] => [
  g.concierge_set.filter_concierge_category,
  ...g.concierge_set.assistant_concierge_category,
];

/** Every id of a configuration, by kind. */
export function collectIds(g: ProcedureGroupConfiguration): Record<IdKind, number[]> {
  const subs = categoriesOf(g).flatMap((c) => c.concierge_sub_category);
  const concierges = subs.flatMap((s) => s.concierges);
  return {
    group: [g.id],
    disclosure: [g.disclosure.id],
    workflow_template: g.workflow_templates.map((w) => w.id),
    procedure: g.disclosure.procedures.map((p) => p.id),
    fragment: g.disclosure.procedures.flatMap((p) => p.procedure_fragments.map((f) => f.id)),
    attach: g.disclosure.procedure_attaches.map((a) => a.id),
    report: g.reports.map((r) => r.id),
    concierge_set: [g.concierge_set.id],
    category: categoriesOf(g).map((c) => c.id),
    sub_category: subs.map((s) => s.id),
    concierge: concierges.map((q) => q.id),
    option: concierges.flatMap((q) => q.concierge_options.map((o) => o.id)),
  };
}

export type IdMap = Partial<Record<IdKind, ReadonlyMap<number, number>>>;

/**
 * A copy of `g` with ids replaced by `map` and every reference to them rewritten: the group id of the
 * disclosure, procedure ids of attaches, workflow templates of procedures, destination concierges,
 * option ids of `selected` view rules and of prefill forms. The configuration must be free of broken
 * references (checked before), so each reference names an id of the same document.
 */
export function renumber(g: ProcedureGroupConfiguration, map: IdMap): ProcedureGroupConfiguration {
  const copy = structuredClone(g);
  const id = (kind: IdKind, value: number) => map[kind]?.get(value) ?? value;
  const optionText = (text: string) => {
    const n = Number(text);
    return text.trim() !== '' && Number.isInteger(n) && map.option?.has(n) ? String(map.option.get(n)) : text;
  };
  copy.id = id('group', copy.id);
  const d = copy.disclosure;
  d.id = id('disclosure', d.id);
  d.procedure_group_id = id('group', d.procedure_group_id);
  for (const w of copy.workflow_templates) w.id = id('workflow_template', w.id);
  for (const p of d.procedures) {
    p.id = id('procedure', p.id);
    if (p.workflow_template_id !== null)
      p.workflow_template_id = id('workflow_template', p.workflow_template_id);
    for (const f of p.procedure_fragments) f.id = id('fragment', f.id);
  }
  for (const a of d.procedure_attaches) {
    a.id = id('attach', a.id);
    a.procedure_id = id('procedure', a.procedure_id);
  }
  for (const r of copy.reports) r.id = id('report', r.id);
  const set = copy.concierge_set;
  set.id = id('concierge_set', set.id);
  for (const c of [set.filter_concierge_category, ...set.assistant_concierge_category]) {
    c.id = id('category', c.id);
    for (const s of c.concierge_sub_category) {
      s.id = id('sub_category', s.id);
      for (const rule of s.view_rules) {
        if (rule.pattern === 'selected' && selectedOptionId(rule) !== undefined)
          rule.expected = optionText(rule.expected);
      }
      for (const q of s.concierges) {
        q.id = id('concierge', q.id);
        for (const rule of q.view_rules) {
          if (rule.pattern === 'selected' && selectedOptionId(rule) !== undefined)
            rule.expected = optionText(rule.expected);
        }
        for (const o of q.concierge_options) {
          o.id = id('option', o.id);
          const to = o.concierge_destination;
          if (to) {
            to.id = o.id;
            if (to.concierge_id !== null) to.concierge_id = id('concierge', to.concierge_id);
          }
        }
      }
    }
  }
  for (const p of set.concierge_rule.prefill_form_rule.prefill_forms) p.source = optionText(p.source);
  return copy;
}
