// The form asks only what is still missing (issue 12): an item an assistant page asked is left out once
// it is saved (or when it is optional). A change from the review, or a server problem with a left-out
// item, brings back the whole fragment that holds it.
import { fieldCode, pageOfItem, pagesOf, type FormPage } from './form-model';
import type { FormDefinition, FormValuesResult } from '../../lib/items/form-types';
import { savedAnswers, statesByCode } from '../../lib/items/sources';

type Saved = Pick<FormValuesResult, 'items' | 'standard_item_fragments'>;

/**
 * Whether the form asks an item: not when an assistant page asked it and it is saved or optional, nor
 * when the rules hide it as the form opens (a page of hidden items only would be an empty page; a
 * required item shown later comes back through the last page's check).
 */
export function askOnce(saved: Saved): (code: string) => boolean {
  const answered = savedAnswers(saved);
  const states = statesByCode(saved);
  return (code) => {
    const state = states.get(code);
    if (state?.hidden) return false;
    return !state?.asked || (state.required && !(code in answered));
  };
}

/**
 * The pages with the whole fragment that holds a field (`code` or `code.N`) in place of its part (the
 * same pages if none).
 */
export function withFullFragment(
  definition: Pick<FormDefinition, 'fragments'>,
  pages: FormPage[],
  field: string,
): FormPage[] {
  const code = fieldCode(field);
  const full = pagesOf(definition).find((p) => p.items.some((i) => i.code === code));
  const current = full ? pages.find((p) => p.fragment === full.fragment) : undefined;
  if (!full || current?.items.length === full.items.length) return pages;
  return [...pages.filter((p) => p.fragment !== full.fragment), full].sort((a, b) => a.fragment - b.fragment);
}

/**
 * The pages with every page that asks the later repetitions of the items `repeating` names: a second
 * child is asked on the form even where the assistant asked about the first (pages only ever grow).
 */
export function withRepeatPages(
  definition: Pick<FormDefinition, 'fragments'>,
  pages: FormPage[],
  repeating: (code: string) => boolean,
): FormPage[] {
  const have = new Set(pages.map((p) => p.fragment));
  const added = pagesOf(definition, () => false, repeating).filter((p) => !have.has(p.fragment));
  if (added.length === 0) return pages;
  return [...pages, ...added].sort((a, b) => a.fragment - b.fragment);
}

/**
 * The pages as the form opens (computed once, so fields do not vanish while typing): the ask-once
 * pages, and the pages of the groups that repeat (`repeating`); a field a link opens is always on one,
 * on its whole fragment when the link is the review's.
 */
export function openingPages(
  definition: Pick<FormDefinition, 'fragments'>,
  saved: Saved,
  field?: string | null,
  fromReview = false,
  repeating: (code: string) => boolean = () => false,
): FormPage[] {
  const pages = pagesOf(definition, askOnce(saved), repeating);
  if (!field || (!fromReview && pageOfItem(pages, field) >= 0)) return pages;
  return withFullFragment(definition, pages, field);
}
