// Repeatable groups on the form (decision 0013): a block of items asked once per child. The first
// repetition's answers are keyed by item code, as every other answer; repetition N (2, 3, ...) by
// `code.N`, the field name the server uses in its errors, so a problem lands on its field.
import { compileRepeatGroups, repeatMin, type Answer } from '@portal/rules';
import type { FormItem, FormPage, Values } from './form-model';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';
import { valueKey } from '../../lib/items/item-inputs';

export type Group = FormDefinition['repeatable_groups'][number];

// The key of an answer: the item code for the first repetition, `code.N` for repetition N.
export { valueKey } from '../../lib/items/item-inputs';

/** The repetition a key is for (1 for a plain item code). */
export const sequenceOf = (key: string) => Number(/\.(\d+)$/.exec(key)?.[1] ?? 1);

/** The group whose items include `code`, if any. */
export const groupOf = (definition: Pick<FormDefinition, 'repeatable_groups'>, code: string) =>
  definition.repeatable_groups.find((g) => g.standard_item_codes.includes(code));

/**
 * Whether the resident decides how many repetitions a group has: no answer sets its minimum (no
 * `min_rules`) and it can take more than one. The form then always offers to add one, also where an
 * assistant page asked about the first (a household's members; a multiple birth's children are counted
 * by a question instead).
 */
export const residentCounts = (group: Group) => group.max > 1 && (group.min_rules ?? []).length === 0;

/** A group's items that this form asks (the server refuses the others). */
export function groupCodes(definition: Pick<FormDefinition, 'fragments'>, group: Group): string[] {
  const onForm = new Set(definition.fragments.flatMap((f) => f.items.map((i) => i.code)));
  return group.standard_item_codes.filter((code) => onForm.has(code));
}

const blank = (a: Answer) =>
  a === undefined || a === null || a === '' || (Array.isArray(a) && a.length === 0);

/** The highest repetition with an answer in `values` (1 when none after the first). */
export function answeredCount(group: Group, values: Values): number {
  let highest = 1;
  for (const [key, value] of Object.entries(values)) {
    const sequence = sequenceOf(key);
    if (sequence > highest && !blank(value) && group.standard_item_codes.includes(key.replace(/\.\d+$/, '')))
      highest = sequence;
  }
  return highest;
}

/**
 * The repetitions to show as the form opens, by group: the server's count, and every repetition the
 * values answer (input kept from before a re-sign-in can hold one the server has not seen).
 */
export function initialCounts(
  definition: Pick<FormDefinition, 'repeatable_groups'>,
  saved: Pick<FormValuesResult, 'repeat_groups'>,
  values: Values,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const group of definition.repeatable_groups) {
    const state = saved.repeat_groups.find((r) => r.code === group.code);
    out[group.code] = Math.max(state?.count ?? 1, state?.min ?? group.min, answeredCount(group, values));
  }
  return out;
}

/**
 * The minimum repetitions the answers ask for now: the server's, raised at once in the browser when an
 * answer on the page raises it (多胎 asks for a second child).
 */
export function minimumChecker(definition: Pick<FormDefinition, 'repeatable_groups'>) {
  const compiled = compileRepeatGroups(definition.repeatable_groups);
  return (group: Group, values: Values, saved: Pick<FormValuesResult, 'repeat_groups'>): number => {
    const server = saved.repeat_groups.find((r) => r.code === group.code)?.min ?? group.min;
    const here = compiled.find((c) => c.group.code === group.code);
    return Math.max(server, here ? repeatMin(here, values) : group.min);
  };
}

/** The answers as repetition `sequence` reads them: its own values in place of the group's items. */
export function repetitionValues(group: Group, values: Values, sequence: number): Values {
  if (sequence <= 1) return values;
  const out: Values = { ...values };
  for (const code of group.standard_item_codes) {
    const own = values[valueKey(code, sequence)];
    if (own === undefined) delete out[code];
    else out[code] = own;
  }
  return out;
}

/**
 * Removes repetition `n` (2 or later) of a group from a record keyed like the values: each later
 * repetition moves up one, so the last is left empty.
 */
export function removeRepetition<T>(
  record: Record<string, T>,
  codes: readonly string[],
  n: number,
  count: number,
): Record<string, T> {
  const out = { ...record };
  for (const code of codes) {
    for (let sequence = n; sequence <= count; sequence++) {
      const next = record[valueKey(code, sequence + 1)];
      if (sequence < count && next !== undefined) out[valueKey(code, sequence)] = next;
      else delete out[valueKey(code, sequence)];
    }
  }
  return out;
}

/**
 * The answers of a group's later repetitions as the save call takes them: every repetition 2..max of
 * `codes`, hidden, blank and removed ones as null (the server deletes those, so a removed child's
 * answers go and the renumbered ones take their place).
 */
export function repeatsToSave(
  codes: readonly string[],
  count: number,
  max: number,
  values: Values,
  isHidden: (code: string, sequence: number) => boolean,
) {
  const out: { standard_item_code: string; sequence: number; value: string | string[] | null }[] = [];
  for (let sequence = 2; sequence <= max; sequence++) {
    for (const code of codes) {
      const value = values[valueKey(code, sequence)];
      const keep = sequence <= count && !blank(value) && !isHidden(code, sequence);
      out.push({ standard_item_code: code, sequence, value: keep ? (value ?? null) : null });
    }
  }
  return out;
}

/** One part of a page: an item asked once, or a repeatable group's items asked per repetition. */
export type PagePart =
  | { kind: 'item'; item: FormItem }
  | {
      kind: 'group';
      group: Group;
      /** The first repetition's items this page asks (the assistant may have asked the others). */
      first: FormItem[];
      /** The items each later repetition asks on this page. */
      later: FormItem[];
    };

/** A page's parts in the fragment's order; a group's block stands where its first item does. */
export function pageParts(
  definition: Pick<FormDefinition, 'fragments' | 'repeatable_groups'>,
  page: FormPage,
): PagePart[] {
  const parts: PagePart[] = [];
  const asked = new Set(page.items.map((i) => i.code));
  for (const item of definition.fragments[page.fragment]?.items ?? []) {
    const group = item.repeatable ? groupOf(definition, item.code) : undefined;
    if (!group) {
      if (asked.has(item.code)) parts.push({ kind: 'item', item });
      continue;
    }
    if (parts.some((p) => p.kind === 'group' && p.group.code === group.code)) continue;
    const first = page.items.filter((i) => groupOf(definition, i.code) === group);
    const later = page.repeated.filter((i) => groupOf(definition, i.code) === group);
    if (later.length > 0) parts.push({ kind: 'group', group, first, later });
  }
  return parts;
}

/** A field to read back or ask: an item, for one repetition. */
export interface RepeatField {
  item: FormItem;
  sequence: number;
  key: string;
}

/** The fields of a page the review reads back: its items, then the items of each later repetition. */
export function reviewFields(
  definition: Pick<FormDefinition, 'repeatable_groups'>,
  page: FormPage,
  countOf: (group: Group) => number,
): RepeatField[] {
  const fields: RepeatField[] = page.items.map((item) => ({ item, sequence: 1, key: item.code }));
  const highest = Math.max(
    1,
    ...page.repeated.map((i) => {
      const group = groupOf(definition, i.code);
      return group ? countOf(group) : 1;
    }),
  );
  for (let sequence = 2; sequence <= highest; sequence++) {
    for (const item of page.repeated) {
      const group = groupOf(definition, item.code);
      if (group && sequence <= countOf(group))
        fields.push({ item, sequence, key: valueKey(item.code, sequence) });
    }
  }
  return fields;
}
