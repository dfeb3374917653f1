import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  APPLICATION_ID_PATTERN,
  applicantPagePaths,
  mastertoolPagePaths,
  matchPagePath,
  MUNICIPALITY_CODE_PATTERN,
  staffPagePaths,
} from '@portal/contracts';
import { notFoundBody } from './error-handler.js';

/** The three web builds, where each audience finds its area, and the pages each serves (contracts). */
export const webTargets = [
  { target: 'municipality', prefix: '/staff/', pages: staffPagePaths },
  { target: 'mastertool', prefix: '/mastertool/', pages: mastertoolPagePaths },
  { target: 'applicant', prefix: '/', pages: applicantPagePaths },
] as const;
type WebTarget = (typeof webTargets)[number];

/** Staging's web areas: the same builds under `/stg` (`/stg/`, `/stg/staff/`, `/stg/mastertool/`), calling `/stg-api`. */
export const STAGING_WEB_PREFIX = '/stg';

/** The page path a target's router sees: staging's pages without their `/stg`. */
export function webPagePath(path: string): string {
  return path === STAGING_WEB_PREFIX || path.startsWith(`${STAGING_WEB_PREFIX}/`)
    ? path.slice(STAGING_WEB_PREFIX.length) || '/'
    : path;
}

export interface WebPluginOptions {
  root: string | null;
  /**
   * Whether a municipality exists in the environment whose pages are asked for (staging's under /stg).
   * Without it every well-formed code counts as existing.
   */
  municipalityExists?: (code: string, environment: 'production' | 'staging') => Promise<boolean>;
}

/**
 * Whether a page path (without /stg) is a page of its target: it matches one of the target's patterns
 * and, on the applicant's pages, names a municipality that exists and a well-formed application id.
 */
export async function isKnownPage(
  target: WebTarget,
  page: string,
  environment: 'production' | 'staging',
  municipalityExists: WebPluginOptions['municipalityExists'],
): Promise<boolean> {
  // The path inside the target's base: '/staff/documents' -> '/documents', '/staff' -> '/'.
  const inner = page.slice(target.prefix.length - 1) || '/';
  const match = matchPagePath(target.pages, inner);
  if (!match) return false;
  if (target.target !== 'applicant') return true;
  const { code, id } = match.params;
  if (id !== undefined && !APPLICATION_ID_PATTERN.test(id)) return false;
  if (code === undefined) return true;
  if (!MUNICIPALITY_CODE_PATTERN.test(code)) return false;
  if (!municipalityExists) return true;
  // A failing lookup (database unavailable) serves the page as found: the app then shows its own error.
  return municipalityExists(code, environment).catch(() => true);
}

/** A page's HTML as sent for each content encoding (a not-found handler is no route: no compress hook). */
interface EncodedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}
const encodedPage = (html: Buffer): EncodedPage => ({
  identity: html,
  br: brotliCompressSync(html),
  gzip: gzipSync(html),
});

/**
 * Serves the built web targets and answers unknown paths: the error body under /api, the target's
 * index.html for a page of a single-page app. A path that is no page of the target (or names a
 * municipality that does not exist) gets the same index.html with 404: the app shows 'Page not found'.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: WebPluginOptions) => {
  const built = webTargets.filter((t) => opts.root && existsSync(join(opts.root, t.target, 'index.html')));
  const indexes = new Map<string, EncodedPage>();
  for (const [i, t] of built.entries()) {
    const dir = join(opts.root as string, t.target);
    indexes.set(t.prefix, encodedPage(readFileSync(join(dir, 'index.html'))));
    await app.register(fastifyStatic, {
      root: dir,
      prefix: t.prefix,
      decorateReply: i === 0,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (vite-plugin-compression2); sent when accepted.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Every file has .br and .gz variants, so a shared cache must key on what the client accepts.
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi =
      path.startsWith('/api/') || path === '/api' || path.startsWith('/stg-api/') || path === '/metrics';
    // A route without page data asks for its file anyway: the short error body, not the whole page shell.
    const isFile = path.includes('/page-data/') || path.includes('/assets/');
    if (!isApi && !isFile && request.method === 'GET' && indexes.size > 0) {
      const page = webPagePath(path);
      const target = webTargets.find((t) => indexes.has(t.prefix) && (page + '/').startsWith(t.prefix));
      if (target) {
        const environment = page === path ? 'production' : 'staging';
        const known = await isKnownPage(target, page, environment, opts.municipalityExists);
        reply
          .code(known ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .header('Vary', 'Accept-Encoding');
        const html = indexes.get(target.prefix) as EncodedPage;
        const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.send(encoding ? html[encoding] : html.identity);
      }
    }
    return reply.code(404).send(notFoundBody(path));
  });
});
