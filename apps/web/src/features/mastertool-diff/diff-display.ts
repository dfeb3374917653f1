// What reflecting would change, made readable: the server lists changes by path (`disclosure.procedures
// [id=2].name`); here they are grouped by section, list entries named by the configuration they belong to
// (a question's name instead of `[id=3]`), and values shortened to one line.
import type { ConfigurationChange } from '@portal/contracts';

export type ChangeKind = ConfigurationChange['change'];

/** One step of a change's place: a named entry, an entry known only by its key, or a field. */
export type DiffStep = { kind: 'entry'; label: string } | { kind: 'field'; name: string };

export interface DiffRow {
  path: string;
  change: ChangeKind;
  /** The top-level part: disclosure, concierge_set, standard_items, ... ('' for the group itself). */
  section: string;
  steps: DiffStep[];
  before: string;
  after: string;
}

type Segment = { field: string } | { key: string; value: string } | { index: number };

/** `a.b[id=3].c[0]` → field a, field b, key id=3, field c, index 0. */
export function diffSegments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
    if (m[1] !== undefined) out.push({ field: m[1] });
    else {
      const inner = m[2] ?? '';
      const eq = /^(id|code)=(.*)$/.exec(inner);
      if (eq) out.push({ key: eq[1] as string, value: eq[2] as string });
      else out.push({ index: Number(inner) });
    }
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function labelOf(entry: unknown): string | null {
  if (!isRecord(entry)) return null;
  for (const field of ['name', 'value', 'code', 'question'] as const) {
    const v = entry[field];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return null;
}

/** The steps of a path, entries named from `names` (a configuration) where it has them. */
export function diffSteps(path: string, names?: unknown): DiffStep[] {
  const steps: DiffStep[] = [];
  let node: unknown = names;
  for (const segment of diffSegments(path)) {
    if ('field' in segment) {
      steps.push({ kind: 'field', name: segment.field });
      node = isRecord(node) ? node[segment.field] : undefined;
    } else if ('key' in segment) {
      const entry = Array.isArray(node)
        ? node.find((e) => isRecord(e) && String(e[segment.key]) === segment.value)
        : undefined;
      steps.push({ kind: 'entry', label: labelOf(entry) ?? `${segment.key} ${segment.value}` });
      node = entry;
    } else {
      const entry = Array.isArray(node) ? node[segment.index] : undefined;
      steps.push({ kind: 'entry', label: labelOf(entry) ?? `#${segment.index + 1}` });
      node = entry;
    }
  }
  return steps;
}

/** A value on one line: text as it is, lists and records as compact JSON, cut at `max` characters. */
export function formatValue(value: unknown, max = 160): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The changes as rows, in the server's order. */
export function diffRows(changes: readonly ConfigurationChange[], names?: unknown): DiffRow[] {
  return changes.map((c) => {
    const first = diffSegments(c.path)[0];
    return {
      path: c.path,
      change: c.change,
      section: first && 'field' in first ? first.field : '',
      steps: diffSteps(c.path, names),
      before: formatValue(c.before),
      after: formatValue(c.after),
    };
  });
}

/** Rows grouped by section, sections in order of first appearance. */
export function groupBySection(rows: readonly DiffRow[]): { section: string; rows: DiffRow[] }[] {
  const groups = new Map<string, DiffRow[]>();
  for (const row of rows) groups.set(row.section, [...(groups.get(row.section) ?? []), row]);
  return [...groups].map(([section, list]) => ({ section, rows: list }));
}

/** How many changes of each kind. */
export function countChanges(changes: readonly { change: ChangeKind }[]): Record<ChangeKind, number> {
  const counts: Record<ChangeKind, number> = { added: 0, removed: 0, changed: 0 };
  for (const c of changes) counts[c.change] += 1;
  return counts;
}
