// The form of an application as the screen uses it: pages (one per fragment), which items show, the
// answers as the server stores them, and the problems of an answer in words the resident reads. The
// hidden rules and "same as ..." copies are the ones of @portal/rules, so the browser shows what the
// server will decide; the server applies them again when the answers are saved.
import { compileHiddenRules, copyItems, copyOffered, hiddenState, type Answer } from '@portal/rules';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';

export { addressItemFor } from '../../lib/items/item-inputs';

export type FormItem = FormDefinition['fragments'][number]['items'][number];
/**
 * The answers of the form: by standard item code for the first repetition (every item that does not
 * repeat), by `code.N` for repetition N of a repeatable group's item (see repeats.ts).
 */
export type Values = Record<string, string | string[]>;

export interface FormPage {
  /** The fragment's name, the page's heading. */
  name: string;
  /** English of the name (decision 0009). */
  en?: { name?: string | undefined } | undefined;
  /** Items shown first on this page (an item two procedures share is asked once). */
  items: FormItem[];
  /**
   * Items of repeatable groups shown first on this fragment, asked here for the repetitions after the
   * first whatever the assistant asked (it asks about the first child only).
   */
  repeated: FormItem[];
  /** The fragment's index in the definition (pages keep the fragments' order). */
  fragment: number;
}

/**
 * One page per fragment, in order; an item already asked on an earlier page is not asked again, and
 * an item `ask` refuses is not asked at all. A fragment left with no item is no page, unless it holds
 * items of a group that repeats now (`repeating`): the later repetitions are asked there.
 */
export function pagesOf(
  definition: Pick<FormDefinition, 'fragments'>,
  ask: (code: string) => boolean = () => true,
  repeating: (code: string) => boolean = () => false,
): FormPage[] {
  const seen = new Set<string>();
  const pages: FormPage[] = [];
  definition.fragments.forEach((fragment, index) => {
    const first = fragment.items.filter((item) => {
      if (seen.has(item.code)) return false;
      seen.add(item.code);
      return true;
    });
    const items = first.filter((item) => ask(item.code));
    const repeated = first.filter((item) => item.repeatable);
    if (items.length > 0 || repeated.some((item) => repeating(item.code)))
      pages.push({ name: fragment.name, en: fragment.en, items, repeated, fragment: index });
  });
  return pages;
}

/** The page that asks a field (`code`, or `code.N` for repetition N of a group's item), or -1. */
export function pageOfItem(pages: readonly FormPage[], field: string): number {
  const code = fieldCode(field);
  const later = code !== field;
  return pages.findIndex((page) => (later ? page.repeated : page.items).some((item) => item.code === code));
}

/**
 * The answers to start from: what the server has stored, else the value a prefill suggests (identity
 * claims, chosen options), for each repetition of a repeatable group's items too (`code.N`).
 */
export function initialValues(
  definition: Pick<FormDefinition, 'fragments'>,
  saved: FormValuesResult,
): Values {
  const all = definition.fragments.flatMap((f) => f.items);
  const repeatable = new Set(all.filter((i) => i.repeatable).map((i) => i.code));
  // Another repetition of an item that does not repeat is none of the form's business.
  const keyOf = (code: string, sequence = 1) =>
    sequence === 1 ? code : repeatable.has(code) ? `${code}.${sequence}` : null;
  const out: Values = {};
  for (const state of saved.items) {
    const key = keyOf(state.code, state.sequence);
    if (key && state.prefill !== null && !state.hidden) out[key] = state.prefill;
  }
  for (const value of saved.standard_item_fragments) {
    const key = keyOf(value.standard_item_code, value.sequence);
    if (key && value.value !== null) out[key] = value.value;
  }
  for (const item of all.filter((i) => i.type === 'checkbox')) {
    for (const key of Object.keys(out).filter((k) => fieldCode(k) === item.code)) {
      const value = out[key];
      if (typeof value === 'string') out[key] = value === '' ? [] : [value];
    }
  }
  return out;
}

/** Hides items as answers change: the form's hidden rules, compiled once per definition. */
export function hiddenChecker(definition: Pick<FormDefinition, 'hidden_rules'>) {
  const compiled = compileHiddenRules(definition.hidden_rules);
  return (code: string, values: Values): boolean => hiddenState(compiled.get(code), values).hidden;
}

/** The answers of some items as the save call takes them (hidden items are sent as empty). */
export function fragmentsToSave(
  items: readonly FormItem[],
  values: Values,
  isHidden: (code: string) => boolean,
) {
  return items.map((item) => {
    const value = values[item.code];
    const blank = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    return {
      standard_item_code: item.code,
      sequence: 1,
      value: isHidden(item.code) || blank ? null : value,
    };
  });
}

/** Whether a "same as ..." button is worth showing: one of its copies applies and changes a value. */
export const copyIsOffered = (copy: FormDefinition['copies'][number], values: Values): boolean =>
  copyOffered(copy.pairs, values as Record<string, Answer>);

/** Applies a "same as ..." copy: the copy forms of one concierge, through the rules engine. */
export function copyInto(copy: FormDefinition['copies'][number], values: Values): Values {
  const concierge = {
    standard_item_code: copy.pairs.map((p) => p.target),
    copyable_standard_item_codes: copy.pairs.map((p) => p.source),
  };
  const copied = copyItems(copy.pairs, concierge, values as Record<string, Answer>);
  const out: Values = {};
  for (const [code, value] of Object.entries(copied)) {
    if (typeof value === 'string' || Array.isArray(value)) out[code] = value;
  }
  return out;
}

/** Item code of a server field (`child_first_name`, or `child_first_name.2` for a repeated group). */
export const fieldCode = (field: string) => field.replace(/\.\d+$/, '');

/** The element id of an item's input (error summary links point here). */
export const fieldId = (code: string) => `field-${code}`;
