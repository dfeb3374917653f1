import type { PrefillSource, StandardItem } from '@portal/contracts';
import { type Answers } from './answers.js';
import { subjects, type Explanation } from './explain.js';
import { hiddenState, type CompiledHiding, type Prefill, type Verified } from './form-rules.js';

/**
 * The state of the form for the chosen procedures: their procedure fragments' items (procedure sequence,
 * then fragment order), followed by the items of the shown FO concierges not listed yet. `hidden` comes
 * from the form's hidden rules, evaluated on the answers after prefilling; a hidden item is never
 * required and gets no prefill. `prefill` is the value a prefill gives the item (see form-rules), from
 * `prefillSource`; `verified` what a verified source holds for it. `asked`: on a shown assistant page.
 */
export interface FormItemState {
  code: string;
  /** The repetition of a repeatable group (absent: the first, as for every other item). */
  sequence?: number;
  hidden: boolean;
  /** The standard item is required and not hidden. */
  required: boolean;
  reason: string;
  prefill?: string;
  prefillSource?: PrefillSource;
  verified?: Verified;
  /** What a source offers for the item, answered or not (an answer equal to it came from there). */
  offer?: Verified;
  asked: boolean;
}

/** How many times a repeatable group is asked, and its limits (decision 0013). */
export interface RepeatState {
  code: string;
  count: number;
  min: number;
  max: number;
}

export interface FormState {
  /** One per item, then one per item of each repetition after the first (with `sequence`). */
  items: FormItemState[];
  explanations: Explanation[];
  repeats: RepeatState[];
}

export function buildFormState(
  codes: Iterable<string>,
  catalog: ReadonlyMap<string, StandardItem>,
  hidden: ReadonlyMap<string, CompiledHiding>,
  prefilledItems: Answers['items'],
  prefills: ReadonlyMap<string, Prefill>,
  verified: ReadonlyMap<string, Verified>,
  asked: ReadonlySet<string>,
  offers: ReadonlyMap<string, Verified> = new Map(),
): FormState {
  const items: FormItemState[] = [];
  const explanations: Explanation[] = [];
  for (const code of codes) {
    const state = hiddenState(hidden.get(code), prefilledItems);
    const entry: FormItemState = {
      code,
      hidden: state.hidden,
      required: !state.hidden && catalog.get(code)?.required === true,
      reason: state.reason,
      asked: asked.has(code),
    };
    explanations.push({ subject: subjects.item(code), shown: !state.hidden, reason: state.reason });
    const prefill = prefills.get(code);
    if (prefill && !state.hidden) {
      entry.prefill = prefill.value;
      entry.prefillSource = prefill.source;
      explanations.push({ subject: subjects.item(code), shown: true, reason: prefill.reason });
    }
    const claim = verified.get(code);
    if (claim && !state.hidden) entry.verified = claim;
    const offer = offers.get(code);
    if (offer && !state.hidden) entry.offer = offer;
    items.push(entry);
  }
  return { items, explanations, repeats: [] };
}
