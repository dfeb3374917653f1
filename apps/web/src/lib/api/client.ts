// The one API client of the web app, driven by the route table of @portal/contracts: a call names a
// route id; the client fills the path, sends the region header and the CSRF token the route's mode
// asks for, and checks the answer with the route's schema. Sending needs only the zod-free route index;
// the schemas (and zod) load as a chunk of their own only where answers are checked (not in production
// builds: the server checks every answer it sends against the same schema).
import type { PathParams, RouteId, RouteOf } from '@portal/contracts';
import { pathFor, routeEntry, type RouteEntry } from '@portal/contracts/route-index';
import type { z } from 'zod';
import { ApiError, CSRF_TOKEN_MISSING, ParseError, type ApiProblem } from './errors';

import {
  API_PREFIX,
  CSRF_HEADER,
  IF_MATCH_HEADER,
  REGION_HEADER,
  STAGING_API_PREFIX,
  STAGING_WEB_PREFIX,
  versionTag,
} from '@portal/contracts/http-names';

export { API_PREFIX, CSRF_HEADER, REGION_HEADER, STAGING_API_PREFIX, STAGING_WEB_PREFIX };

export type Environment = 'production' | 'staging';

/** The environment of a page, read from its path: pages under `/stg/` are staging's (one build for both). */
export function environmentOfPath(pathname: string): Environment {
  return pathname === STAGING_WEB_PREFIX || pathname.startsWith(`${STAGING_WEB_PREFIX}/`)
    ? 'staging'
    : 'production';
}

/** The API prefix of an environment. */
export const apiPrefixOf = (environment: Environment): string =>
  environment === 'staging' ? STAGING_API_PREFIX : API_PREFIX;

/** A route-table path moved under another API prefix: `/api/x/` → `/stg-api/x/`; other paths unchanged. */
export function withApiPrefix(path: string, prefix: string): string {
  if (prefix === API_PREFIX) return path;
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)
    ? `${prefix}${path.slice(API_PREFIX.length)}`
    : path;
}

type Route<Id extends RouteId> = RouteOf<Id>;
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** Path parameters a caller passes; `code` may be left out: the current municipality fills it. */
export type ApiParams<Id extends RouteId> = Omit<PathParams<Route<Id>['path']>, 'code'> &
  ('code' extends keyof PathParams<Route<Id>['path']> ? { code?: string } : unknown);

type ParamsOption<Id extends RouteId> =
  Record<string, never> extends ApiParams<Id> ? { params?: ApiParams<Id> } : { params: ApiParams<Id> };
type QueryOption<Id extends RouteId> = Route<Id>['query'] extends z.ZodType
  ? Record<string, never> extends Input<Route<Id>['query']>
    ? { query?: Input<Route<Id>['query']> }
    : { query: Input<Route<Id>['query']> }
  : { query?: undefined };
type BodyOption<Id extends RouteId> = Route<Id>['body'] extends z.ZodType
  ? { body: Input<Route<Id>['body']> }
  : Route<Id>['body'] extends 'multipart'
    ? { body: FormData }
    : { body?: undefined };

/** A write that must name the version it read (decision 0034) takes it; others take none. */
type IfMatchOption<Id extends RouteId> = Route<Id>['ifMatch'] extends 'required'
  ? { ifMatch: number }
  : { ifMatch?: undefined };

/** What a call passes: path parameters, query and body as the route declares them. */
export type ApiCallOptions<Id extends RouteId> = ParamsOption<Id> &
  QueryOption<Id> &
  BodyOption<Id> &
  IfMatchOption<Id> & { signal?: AbortSignal };

/** What a call returns: the route's response after its schema (a Blob for file downloads). */
export type ApiResult<Id extends RouteId> = z.output<Route<Id>['response']>;

/** The rest argument of `api()`: optional when the route needs nothing. */
export type ApiArgs<Id extends RouteId> =
  Record<string, never> extends ApiCallOptions<Id>
    ? [options?: ApiCallOptions<Id>]
    : [options: ApiCallOptions<Id>];

/** What checking an answer needs of @portal/contracts (loaded lazily): each route's response schema. */
export interface SchemaRegistry {
  routeById(id: string): { response: z.ZodType };
}

export interface ApiClientOptions {
  /** The fetch to use (tests pass a fake). */
  fetch?: typeof fetch;
  /** The response schemas; by default @portal/contracts, imported on first use. null: answers unchecked. */
  schemas?: (() => Promise<SchemaRegistry>) | null;
  /** The municipality of the current screen, for the region header and `{code}` (null when none). */
  municipalityCode?: () => string | null;
  /** Where the API lives (default: this origin). */
  baseUrl?: string;
  /** The API prefix the route table's `/api` paths are sent under (default `/api`; staging `/stg-api`). */
  apiPrefix?: string;
  /** Sees every answer's headers before it is read (the sign-in's idle time left, decision 0044). */
  onResponse?: (response: Response) => void;
}

export interface ApiClient {
  /** The API prefix this client sends to (`/api` or `/stg-api`). */
  readonly apiPrefix: string;
  api<Id extends RouteId>(id: Id, ...args: ApiArgs<Id>): Promise<ApiResult<Id>>;
  /** The CSRF token of this browser (fetched once, then cached); null when it cannot be had. */
  csrfToken(): Promise<string | null | undefined>;
  /** Sets the token (e.g. from a sign-in status answer) or forgets it (null). */
  setCsrfToken(token: string | null): void;
}

