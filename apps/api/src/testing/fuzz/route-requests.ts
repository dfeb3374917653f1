import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { pathParamNames, pathParams, type PathParamName, type RouteDef } from '@portal/contracts';
import { group, PNG } from '../../modules/documents/documents.fixtures.js';
import { multipartBody } from '../multipart.js';
import type { Pools } from './fuzz-world.js';
import { edgeStrings } from './hostile.js';
import { fuzzedOf, jsonSchemaOf, validOf, type Hints } from './json-schema.js';
import { percentEncode, queryString, toJsonText } from './wire.js';

interface FileInput {
  name: string;
  type: string;
  bytes: Buffer;
}

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string | Buffer }
  | { kind: 'multipart'; fields: Record<string, string>; file: FileInput | null };

/** One generated call of a route: what goes in the path, query and body, and which guards it meets. */
export interface FuzzRequest {
  params: Record<string, string>;
  query: unknown;
  body: FuzzBody;
  csrf: 'valid' | 'missing' | 'wrong';
  region: 'path' | 'missing' | 'garbage';
  /** The If-Match a versioned write sends (decision 0034): mostly a small version, else none or junk. */
  ifMatch: string | null;
}

/** `usual` nine times in ten, else one of `rare`: most calls should pass the guards and reach a handler. */
const mostly = <T>(usual: T, ...rare: T[]) =>
  fc.oneof(
    { weight: 9 * rare.length, arbitrary: fc.constant(usual) },
    ...rare.map((r) => ({ weight: 1, arbitrary: fc.constant(r) })),
  );

const some = <T>(arb: fc.Arbitrary<T>, weight: number) => ({ weight, arbitrary: arb });

/** Bodies that are not the JSON they claim to be: truncated, prototype keys, duplicate keys, bad UTF-8. */
const rawJson = fc.constantFrom<string | Buffer>(
  '',
  '{',
  '{"a":',
  'null',
  '"x"',
  '1e999',
  '[]',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  '\u0000',
  Buffer.from('{"x":"\xff\xfe"}', 'latin1'),
);
const raw = rawJson.map((text): FuzzBody => ({ kind: 'raw', text }));
const json = (value: unknown): FuzzBody => ({ kind: 'json', value });

const garbageParam = fc.oneof(
  fc.constantFrom(...edgeStrings),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '99999999999999999999', '%', 'a'.repeat(201)),
);

/** A path parameter: mostly a record that exists, else one of valid form, else garbage. */
function paramOf(name: string, pools: Pools): fc.Arbitrary<string> {
  const valid = validOf(jsonSchemaOf(pathParams[name as PathParamName]), { uuids: [] }).map(String);
  const known = pools[name] ?? [];
  if (known.length === 0) return fc.oneof(some(valid, 9), some(garbageParam, 1));
  // The fuzzed sessions belong to the first municipality: other codes make the rarer cross-tenant calls.
  const usual = name === 'code' ? fc.constant(known[0]!) : fc.constantFrom(...known);
  return fc.oneof(some(usual, 16), some(fc.constantFrom(...known), 2), some(valid, 1), some(garbageParam, 1));
}

function queryOf(route: RouteDef, hints: Hints): fc.Arbitrary<unknown> {
  if (!route.query) {
    return fc.oneof(some(fc.constant(undefined), 4), some(fuzzedOf({ type: 'object' }, hints), 1));
  }
  const s = jsonSchemaOf(route.query);
  return fc.oneof(some(validOf(s, hints), 1), some(fuzzedOf(s, hints), 2));
}

const attachCodes = group.disclosure.procedure_attaches.map((a) => a.standard_item_code);

