import fc from 'fast-check';
import type { JsonSchema } from './json-schema.js';

/**
 * Arrays or objects nested `depth` deep around `leaf`. Kept as a marker, not built: JSON.stringify
 * overflows the stack of the test itself near 5,000 levels, the server's JSON.parse does not.
 */
export class Nested {
  constructor(
    readonly kind: 'array' | 'object',
    readonly depth: number,
    readonly leaf: unknown,
  ) {}
  [fc.toStringMethod](): string {
    return `<${this.kind}s nested ${this.depth} deep>`;
  }
}

/** Text that breaks naive code: NUL, lone surrogates, bidi and combining marks, emoji, look-alikes. */
export const edgeStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\udbff\ud800',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307',
  'Z\u0335\u0321\u0327\u031b\u0317a\u0338l\u0337g\u0336o\u0335',
  '👨‍👩‍👧‍👦',
  '🇯🇵🏳️‍🌈',
  '\ufeff\u200b\u200d\u2060',
  '\ufffe\uffff',
  '１２３４５６',
  '𠮷野家',
  'ｱｲｳｴｵ',
  '\r\n\t\v\f',
  '%00%ff',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  '-0',
  '1e999',
  '9'.repeat(40),
  '2099-02-30',
  '00000000-0000-0000-0000-000000000000',
] as const;

/** Values of every JSON type, for a field that expects another. */
const wrongTyped: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.0001,
  2 ** 53,
  -(2 ** 63),
  1e308,
  [],
  {},
  [null],
  { a: 1 },
];

const repeatedText = (length: number) =>
  fc
    .constantFrom('x', 'あ', '😀', 'e\u0301', '\u0000')
    .map((unit) => unit.repeat(Math.ceil(length / unit.length)));

/** A string just over the schema's limit, or very long (up to ~0.8 MB, under the 1 MB body limit). */
const oversizeString = (s: JsonSchema) =>
  fc.constantFrom((s.maxLength ?? 100) + 1, 10_000, 200_000).chain(repeatedText);

/** An array just over the schema's limit, or 10,000 small entries (big ones would only meet the body limit). */
const oversizeArray = (s: JsonSchema, item: fc.Arbitrary<unknown>) =>
  fc
    .oneof(
      fc.tuple(fc.constant((s.maxItems ?? 50) + 1), item),
      fc.tuple(fc.constant(10_000), fc.constantFrom(0, 'x', null)),
    )
    .map(([n, v]) => Array<unknown>(n).fill(v));

const nested = fc
  .tuple(
    fc.constantFrom('array', 'object'),
    fc.constantFrom(64, 2_000, 20_000, 100_000),
    fc.constantFrom(0, 'x', null),
  )
  .map(([kind, depth, leaf]) => new Nested(kind as Nested['kind'], depth, leaf));

/** Anything the schema does not describe: wrong types, hostile text, oversize strings and arrays, deep nesting. */
export function hostileValue(s: JsonSchema, item: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...wrongTyped) },
    { weight: 4, arbitrary: fc.constantFrom(...edgeStrings) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: oversizeString(s) },
    { weight: 1, arbitrary: oversizeArray(s, item) },
    { weight: 1, arbitrary: nested },
  );
}

/** A short wrong value: for unknown keys, where size would only repeat what the fields test. */
export const smallHostile = fc.oneof(fc.constantFrom(...wrongTyped), fc.constantFrom(...edgeStrings));

/** Keys no schema declares, added to objects. */
export const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'x',
  '',
  '\u0000',
  '\ud800',
  '😀',
);
