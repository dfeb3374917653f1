// The concierge assistant (spec §2 conciergeAssistant): one page per shown sub category, its questions
// evaluated live in the browser with the same rules engine the server runs (@portal/rules), so questions
// appear and disappear as the resident answers. The server stores every answer and decides again.
import type {
  Concierge,
  ConciergeCategory,
  ConciergeOption,
  ConciergeSet,
  ConciergeSubCategory,
  StandardItem,
  StandardItemFragmentValue,
  ViewRule,
} from '@portal/contracts';
import type { Language } from '../../lib/i18n';
import type { FormValuesResult } from '../../lib/items/form-types';
import { localizedField } from '../../lib/i18n/localized';
import type { FormDefinition } from '../../lib/items/form-types';
import {
  copyApplies,
  type CopyForm,
  evaluateAssistant,
  parseExpression,
  type Answer,
  type CategoryEvaluation,
} from '@portal/rules';

export type Items = Record<string, Answer>;
type FormCopy = FormDefinition['copies'][number];

const bySequence = <T extends { sequence: number; id: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.sequence - b.sequence || a.id - b.id);

const sets = new WeakMap<readonly ConciergeCategory[], ConciergeSet>();

/** Options that `selected` view rules of the assistant name but no assistant question offers (the filter's). */
export function outsideOptions(categories: readonly ConciergeCategory[]): number[] {
  const subs = categories.flatMap((c) => c.concierge_sub_category);
  const own = new Set(subs.flatMap((s) => s.concierges.flatMap((c) => c.concierge_options.map((o) => o.id))));
  const rules = subs.flatMap((s) => [...s.view_rules, ...s.concierges.flatMap((c) => c.view_rules)]);
  const named = rules.filter((r) => r.pattern === 'selected').map((r) => Number(r.expected));
  return [...new Set(named)].filter((id) => Number.isInteger(id) && id > 0 && !own.has(id));
}

/**
 * The assistant categories as a concierge set of their own. The filter's questions are not here: its
 * options that view rules name stand in a placeholder filter question, so the rules compile and read
 * them as "not chosen" (the server, which holds the filter answers, decides which pages are shown).
 */
export function assistantSet(categories: readonly ConciergeCategory[]): ConciergeSet {
  let set = sets.get(categories);
  if (!set) {
    const outside = outsideOptions(categories);
    set = {
      id: 0,
      name: 'assistant',
      is_confirmed: true,
      filter_concierge_category: {
        id: 0,
        name: 'filter',
        title: '',
        type: 'FI',
        sequence: 0,
        concierge_sub_category:
          outside.length === 0
            ? []
            : [
                {
                  id: 0,
                  breadcrumbs: [],
                  name: 'filter',
                  sequence: 0,
                  image_type: null,
                  view_rules: [],
                  concierges: [
                    {
                      id: 0,
                      type: 'QT',
                      name: 'filter',
                      question: '',
                      standard_item_code: [],
                      sequence: 0,
                      view_rules: [],
                      is_first: true,
                      suffix: null,
                      remarks: null,
                      copyable_label: null,
                      copyable_standard_item_codes: [],
                      is_horizontal: false,
                      requires_name_validation: [],
                      concierge_procedure_codes: [],
                      concierge_options: outside.map((id, i) => ({
                        id,
                        value: String(id),
                        sequence: i,
                        concierge_destination: null,
                      })),
                    },
                  ],
                },
              ],
      },
      // Which pages are shown is the server's decision (it holds the filter answers): here every page
      // is evaluated as shown, for the questions inside it.
      assistant_concierge_category: categories.map((c) => ({
        ...c,
        concierge_sub_category: c.concierge_sub_category.map((s) => ({ ...s, view_rules: [] })),
      })),
      concierge_rule: {
        form_rule: { copy_forms: [], hidden_rules: [], prefill_rules: [] },
        prefill_form_rule: { prefill_forms: [] },
        procedure_rule: { hidden_rules: [] },
      },
    };
    sets.set(categories, set);
  }
  return set;
}

/** Every sub category of the assistant, in category and sequence order. */
export function subCategoriesOf(categories: readonly ConciergeCategory[]): ConciergeSubCategory[] {
  return [...categories]
    .sort((a, b) => a.sequence - b.sequence || a.id - b.id)
    .flatMap((c) => bySequence(c.concierge_sub_category));
}

/**
 * The most assistant pages the configuration can show (decision 0043): a total that stays the same while
 * answers show or hide pages, so the count never grows under the resident ("5 pages" becoming 7).
 */
export const mostPages = (categories: readonly ConciergeCategory[]) => subCategoriesOf(categories).length;

