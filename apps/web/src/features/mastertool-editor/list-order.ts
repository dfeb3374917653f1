// Ordered lists of the concierge set (categories, sub categories, questions, options): what residents
// see follows `sequence`, so every move, insertion and removal renumbers the list from `base` in its
// new order, and the server reads it back in the same order.
import type { Concierge, ConciergeCategory, ConciergeSubCategory } from '@portal/contracts';
import { categoriesOf, conciergeIds, nextId, type Config } from './editor-state';

type Ordered = { sequence: number };

/** Sets each entry's sequence to its place, from `base`. */
export function renumberSequence(list: Ordered[], base = 0): void {
  list.forEach((entry, i) => {
    entry.sequence = base + i;
  });
}

/** Moves entry `i` one place up (-1) or down (1), in place; nothing at either end. */
export function moveEntry(list: Ordered[], i: number, by: -1 | 1, base = 0): void {
  const j = i + by;
  if (i < 0 || j < 0 || i >= list.length || j >= list.length) return;
  [list[i], list[j]] = [list[j] as Ordered, list[i] as Ordered];
  renumberSequence(list, base);
}

/** Removes entry `i`, in place. */
export function removeEntry(list: Ordered[], i: number, base = 0): void {
  list.splice(i, 1);
  renumberSequence(list, base);
}

/** Assistant categories come after the filter category, which is always first. */
export const ASSISTANT_BASE = 1;

/** A new, empty sub category (where questions go), with an id no sub category of the group has. */
export function newSubCategory(config: Config, name: string, sequence: number): ConciergeSubCategory {
  const ids = categoriesOf(config).flatMap((c) => c.concierge_sub_category.map((s) => s.id));
  return {
    id: nextId(ids),
    breadcrumbs: [],
    name,
    sequence,
    image_type: null,
    view_rules: [],
    concierges: [],
  };
}

/** A new assistant category holding one empty sub category. */
export function newAssistantCategory(config: Config, name: string, subName: string): ConciergeCategory {
  const sequence = ASSISTANT_BASE + config.concierge_set.assistant_concierge_category.length;
  return {
    id: nextId(categoriesOf(config).map((c) => c.id)),
    name,
    title: '',
    type: 'AS',
    sequence,
    concierge_sub_category: [newSubCategory(config, subName, 0)],
  };
}

/**
 * A new question at the end of `sub`: a yes/no choice (the commonest concierge question; its options are
 * renamed or added to) that leads to every procedure of the group until the operator narrows it, so a new
 * group's procedures are reachable from its first question instead of silently offered to no one.
 */
export function newQuestion(config: Config, sub: ConciergeSubCategory, name: string): Concierge {
  const ids = conciergeIds(config);
  const option = nextId(ids.options);
  const target = nextId(ids.procedureCodes);
  return {
    id: nextId(ids.concierges),
    type: 'QT',
    name,
    question: '',
    standard_item_code: [],
    sequence: sub.concierges.length,
    view_rules: [],
    is_first: sub.concierges.length === 0,
    suffix: null,
    remarks: null,
    copyable_label: null,
    copyable_standard_item_codes: [],
    is_horizontal: false,
    requires_name_validation: [],
    concierge_procedure_codes: config.disclosure.procedures.map((p, i) => ({
      id: target + i,
      procedure_code: p.code,
    })),
    concierge_options: YES_NO.map(([value, english], i) => ({
      id: option + i,
      value,
      sequence: i,
      concierge_destination: null,
      en: { value: english },
    })),
  };
}

const YES_NO = [
  ['はい', 'Yes'],
  ['いいえ', 'No'],
] as const;

/**
 * Sets a question's type; a question made an inline form drops the yes/no options it was created with
 * (a form has none), while options the operator wrote or pointed somewhere are kept.
 */
export function setQuestionType(q: Concierge, type: Concierge['type']): void {
  q.type = type;
  const untouched =
    q.concierge_options.length === YES_NO.length &&
    q.concierge_options.every(
      (o, i) =>
        o.value === YES_NO[i]![0] && o.en?.value === YES_NO[i]![1] && o.concierge_destination === null,
    );
  if (type === 'FO' && untouched) q.concierge_options = [];
}