/** An upload: known or hostile item codes and sequences, a PNG, random bytes, an empty file or none. */
const multipart = fc
  .record({
    fields: fc.record(
      {
        standard_item_code: fc.oneof(fc.constantFrom(...attachCodes), fc.constantFrom(...edgeStrings)),
        sequence: fc.oneof(
          fc.constantFrom('1', '2', '0', '-1', '1.5', '1e309'),
          fc.constantFrom(...edgeStrings),
        ),
      },
      { requiredKeys: [] },
    ),
    file: fc.option(
      fc.record({
        name: fc.oneof(fc.constant('photo.png'), fc.constantFrom(...edgeStrings)),
        type: fc.constantFrom('image/png', 'application/pdf', 'text/html', ''),
        bytes: fc.oneof(
          fc.constant(PNG),
          fc.uint8Array({ maxLength: 64 }).map(Buffer.from),
          fc.constant(Buffer.alloc(0)),
        ),
      }),
    ),
  })
  .map((m): FuzzBody => ({ kind: 'multipart', ...m }));

function bodyOf(route: RouteDef, hints: Hints): fc.Arbitrary<FuzzBody> {
  if (route.body === 'multipart') return fc.oneof(some(multipart, 5), some(raw, 1));
  if (route.body) {
    const s = jsonSchemaOf(route.body);
    return fc.oneof(
      some(validOf(s, hints).map(json), 2),
      some(fuzzedOf(s, hints).map(json), 4),
      some(raw, 1),
    );
  }
  if (route.method === 'GET') return fc.constant({ kind: 'none' });
  return fc.oneof(
    some(fc.constant({ kind: 'none' }), 4),
    some(fuzzedOf({}, hints).map(json), 1),
    some(raw, 1),
  );
}

/** Edge strings a header can carry (printable ASCII): others never reach the server. */
const headerSafe = edgeStrings.filter((v) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v));

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);

/** Calls of a route generated from its schemas in the route table. */
export function requestOf(route: RouteDef, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const hints: Hints = { uuids: Object.values(pools).flat().filter(isUuid) };
  const names = pathParamNames(route.path);
  return fc.record({
    params: fc.record(Object.fromEntries(names.map((n) => [n, paramOf(n, pools)]))),
    query: queryOf(route, hints),
    body: bodyOf(route, hints),
    csrf:
      route.method === 'GET' ? fc.constant('valid' as const) : mostly('valid' as const, 'missing', 'wrong'),
    region: mostly('path' as const, 'missing', 'garbage'),
    ifMatch:
      route.ifMatch === 'required'
        ? fc.oneof(
            some(
              fc.integer({ min: 1, max: 4 }).map((v) => `"${v}"`),
              8,
            ),
            some(fc.constant(null), 1),
            some(fc.constantFrom('*', 'W/"1"', '"1", "2"', '"0"', '"99999999999"', ...headerSafe), 1),
          )
        : fc.constant(null),
  });
}

/** The generated call as app.inject options, with the audience's cookies and this browser's CSRF token. */
export function injectOf(
  route: RouteDef,
  req: FuzzRequest,
  cookie: string,
  csrfToken: string,
): InjectOptions {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(req.params[name] ?? ''));
  const headers: Record<string, string> = { cookie };
  const code = req.params.code ?? '999999';
  if (req.region === 'path') headers['x-region-code'] = /^\d{6}$/.test(code) ? code : '999999';
  if (req.region === 'garbage') headers['x-region-code'] = '99999x';
  if (route.method !== 'GET' && req.csrf !== 'missing') {
    headers['x-csrf-token'] = req.csrf === 'valid' ? csrfToken : 'A'.repeat(43);
  }
  if (req.ifMatch !== null) headers['if-match'] = req.ifMatch;
  const base = { method: route.method, url: path + queryString(req.query), headers };
  const { body } = req;
  if (body.kind === 'none') return base;
  if (body.kind === 'multipart') {
    const { payload, contentType } = multipartBody(body.fields, body.file ?? undefined);
    return { ...base, headers: { ...headers, 'content-type': contentType }, payload };
  }
  const payload = body.kind === 'json' ? toJsonText(body.value) : body.text;
  return { ...base, headers: { ...headers, 'content-type': 'application/json' }, payload };
}
