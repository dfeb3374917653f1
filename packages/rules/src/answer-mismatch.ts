import type { PrefillSource } from '@portal/contracts';
import { answerKey, type FragmentValue } from './answer-keys.js';
import { blankAfterCleaning, sameAnswer } from './answers.js';
import type { Answer } from './compare.js';
import type { FormItemState } from './form-state.js';

/** What a verified source (the card, the resident registry) holds for an answer that says otherwise. */
export interface AnswerMismatch<S = PrefillSource> {
  /** The verified source. */
  source: S;
  /** The source's value, as stored (format it like an answer). */
  verified: string;
}

/**
 * The one rule of issue 32: a shown answer differs from what a verified source holds for it. A blank
 * answer or a blank verified value is not flagged, nor an answer that says the same (width, spacing and
 * checkbox order aside). The resident's review and the clerk's detail, PDF and export all flag by it.
 */
export function answerMismatch<S>(
  verified: { value: string; source: S } | null | undefined,
  shown: Answer,
): AnswerMismatch<S> | null {
  if (!verified) return null;
  if (blankAfterCleaning(verified.value) || blankAfterCleaning(shown)) return null;
  if (sameAnswer(verified.value, shown)) return null;
  return { source: verified.source, verified: verified.value };
}

/**
 * The mismatches of stored answers, by {@link answerKey}: each answer against the verified value the
 * form state gives its item (formStateOf, as the resident's form values carry it; hidden items have none).
 */
export function answerMismatches(
  items: readonly FormItemState[],
  values: readonly FragmentValue[],
): Map<string, AnswerMismatch> {
  const verified = new Map(
    items.flatMap((i) =>
      i.verified && !i.hidden ? [[answerKey(i.code, i.sequence), i.verified] as const] : [],
    ),
  );
  const out = new Map<string, AnswerMismatch>();
  for (const v of values) {
    const key = answerKey(v.standard_item_code, v.sequence);
    const found = answerMismatch(verified.get(key), v.value);
    if (found) out.set(key, found);
  }
  return out;
}
