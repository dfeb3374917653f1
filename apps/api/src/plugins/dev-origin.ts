import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The names one machine answers to itself: a page opened on one of them is the same server. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

const SIGN_IN_START = /^\/(api|stg-api)\/applicant\/login\/?$/;
const NOT_PAGES = /^\/(api|stg-api|dev|metrics)(\/|$)/;

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** A page of the web targets (no API, stand-in or file path), or the start of resident sign-in. */
function isPageOrSignInStart(path: string): boolean {
  if (SIGN_IN_START.test(path)) return true;
  if (NOT_PAGES.test(path)) return false;
  // Files (assets, favicon) keep their host: only pages are moved.
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * Where to send a request that arrived on another loopback name of PUBLIC_URL's port (e.g. 127.0.0.1
 * when PUBLIC_URL is http://localhost:3000), or null. Sign-in cookies are per host name and the identity
 * provider returns to PUBLIC_URL, so a resident must be on PUBLIC_URL's host before sign-in starts.
 */
export function devOriginRedirect(request: Pick<FastifyRequest, 'method' | 'url' | 'host'>, publicUrl: URL) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = request.url.split('?')[0] ?? '/';
  if (!isPageOrSignInStart(path)) return null;
  let arrived: URL;
  try {
    arrived = new URL(`${publicUrl.protocol}//${request.host}`);
  } catch {
    return null;
  }
  if (!LOOPBACK_HOSTS.has(arrived.hostname) || arrived.hostname === publicUrl.hostname) return null;
  if (portOf(arrived) !== portOf(publicUrl)) return null;
  return `${publicUrl.origin}${request.url}`;
}

/**
 * Development only (never registered in production): pages and the sign-in start asked for on another
 * loopback host name than PUBLIC_URL's, with its port, are redirected (302) to the same path on PUBLIC_URL.
 */
export const devOriginPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  const publicUrl = new URL(opts.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    const location = devOriginRedirect(request, publicUrl);
    if (location) return reply.redirect(location, 302);
  });
});
