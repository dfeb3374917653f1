// The filter questions (spec §2 conciergeFilter) evaluated live in the browser with the same rules engine
// the server runs (@portal/rules), so questions appear and disappear as the resident answers. The server
// decides again when the answers are confirmed (POST concierge-filter/concierge-values/).
import type {
  Concierge,
  ConciergeCategory,
  ConciergeOption,
  ConciergeSet,
  ConciergeSubCategory,
} from '@portal/contracts';
import { evaluateFilter, type CategoryEvaluation } from '@portal/rules';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

const sets = new WeakMap<ConciergeCategory, ConciergeSet>();

/**
 * The filter category as a concierge set of its own: GET concierge-filter/ gives the category alone,
 * and the filter's view rules only read the filter's own options.
 */
export function filterSet(category: ConciergeCategory): ConciergeSet {
  let set = sets.get(category);
  if (!set) {
    set = {
      id: category.id,
      name: category.name,
      is_confirmed: true,
      filter_concierge_category: category,
      assistant_concierge_category: [],
      concierge_rule: {
        form_rule: { copy_forms: [], hidden_rules: [], prefill_rules: [] },
        prefill_form_rule: { prefill_forms: [] },
        procedure_rule: { hidden_rules: [] },
      },
    };
    sets.set(category, set);
  }
  return set;
}

export interface FilterQuestion {
  concierge: Concierge;
  options: ConciergeOption[];
  /** The chosen option's id, if any. */
  selected: number | undefined;
}

export interface FilterSection {
  id: number;
  name: string;
  breadcrumbs: string[];
  /** English of the name and breadcrumbs (decision 0009). */
  en?: ConciergeSubCategory['en'];
  questions: FilterQuestion[];
}

export interface FilterView {
  sections: FilterSection[];
  evaluation: CategoryEvaluation;
  /** The answers that count (chosen options of shown questions). */
  answers: number[];
  answered: number;
  total: number;
  /** Every shown question has an answer. */
  complete: boolean;
  scopedOut: boolean;
  scopedOutMessages: string[];
}

const bySequence = <T extends { sequence: number; id: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.sequence - b.sequence || a.id - b.id);

/** What the resident sees for some answers: shown sections and questions, progress, scoped-out messages. */
export function filterView(
  category: ConciergeCategory,
  chosen: readonly number[],
  today: string,
): FilterView {
  const evaluation = evaluateFilter(filterSet(category), { optionIds: chosen, items: {} }, { today });
  const ignored = new Set(evaluation.ignoredOptionIds);
  const answers = [...new Set(chosen)].filter((id) => !ignored.has(id));
  const answerSet = new Set(answers);
  const states = new Map(evaluation.subCategories.map((s) => [s.id, s]));
  const sections: FilterSection[] = [];
  for (const sub of bySequence(category.concierge_sub_category)) {
    const state = states.get(sub.id);
    if (!state?.shown) continue;
    const shown = new Set(state.concierges.filter((c) => c.shown).map((c) => c.id));
    const questions = bySequence(sub.concierges)
      // Filter questions are choices; an inline form (FO) has no place before an application exists.
      .filter((c) => shown.has(c.id) && c.type === 'QT')
      .map((c) => {
        const options = bySequence(c.concierge_options);
        return { concierge: c, options, selected: options.find((o) => answerSet.has(o.id))?.id };
      });
    if (questions.length > 0) {
      sections.push({ id: sub.id, name: sub.name, breadcrumbs: sub.breadcrumbs, en: sub.en, questions });
    }
  }
  const all = sections.flatMap((s) => s.questions);
  const answered = all.filter((q) => q.selected !== undefined).length;
  return {
    sections,
    evaluation,
    answers,
    answered,
    total: all.length,
    complete: answered === all.length,
    scopedOut: evaluation.scopedOut,
    scopedOutMessages: evaluation.scopedOutMessages,
  };
}

/** The answers after choosing `optionId` for `concierge` (its previous choice replaced). */
export function choose(answers: readonly number[], concierge: Concierge, optionId: number): number[] {
  const own = new Set(concierge.concierge_options.map((o) => o.id));
  return [...answers.filter((id) => !own.has(id)), optionId];
}

/**
 * Answers as the address keeps them: `1-3-5` (empty for none). A dash, because the router reads a value
 * that looks like a number as one (`1.30` would come back as 1.3); a lone answer may come back a number.
 */
export const encodeAnswers = (answers: readonly number[]) => answers.join('-');
export const decodeAnswers = (value: unknown): number[] =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value)
        .split('-')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];

/** The form field of a question's choice: a radio group's name, and what a plain form posts (issue 36). */
export const questionField = (conciergeId: number) => `concierge-${conciergeId}`;

/**
 * The answers a plain form posted (one choice per shown question, `concierge-{id}` = option id), as the
 * page would keep them: choices of other questions or of hidden ones count for nothing.
 */
export function postedAnswers(
  category: ConciergeCategory,
  fields: Readonly<Record<string, string | undefined>>,
  today: string,
): number[] {
  const chosen: number[] = [];
  for (const sub of category.concierge_sub_category) {
    for (const concierge of sub.concierges) {
      const id = Number(fields[questionField(concierge.id)]);
      if (concierge.concierge_options.some((option) => option.id === id)) chosen.push(id);
    }
  }
  return filterView(category, chosen, today).answers;
}

/**
 * The server's decision on complete answers (POST concierge-values/) as a query: the page the server
 * renders for answers in the address holds it, so the browser shows it without asking again.
 */
export function filterResultQuery(code: string, groupId: number, answers: readonly number[]) {
  const sorted = [...answers].sort((a, b) => a - b);
  return queryOptions({
    queryKey: [
      'applicant.concierge_filter.evaluate',
      { code },
      { procedure_group_id: groupId, answers: encodeAnswers(sorted) },
    ],
    queryFn: ({ signal }) =>
      api('applicant.concierge_filter.evaluate', {
        params: { code },
        body: { procedure_group_id: groupId, concierge_option_ids: sorted },
        signal,
      }),
  });
}
