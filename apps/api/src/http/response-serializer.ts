// Responses are written by serializers compiled once per route from the contracts' JSON Schema
// (fast-json-stringify) instead of parsing every answer through zod on every request (issue 31). Outside
// production each answer is also checked against the zod schema and compared: a difference is a bug.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];

// Checks that only refuse values: the writer needs shapes, and a branch of a union (chosen by matching)
// must not be missed because a regular expression reads differently in JSON Schema than in zod.
const VALUE_CHECKS = new Set([
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

function shapesOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shapesOnly);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Under `properties` the keys are field names, not keywords.
    if (VALUE_CHECKS.has(key) && typeof value !== 'object') continue;
    out[key] = shapesOnly(value);
  }
  return out;
}

/** The JSON Schema of a response as it is sent (zod's input side: what encoding a value produces). */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' });
  return shapesOnly(json) as Record<string, unknown>;
}

/** A compiled serializer, or null when the schema holds what fast-json-stringify cannot write alike. */
export function compileResponse(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0];
    return fastJson(json) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/**
 * Fastify's serializer compiler: compiled writers, with zod's writer beside them when `check` is on
 * (tests, development) so any answer that the two would write differently fails loudly.
 */
export function responseSerializerCompiler({ check }: { check: boolean }) {
  return (input: CompilerInput) => {
    const zodWrite = zodSerializerCompiler(input);
    const compiled = compileResponse(input.schema as z.ZodType);
    if (!compiled) return zodWrite;
    if (!check) return compiled;
    return (data: unknown) => {
      const expected = zodWrite(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `compiled response of ${input.method} ${input.url} differs from its schema's:\n${written}\n${expected}`,
        );
      }
      return written;
    };
  };
}
