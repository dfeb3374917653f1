import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAGING_API_PREFIX, STAGING_COOKIE_PREFIX } from '@portal/contracts';

/** Staging's API prefix: `/stg-api/...` answers as `/api/...` does, from staging's database. */
export const STAGING_PREFIX = STAGING_API_PREFIX;
export { STAGING_COOKIE_PREFIX };

/** Staging's cookies of a request, without their prefix (production's are not staging's business). */
export function stagingCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(STAGING_COOKIE_PREFIX))
    .map((part) => part.slice(STAGING_COOKIE_PREFIX.length));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/**
 * A cookie staging sets, as the browser must keep it: the name prefixed, and a path under `/api` moved
 * under `/stg-api` (the browser sees staging's calls there, e.g. the sign-in cookie of the login paths).
 */
export function stagingSetCookie(line: string): string {
  return `${STAGING_COOKIE_PREFIX}${line.trimStart()}`.replace(
    /;\s*path=\/api(?=[/;]|$)/i,
    `; Path=${STAGING_PREFIX}`,
  );
}

function prefixed(value: OutgoingHttpHeader): OutgoingHttpHeader {
  const one = stagingSetCookie;
  if (Array.isArray(value)) return value.map(one);
  return typeof value === 'string' ? one(value) : value;
}

/** Renames every cookie the staging instance sets on this response (headers are written once). */
function prefixSetCookie(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    const set = res.getHeader('set-cookie');
    if (set !== undefined) res.setHeader('set-cookie', prefixed(set));
    const headers = rest.find((r) => r !== null && typeof r === 'object' && !Array.isArray(r)) as
      Record<string, OutgoingHttpHeader> | undefined;
    for (const key of Object.keys(headers ?? {})) {
      if (key.toLowerCase() === 'set-cookie') headers![key] = prefixed(headers![key]!);
    }
    return writeHead(statusCode, ...rest);
  }) as ServerResponse['writeHead'];
}

/** Hands one raw request to the staging instance, as `/api/...`, before anything reads its body. */
export function forwardToStaging(staging: FastifyInstance, req: IncomingMessage, res: ServerResponse): void {
  req.url = `/api${(req.url ?? '').slice(STAGING_PREFIX.length)}`;
  const cookie = stagingCookieHeader(req.headers.cookie);
  if (cookie === undefined) delete req.headers.cookie;
  else req.headers.cookie = cookie;
  prefixSetCookie(res);
  res.setHeader('x-portal-environment', 'staging');
  staging.routing(req, res);
}

/**
 * Mounts `/stg-api` and `/stg-api/*`: the request is hijacked on `onRequest` (this app never parses its
 * body) and routed by the staging instance, which runs its own guards, handlers and error bodies.
 */
export async function stagingForwardPlugin(app: FastifyInstance, opts: { staging: FastifyInstance }) {
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    forwardToStaging(opts.staging, request.raw, reply.raw);
  };
  for (const url of [STAGING_PREFIX, `${STAGING_PREFIX}/*`]) {
    app.route({
      method: ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'],
      url,
      exposeHeadRoute: false,
      onRequest: forward,
      handler: async () => undefined,
    });
  }
  app.addHook('onReady', async () => {
    await opts.staging.ready();
  });
  app.addHook('onClose', async () => {
    await opts.staging.close();
  });
}
