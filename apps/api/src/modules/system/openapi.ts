import { z } from 'zod';
import { ErrorBody, routeTable, type RouteDef } from '@portal/contracts';
import { routeAddressLimit } from '../../http/address-limit.js';
import { RATE_LIMIT_HEADERS } from '../../http/rate-limit.js';
import { MAX_SEQUENCE, MAX_UPLOAD_BYTES } from '../attachments/attachments.service.js';
import { sessionCookie } from '../sessions/sessions.service.js';

type Json = Record<string, unknown>;

const INT32 = 2 ** 31;
const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };

/**
 * The longest string a regular expression anchored at both ends can match, or null when unbounded or not
 * understood: a pattern the server enforces bounds the length too, so the document says so (maxLength).
 */
export function patternMaxLength(pattern: string): number | null {
  let i = 0;
  let depth = 0;
  let topLevelAlternatives = 1;
  const quantifier = (): number => {
    const c = pattern[i];
    let times = 1;
    if (c === '*' || c === '+') {
      i++;
      times = Infinity;
    } else if (c === '?') {
      i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) return 1;
      i += m[0].length;
      times = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
    }
    if (times !== 1 && pattern[i] === '?') i++; // lazy
    return times;
  };
  const atom = (): number => {
    const c = pattern[i]!;
    if (c === '^' || c === '$') {
      i++;
      return 0;
    }
    if (c === '(') {
      i++;
      let lookaround = false;
      if (pattern[i] === '?') {
        if (pattern[i + 1] === ':') i += 2;
        else if (pattern[i + 1] === '=' || pattern[i + 1] === '!') {
          i += 2;
          lookaround = true;
        } else throw new Error('group kind');
      }
      depth++;
      const length = alternatives();
      depth--;
      if (pattern[i] !== ')') throw new Error('unclosed group');
      i++;
      return lookaround ? 0 : length;
    }
    if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
      return 1;
    }
    if (c === '\\') {
      const next = pattern[i + 1];
      i += 2;
      if (next === 'b' || next === 'B') return 0;
      if (next === 'u') i += 4;
      else if (next === 'x') i += 2;
      else if (next !== undefined && /[1-9k]/.test(next)) throw new Error('back reference');
      return 1;
    }
    i++;
    return 1;
  };
  const sequence = (): number => {
    let total = 0;
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
      const length = atom();
      const times = quantifier();
      total += length === 0 ? 0 : length * times;
    }
    return total;
  };
  function alternatives(): number {
    let longest = sequence();
    while (pattern[i] === '|') {
      i++;
      if (depth === 0) topLevelAlternatives++;
      longest = Math.max(longest, sequence());
    }
    return longest;
  }
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return null;
  try {
    const longest = alternatives();
    // `^a|b$` is anchored on one side per branch: not bounded.
    if (i !== pattern.length || topLevelAlternatives > 1 || !Number.isFinite(longest)) return null;
    return longest;
  } catch {
    return null;
  }
}

/**
 * What zod's JSON Schema leaves implicit, made explicit (OWASP API4): an integer's size (int32/int64,
 * from its bounds), a UUID's length, and the length a pattern allows.
 */
