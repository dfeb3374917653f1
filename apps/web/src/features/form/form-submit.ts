// What saving a form page works out, apart from the screen: the fields the page checks before sending, the
// required answers missing, the request body, the values the server sends back, and where the server's
// field problems go (their message, the page that asks them, the repetitions they bring back).
import type { StandardItemFragmentValue } from '@portal/contracts';
import type { Problem } from '../../lib/items/item-problems';
import { checkAnswer } from '../../lib/items/item-problems';
import { withFullFragment } from './ask-once';
import {
  fieldCode,
  fragmentsToSave,
  pageOfItem,
  type FormItem,
  type FormPage,
  type Values,
} from './form-model';
import type { FormDefinition } from '../../lib/items/form-types';
import {
  groupCodes,
  groupOf,
  repeatsToSave,
  sequenceOf,
  valueKey,
  type Group,
  type PagePart,
} from './repeats';

/** An item of the page for one repetition (1: the plain answer). */
export interface PageField {
  item: FormItem;
  sequence: number;
}

/** Whether an item is required at a repetition (required and not hidden there). */
export type RequiredAt = (item: FormItem, sequence?: number) => boolean;

/** The fields a page asks: its items, then each later repetition of its groups' items. */
export function pageFields(
  items: readonly FormItem[],
  parts: readonly PagePart[],
  countOf: (group: Group) => number,
): PageField[] {
  return [
    ...items.map((item) => ({ item, sequence: 1 })),
    ...parts.flatMap((part) =>
      part.kind !== 'group'
        ? []
        : Array.from({ length: countOf(part.group) - 1 }, (_, i) =>
            part.later.map((item) => ({ item, sequence: i + 2 })),
          ).flat(),
    ),
  ];
}

/** For a person's name item, the characters of names on record it may hold; undefined for other items. */
export type NameCheck = (code: string) => ReadonlySet<string> | undefined;

/**
 * The required answers missing among `fields`, and names with characters a name may not hold, by field
 * key, in the resident's words (the server checks every answer again).
 */
export function requiredProblems(
  fields: readonly PageField[],
  values: Values,
  isHiddenAt: (code: string, sequence: number) => boolean,
  isRequired: RequiredAt,
  text: (problem: Problem) => string,
  nameCheck: NameCheck = () => undefined,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { item, sequence } of fields) {
    if (isHiddenAt(item.code, sequence)) continue;
    const key = valueKey(item.code, sequence);
    const problem = checkAnswer(item, values[key], isRequired(item, sequence), nameCheck(item.code));
    if (problem?.key === 'required' || problem?.key === 'nameCharacters') found[key] = text(problem);
  }
  return found;
}

/**
 * The answers a page sends: its items, and each later repetition of the groups on it (a removed child's
 * answers go and the renumbered ones take their place, whichever page they are on).
 */
export function pageAnswers(
  definition: Pick<FormDefinition, 'fragments'>,
  items: readonly FormItem[],
  groups: readonly Group[],
  values: Values,
  isHidden: (code: string) => boolean,
  isHiddenAt: (code: string, sequence: number) => boolean,
  countOf: (group: Group) => number,
) {
  return [
    ...fragmentsToSave(items, values, isHidden),
    ...groups.flatMap((group) =>
      repeatsToSave(groupCodes(definition, group), countOf(group), group.max, values, isHiddenAt),
    ),
  ];
}

/** The shown values with the ones the server derived (copies, option prefills) in their place. */
export function withServerValues(
  values: Values,
  saved: readonly StandardItemFragmentValue[],
  items: ReadonlyMap<string, FormItem>,
): Values {
  const next = { ...values };
  for (const v of saved) {
    const later = v.sequence > 1 && !items.get(v.standard_item_code)?.repeatable;
    if (v.value !== null && !later) next[valueKey(v.standard_item_code, v.sequence)] = v.value;
  }
  return next;
}

/**
 * The server's field problems in the app's own words: the check the form computes, else `fallback` (the
 * vocabulary's field text, never the server's message); the pages with each field on one (an item left
 * out for the assistant comes back with its fragment); and, in order, the repetitions to show again (a
 * problem with one not on screen: removed here, kept on the server).
 */
export function serverProblems(
  fields: readonly string[],
  context: {
    definition: Pick<FormDefinition, 'fragments' | 'repeatable_groups'>;
    items: ReadonlyMap<string, FormItem>;
    values: Values;
    pages: FormPage[];
    isRequired: RequiredAt;
    countOf: (group: Group) => number;
    text: (problem: Problem) => string;
    fallback: string;
    nameCheck?: NameCheck;
  },
): { errors: Record<string, string>; pages: FormPage[]; counts: { group: string; count: number }[] } {
  const { definition, items, values, isRequired, countOf, text, fallback } = context;
  const errors: Record<string, string> = {};
  const counts: { group: string; count: number }[] = [];
  let pages = context.pages;
  for (const field of fields) {
    const item = items.get(fieldCode(field));
    const sequence = sequenceOf(field);
    const problem = item
      ? checkAnswer(item, values[field], isRequired(item, sequence), context.nameCheck?.(item.code))
      : null;
    errors[field] = problem ? text(problem) : fallback;
    if (pageOfItem(pages, field) < 0) pages = withFullFragment(definition, pages, field);
    const group = sequence > 1 ? groupOf(definition, fieldCode(field)) : undefined;
    if (group && sequence > countOf(group)) counts.push({ group: group.code, count: sequence });
  }
  return { errors, pages, counts };
}
