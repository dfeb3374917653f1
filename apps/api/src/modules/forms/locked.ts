import type { StandardItemFragmentValue } from '@portal/contracts';
import { sameAnswer, type FormItemState, type Verified } from '@portal/rules';

/**
 * Items the procedure requires to equal a verified source (locked prefill rules): a value that says the
 * same is stored as the source holds it (width and spacing included); a different one is refused at
 * its field.
 */
export function checkLocked<V extends StandardItemFragmentValue>(
  items: readonly FormItemState[],
  values: readonly V[],
): { values: V[]; errors: { field: string; message: string }[] } {
  const locked = new Map<string, Verified>();
  for (const i of items)
    if ((i.sequence ?? 1) === 1 && i.verified?.locked && !i.hidden) locked.set(i.code, i.verified);
  const errors: { field: string; message: string }[] = [];
  const out = values.map((v) => {
    const claim = v.sequence === 1 ? locked.get(v.standard_item_code) : undefined;
    if (!claim) return v;
    if (sameAnswer(v.value, claim.value)) return { ...v, value: claim.value };
    const from = claim.source === 'registry' ? 'the resident registry' : 'the My Number Card';
    errors.push({
      field: v.standard_item_code,
      message: `must be as on ${from}: it cannot be changed here`,
    });
    return v;
  });
  return { values: out, errors };
}

/**
 * Answers a remand that names fields leaves closed (decision 0023): a value of another field that differs
 * from the stored one is refused at its field (the form may send its whole page unchanged). A field with
 * no answer stays open, so an item a correction newly asks for can always be answered.
 */
/** An answer that says nothing: none, empty text or an empty list. */
export const blankAnswer = (value: StandardItemFragmentValue['value'] | undefined) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function uncorrectable(
  correctable: ReadonlySet<string>,
  stored: readonly StandardItemFragmentValue[],
  values: readonly StandardItemFragmentValue[],
): { field: string; message: string }[] {
  const key = (v: StandardItemFragmentValue) => `${v.standard_item_code}#${v.sequence}`;
  const before = new Map(stored.map((v) => [key(v), v.value]));
  return values
    .filter((v) => !correctable.has(key(v)) && !blankAnswer(before.get(key(v))))
    .filter((v) => !sameAnswer(v.value ?? null, before.get(key(v)) ?? null))
    .map((v) => ({
      field: v.sequence === 1 ? v.standard_item_code : `${v.standard_item_code}.${v.sequence}`,
      message: 'was not sent back for correction: it cannot be changed now',
    }));
}