export function explicitBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(explicitBounds);
  if (node === null || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node as Json).map(([key, value]) => [key, explicitBounds(value)]),
  ) as Json;
  if (schema.type === 'integer' && schema.format === undefined) {
    const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
    const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
    schema.format = min >= -INT32 && max < INT32 ? 'int32' : 'int64';
  }
  if (schema.type === 'string' && schema.maxLength === undefined) {
    if (schema.format === 'uuid') schema.maxLength = 36;
    else if (typeof schema.pattern === 'string') {
      const longest = patternMaxLength(schema.pattern);
      if (longest !== null) schema.maxLength = longest;
    }
  }
  return schema;
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): Json =>
  explicitBounds(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' })) as Json;

const mediaType: Record<RouteDef['produces'], string> = {
  json: 'application/json',
  zip: 'application/zip',
  pdf: 'application/pdf',
  file: 'application/octet-stream',
  text: 'text/plain',
  redirect: 'text/plain',
};

/** The security scheme of each session kind: its cookie (decision 0002); a core system's API key (0057). */
const sessionScheme = {
  applicant: 'applicantSession',
  staff: 'staffSession',
  operator: 'operatorSession',
  integration: 'systemKey',
} as const;

const securitySchemes: Json = {
  applicantSession: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookie.applicant,
    description: 'A resident signed in through the identity provider (HttpOnly, SameSite=Lax).',
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookie.staff,
    description: "A clerk's session, of one municipality (HttpOnly, SameSite=Lax).",
  },
  operatorSession: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookie.operator,
    description: "A master-tool operator's session (HttpOnly, SameSite=Lax).",
  },
  systemKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A core system's API key (`Authorization: Bearer psk_…`), created by the municipality's administrators: scoped to procedures, read or read-and-update, expiring, limited to addresses (decision 0057). No cookie, so no CSRF token.",
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'Signed double-submit token from GET /api/csrf-token, sent with csrfCookie (decision 0002).',
  },
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'portal_csrf',
    description: 'The random cookie GET /api/csrf-token sets; X-CSRF-Token is its HMAC.',
  },
};

/**
 * Who may call: the audience's session (required, or optional when the route also answers without one),
 * and the CSRF pair on writes that need it. `[]` is a public call (sign-in itself, health, the open
 * configuration).
 */
export function securityOf(def: RouteDef): Json[] {
  const csrf = def.csrf === 'required' ? { csrfHeader: [], csrfCookie: [] } : {};
  const scheme = sessionScheme[def.audience as keyof typeof sessionScheme];
  if (scheme && def.auth) return [{ [scheme]: [], ...csrf }];
  if (scheme) return [{ [scheme]: [], ...csrf }, csrf];
  return def.csrf === 'required' ? [csrf] : [];
}

/**
 * Each error status the route can answer, from what it declares (decision 0045): the checks of
 * request-guards.ts and the framework, and the refusals its kind of handler makes.
 */
export function errorStatusesOf(def: RouteDef): number[] {
  const statuses = new Set<number>([400, 429, 500, 503]);
  const signIn = routeAddressLimit(def.id);
  const hasSession = def.audience in sessionScheme;
  // Without a session, or a sign-in that fails.
  if (def.auth || hasSession || signIn?.family === 'staff-sign-in' || signIn?.family === 'operator-sign-in') {
    statuses.add(401);
  }
  // CSRF, a session of another municipality, a permission.
  if (def.csrf !== 'none' || hasSession) statuses.add(403);
  // An unknown municipality or record.
  if (def.params) statuses.add(404);
  // A write may meet a state that no longer allows it (conflict, illegal transition, stale version).
  if (def.method !== 'GET') statuses.add(409);
  if (def.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (def.ifMatch === 'required') statuses.add(428);
  return [...statuses].sort((a, b) => a - b);
}

const errorDescriptions: Record<number, string> = {
  400: 'bad_request, validation_failed, region_mismatch or malware_found',
  401: 'unauthenticated: sign-in required, or the sign-in failed',
  403: 'csrf_failed or forbidden',
  404: 'not_found: the municipality or the record',
  409: 'conflict or illegal_transition',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  428: 'precondition_required: send If-Match',
  429: 'rate_limited: wait Retry-After seconds',
  500: 'internal_error',
  503: 'unavailable: a system the call needs cannot be reached',
};

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

const counter = (description: string): Json => ({
  description,
  schema: { type: 'integer', format: 'int32', minimum: 0, maximum: INT32 - 1 },
});

function errorResponse(status: number): Json {
  const response: Json = {
    description: errorDescriptions[status] ?? 'error',
    content: { 'application/json': { schema: ERROR_REF } },
  };
  if (status < 500) {
    response.headers =
      status === 429
        ? { ...rateLimitHeaders, 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
        : rateLimitHeaders;
  }
  return response;
}

function parameters(def: RouteDef): Json[] {
  const list: Json[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodType | null) => {
    if (!schema || !(schema instanceof z.ZodObject)) return;
    const json = toSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: prop,
      });
    }
  };
  add('path', def.params);
  add('query', def.query);
  if (def.path.includes('{code}')) {
    list.push({
      name: 'X-Region-Code',
      in: 'header',
      required: true,
      schema: { type: 'string', pattern: '^\\d{6}$', maxLength: 6 },
    });
  }
  if (def.ifMatch === 'required') {
    list.push({
      name: 'If-Match',
      in: 'header',
      required: true,
      description:
        'the version read (the ETag or `version` of the document, e.g. "7"); missing 428, stale 409 (decision 0034)',
      schema: { type: 'string', pattern: '^"[1-9][0-9]*"$', maxLength: 18 },
    });
  }
  // A required token is a security scheme (csrfHeader); the empty one is a plain header.
  if (def.csrf === 'empty') {
    list.push({
      name: 'X-CSRF-Token',
      in: 'header',
      required: true,
      description: 'sent empty: made before any session exists (a cross-site form cannot send it)',
      schema: { type: 'string', maxLength: 0 },
    });
  }
  return list;
}

