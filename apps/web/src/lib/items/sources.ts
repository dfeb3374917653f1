// Where a shown answer came from (the card, the resident registry, the public funds account, the
// resident's own answers) and whether it differs from what a verified source holds. The assistant, the
// form and the review all say it the same way.
import type { PrefillSource } from '@portal/contracts';
import { answerMismatch, sameAnswer, type Answer } from '@portal/rules';
import type { FormValuesResult } from './form-types';
import { valueKey } from './item-inputs';

export type ItemState = FormValuesResult['items'][number];

/** A note's source; 'unknown' is a prefill whose source the server does not name (before 0012's API). */
export type NoteSource = PrefillSource | 'unknown';

export const isBlank = (a: Answer): boolean =>
  a === undefined || a === null || a === '' || (Array.isArray(a) && a.length === 0);

/** The saved answers by item code (first occurrence; blank ones left out). */
export function savedAnswers(
  saved: Pick<FormValuesResult, 'standard_item_fragments'>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const v of saved.standard_item_fragments) {
    if ((v.sequence ?? 1) === 1 && !isBlank(v.value)) {
      out[v.standard_item_code] = v.value as string | string[];
    }
  }
  return out;
}

/** Item states by code (the first repetition's, for a repeatable group's item). */
export const statesByCode = (saved: Pick<FormValuesResult, 'items'>) =>
  new Map(saved.items.filter((s) => (s.sequence ?? 1) === 1).map((s) => [s.code, s] as const));

/** Item states by the form's key: `code` for the first repetition, `code.N` for repetition N. */
export const statesByKey = (saved: Pick<FormValuesResult, 'items'>) =>
  new Map(saved.items.map((s) => [valueKey(s.code, s.sequence ?? 1), s] as const));

/** The saved answers by the form's key (`code`, `code.N`; blank ones left out). */
export function savedByKey(
  saved: Pick<FormValuesResult, 'standard_item_fragments'>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const v of saved.standard_item_fragments) {
    if (!isBlank(v.value))
      out[valueKey(v.standard_item_code, v.sequence ?? 1)] = v.value as string | string[];
  }
  return out;
}

/**
 * The source to name under a field, or null: the saved value's source, else the prefill's (when nothing
 * is saved), and only while the shown value is still that value (a change by the resident ends it).
 */
export function sourceNote(state: ItemState | undefined, saved: Answer, shown: Answer): NoteSource | null {
  if (!state) return null;
  if (!isBlank(saved)) return state.source !== null && sameAnswer(saved, shown) ? state.source : null;
  if (state.prefill === null || state.hidden || isBlank(state.prefill)) return null;
  return sameAnswer(state.prefill, shown) ? (state.prefill_source ?? 'unknown') : null;
}

/** A shown answer that differs from what a verified source holds for it. */
export interface Mismatch {
  code: string;
  /** The verified source (the card, the registry), null when the server does not name it. */
  source: PrefillSource | null;
  /** The source's value, as stored (format it like an answer). */
  verified: string;
}

/** The mismatch of one answer, or null: the rules' `answerMismatch`, as the clerk's detail flags it. */
export function mismatchOf(state: ItemState | undefined, shown: Answer): Mismatch | null {
  if (!state || state.hidden || state.verified === null) return null;
  const found = answerMismatch({ value: state.verified, source: state.verified_source }, shown);
  return found && { code: state.code, ...found };
}
