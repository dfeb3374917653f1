// The dashboard's overdue counts per department (decision 0019): every department the member sees (the
// overview counts within the same scope), in the order listed, 0 where none; documents of no department last.

export interface OverdueCount {
  /** Null: documents whose procedure names no department. */
  departmentId: number | null;
  name: string | null;
  count: number;
}

export function overdueCounts(
  departments: readonly { id: number; name: string }[],
  overdue: readonly { department_id: number | null; count: number }[],
): OverdueCount[] {
  const countOf = new Map(overdue.map((o) => [o.department_id, o.count]));
  const out: OverdueCount[] = departments.map((d) => ({
    departmentId: d.id,
    name: d.name,
    count: countOf.get(d.id) ?? 0,
  }));
  const none = countOf.get(null);
  if (none) out.push({ departmentId: null, name: null, count: none });
  return out;
}
