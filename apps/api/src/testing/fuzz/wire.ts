import fc from 'fast-check';
import { Nested } from './hostile.js';

/** JSON text of a value; a Nested marker is written out flat, whatever its depth. */
export function toJsonText(value: unknown): string {
  if (value instanceof Nested) {
    const [open, close] = value.kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
    return open.repeat(value.depth) + toJsonText(value.leaf) + close.repeat(value.depth);
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Percent-encodes as UTF-8; a lone surrogate goes as its (invalid) three bytes, as a hostile client may. */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp < 0xd800 || cp > 0xdfff) out += encodeURIComponent(char);
    else out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map(hex).join('');
  }
  return out;
}

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? toJsonText(v) : String(v);

/** A query string: arrays repeat their key, objects go as JSON text, a bare value as the whole query. */
export function queryString(query: unknown): string {
  if (query === undefined) return '';
  if (query === null || typeof query !== 'object' || Array.isArray(query) || query instanceof Nested) {
    return `?${percentEncode(asText(query))}`;
  }
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${percentEncode(key)}=${percentEncode(asText(v))}`),
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** A generated input made short to print: long strings and arrays cut, deep nesting named. */
export function preview(value: unknown, depth = 0): unknown {
  if (value instanceof Nested) return value[fc.toStringMethod]();
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (typeof value === 'string') {
    return value.length > 80 ? `${value.slice(0, 40)}… (${value.length} chars)` : value;
  }
  if (Array.isArray(value)) {
    const head = value.slice(0, 5).map((v) => preview(v, depth + 1));
    return value.length > 5 ? [...head, `… (${value.length} items)`] : head;
  }
  if (value !== null && typeof value === 'object') {
    if (depth > 6) return '{…}';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, preview(v, depth + 1)]));
  }
  return value;
}
