import { z } from 'zod';
import { ConfigIdParam, MunicipalityCode, RecordId } from '../common.js';
import { pathParamNames, type CsrfMode, type HttpMethod, type Produces } from './paths.js';

export * from './paths.js';

/**
 * Who calls a route: anyone, a signed-in resident, staff, a master-tool operator, operations, or a core
 * system with an API key (`Authorization: Bearer`, decision 0057).
 */
export type Audience = 'public' | 'applicant' | 'staff' | 'operator' | 'system' | 'integration';

/** The body of a file download or a redirect: not JSON, so not validated, but declared. */
export const FileBody = z.custom<unknown>(() => true).describe('binary');
export const NoBody = z.null().describe('no body');

/** Schemas of path parameters, by name: a path's `{name}` takes its schema from here. */
export const pathParams = {
  code: MunicipalityCode,
  applicationId: RecordId,
  documentId: RecordId,
  attachmentId: RecordId,
  jobId: RecordId,
  signingId: RecordId,
  accountId: RecordId,
  workflowDetailId: RecordId,
  keyId: RecordId,
  deliveryId: RecordId,
  renderingId: RecordId,
  userServiceStatusId: RecordId,
  procedureId: ConfigIdParam,
  procedureGroupId: ConfigIdParam,
  reportId: ConfigIdParam,
  reflectionManagerId: ConfigIdParam,
  token: z.string().min(20).max(200),
} as const;
export type PathParamName = keyof typeof pathParams;

type Body = z.ZodType | 'multipart' | null;

/**
 * `required`: the write names the version it read in `If-Match` (decision 0034): missing 428, not a
 * version 400, stale 409. `none`: no precondition.
 */
export type IfMatchMode = 'required' | 'none';

/** Names of the `{param}` placeholders of a path template, as a type. */
export type ParamNames<S extends string> = S extends `${string}{${infer N}}${infer Rest}`
  ? N | ParamNames<Rest>
  : never;

/** Parsed path parameters of a path template. */
export type PathParams<S extends string> = {
  [K in ParamNames<S> & PathParamName]: z.output<(typeof pathParams)[K]>;
};

export interface RouteDef<
  Id extends string = string,
  Path extends string = string,
  Q extends z.ZodType | null = z.ZodType | null,
  B extends Body = Body,
  R extends z.ZodType = z.ZodType,
  P extends IfMatchMode = IfMatchMode,
> {
  /** Stable name: audience.domain.action. */
  id: Id;
  method: HttpMethod;
  /** Full path with `{param}` placeholders, trailing slash as the spec writes it. */
  path: Path;
  audience: Audience;
  /** A session of the audience's kind is required. */
  auth: boolean;
  csrf: CsrfMode;
  ifMatch: P;
  summary: string;
  params: z.ZodObject | null;
  query: Q;
  /** JSON body schema, 'multipart' for uploads, or null. */
  body: B;
  response: R;
  successStatus: 200 | 201 | 202 | 204 | 302;
  produces: Produces;
  /** Domain module that serves it (OpenAPI tag). */
  tag: string;
}

interface RouteInput<Id extends string, Path extends string, Q, B, R, P> {
  id: Id;
  method: HttpMethod;
  path: Path;
  audience: Audience;
  summary: string;
  tag: string;
  response: R;
  auth?: boolean;
  query?: Q;
  body?: B;
  successStatus?: RouteDef['successStatus'];
  produces?: Produces;
  /** Only for writes made before any session exists. */
  csrf?: 'empty';
  /** A write that must name the version it read (`If-Match`). */
  ifMatch?: P;
}

/** Declares a route; path parameters get their schemas from `pathParams`, writes need CSRF by default. */
export function route<
  const Id extends string,
  const Path extends string,
  R extends z.ZodType,
  Q extends z.ZodType | null = null,
  B extends Body = null,
  const P extends IfMatchMode = 'none',
>(input: RouteInput<Id, Path, Q, B, R, P>): RouteDef<Id, Path, Q, B, R, P> {
  const names = pathParamNames(input.path);
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    const schema = pathParams[name as PathParamName];
    if (!schema) throw new Error(`route ${input.id}: unknown path parameter {${name}}`);
    shape[name] = schema;
  }
  const isWrite = input.method !== 'GET';
  // A core system's key travels in a header no other site can make a browser send: no CSRF (0057).
  const bearer = input.audience === 'integration';
  return {
    id: input.id,
    method: input.method,
    path: input.path,
    audience: input.audience,
    summary: input.summary,
    tag: input.tag,
    response: input.response,
    auth: input.auth ?? (input.audience !== 'public' && input.audience !== 'system'),
    query: (input.query ?? null) as Q,
    body: (input.body ?? null) as B,
    successStatus: input.successStatus ?? 200,
    produces: input.produces ?? 'json',
    csrf: isWrite && !bearer ? (input.csrf ?? 'required') : 'none',
    ifMatch: (input.ifMatch ?? 'none') as P,
    params: names.length > 0 ? z.object(shape) : null,
  };
}
