import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { webTargets } from './web.js';

/**
 * The strict headers helmet would set, computed once: helmet runs against a recording response at
 * start-up and every answer gets the recorded set (same policy, no per-request middleware work).
 */
export function securityHeaders(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The staff viewer frames an attachment PDF it fetched, as a blob: URL of this origin.
        frameSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  headers['permissions-policy'] = 'camera=(self), geolocation=(), microphone=()';
  return headers;
}

/** What an answer that sets no caching of its own gets: nothing is kept by the browser or a proxy. */
export const DEFAULT_CACHE_CONTROL = 'no-store';

/**
 * The headers that still mean something on a hashed script, style sheet or font (a subresource): the rest
 * (policy, framing, referrer, permissions) apply to documents only. The portal starts no workers, the
 * one kind of script a content security policy on its own answer would govern (decision 0032).
 */
export function subresourceHeaders(secure: boolean): Record<string, string> {
  const document = securityHeaders(secure);
  const kept = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
  return Object.fromEntries(kept.filter((name) => name in document).map((name) => [name, document[name]!]));
}

/** The static routes of the web builds' hashed files (`/assets/…`, `/staff/assets/…`). */
const ASSET_PREFIXES = webTargets.map((t) => `${t.prefix}assets/`);
const isAssetRoute = (route: string | undefined) =>
  route !== undefined && ASSET_PREFIXES.some((prefix) => route.startsWith(prefix));

/**
 * The headers of a JSON answer of the API (OWASP's REST security cheat sheet): nothing in it may load or
 * be framed, no sniffing, HSTS when secure. The document headers would add about 500 bytes and a dozen
 * header checks to each of the calls a page makes (decision 0032).
 */
export function apiHeaders(secure: boolean): Record<string, string> {
  return {
    ...subresourceHeaders(secure),
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
}

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/** An address of the API (its calls, `OPTIONS` and unknown calls included), production's or staging's. */
export const isApiPath = (url: string) => /^\/(api|stg-api|metrics)(\/|\?|$)/.test(url);

/**
 * Strict headers on every answer: same-origin scripts only, no framing, no sniffing, HSTS when secure.
 * A route of the contract that answers JSON gets the API set, a hashed asset the subresource set;
 * anything else (pages, the stand-ins' screens, a PDF or an export a route sends) the document set.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  const document = securityHeaders(opts.secure);
  const api = apiHeaders(opts.secure);
  const subresource = subresourceHeaders(opts.secure);
  // Set before the handler runs, so a route may still override one for its own answer.
  app.addHook('onRequest', async (request, reply) => {
    const { config, url } = request.routeOptions;
    // No route (404, or OPTIONS, which no route declares) under the API: the JSON error body, API headers.
    const apiCall = config.routeDef || (url === undefined && isApiPath(request.url));
    reply.headers(apiCall ? api : isAssetRoute(url) ? subresource : document);
  });
  // Last, so caching a route or the static files chose (on the raw response) is kept, never replaced.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (request.routeOptions.config.routeDef && type !== undefined && !isJson(type)) {
      reply.headers(document);
    }
    if (reply.getHeader('cache-control') === undefined) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
    return payload;
  });
});
