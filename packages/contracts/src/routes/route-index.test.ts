import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeTable } from './index.js';
import { routeEntry } from './route-index.js';
import { routeIndex } from './route-index.generated.js';

describe('the zod-free route index', () => {
  it('holds every route of the table as the table declares it (else: npx tsx scripts/route-index.mjs)', () => {
    const expected = Object.fromEntries(
      routeTable.map((r) => [
        r.id,
        { id: r.id, method: r.method, path: r.path, csrf: r.csrf, produces: r.produces },
      ]),
    );
    expect(routeIndex).toStrictEqual(expected);
  });

  it('finds a route by id and refuses an unknown one', () => {
    expect(routeEntry('applicant.home')).toEqual({
      id: 'applicant.home',
      method: 'GET',
      path: '/api/municipalities/{code}/',
      csrf: 'none',
      produces: 'json',
    });
    expect(() => routeEntry('no.such.route')).toThrow(/unknown route id no.such.route/);
  });
});

describe('answers the production client reads as sent (decision 0015)', () => {
  it('declares no transform in any JSON answer (JSON Schema cannot express one: it throws)', () => {
    const transformed = routeTable
      .filter((r) => r.produces === 'json')
      .filter((r) => {
        try {
          z.toJSONSchema(r.response, { io: 'output' });
          return false;
        } catch {
          return true;
        }
      })
      .map((r) => r.id);
    expect(transformed).toEqual([]);
    expect(() => z.toJSONSchema(z.string().transform(Number), { io: 'output' })).toThrow();
  });
});
