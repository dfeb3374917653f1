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

/** Fields a tree of an added or removed entry leaves out: ids and order numbers say nothing to read. */
const HIDDEN_FIELDS = new Set(['id', 'sequence', 'procedure_group_id']);

/** One line of a value shown as a tree: a field or entry name, its value in words, what it holds. */
export interface ValueNode {
  label: string;
  text?: string;
  children?: ValueNode[];
}

/** How the display names fields and words values (the editor's own words, from the message catalogue). */
export interface Wording {
  field: (name: string) => string;
  /** A value of a field in words (`true` → はい, `QT` → 選択式の質問, a procedure id → its name). */
  value: (field: string, value: string | number | boolean | null) => string;
  /** The n-th entry of a list that has no name of its own. */
  entry: (n: number) => string;
}

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isRecord(v) && Object.keys(v).length === 0);

/** A list of plain values, in words. */
const joinValues = (field: string, list: readonly unknown[], words: Wording) =>
  list.map((v) => words.value(field, v as string | number | boolean | null)).join('、');

/** The fields of a record as tree nodes (empty and hidden fields left out; the name first). */
export function recordNodes(record: Record<string, unknown>, words: Wording): ValueNode[] {
  const keys = Object.keys(record)
    .filter((k) => !HIDDEN_FIELDS.has(k) && !isEmpty(record[k]))
    .sort((a, b) => Number(b === 'name') - Number(a === 'name'));
  return keys.map((key) => valueNode(words.field(key), key, record[key], words));
}

/** An entry's own name, else the item a rule entry is about (a prefill rule by its target item). */
function entryLabel(entry: Record<string, unknown>, words: Wording): string | null {
  const own = labelOf(entry);
  if (own !== null) return own;
  return typeof entry.target === 'string' ? words.value('target', entry.target) : null;
}

/** A value under a label: plain values in words, lists and records as branches. */
export function valueNode(label: string, field: string, value: unknown, words: Wording): ValueNode {
  // An empty list or record reads as "none", like an empty value.
  if (isEmpty(value)) return { label, text: words.value(field, null) };
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object'))
      return { label, text: joinValues(field, value, words) };
    return {
      label,
      children: value.map((entry, i) =>
        Array.isArray(entry)
          ? valueNode(words.entry(i + 1), field, entry, words)
          : isRecord(entry)
            ? { label: entryLabel(entry, words) ?? words.entry(i + 1), children: recordNodes(entry, words) }
            : { label: words.entry(i + 1), text: words.value(field, entry as string) },
      ),
    };
  }
  if (isRecord(value)) return { label, children: recordNodes(value, words) };
  return { label, text: words.value(field, value as string | number | boolean | null) };
}

/** The field a path ends in (`…procedures[id=2].name` → `name`; `…procedures[id=2]` → `procedures`). */
export function lastField(path: string): string {
  const fields = diffSegments(path).filter((s): s is { field: string } => 'field' in s);
  return fields[fields.length - 1]?.field ?? '';
}

/** Whether a change is a new order of the same entries (the server's `[ "id=2", "id=3" ]`). */
export const isReorder = (c: ConfigurationChange) =>
  [c.before, c.after].every(
    (v) => Array.isArray(v) && v.every((e) => typeof e === 'string' && /^(id|code)=/.test(e)),
  );

/** The entries of a reordering by their names (from `names`, else by key). */
export function orderLabels(path: string, keys: readonly string[], names?: unknown): string[] {
  return keys.map((k) => {
    const steps = diffSteps(`${path}[${k}]`, names);
    const last = steps[steps.length - 1];
    return last && last.kind === 'entry' ? last.label : k;
  });
}
