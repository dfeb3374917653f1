import type { PrefillSource, StandardItemFragmentValue } from '@portal/contracts';
import type { Profile } from './answers.js';
import { nameCharacters } from './person-names/name-characters.js';

/** One answer as the form sends it: an item code, its repetition (1 for a plain item) and its value. */
export type FragmentValue = StandardItemFragmentValue;

/** An answer as stored: with the source its value came from (decision 0012), null when typed. */
export type StoredValue = FragmentValue & { source: PrefillSource | null };

/** A refusal at one field, in the words of the API's error bodies. */
export interface FieldProblem {
  field: string;
  message: string;
}

type Located = { standard_item_code: string; sequence: number };

/** The one key of an answer's place (item and repetition), for maps and sets of answers. */
export const answerKey = (code: string, sequence = 1): string => `${code}#${sequence}`;

/** {@link answerKey} of an answer. */
export const keyOf = (v: Located): string => answerKey(v.standard_item_code, v.sequence);

/** The field an error names: the item code, with `.N` for a later repetition (decision 0013). */
export const fieldOf = (v: Located): string =>
  v.sequence > 1 ? `${v.standard_item_code}.${v.sequence}` : v.standard_item_code;

// A claim holds a person's name when its own name ends in `name` (last_name, spouse_first_name, household_head_name).
const NAME_CLAIM = /(^|[._])name$/;

/**
 * The characters of the names the resident's records hold (card, registry, personal portal): a name item
 * may carry them even where a newborn's name may not (「髙」 of a registered surname).
 */
export function nameCharactersOnRecord(profile: Profile | null): Set<string> {
  if (!profile) return new Set();
  const names = Object.entries(profile)
    .filter(([key, value]) => NAME_CLAIM.test(key) && typeof value === 'string')
    .map(([, value]) => value as string);
  return nameCharacters(names);
}
