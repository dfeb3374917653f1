import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeTable } from '@portal/contracts';
import { compileResponse, responseJsonSchema, responseSerializerCompiler } from './response-serializer.js';

const Answer = z.object({
  id: z.string(),
  count: z.number().int(),
  note: z.string().nullable(),
  values: z.array(z.union([z.string(), z.array(z.string())])),
});
const input = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;

describe('compiled response serializers', () => {
  it('compile for every route of the contracts', () => {
    const refused = routeTable.filter((r) => compileResponse(r.response as z.ZodType) === null);
    expect(refused.map((r) => r.id)).toEqual([]);
  });

  it('write what zod would, leaving out what the schema does not name', () => {
    const write = responseSerializerCompiler({ check: false })(input(Answer));
    const data = { id: 'a', count: 2, note: null, values: ['x', ['y', 'z']], secret: 'not sent' };
    expect(JSON.parse(write(data))).toEqual({ id: 'a', count: 2, note: null, values: ['x', ['y', 'z']] });
  });

  it('with the check on, fail loudly on an answer its schema does not describe', () => {
    const write = responseSerializerCompiler({ check: true })(input(Answer));
    expect(() => write({ id: 'a', count: '2', note: null, values: [] })).toThrow();
    expect(JSON.parse(write({ id: 'a', count: 2, note: 'n', values: [] }))).toMatchObject({ note: 'n' });
  });

  it('keep shapes only: a union branch is chosen by shape, never missed over a pattern', () => {
    const Pending = z.object({
      pending: z.object({ email: z.email(), pattern: z.string().min(1) }).nullable(),
    });
    const json = JSON.stringify(responseJsonSchema(Pending));
    expect(json).not.toMatch(/"(format|minLength)":/);
    expect(json).not.toMatch(/"pattern":"/);
    expect(json).toContain('"pattern":{');
    const write = responseSerializerCompiler({ check: true })(input(Pending));
    const data = { pending: { email: 'ä.b@example.jp', pattern: 'x' } };
    expect(JSON.parse(write({ pending: null }))).toEqual({ pending: null });
    expect(() => write(data)).toThrow(); // zod refuses the address; the compiled writer alone would not
    const plain = responseSerializerCompiler({ check: false })(input(Pending));
    expect(JSON.parse(plain(data))).toEqual(data);
  });
});
