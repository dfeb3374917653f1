// Whether the server stored what the editor sent (issue 19): the saved draft it answers with is
// compared with the draft sent, and the editor says "saved" only when they are the same configuration.
// The server may legitimately give entries fresh ids (an id another group owns, decision 0006) and reads
// lists back in their display order, so both sides are compared in a canonical form: lists in the order
// residents see them, every id replaced by its place (references follow), keys sorted, empty English
// and absent optional fields dropped. Anything else that differs (an item list that came back empty)
// is named by the parts where it differs.
import type { ProcedureGroupConfiguration } from '@portal/contracts';

type Json = unknown;
type Ids = Map<number, number>;

const bySequence = <T extends { sequence: number; id: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.sequence - b.sequence || a.id - b.id);

/** Gives each id of a kind its place (1, 2, ...) in the order met. */
function places(ids: readonly number[]): Ids {
  const map: Ids = new Map();
  for (const id of ids) if (!map.has(id)) map.set(id, map.size + 1);
  return map;
}

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, Json>)[key];
      // Absent, null deadlines and empty English mean the same as no field (the server omits them).
      if (v === undefined) continue;
      if ((key === 'processing_days' || key === 'retention_years') && v === null) continue;
      if (key === 'en' && v !== null && typeof v === 'object' && Object.keys(v).length === 0) continue;
      out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** The configuration in the form two equal configurations share, whatever ids the server gave. */
export function canonicalConfiguration(config: ProcedureGroupConfiguration): Record<string, Json> {
  const g = structuredClone(config);
  const set = g.concierge_set;
  g.disclosure.procedures = bySequence(g.disclosure.procedures);
  set.assistant_concierge_category = bySequence(set.assistant_concierge_category);
  const categories = [set.filter_concierge_category, ...set.assistant_concierge_category];
  for (const c of categories) {
    c.concierge_sub_category = bySequence(c.concierge_sub_category);
    for (const s of c.concierge_sub_category) {
      s.concierges = bySequence(s.concierges);
      for (const q of s.concierges) q.concierge_options = bySequence(q.concierge_options);
    }
  }
  const subs = categories.flatMap((c) => c.concierge_sub_category);
  const questions = subs.flatMap((s) => s.concierges);
  const options = questions.flatMap((q) => q.concierge_options);
  const procedures = places(g.disclosure.procedures.map((p) => p.id));
  const templates = places(g.workflow_templates.map((w) => w.id));
  const concierges = places(questions.map((q) => q.id));
  const optionIds = places(options.map((o) => o.id));
  const place = (map: Ids, id: number) => map.get(id) ?? -id;
  const optionText = (text: string) =>
    /^\d+$/.test(text.trim()) ? String(place(optionIds, Number(text))) : text;

  g.id = 1;
  g.disclosure.id = 1;
  g.disclosure.procedure_group_id = 1;
  set.id = 1;
  g.standard_items.sort((a, b) => a.code.localeCompare(b.code));
  for (const p of g.disclosure.procedures) {
    p.id = place(procedures, p.id);
    if (p.workflow_template_id !== null) p.workflow_template_id = place(templates, p.workflow_template_id);
    p.procedure_fragments.forEach((f, i) => (f.id = i + 1));
  }
  for (const a of g.disclosure.procedure_attaches) {
    a.id = 0;
    a.procedure_id = place(procedures, a.procedure_id);
  }
  for (const w of g.workflow_templates) w.id = place(templates, w.id);
  for (const r of g.reports) r.id = 0;
  categories.forEach((c, i) => (c.id = i + 1));
  subs.forEach((s, i) => (s.id = i + 1));
  for (const s of subs) {
    const rules = [...s.view_rules, ...s.concierges.flatMap((q) => q.view_rules)];
    for (const rule of rules) if (rule.pattern === 'selected') rule.expected = optionText(rule.expected);
  }
  for (const q of questions) {
    q.id = place(concierges, q.id);
    for (const p of q.concierge_procedure_codes) p.id = 0;
    for (const o of q.concierge_options) {
      o.id = place(optionIds, o.id);
      const to = o.concierge_destination;
      if (to) {
        to.id = 0;
        if (to.concierge_id !== null) to.concierge_id = place(concierges, to.concierge_id);
      }
    }
  }
  for (const p of set.concierge_rule.prefill_form_rule.prefill_forms) p.source = optionText(p.source);
  // Lists the server reads back by id: compared whatever their order.
  const unordered = (list: Json[]) => list.map((e) => JSON.stringify(sortKeys(e))).sort();
  const out = sortKeys(g) as Record<string, Json>;
  const disclosure = out.disclosure as Record<string, Json>;
  disclosure.procedure_attaches = unordered(disclosure.procedure_attaches as Json[]);
  out.reports = unordered(out.reports as Json[]);
  return out;
}

/**
 * The parts (`standard_items`, `disclosure.procedures`, ...) where what the server saved differs from
 * what was sent; empty when it saved exactly that.
 */
export function partsNotSavedAsSent(
  sent: ProcedureGroupConfiguration,
  saved: ProcedureGroupConfiguration,
): string[] {
  const a = canonicalConfiguration(sent);
  const b = canonicalConfiguration(saved);
  const parts: string[] = [];
  const same = (x: Json, y: Json) => JSON.stringify(x) === JSON.stringify(y);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[key];
    const y = b[key];
    if (same(x, y)) continue;
    const nested =
      x !== null && typeof x === 'object' && !Array.isArray(x) && y !== null && typeof y === 'object';
    if (!nested) {
      parts.push(key);
      continue;
    }
    const xo = x as Record<string, Json>;
    const yo = y as Record<string, Json>;
    for (const sub of new Set([...Object.keys(xo), ...Object.keys(yo)]))
      if (!same(xo[sub], yo[sub])) parts.push(`${key}.${sub}`);
  }
  return parts;
}
