// The assistant's side of the draft store (lib/drafts): which of a page's questions are choices, where a
// drafted item belongs, and what a page held when it was saved.
import type { Concierge, ConciergeCategory, StandardItem } from '@portal/contracts';
import type { Place } from '../../lib/drafts/restore';
import { subCategoriesOf, type AssistantPage, type Items } from './assistant';

/** The choice questions of a page: their ids and options. */
export function choiceQuestionsOf(categories: readonly ConciergeCategory[], subId: number) {
  const sub = subCategoriesOf(categories).find((s) => s.id === subId);
  return (sub?.concierges ?? [])
    .filter((c) => c.type === 'QT')
    .map((c) => ({ id: c.id, options: c.concierge_options.map((o) => o.id) }));
}

/** Each question's option among those sent, by question id. */
export function sentChoices(questions: ReturnType<typeof choiceQuestionsOf>, sent: readonly number[]) {
  const out: Record<string, number> = {};
  for (const q of questions) {
    const option = sent.find((id) => q.options.includes(id));
    if (option !== undefined) out[q.id] = option;
  }
  return out;
}

/** Where a drafted item belongs: this page's inline forms, another page, or no procedure of the group. */
export function placeOn(
  categories: readonly ConciergeCategory[],
  subId: number,
  catalog: ReadonlyMap<string, StandardItem>,
) {
  const sub = subCategoriesOf(categories).find((s) => s.id === subId);
  const here = new Set(sub?.concierges.filter((c) => c.type === 'FO').flatMap((c) => c.standard_item_code));
  return (key: string): Place => {
    const code = key.replace(/\.\d+$/, '');
    if (catalog.size > 0 && !catalog.has(code)) return 'gone';
    return key === code && here.has(code) ? 'here' : 'elsewhere';
  };
}

/** The answers a page holds for every item of its inline forms (shown or not). */
export function pageItems(page: AssistantPage, items: Items) {
  const codes = page.sub.concierges.filter((c) => c.type === 'FO').flatMap((c) => c.standard_item_code);
  return Object.fromEntries(codes.map((code) => [code, items[code] ?? null]));
}

/** A question's name in the page's language. */
export function questionName(
  categories: readonly ConciergeCategory[],
  id: number,
  field: (concierge: Concierge, key: 'name') => { text: string },
) {
  const concierge = subCategoriesOf(categories)
    .flatMap((s) => s.concierges)
    .find((c) => c.id === id);
  return concierge ? field(concierge, 'name').text : undefined;
}
