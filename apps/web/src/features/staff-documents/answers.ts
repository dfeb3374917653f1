// The answers of a document as the detail screen shows and edits them: each value next to its item
// definition, formatted for reading (choice labels, lists joined), checked like the applicant form, with
// the source each value came from (decision 0012).
import type { PrefillSource, StandardItem, StandardItemFragmentValue } from '@portal/contracts';
import { validateItem } from '@portal/rules';

export type FormItem = StandardItem & { repeatable: boolean };
export type Value = StandardItemFragmentValue['value'];
/** A stored answer as the staff detail gives it: with its source (null or absent: typed). */
export type StoredValue = StandardItemFragmentValue & { source?: PrefillSource | null };

export interface AnswerRow {
  key: string;
  code: string;
  sequence: number;
  item: FormItem | null;
  section: string;
  value: Value;
  /** Where the stored value came from (the card, the registry, the account, an answer); null when typed. */
  source: PrefillSource | null;
}

export const answerKey = (code: string, sequence: number) => `${code}#${sequence}`;

/**
 * Rows in form order: the procedure's items by fragment (each answered repeat in sequence order), then any
 * answered item the definition does not name (kept visible, never dropped).
 */
export function answerRows(
  fragments: { name: string; procedure_codes: string[]; items: FormItem[] }[],
  procedureCode: string,
  values: StoredValue[],
): AnswerRow[] {
  const byCode = new Map<string, StoredValue[]>();
  for (const v of values) byCode.set(v.standard_item_code, [...(byCode.get(v.standard_item_code) ?? []), v]);
  const rows: AnswerRow[] = [];
  const seen = new Set<string>();
  for (const fragment of fragments.filter((f) => f.procedure_codes.includes(procedureCode))) {
    for (const item of fragment.items) {
      if (seen.has(item.code)) continue;
      seen.add(item.code);
      const answered = (byCode.get(item.code) ?? []).sort((a, b) => a.sequence - b.sequence);
      if (answered.length === 0) {
        rows.push({
          key: answerKey(item.code, 1),
          code: item.code,
          sequence: 1,
          item,
          section: fragment.name,
          value: null,
          source: null,
        });
      }
      for (const v of answered)
        rows.push({
          key: answerKey(item.code, v.sequence),
          code: item.code,
          sequence: v.sequence,
          item,
          section: fragment.name,
          value: v.value,
          source: v.source ?? null,
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
    });
  }
  return rows;
}

/** A value as text for reading: choice labels, lists joined with 、, blank as null. */
export function displayValue(
  item: Pick<StandardItem, 'choices' | 'suffix'> | null,
  value: Value,
): string | null {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  const label = (v: string) => item?.choices.find((c) => c.value === v)?.label ?? v;
  const text = Array.isArray(value) ? value.map(label).join('、') : label(value);
  return item?.suffix ? `${text} ${item.suffix}` : text;
}

/** Whether two values are the same answer (lists compared in order). */
export function sameValue(a: Value, b: Value): boolean {
  const norm = (v: Value) => (v === '' || (Array.isArray(v) && v.length === 0) ? null : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** The problem of an edited value ('required' or the rule's text), or null. */
export function checkValue(item: FormItem, value: Value): string | null {
  return validateItem(item, value);
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
