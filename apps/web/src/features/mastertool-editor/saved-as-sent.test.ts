// The editor says 「変更はすべて保存済みです」 only when the server's saved draft is what was sent
// (issue 19: a JSON save came back with a list emptied, and was shown as saved).
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { partsNotSavedAsSent } from './saved-as-sent';

const demo = demoProcedureGroup();

const questionsOf = (g: ProcedureGroupConfiguration) =>
  [g.concierge_set.filter_concierge_category, ...g.concierge_set.assistant_concierge_category].flatMap((c) =>
    c.concierge_sub_category.flatMap((s) => s.concierges),
  );

/** What the server does to ids another group owns: fresh ones, every reference following. */
function renumbered(source: ProcedureGroupConfiguration, by: number): ProcedureGroupConfiguration {
  const g = structuredClone(source);
  const options = new Set(questionsOf(g).flatMap((q) => q.concierge_options.map((o) => o.id)));
  const option = (text: string) =>
    options.has(Number(text)) && text.trim() !== '' ? String(Number(text) + by) : text;
  g.id += by;
  g.disclosure.id += by;
  g.disclosure.procedure_group_id += by;
  for (const w of g.workflow_templates) w.id += by;
  for (const p of g.disclosure.procedures) {
    p.id += by;
    if (p.workflow_template_id !== null) p.workflow_template_id += by;
    for (const f of p.procedure_fragments) f.id += by;
  }
  for (const a of g.disclosure.procedure_attaches) {
    a.id += by;
    a.procedure_id += by;
  }
  for (const r of g.reports) r.id += by;
  const set = g.concierge_set;
  for (const c of [set.filter_concierge_category, ...set.assistant_concierge_category]) {
    c.id += by;
    for (const s of c.concierge_sub_category) {
      s.id += by;
      for (const rule of [...s.view_rules, ...s.concierges.flatMap((q) => q.view_rules)])
        if (rule.pattern === 'selected') rule.expected = option(rule.expected);
    }
  }
  for (const q of questionsOf(g)) {
    q.id += by;
    for (const o of q.concierge_options) {
      o.id += by;
      const to = o.concierge_destination;
      if (to) {
        to.id = o.id;
        if (to.concierge_id !== null) to.concierge_id += by;
      }
    }
  }
  for (const p of set.concierge_rule.prefill_form_rule.prefill_forms) p.source = option(p.source);
  return g;
}

describe('a save is shown as saved only when the server stored what was sent', () => {
  it('accepts the same draft, with keys reordered, lists in display order and fresh ids', () => {
    expect(partsNotSavedAsSent(demo, structuredClone(demo))).toEqual([]);
    expect(partsNotSavedAsSent(demo, JSON.parse(JSON.stringify(demo)))).toEqual([]);
    expect(partsNotSavedAsSent(demo, renumbered(demo, 5000))).toEqual([]);
    // Sent out of order, read back in the order residents see.
    const sent = structuredClone(demo);
    sent.standard_items.reverse();
    sent.disclosure.procedures.reverse();
    expect(partsNotSavedAsSent(sent, demo)).toEqual([]);
    // No deadline and no English are the same whether written as null or left out.
    const withNulls = structuredClone(demo);
    for (const p of withNulls.disclosure.procedures)
      if (p.processing_days === undefined) p.processing_days = null;
    expect(partsNotSavedAsSent(withNulls, demo)).toEqual([]);
  });

  it('names the part the server did not keep: a list that came back empty (the lost save)', () => {
    const answer = structuredClone(demo);
    answer.standard_items = [];
    expect(partsNotSavedAsSent(demo, answer)).toEqual(['standard_items']);
    const workflows = structuredClone(demo);
    workflows.workflow_templates = [];
    expect(partsNotSavedAsSent(demo, workflows)).toContain('workflow_templates');
  });

  it('names a changed text, a dropped option and a broken reference', () => {
    const renamed = renumbered(demo, 7000);
    renamed.disclosure.procedures[0]!.name = '別の名前';
    expect(partsNotSavedAsSent(demo, renamed)).toEqual(['disclosure.procedures']);
    const dropped = structuredClone(demo);
    questionsOf(dropped)[0]!.concierge_options.pop();
    expect(partsNotSavedAsSent(demo, dropped)).toContain('concierge_set.filter_concierge_category');
    // A destination that now leads elsewhere is a difference, even under fresh ids.
    const sent = structuredClone(demo);
    const withDestination = questionsOf(sent)
      .flatMap((q) => q.concierge_options)
      .find((o) => o.concierge_destination?.concierge_id);
    expect(withDestination).toBeDefined();
    const moved = renumbered(sent, 3000);
    const target = questionsOf(moved)
      .flatMap((q) => q.concierge_options)
      .find((o) => o.id === withDestination!.id + 3000)!;
    target.concierge_destination!.concierge_id = questionsOf(moved)[0]!.id;
    expect(partsNotSavedAsSent(sent, moved).length).toBeGreaterThan(0);
  });
});
