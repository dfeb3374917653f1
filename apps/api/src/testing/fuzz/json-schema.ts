import fc from 'fast-check';
import { z } from 'zod';
import { hostileKey, hostileValue, smallHostile } from './hostile.js';

/** The part of JSON Schema that z.toJSONSchema emits for the route table's request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Known uuids: some uuid fields take one, so calls reach records that exist. */
export interface Hints {
  uuids: readonly string[];
}

/** A zod schema's input as JSON Schema; refinements drop out, so generated values are valid in shape. */
export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : [s.type].flat());

const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

const chars = (text: string) => fc.constantFrom(...text);
// Mostly ASCII, some kana and kanji: the text residents and staff actually type.
const textUnit = fc.oneof(
  { weight: 4, arbitrary: chars('abcxyzABC019 -_.@') },
  { weight: 2, arbitrary: fc.integer({ min: 0x3041, max: 0x30fa }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x4e00, max: 0x4fff }).map((c) => String.fromCharCode(c)) },
);

function stringOf(s: JsonSchema, hints: Hints): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 30, Math.max(min, 30));
  const patterns = [s.pattern, ...(s.allOf ?? []).map((p) => p.pattern)].flatMap((p) =>
    p ? [new RegExp(p)] : [],
  );
  if (s.format === 'uuid') {
    return fc.oneof(fc.constantFrom(...hints.uuids, '00000000-0000-4000-8000-000000000000'), fc.uuid());
  }
  // The first pattern drawn from; any others (rare) may make a near miss.
  const [pattern] = patterns;
  if (pattern) return fc.stringMatching(pattern).map((v) => fitted(v, min, s.maxLength));
  return fc.string({ unit: textUnit, minLength: min, maxLength: max });
}

/**
 * Brought within the lengths by repeating or cutting, never by filtering: a pattern such as `[a-z]+` with
 * a minimum of 20 almost never draws a long string, and a filter then spins synchronously for ever. A
 * result that no longer matches its pattern is a near miss the route must refuse with a 400.
 */
export function fitted(value: string, min: number, max = Infinity): string {
  const long =
    value.length >= min || value.length === 0 ? value : value.repeat(Math.ceil(min / value.length));
  return long.slice(0, Math.max(min, Math.min(max, long.length)));
}

function integerOf(s: JsonSchema): fc.Arbitrary<number> {
  const low = s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + 1);
  const high = s.maximum ?? (s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - 1);
  const from = low ?? Math.min(0, high ?? 0);
  // Small values hit the demo's configuration ids; the rest roam the whole range.
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: from, max: Math.min(high ?? Infinity, from + 40) }) },
    {
      weight: 1,
      arbitrary: fc
        .bigInt(BigInt(low ?? Number.MIN_SAFE_INTEGER), BigInt(high ?? Number.MAX_SAFE_INTEGER))
        .map(Number),
    },
  );
}

const numberOf = (s: JsonSchema) =>
  fc.double({
    min: s.minimum ?? s.exclusiveMinimum ?? -1e9,
    max: s.maximum ?? s.exclusiveMaximum ?? 1e9,
    minExcluded: s.exclusiveMinimum !== undefined,
    maxExcluded: s.exclusiveMaximum !== undefined,
    noNaN: true,
  });

/** Values the schema accepts in shape (lengths, patterns, ranges, enums; not refinements). */
export function validOf(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => validOf(x, hints)));
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => validOf({ ...s, type }, hints)));
  switch (types[0]) {
    case 'object':
      return fc.record(
        mapValues(s.properties ?? {}, (p) => validOf(p, hints)),
        { requiredKeys: s.required ?? [] },
      );
    case 'array': {
      const min = s.minItems ?? 0;
      return fc.array(validOf(s.items ?? {}, hints), {
        minLength: min,
        maxLength: Math.min(s.maxItems ?? 3, Math.max(min, 3)),
      });
    }
    case 'string':
      return stringOf(s, hints);
    case 'integer':
      return integerOf(s);
    case 'number':
      return numberOf(s);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly the empty array, now and then one to two entries. */
const rarely = <T>(arb: fc.Arbitrary<T[]>) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant([] as T[]) }, { weight: 1, arbitrary: arb });

/** Unknown keys (prototype names, NUL, lone surrogates). */
const extraEntries = rarely(fc.array(fc.tuple(hostileKey, smallHostile), { minLength: 1, maxLength: 2 }));

/** Valid in shape at most nodes; any node may be swapped for a hostile value, objects gain odd keys. */
export function fuzzedOf(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const valid = validOf(s, hints);
  return fc.oneof(
    { weight: 5, arbitrary: fuzzedChildren(s, hints) ?? valid },
    { weight: 1, arbitrary: hostileValue(s, s.items ? validOf(s.items, hints) : valid) },
  );
}

function fuzzedChildren(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> | null {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => fuzzedChildren(x, hints) ?? validOf(x, hints)));
  const types = typesOf(s);
  if (types.includes('object')) {
    const known = fc.record(
      mapValues(s.properties ?? {}, (p) => fuzzedOf(p, hints)),
      { requiredKeys: s.required ?? [] },
    );
    const required = s.required ?? [];
    const dropped = required.length
      ? rarely(fc.subarray(required, { minLength: 1, maxLength: 1 }))
      : fc.constant([] as string[]);
    return fc
      .tuple(known, extraEntries, dropped)
      .map(([fields, extra, drop]) =>
        Object.fromEntries([...Object.entries(fields).filter(([k]) => !drop.includes(k)), ...extra]),
      );
  }
  if (types.includes('array')) {
    return fc.array(fuzzedOf(s.items ?? {}, hints), { maxLength: Math.min(s.maxItems ?? 3, 3) });
  }
  return null;
}
