import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  RouteBody,
  RouteDef,
  RouteId,
  RouteOf,
  RouteParams,
  RouteQuery,
  RouteResponse,
} from '@portal/contracts';
import { IF_MATCH_HEADER, routeById, routeTable, versionOfTag } from '@portal/contracts';
import { AppError } from './errors.js';

export interface HandlerContext<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** The version the caller read (`If-Match`), on routes that require it (decision 0034). */
  version: R['ifMatch'] extends 'required' ? number : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The version a write names in If-Match: missing is 428, anything but one strong version tag 400. */
export function ifMatchVersion(request: FastifyRequest): number {
  const raw = request.headers[IF_MATCH_HEADER.toLowerCase()];
  if (raw === undefined || raw === '') {
    throw new AppError(
      'precondition_required',
      'send If-Match with the version you read (the ETag or `version` of the document)',
      IF_MATCH_HEADER,
    );
  }
  const version = typeof raw === 'string' ? versionOfTag(raw) : null;
  if (version === null) {
    throw new AppError('bad_request', 'If-Match must be one version tag, e.g. "7"', IF_MATCH_HEADER);
  }
  return version;
}

type AnyHandler = (ctx: HandlerContext<RouteDef>) => Promise<unknown>;
export type HandlerMap = Map<string, AnyHandler>;
/** One route of the table with its handler, as `handle` makes it. */
export type RouteHandler = [string, AnyHandler];

/** Binds a handler to a route of the table; its input and output types come from the contract. */
export function handle<Id extends RouteId>(
  id: Id,
  fn: (ctx: HandlerContext<RouteOf<Id>>) => Promise<RouteResponse<RouteOf<Id>> | FastifyReply | void>,
): RouteHandler {
  routeById(id);
  return [id, fn as unknown as AnyHandler];
}

/** Fastify's `:param` form of a `{param}` path template. */
export const toFastifyPath = (path: string) => path.replace(/\{([A-Za-z]+)\}/g, ':$1');

/**
 * Registers every route of the table. A route whose module has not been built yet answers 501 with the
 * error body, after the same region, CSRF and sign-in checks as any other.
 */
export function registerRouteTable(app: FastifyInstance, handlers: HandlerMap): void {
  for (const def of routeTable as readonly RouteDef[]) {
    const fn = handlers.get(def.id);
    const schema: Record<string, unknown> = {};
    if (def.params) schema.params = def.params;
    if (def.query) schema.querystring = def.query;
    if (def.body && def.body !== 'multipart') schema.body = def.body;
    if (def.produces === 'json') schema.response = { [def.successStatus]: def.response };
    app.route({
      method: def.method,
      url: toFastifyPath(def.path),
      schema,
      config: { routeDef: def },
      handler: async (request, reply) => {
        if (!fn) throw new AppError('not_implemented', `${def.method} ${def.path} is not available yet`);
        const version = def.ifMatch === 'required' ? ifMatchVersion(request) : undefined;
        const result = await fn({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          version: version as never,
          request,
          reply,
        });
        // A handler that sent its own answer returns the reply: until async onSend hooks (compression)
        // end, reply.sent is still false, and answering again would replace the body with null.
        if (result === reply || reply.sent) return reply;
        reply.code(def.successStatus);
        return result ?? null;
      },
    });
  }
}