const defaultSchemas = () => import('@portal/contracts') as Promise<SchemaRegistry>;

/** Query values as text: lists comma-separated, null and undefined left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.map(String).join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The problems of an error body, tolerating any shape (a proxy's HTML page has none). */
function problemsOf(body: unknown): ApiProblem[] {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { errors?: unknown }).errors)) return [];
  return ((body as { errors: unknown[] }).errors ?? []).flatMap((e) => {
    if (!e || typeof e !== 'object') return [];
    const { code, message, field } = e as Record<string, unknown>;
    if (typeof message !== 'string') return [];
    return [
      {
        code: typeof code === 'string' ? code : 'unknown',
        message,
        ...(typeof field === 'string' ? { field } : {}),
      },
    ];
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const loadSchemas = options.schemas === undefined ? defaultSchemas : options.schemas;
  const currentMunicipality = options.municipalityCode ?? (() => null);
  const baseUrl = options.baseUrl ?? '';
  const apiPrefix = options.apiPrefix ?? API_PREFIX;
  const onResponse = options.onResponse;
  let registry: Promise<SchemaRegistry> | undefined;
  let csrf: Promise<string | null | undefined> | undefined;

  const schemas = (load: () => Promise<SchemaRegistry>) => {
    registry ??= load().catch((error: unknown) => {
      registry = undefined; // a failed chunk load may succeed on the next call
      throw error;
    });
    return registry;
  };

  async function send(def: RouteEntry, args: CallArgs, token: string | undefined) {
    const params: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(args.params ?? {})) {
      if (value !== undefined) params[key] = value;
    }
    const code = typeof params.code === 'string' ? params.code : currentMunicipality();
    if (def.path.includes('{code}')) {
      if (!code) throw new Error(`${def.id}: no municipality code for {code}`);
      params.code = code;
    }
    const headers = new Headers({ Accept: 'application/json' });
    if (code) headers.set(REGION_HEADER, code);
    if (token !== undefined) headers.set(CSRF_HEADER, token);
    if (args.ifMatch !== undefined) headers.set(IF_MATCH_HEADER, versionTag(args.ifMatch));
    let body: BodyInit | undefined;
    if (args.body instanceof FormData) body = args.body;
    else if (args.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(args.body);
    }
    const path = withApiPrefix(pathFor(def.path, params), apiPrefix);
    const url = `${baseUrl}${path}${queryString(args.query)}`;
    try {
      return await doFetch(url, {
        method: def.method,
        headers,
        body,
        credentials: 'same-origin',
        signal: args.signal,
      });
    } catch (error) {
      if (args.signal?.aborted) throw error;
      throw new ApiError(0, [], { cause: error });
    }
  }

  async function read(def: RouteEntry, response: Response): Promise<unknown> {
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      throw new ApiError(response.status, problemsOf(body));
    }
    if (def.produces === 'zip' || def.produces === 'pdf' || def.produces === 'file') return response.blob();
    if (def.produces === 'text') return response.text();
    if (response.status === 204 || response.status === 202 || def.produces === 'redirect') {
      const text = await response.text();
      if (text === '') return checked(def, null);
      return checked(def, parseJson(def, text));
    }
    return checked(def, parseJson(def, await response.text()));
  }

  function parseJson(def: RouteEntry, text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ParseError(def.id, error);
    }
  }

  async function checked(def: RouteEntry, body: unknown): Promise<unknown> {
    if (!loadSchemas) return body;
    const result = (await schemas(loadSchemas)).routeById(def.id).response.safeParse(body);
    if (!result.success) throw new ParseError(def.id, result.error.issues);
    return result.data;
  }

  async function csrfToken(): Promise<string | null | undefined> {
    csrf ??= client.api('system.csrf_token').then(
      (answer) => answer.csrf_token,
      (error: unknown) => {
        csrf = undefined;
        console.error('[api] the CSRF token could not be fetched', error);
        return null;
      },
    );
    return csrf;
  }

  async function tokenFor(def: RouteEntry): Promise<string | undefined> {
    if (def.csrf === 'none') return undefined;
    // Calls made before any session exists send the header, empty (decision 0002).
    if (def.csrf === 'empty') return '';
    const token = await csrfToken();
    if (token === null || token === undefined) throw new Error(CSRF_TOKEN_MISSING);
    return token;
  }

  const client: ApiClient = {
    apiPrefix,
    async api(id, ...[options]) {
      const args = (options ?? {}) as CallArgs;
      const def = routeEntry(id);
      const token = await tokenFor(def);
      let response = await send(def, args, token);
      if (response.status === 403 && def.csrf === 'required') {
        // The token may be stale (its cookie expired or was replaced): fetch a fresh one and retry once.
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        if (problemsOf(body)[0]?.code === 'csrf_failed') {
          csrf = undefined;
          response = await send(def, args, await tokenFor(def));
        }
      }
      onResponse?.(response);
      return (await read(def, response)) as never;
    },
    csrfToken,
    setCsrfToken(token) {
      csrf = token === null ? undefined : Promise.resolve(token);
    },
  };
  return client;
}

interface CallArgs {
  params?: Record<string, string | number | undefined>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** The version a write names (`If-Match`). */
  ifMatch?: number;
  signal?: AbortSignal;
}