function operation(def: RouteDef): Json {
  const success: Json =
    def.produces === 'json'
      ? {
          description: 'success',
          content: { 'application/json': { schema: toSchema(def.response, 'output') } },
        }
      : def.produces === 'redirect'
        ? { description: 'redirect' }
        : {
            description: 'file',
            content: { [mediaType[def.produces]]: { schema: { type: 'string', format: 'binary' } } },
          };
  success.headers = rateLimitHeaders;
  const responses: Json = { [String(def.successStatus)]: success };
  for (const status of errorStatusesOf(def)) responses[String(status)] = errorResponse(status);
  const op: Json = {
    operationId: def.id,
    summary: def.summary,
    tags: [def.tag],
    'x-audience': def.audience,
    'x-sign-in-required': def.auth,
    'x-csrf': def.csrf,
    security: securityOf(def),
    parameters: parameters(def),
    responses,
  };
  if (def.body === 'multipart') {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              // As long as a standard item code can be (common.ts); a longer one names no item.
              standard_item_code: { type: 'string', minLength: 1, maxLength: 100 },
              sequence: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_SEQUENCE },
              // Bytes: a larger file is refused with 413.
              file: { type: 'string', format: 'binary', maxLength: MAX_UPLOAD_BYTES },
            },
            required: ['standard_item_code', 'file'],
          },
        },
      },
    };
  } else if (def.body) {
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: toSchema(def.body, 'input') } },
    };
  }
  return op;
}

/** OpenAPI 3 document built from the route table, the same list the server registers. */
export function buildOpenApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const def of routeTable as readonly RouteDef[]) {
    paths[def.path] ??= {};
    (paths[def.path] as Json)[def.method.toLowerCase()] = operation(def);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Municipal online application portal API',
      version,
      description:
        'Every call carries X-Region-Code; writes carry X-CSRF-Token. Errors: { errors: [{ code, message, field? }] }. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (decision 0045).',
    },
    paths,
    components: {
      securitySchemes,
      schemas: { ErrorBody: toSchema(ErrorBody, 'output') },
      headers: {
        [headerName(RATE_LIMIT_HEADERS.limit)]: counter(
          'Requests the nearest-exhausted policy (this session or this address, this family) allows per window',
        ),
        [headerName(RATE_LIMIT_HEADERS.remaining)]: counter('Requests left in the current window'),
        [headerName(RATE_LIMIT_HEADERS.reset)]: counter('Seconds until the current window ends'),
        'Retry-After': counter('Seconds to wait before trying again'),
      },
    },
  };
}

/** `ratelimit-limit` → `RateLimit-Limit`, as the draft spells it. */
const headerName = (lower: string) =>
  lower
    .replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())
    .replace('Ratelimit', 'RateLimit');
