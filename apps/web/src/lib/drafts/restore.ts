// What of the kept drafts comes back on a page, decided against what the server holds now: a draft the
// server already holds is done, one whose item the application no longer asks, or whose saved value
// changed since the resident started typing (a newer save elsewhere), cannot come back and is named.
import { sameAnswer } from '@portal/rules';
import type { DraftValue, Drafts } from './draft-store';

/** Why a draft did not come back: a newer value was saved meanwhile, or the item is no longer asked. */
export type NotRestoredReason = 'changed' | 'gone';

export interface NotRestored {
  /** The item key (`code`, `code.N`) or the question id. */
  key: string;
  reason: NotRestoredReason;
}

/** Where an item key belongs: on this page, on another page of the application, or nowhere now. */
export type Place = 'here' | 'elsewhere' | 'gone';

export interface Restored<T> {
  /** What comes back over the saved answers. */
  values: T;
  /** Keys that came back (they stay drafted until saved). */
  restored: string[];
  notRestored: NotRestored[];
  /** Keys the server already holds as drafted: nothing to bring back. */
  alreadySaved: string[];
}

/** The drafted answers to show over the saved ones (`saved`: what the server holds now, by key). */
export function restoreAnswers(
  answers: Drafts['answers'],
  saved: Readonly<Record<string, DraftValue | undefined>>,
  placeOf: (key: string) => Place,
): Restored<Record<string, DraftValue>> {
  const out: Restored<Record<string, DraftValue>> = {
    values: {},
    restored: [],
    notRestored: [],
    alreadySaved: [],
  };
  for (const [key, draft] of Object.entries(answers)) {
    const server = saved[key] ?? null;
    const place = placeOf(key);
    if (sameAnswer(server, draft.value)) out.alreadySaved.push(key);
    else if (place === 'gone') out.notRestored.push({ key, reason: 'gone' });
    else if (place === 'elsewhere')
      continue; // its own page brings it back
    else if (!sameAnswer(server, draft.base)) out.notRestored.push({ key, reason: 'changed' });
    else {
      out.values[key] = draft.value;
      out.restored.push(key);
    }
  }
  return out;
}

/** A choice question of a page: its id and its options' ids. */
export interface ChoiceQuestion {
  id: number;
  options: readonly number[];
}

/** The chosen options of a page with its drafted choices put back (`chosen`: what the server holds). */
export function restoreChoices(
  choices: Drafts['choices'],
  questions: readonly ChoiceQuestion[],
  chosen: readonly number[],
): Restored<number[]> {
  const out: Restored<number[]> = { values: [...chosen], restored: [], notRestored: [], alreadySaved: [] };
  for (const question of questions) {
    const key = String(question.id);
    const draft = choices[key];
    if (!draft) continue;
    const server = chosen.find((id) => question.options.includes(id)) ?? null;
    if (server === draft.option) out.alreadySaved.push(key);
    else if (!question.options.includes(draft.option)) out.notRestored.push({ key, reason: 'gone' });
    else if (server !== draft.base) out.notRestored.push({ key, reason: 'changed' });
    else {
      out.values = [...out.values.filter((id) => !question.options.includes(id)), draft.option];
      out.restored.push(key);
    }
  }
  return out;
}

/** A draft that did not come back, by the label the resident knows it by. */
export interface NamedNotRestored {
  label: string;
  reason: NotRestoredReason;
}

/** Names what did not come back: the label of today, else the one kept with the draft. */
export function nameNotRestored(
  notRestored: readonly NotRestored[],
  labelOf: (key: string) => string | undefined,
  kept: Readonly<Record<string, { label?: string }>> = {},
): NamedNotRestored[] {
  return notRestored.map(({ key, reason }) => ({ label: labelOf(key) ?? kept[key]?.label ?? key, reason }));
}
