import type { ConfigurationChange } from '@portal/contracts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON with object keys sorted (and undefined fields dropped): equal configurations give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** Same configuration, whatever the key order (jsonb reorders keys). */
export const sameConfiguration = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The field list entries are matched by: `id`, else `code`, when every entry of both lists has a distinct one. */
function keyField(a: Json[], b: Json[]): 'id' | 'code' | null {
  if (!a.every(isObject) || !b.every(isObject) || a.length + b.length === 0) return null;
  for (const field of ['id', 'code'] as const) {
    const distinct = (list: Json[]) => {
      const keys = list.map((e) => (e as Record<string, Json>)[field]);
      return (
        keys.every((k) => typeof k === 'number' || typeof k === 'string') &&
        new Set(keys).size === keys.length
      );
    };
    if (distinct(a) && distinct(b)) return field;
  }
  return null;
}

/**
 * The differences from `before` to `after`, as a readable list by path: objects by field, lists of
 * records by their id (or code) so a reordering or an insertion names what moved, other lists by index
 * (a list of plain values that changed is shown whole).
 */
export function diffConfiguration(before: unknown, after: unknown): ConfigurationChange[] {
  const changes: ConfigurationChange[] = [];
  walk(sortKeys(before) as Json, sortKeys(after) as Json, '', changes);
  return changes;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function walk(a: Json | undefined, b: Json | undefined, path: string, out: ConfigurationChange[]): void {
  if (a === undefined && b === undefined) return;
  if (a === undefined) return void out.push({ path, change: 'added', after: b });
  if (b === undefined) return void out.push({ path, change: 'removed', before: a });
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      walk(a[key], b[key], join(path, key), out);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const field = keyField(a, b);
    if (field) {
      const k = (e: Json) => `${field}=${String((e as Record<string, Json>)[field])}`;
      const left = new Map(a.map((e) => [k(e), e]));
      const right = new Map(b.map((e) => [k(e), e]));
      for (const [name, entry] of left) walk(entry, right.get(name), `${path}[${name}]`, out);
      for (const [name, entry] of right) if (!left.has(name)) walk(undefined, entry, `${path}[${name}]`, out);
      // A reordering of the same entries is a change too (the order is what residents see).
      const order = (list: Json[]) => list.map(k).filter((n) => left.has(n) && right.has(n));
      if (order(a).join() !== order(b).join()) {
        out.push({ path, change: 'changed', before: order(a), after: order(b) });
      }
      return;
    }
    if ([...a, ...b].some((e) => typeof e === 'object' && e !== null)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${path}[${i}]`, out);
      return;
    }
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ path, change: 'changed', before: a, after: b });
}