/** The shown pages in order (the server's list, ordered as the configuration orders them). */
export function shownPages(categories: readonly ConciergeCategory[], shownIds: readonly number[]) {
  const shown = new Set(shownIds);
  return subCategoriesOf(categories).filter((s) => shown.has(s.id));
}

export interface AssistantQuestion {
  concierge: Concierge;
  options: ConciergeOption[];
  /** The chosen option's id (QT), if any. */
  selected: number | undefined;
}

export interface AssistantPage {
  sub: ConciergeSubCategory;
  /** Shown questions in order: QT choices and FO inline forms. */
  questions: AssistantQuestion[];
  /** This page's chosen options that count (options of shown questions). */
  answers: number[];
  scopedOut: boolean;
  scopedOutMessages: string[];
  /** English of each scoped-out message ('' when none), parallel to `scopedOutMessages`. */
  scopedOutMessagesEn: string[];
  evaluation: CategoryEvaluation | null;
}

/**
 * What the resident sees on one page for some answers. Options of the filter (which the browser does not
 * hold) are left out of the evaluation: a rule on them reads as "not chosen" here, and the server, which
 * holds every answer, decides which pages are shown.
 */
export function assistantPage(
  categories: readonly ConciergeCategory[],
  subId: number,
  chosen: readonly number[],
  items: Items,
  today: string,
): AssistantPage | null {
  const sub = subCategoriesOf(categories).find((s) => s.id === subId);
  if (!sub) return null;
  const set = assistantSet(categories);
  const known = new Set(
    subCategoriesOf(categories).flatMap((s) =>
      s.concierges.flatMap((c) => c.concierge_options.map((o) => o.id)),
    ),
  );
  let evaluation: CategoryEvaluation | null = null;
  try {
    evaluation = evaluateAssistant(
      set,
      { optionIds: chosen.filter((id) => known.has(id)), items },
      { today },
    );
  } catch {
    evaluation = null; // a broken answer set: show the page's questions as configured
  }
  const state = evaluation?.subCategories.find((s) => s.id === sub.id);
  const shown = state ? new Set(state.concierges.filter((c) => c.shown).map((c) => c.id)) : null;
  const chosenSet = new Set(chosen);
  const questions = bySequence(sub.concierges)
    .filter((c) => (shown ? shown.has(c.id) : true))
    .map((c) => {
      const options = bySequence(c.concierge_options);
      return { concierge: c, options, selected: options.find((o) => chosenSet.has(o.id))?.id };
    });
  const picked = questions.flatMap((q) => {
    const option = q.options.find((o) => o.id === q.selected);
    return option ? [option] : [];
  });
  const out = picked.filter((o) => o.concierge_destination?.is_scopedout);
  const messages = out
    .map((o) => ({
      ja: o.concierge_destination?.scopedout_message?.trim() ?? '',
      en: o.concierge_destination?.en?.scopedout_message?.trim() ?? '',
    }))
    .filter((m) => m.ja !== '');
  return {
    sub,
    questions,
    answers: picked.map((o) => o.id),
    scopedOut: out.length > 0,
    scopedOutMessages: messages.map((m) => m.ja),
    scopedOutMessagesEn: messages.map((m) => m.en),
    evaluation,
  };
}

/** The answers after choosing `optionId` for `concierge` (its previous choice replaced). */
export function choose(answers: readonly number[], concierge: Concierge, optionId: number): number[] {
  const own = new Set(concierge.concierge_options.map((o) => o.id));
  return [...answers.filter((id) => !own.has(id)), optionId];
}

/** Stored answers as items (the first occurrence of each item, as the rules read them). */
export function itemsOf(values: readonly StandardItemFragmentValue[]): Items {
  const items: Items = {};
  for (const v of values) if ((v.sequence ?? 1) === 1) items[v.standard_item_code] = v.value;
  return items;
}

/**
 * The answers assistant pages start from: the saved answer, else the item's prefill when it is shown
 * (as the form's `initialValues`); saving the page stores them, and the server names their source.
 */
export function startingItems(values: Pick<FormValuesResult, 'items' | 'standard_item_fragments'>): Items {
  const items: Items = {};
  for (const state of values.items) {
    if ((state.sequence ?? 1) !== 1) continue;
    if (state.prefill !== null && !state.hidden) items[state.code] = state.prefill;
  }
  for (const v of values.standard_item_fragments) {
    if ((v.sequence ?? 1) === 1 && v.value !== null) items[v.standard_item_code] = v.value;
  }
  return items;
}

/** The item codes the shown inline forms (FO) of a page fill. */
export function formCodes(page: AssistantPage): string[] {
  return [
    ...new Set(
      page.questions.filter((q) => q.concierge.type === 'FO').flatMap((q) => q.concierge.standard_item_code),
    ),
  ];
}

