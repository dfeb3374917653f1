// Secrets that travel in addresses never reach the log (issue 34, decision 0044): the one list of query
// parameters and path segments whose values are replaced before a request is logged.
import type { FastifyRequest } from 'fastify';

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret, in any path: mail link tokens (invitation, password reset), the
 * OpenID Connect `code` and `state` of the sign-in callback, and what other providers send beside them.
 */
export const SECRET_QUERY_PARAMETERS: readonly string[] = [
  'token',
  'code',
  'state',
  'session_state',
  'id_token',
  'access_token',
  'refresh_token',
  'client_secret',
  'code_verifier',
  'ticket',
];

/** Path segments that carry a secret: the segment after each of these is replaced. */
export const SECRET_PATH_SEGMENTS: readonly RegExp[] = [
  // GET /api/municipalities/{code}/accounts/invitation/{token}/ (and under /stg-api).
  /(\/accounts\/invitation\/)(?!session(?:\/|$))[^/?#]+/g,
];

const secretParameter = new Set(SECRET_QUERY_PARAMETERS.map((name) => name.toLowerCase()));

/** An address as it may be logged: secret path segments and query values replaced; the rest kept. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  let path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  for (const pattern of SECRET_PATH_SEGMENTS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = withoutHash
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; its value is hidden below all the same.
        return `${rawName}=${REDACTED}`;
      }
      return secretParameter.has(name.trim().toLowerCase()) && equals !== -1
        ? `${rawName}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request log line with the address redacted (the serializer Fastify's logger uses). */
export function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
