import type { Concierge, ConciergeCategory, ProcedureGroupConfiguration } from '@portal/contracts';
import { categoriesOfSet } from './item-references.js';
import { selectedOptionId } from './view-rules.js';

/**
 * Which answers can lead to which procedure, read from the configuration alone (no answers): what the
 * master tool shows beside each procedure and what the pre-reflection check builds on.
 *
 * A procedure is a candidate when a shown, answered question lists it in `concierge_procedure_codes` and
 * the answer does not end the online route (concierge-flow.ts). So its routes are the questions listing
 * it, each with the options that do not scope out (an inline form, FO, leads there once filled in).
 *
 * Reachability is static: a question can be reached when its section's and its own `selected` view rules
 * name options that can be reached, and it is the first or a free-standing question of its section, or
 * the destination of an option that can be reached. Formula rules are taken as satisfiable (they read
 * typed answers); two `selected` rules that exclude each other are not detected.
 */
export interface TargetRoute {
  /** The question's path (`concierge_set.filter_concierge_category.concierge_sub_category[0].concierges[1]`). */
  path: string;
  /** `filter` (asked before an application exists) or `assistant` (the questions about the application). */
  category: 'filter' | 'assistant';
  /** The section (sub category) the question is on. */
  section: string;
  conciergeId: number;
  /** The question as residents read it (its text, else its name). */
  question: string;
  /** The question's own name in the editor. */
  name: string;
  type: Concierge['type'];
  /** Options that lead to the procedure (for FO: none, filling in the form does). */
  options: { id: number; value: string }[];
  /** The question can be reached at all. */
  reachable: boolean;
}

export interface FlowReach {
  /** Ids of the questions that can be reached. */
  concierges: ReadonlySet<number>;
  /** Ids of the options that can be chosen. */
  options: ReadonlySet<number>;
}

interface Placed {
  concierge: Concierge;
  path: string;
  category: 'filter' | 'assistant';
  section: string;
  sectionRules: readonly number[] | null;
}

const questionText = (c: Concierge) => (c.question.trim() !== '' ? c.question : c.name);

/** Every question of a configuration with its place, filter first, in the editor's list order. */
function placedQuestions(config: ProcedureGroupConfiguration): Placed[] {
  const out: Placed[] = [];
  categoriesOfSet(config.concierge_set, 'concierge_set').forEach(
    ([category, path]: [ConciergeCategory, string]) =>
      category.concierge_sub_category.forEach((sub, i) => {
        const selected = sub.view_rules.flatMap((r) =>
          r.pattern === 'selected' ? [selectedOptionId(r) ?? -1] : [],
        );
        sub.concierges.forEach((concierge, j) =>
          out.push({
            concierge,
            path: `${path}.concierge_sub_category[${i}].concierges[${j}]`,
            category: category.type === 'FI' ? 'filter' : 'assistant',
            section: sub.name,
            sectionRules: selected,
          }),
        );
      }),
  );
  return out;
}

/** The questions and options that can be reached (see {@link TargetRoute}). */
export function flowReach(config: ProcedureGroupConfiguration): FlowReach {
  const placed = placedQuestions(config);
  const sectionOf = new Map<number, string>();
  const incoming = new Map<number, number[]>();
  for (const { concierge, path } of placed)
    sectionOf.set(concierge.id, path.replace(/\.concierges\[\d+\]$/, ''));
  for (const { concierge, path } of placed) {
    const section = path.replace(/\.concierges\[\d+\]$/, '');
    for (const o of concierge.concierge_options) {
      const to = o.concierge_destination;
      if (!to || to.is_scopedout || to.concierge_id === null) continue;
      // A destination in another section never changes reachability (concierge-flow.ts).
      if (sectionOf.get(to.concierge_id) !== section) continue;
      incoming.set(to.concierge_id, [...(incoming.get(to.concierge_id) ?? []), o.id]);
    }
  }
  const concierges = new Set<number>();
  const options = new Set<number>();
  const held = (ids: readonly number[]) => ids.every((id) => options.has(id));
  for (let changed = true; changed;) {
    changed = false;
    for (const { concierge, sectionRules } of placed) {
      if (concierges.has(concierge.id)) continue;
      const own = concierge.view_rules.flatMap((r) =>
        r.pattern === 'selected' ? [selectedOptionId(r) ?? -1] : [],
      );
      const from = incoming.get(concierge.id) ?? [];
      const entered = concierge.is_first || from.length === 0 || from.some((id) => options.has(id));
      if (!entered || !held(sectionRules ?? []) || !held(own)) continue;
      concierges.add(concierge.id);
      for (const o of concierge.concierge_options) options.add(o.id);
      changed = true;
    }
  }
  return { concierges, options };
}

/** The routes to each procedure of the configuration, by procedure code (every procedure has an entry). */
export function procedureRoutes(config: ProcedureGroupConfiguration): Map<string, TargetRoute[]> {
  const reach = flowReach(config);
  const routes = new Map<string, TargetRoute[]>(config.disclosure.procedures.map((p) => [p.code, []]));
  for (const { concierge: c, path, category, section } of placedQuestions(config)) {
    const leading = c.concierge_options
      .filter((o) => !o.concierge_destination?.is_scopedout)
      .sort((a, b) => a.sequence - b.sequence)
      .map((o) => ({ id: o.id, value: o.value }));
    // A choice with every answer scoped out, or a form with nothing to fill in, leads nowhere.
    if (c.type === 'QT' ? leading.length === 0 : c.standard_item_code.length === 0) continue;
    for (const { procedure_code } of c.concierge_procedure_codes) {
      const list = routes.get(procedure_code) ?? [];
      list.push({
        path,
        category,
        section,
        conciergeId: c.id,
        question: questionText(c),
        name: c.name,
        type: c.type,
        options: c.type === 'QT' ? leading : [],
        reachable: reach.concierges.has(c.id),
      });
      routes.set(procedure_code, list);
    }
  }
  return routes;
}

/** One answer that makes a procedure a candidate, in the resident's "why" words (question and option). */
export interface OfferReason {
  question: string;
  /** The chosen option; absent for an inline form that was filled in. */
  option?: string;
}

/**
 * Why a procedure is (or is not) among the candidates for some answers, from an evaluation of the flow
 * (`CategoryEvaluation` of concierge-flow.ts): the answered, shown questions that list it, with the chosen
 * option. `chosen` are the chosen option ids; `shown` the ids of the questions shown.
 */
export function offerReasons(
  config: ProcedureGroupConfiguration,
  code: string,
  chosen: readonly number[],
  shown: ReadonlySet<number>,
): OfferReason[] {
  const picked = new Set(chosen);
  const out: OfferReason[] = [];
  for (const { concierge: c } of placedQuestions(config)) {
    if (!shown.has(c.id) || !c.concierge_procedure_codes.some((p) => p.procedure_code === code)) continue;
    const option = c.concierge_options.find((o) => picked.has(o.id));
    if (c.type === 'QT' && option && !option.concierge_destination?.is_scopedout)
      out.push({ question: questionText(c), option: option.value });
  }
  return out;
}
