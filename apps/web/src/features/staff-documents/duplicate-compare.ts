// The rows of a duplicate comparison (issue 32 item 5): the answers of two documents of one procedure,
// the same item (and repetition) on the same row, in this document's form order; items only the other
// one has follow in theirs. Each row says whether the two answers differ.
import { sameValue, type AnswerRow, type Value } from './answers';

export interface CompareRow {
  key: string;
  /** The row as this document has it, else as the other one does (for its label and section). */
  row: AnswerRow;
  own: Value;
  other: Value;
  differs: boolean;
}

export function compareRows(own: readonly AnswerRow[], other: readonly AnswerRow[]): CompareRow[] {
  const others = new Map(other.map((r) => [r.key, r]));
  const rows: CompareRow[] = own.map((r) => {
    const o = others.get(r.key)?.value ?? null;
    return { key: r.key, row: r, own: r.value, other: o, differs: !sameValue(r.value, o) };
  });
  const mine = new Set(own.map((r) => r.key));
  for (const r of other) {
    if (mine.has(r.key)) continue;
    rows.push({ key: r.key, row: r, own: null, other: r.value, differs: !sameValue(null, r.value) });
  }
  return rows;
}

/** The rows grouped by section, in the order the sections first appear. */
export function bySection(rows: readonly CompareRow[]): { section: string; rows: CompareRow[] }[] {
  const groups = new Map<string, CompareRow[]>();
  for (const r of rows) {
    const list = groups.get(r.row.section) ?? [];
    list.push(r);
    groups.set(r.row.section, list);
  }
  return [...groups].map(([section, list]) => ({ section, rows: list }));
}
