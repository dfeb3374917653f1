import fc from 'fast-check';
import { ErrorBody, routeTable, type RouteDef } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../databases.js';
import { audiences, createFuzzWorld, type Audience, type FuzzWorld } from './fuzz-world.js';
import { injectOf, requestOf, type FuzzRequest } from './route-requests.js';
import { preview } from './wire.js';

/** Cases per route and audience; FUZZ_RUNS=2000 for a long run, FUZZ_SEED to fix the generator. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const HANG_MS = 5_000;

const routes = routeTable as readonly RouteDef[];
/** FUZZ_STATS=1 prints how each route answered each audience: shows whether calls reach the handlers. */
const stats = new Map<string, number>();

/** A signed-in route refuses other audiences before reading any input: a few cases show it does so cleanly. */
const runsFor = (route: RouteDef, audience: Audience) =>
  !route.auth || route.audience === audience ? RUNS : Math.ceil(RUNS / 4);

/** What is wrong with the answer to a call, or null: a 5xx, a 4xx without the one error body, a hang. */
async function problemOf(world: FuzzWorld, route: RouteDef, audience: Audience, req: FuzzRequest) {
  const options = injectOf(route, req, await world.cookieOf(audience), world.csrfToken);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), HANG_MS)));
  const res = await Promise.race([world.app.inject(options), hang]).finally(() => clearTimeout(timer));
  if (res === 'hang') return `no answer within ${HANG_MS} ms`;
  const key = `${route.id} ${audience} ${res.statusCode}`;
  stats.set(key, (stats.get(key) ?? 0) + 1);
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = res.body;
  }
  if (ErrorBody.safeParse(body).success) return null;
  return `answered ${res.statusCode} without the error body: ${res.body.slice(0, 300)}`;
}

/** Fuzzes one route as one audience; on failure, the route, audience and shrunk input. */
async function fuzz(world: FuzzWorld, route: RouteDef, audience: Audience, arb: fc.Arbitrary<FuzzRequest>) {
  const property = fc.asyncProperty(arb, async (req) => {
    const problem = await problemOf(world, route, audience, req);
    if (problem) throw new Error(problem);
  });
  const out = await fc.check(property, {
    numRuns: runsFor(route, audience),
    ...(SEED === undefined ? {} : { seed: SEED }),
  });
  if (!out.failed) return null;
  return [
    `${route.id} (${route.method} ${route.path}) as ${audience}: ${(out.errorInstance as Error).message}`,
    `  shrunk input: ${JSON.stringify(preview(out.counterexample?.[0]))}`,
    `  seed ${out.seed}, path ${out.counterexamplePath}, after ${out.numRuns} cases and ${out.numShrinks} shrinks`,
  ].join('\n');
}

describe.each(databaseKinds)('API fuzz on %s', (kind) => {
  let world: FuzzWorld;
  beforeAll(async () => {
    world = await createFuzzWorld(kind);
  });
  afterAll(async () => {
    if (process.env.FUZZ_STATS) console.log([...stats].map(([k, n]) => `${k}: ${n}`).join('\n'));
    await world.close();
  });

  it.each(routes.map((r) => [r.id, r] as const))(
    '%s: no 5xx, the error body on every 4xx, no hang',
    async (_id, route) => {
      const arb = requestOf(route, await world.pools());
      const problems: string[] = [];
      for (const audience of audiences) {
        const problem = await fuzz(world, route, audience, arb);
        if (problem) problems.push(problem);
      }
      expect(problems, problems.join('\n\n')).toEqual([]);
    },
    60_000 + RUNS * audiences.length * 2_000,
  );

  // What the fuzz found answering 500 once, kept as fixed cases: random runs may not draw them again.
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  it.each([
    ['a body nested 100,000 deep', 'POST', '/api/mastertool/login/', deep(100_000)],
    [
      'a field nested 20,000 deep',
      'POST',
      '/api/municipalities/999999/login/',
      `{"login_id":${deep(20_000)}}`,
    ],
    [
      'a version past 2^31 - 1',
      'GET',
      '/api/municipalities/999999/form/?procedure_group_id=1&procedure_ids=1&version=2147483648',
      undefined,
    ],
    [
      'a group id past 2^31 - 1',
      'GET',
      '/api/municipalities/999999/form/?procedure_group_id=2147483648&procedure_ids=1&version=1',
      undefined,
    ],
  ] as const)('refuses %s with the error body', async (_name, method, url, payload) => {
    const headers = { 'x-region-code': '999999', 'x-csrf-token': '', 'content-type': 'application/json' };
    const res = await world.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(ErrorBody.safeParse(res.json()).success, res.body).toBe(true);
  });
});