const blank = (a: Answer) =>
  a === undefined || a === null || a === '' || (Array.isArray(a) && a.length === 0);

/** The values a page saves: every item of its shown inline forms (blank ones as null). */
export function pageValues(page: AssistantPage, items: Items): StandardItemFragmentValue[] {
  return formCodes(page).map((code) => {
    const value = items[code];
    return {
      standard_item_code: code,
      sequence: 1,
      value: blank(value) ? null : (value as string | string[]),
    };
  });
}

/**
 * The copies of `concierge`'s "same as ..." button: the configured copy forms the form definition carries
 * for it, else its `copyable_standard_item_codes` paired with its own `standard_item_code` in order.
 */
export function copyPairs(concierge: Concierge, copies: readonly FormCopy[] = []): CopyForm[] {
  const configured = copies.find((c) => c.concierge_id === concierge.id);
  if (configured) return configured.pairs;
  return concierge.copyable_standard_item_codes.flatMap((source, i) => {
    const target = concierge.standard_item_code[i];
    return target === undefined ? [] : [{ source, target }];
  });
}

/**
 * "Same as ...": the values the button puts into the concierge's items, for the copies whose conditions
 * hold (the server applies the configured copy rules again when the page is saved).
 */
export function copiedValues(pairs: readonly CopyForm[], items: Items): Items {
  const out: Items = {};
  for (const pair of pairs) {
    if (copyApplies(pair, items) && !blank(items[pair.source])) out[pair.target] = items[pair.source];
  }
  return out;
}

/** Items the catalog does not describe are still shown, as plain text fields. */
export const plainItem = (code: string): StandardItem => ({
  code,
  name: code,
  type: 'text',
  required: false,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
});

/** Labels the explanations quote: questions and option values by option id, item names by code. */
export interface LabelIndex {
  options: Map<number, { question: string; option: string }>;
  items: Map<string, string>;
}

export function labelIndex(
  categories: readonly ConciergeCategory[],
  catalog: ReadonlyMap<string, StandardItem>,
  /** The page's language: English texts where the configuration has them (decision 0009). */
  language: Language = 'ja',
): LabelIndex {
  const options = new Map<number, { question: string; option: string }>();
  for (const sub of categories.flatMap((c) => c.concierge_sub_category)) {
    for (const c of sub.concierges) {
      const question = localizedField(c, c.question.trim() ? 'question' : 'name', language).text;
      for (const o of c.concierge_options)
        options.set(o.id, { question, option: localizedField(o, 'value', language).text });
    }
  }
  const items = new Map<string, string>();
  for (const [code, item] of catalog) items.set(code, localizedField(item, 'name', language).text);
  return { options, items };
}

/** One reason a page or question is shown, for "why am I seeing this" (the screen words it). */
export type Reason =
  | { kind: 'always' }
  | { kind: 'selected'; question: string; option: string }
  | { kind: 'otherAnswer' }
  | { kind: 'formula'; item: string; age: boolean; symbol: ViewRule['symbol']; expected: string }
  | { kind: 'answered'; question: string; option: string };

/** The reasons of some view rules (all must hold), quoting the configuration's own texts. */
export function ruleReasons(rules: readonly ViewRule[], labels: LabelIndex): Reason[] {
  if (rules.length === 0) return [{ kind: 'always' }];
  return rules.map((rule): Reason => {
    if (rule.pattern === 'selected') {
      const label = labels.options.get(Number(rule.expected));
      return label ? { kind: 'selected', ...label } : { kind: 'otherAnswer' };
    }
    const parsed = parseExpression(rule.expression);
    const code = parsed?.code ?? rule.expression;
    return {
      kind: 'formula',
      item: labels.items.get(code) ?? code,
      age: parsed?.age ?? false,
      symbol: rule.symbol,
      expected: rule.expected,
    };
  });
}

/**
 * Why a question is shown: the answer that led to it (an option of its page whose destination it is),
 * and its own view rules.
 */
export function questionReasons(question: Concierge, page: AssistantPage, labels: LabelIndex): Reason[] {
  const out: Reason[] = [];
  for (const q of page.questions) {
    const option = q.options.find((o) => o.id === q.selected);
    if (option?.concierge_destination?.concierge_id === question.id) {
      out.push({
        kind: 'answered',
        question: q.concierge.question.trim() || q.concierge.name,
        option: option.value,
      });
    }
  }
  const own = question.view_rules.length > 0 ? ruleReasons(question.view_rules, labels) : [];
  const all = [...out, ...own];
  return all.length > 0 ? all : [{ kind: 'always' }];
}
