import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundBody } from './error-handler.js';

/** The three web builds and where each audience finds its area. */
export const webTargets = [
  { target: 'municipality', prefix: '/staff/' },
  { target: 'mastertool', prefix: '/mastertool/' },
  { target: 'applicant', prefix: '/' },
] as const;

/** Staging's web areas: the same builds under `/stg` (`/stg/`, `/stg/staff/`, `/stg/mastertool/`), calling `/stg-api`. */
export const STAGING_WEB_PREFIX = '/stg';

/** The page path a target's router sees: staging's pages without their `/stg`. */
export function webPagePath(path: string): string {
  return path === STAGING_WEB_PREFIX || path.startsWith(`${STAGING_WEB_PREFIX}/`)
    ? path.slice(STAGING_WEB_PREFIX.length) || '/'
    : path;
}

/**
 * Serves the built web targets and answers unknown paths: the error body under /api, the target's
 * index.html for a page of a single-page app (its router shows 'Page not found').
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string | null }) => {
  const built = webTargets.filter((t) => opts.root && existsSync(join(opts.root, t.target, 'index.html')));
  const indexes = new Map<string, string>();
  for (const [i, t] of built.entries()) {
    const dir = join(opts.root as string, t.target);
    indexes.set(t.prefix, readFileSync(join(dir, 'index.html'), 'utf8'));
    await app.register(fastifyStatic, {
      root: dir,
      prefix: t.prefix,
      decorateReply: i === 0,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi =
      path.startsWith('/api/') || path === '/api' || path.startsWith('/stg-api/') || path === '/metrics';
    if (!isApi && request.method === 'GET' && indexes.size > 0) {
      const page = webPagePath(path);
      const target = webTargets.find((t) => indexes.has(t.prefix) && (page + '/').startsWith(t.prefix));
      if (target) {
        return reply
          .code(200)
          .type('text/html')
          .header('Cache-Control', 'no-cache')
          .send(indexes.get(target.prefix));
      }
    }
    return reply.code(404).send(notFoundBody(path));
  });
});
