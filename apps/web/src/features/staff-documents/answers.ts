// The answers of a document as the detail screen shows and edits them: each value next to its item
// definition, formatted for reading (choice labels, lists joined), checked like the applicant form, with
// the source each value came from (decision 0012) and each child of a repeatable group (decision 0013).
import type {
  AnswerMismatch,
  PrefillSource,
  RepeatableGroup,
  StandardItem,
  StandardItemFragmentValue,
} from '@portal/contracts';
import { answerKey, answerSlots } from '@portal/rules';
import { checkAnswer, type Problem } from '../../lib/items/item-problems';

export type FormItem = StandardItem & { repeatable: boolean };
export type Value = StandardItemFragmentValue['value'];
/**
 * A stored answer as the staff detail gives it: with its source (null or absent: typed) and, when it
 * differs from the card or the registry, what they hold (issue 32; null or absent: no difference).
 */
export type StoredValue = StandardItemFragmentValue & {
  source?: PrefillSource | null;
  mismatch?: AnswerMismatch | null;
};

export interface AnswerRow {
  key: string;
  code: string;
  sequence: number;
  item: FormItem | null;
  section: string;
  value: Value;
  /** Where the stored value came from (the card, the registry, the account, an answer); null when typed. */
  source: PrefillSource | null;
  /** What the card or the registry holds when the answer differs from it (the server's flag), else null. */
  mismatch: AnswerMismatch | null;
  /** The repeatable group the item repeats with (decision 0013), null for items asked once. */
  group: RepeatableGroup | null;
  /** The label names the repetition: the group holds several children (or a stray later answer). */
  numbered: boolean;
}

export { answerKey } from '@portal/rules';

/**
 * Rows in form order: the procedure's items by fragment, each repeatable group's later repetitions after
 * its items (each child's items together, decision 0013), then any answered item the definition does not
 * name (kept visible, never dropped).
 */
export function answerRows(
  fragments: { name: string; procedure_codes: string[]; items: FormItem[] }[],
  procedureCode: string,
  values: StoredValue[],
  groups: readonly RepeatableGroup[] = [],
): AnswerRow[] {
  const stored = new Map(values.map((v) => [answerKey(v.standard_item_code, v.sequence), v]));
  const rows: AnswerRow[] = [];
  const seen = new Set<string>();
  for (const fragment of fragments.filter((f) => f.procedure_codes.includes(procedureCode))) {
    const items = fragment.items.filter((item) => !seen.has(item.code));
    for (const item of items) seen.add(item.code);
    const byCode = new Map(items.map((item) => [item.code, item]));
    const slots = answerSlots(
      items.map((item) => item.code),
      groups,
      values,
    );
    for (const slot of slots) {
      const v = stored.get(answerKey(slot.code, slot.sequence));
      rows.push({
        key: answerKey(slot.code, slot.sequence),
        code: slot.code,
        sequence: slot.sequence,
        item: byCode.get(slot.code) ?? null,
        section: fragment.name,
        value: v?.value ?? null,
        source: v?.source ?? null,
        mismatch: v?.mismatch ?? null,
        group: slot.group,
        numbered: slot.numbered,
      });
    }
  }
  for (const v of values) {
    if (seen.has(v.standard_item_code)) continue;
    rows.push({
      key: answerKey(v.standard_item_code, v.sequence),
      code: v.standard_item_code,
      sequence: v.sequence,
      item: null,
      section: '',
      value: v.value,
      source: v.source ?? null,
      mismatch: v.mismatch ?? null,
      group: null,
      numbered: v.sequence > 1,
    });
  }
  return rows;
}

/** Whether two values are the same answer (lists compared in order). */
export function sameValue(a: Value, b: Value): boolean {
  const norm = (v: Value) => (v === '' || (Array.isArray(v) && v.length === 0) ? null : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** The problem of an edited value (the rules' check, required as the item says), or null. */
export function checkValue(item: FormItem, value: Value): Problem | null {
  return checkAnswer(item, value, item.required);
}

/** The edited values that differ from the stored ones, as the update call takes them. */
export function changedValues(rows: AnswerRow[], edited: Record<string, Value>): StandardItemFragmentValue[] {
  return rows
    .filter((row) => row.key in edited && !sameValue(row.value, edited[row.key] ?? null))
    .map((row) => {
      const v = edited[row.key] ?? null;
      return { standard_item_code: row.code, sequence: row.sequence, value: v === '' ? null : v };
    });
}
