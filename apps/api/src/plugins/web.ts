import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  APPLICATION_ID_PATTERN,
  applicantPagePaths,
  mastertoolPagePaths,
  matchPagePath,
  LANGUAGE_COOKIE,
  MUNICIPALITY_CODE_PATTERN,
  PAGE_FORM_CSRF_PLACEHOLDER,
  staffPagePaths,
} from '@portal/contracts';
import { notFoundBody } from './error-handler.js';
import { addressKey, INTERNAL_CALL_HEADER, registerRateLimiting } from './rate-limit.js';
import { CSRF_COOKIE } from './request-guards.js';
import { pageFormsPlugin, type PageFormReturn, type SubmitPageForm } from './web-forms.js';

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
  /**
   * The published versions a municipality's pages show (production's), e.g. `3:7,4:2`: the key of its
   * server-rendered pages, so a reflection renders them again (decision 0060). None: the answers alone.
   */
  publishedVersions?: (code: string) => Promise<string>;
  /** Plain-form posts of the applicant's pages per client address in one window (decision 0061). */
  pageFormLimit?: { max: number; windowMs: number };
  /**
   * Pages served rendered per client address in one window (the render's own calls are not counted by the
   * API's limits); past it, that address gets the pages as the browser draws them. None: no limit.
   */
  pageRenderLimit?: { max: number; windowMs: number };
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

/** One visitor's copy of a page, compressed at once (a fast level: it is sent once). */
function encodeFast(html: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
}

/** The applicant's server render module (apps/web/src/targets/applicant/ssr.tsx, built beside the targets). */
interface ServerRender {
  configure(options: { fetch: typeof fetch }): void;
  isServerRendered(pathname: string): boolean;
  /** A public page, or the address its router sends it on to (the top page's). */
  loadPage(href: string, language: 'ja' | 'en'): Promise<LoadedPage | { redirect: string } | null>;
  /** The not-found page of an address (decision 0063): drawn once per kind, `fill` puts the address in. */
  loadNotFoundPage(href: string, language: 'ja' | 'en'): Promise<LoadedPage | null>;
  submitPageForm: SubmitPageForm;
  pageFormReturn: PageFormReturn;
}
interface LoadedPage {
  href: string;
  status: number;
  dataKey: string;
  render(): Promise<RenderedPage>;
  fill?(html: string): string;
}
interface RenderedPage {
  language: 'ja' | 'en';
  title: string;
  styles: string;
  body: string;
  state: string;
}

/** Where build.mjs writes the server render module, under the web root. */
export const SERVER_RENDER_MODULE = join('applicant-ssr', 'render.mjs');
/** The cookie of the chosen language, read to render in that language (contracts). */
export { LANGUAGE_COOKIE };
/** A visitor with any of these sees personal content: the page is drawn in the browser, as before. */
const PERSONAL_COOKIES = ['portal_applicant_session', 'counter_session'];
/** Rendered pages kept (path and language each); the oldest goes first. */
const RENDERED_PAGES_MAX = 500;

/** Where the applicant's build puts the script that starts the app of a rendered page on first use. */
export const APP_START_SCRIPT = '/app-start.js';

/**
 * The applicant's index.html around a rendered page: its language, title, styles, HTML and state. The
 * app's entry is not loaded with it: `app-start.js` loads it when the visitor first acts on the page
 * (decision 0062), so neither the entry nor its preloads are asked for before that.
 */
export function pageHtml(index: string, page: RenderedPage): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    index
      .replace(
        /<script type="module" crossorigin src="([^"]+)"><\/script>/,
        (_all, entry: string) =>
          `<script type="module" src="${APP_START_SCRIPT}" data-app-entry="${entry}"></script>`,
      )
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<html lang="[^"]*">/, `<html lang="${page.language}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(page.title)}</title>`)
      .replace('</head>', () => `${page.styles}</head>`)
      // The page works without JavaScript: the shell's note asking for it goes.
      .replace(
        /<div id="root">[\s\S]*?<\/div>\s*<noscript>[\s\S]*?<\/noscript>/,
        () =>
          `<div id="root">${page.body}</div>` +
          `<script type="application/json" id="ssr-state">${page.state}</script>`,
      )
  );
}

/**
 * Imports the server render module of a built web root and points its calls at this server (app.inject,
 * the same routes and checks as a browser's calls; no cookies: the pages it renders are anyone's).
 */
async function loadServerRender(app: FastifyInstance, root: string | null): Promise<ServerRender | null> {
  const file = root ? join(root, SERVER_RENDER_MODULE) : null;
  if (!file || !existsSync(file)) return null;
  const render = (await import(pathToFileURL(file).href)) as ServerRender;
  // The render's own CSRF cookie: its writes (the filter's decision) pass the same check as a browser's.
  const csrfCookie = `${CSRF_COOKIE}=${randomBytes(32).toString('base64url')}`;
  render.configure({
    fetch: async (input, init) => {
      const headers: Record<string, string> = { cookie: csrfCookie };
      // Counted where the page is served, per visitor, not all together as this server's address.
      if (app.hasDecorator('internalCallKey')) headers[INTERNAL_CALL_HEADER] = app.internalCallKey;
      new Headers(init?.headers).forEach((value, name) => void (headers[name] = value));
      const res = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: String(input),
        headers,
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      const answer = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) answer.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: answer });
    },
  });
  return render;
}

/**
 * Serves the built web targets and answers unknown paths: the error body under /api, the target's
 * index.html for a page of a single-page app. A path that is no page of the target (or names a
 * municipality that does not exist) gets the same index.html with 404: the app shows 'Page not found'.
 * The applicant's public pages come rendered, for visitors without a session (decision 0060).
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

  const render = await loadServerRender(app, opts.root);
  const applicantIndex = indexes.get('/')?.identity.toString('utf8');
  const viewLimit = opts.pageRenderLimit;
  if (viewLimit) await registerRateLimiting(app);
  const renderLimit = viewLimit
    ? app.createRateLimit({
        max: viewLimit.max,
        timeWindow: viewLimit.windowMs,
        keyGenerator: (request) => `page-render:${addressKey(request)}`,
      })
    : null;
  /** Rendered pages by path and language, with the key (versions and answers) they were rendered for. */
  const rendered = new Map<string, { key: string; html: EncodedPage }>();

  /**
   * The applicant's page rendered on the server, or null to send index.html as it is: a page no visitor
   * sees differently (no sign-in, no counter session), production's, one the render module knows, or the
   * not-found page of an address that is no page (`known` false). `fill` gives a not-found page its address.
   */
  async function serverRendered(
    request: FastifyRequest,
    path: string,
    known: boolean,
  ): Promise<{ html: EncodedPage; fill?: (html: string) => string } | { redirect: string } | null> {
    if (!render || !applicantIndex || (known && !render.isServerRendered(path))) return null;
    if (PERSONAL_COOKIES.some((name) => request.cookies?.[name] !== undefined)) return null;
    // Each served page loads its router (and may render): bounded per visitor, who past it gets the shell.
    const counted = await renderLimit?.(request);
    if (counted && !counted.isAllowed && counted.isExceeded) return null;
    const language = request.cookies?.[LANGUAGE_COOKIE] === 'en' ? 'en' : 'ja';
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    try {
      // One render per page and the query it reads, whatever a link appends (a QR code's `utm_…`); one
      // per kind of not-found page, whatever the address.
      const page = known
        ? await render.loadPage(path + query, language)
        : await render.loadNotFoundPage(path, language);
      if (!page || 'redirect' in page) return page;
      const fill = page.fill?.bind(page);
      const code = /^\/municipalities\/(\d{6})/.exec(path)?.[1];
      const versions = code && opts.publishedVersions ? await opts.publishedVersions(code) : '';
      const key = createHash('sha256').update(versions).update('|').update(page.dataKey).digest('base64url');
      const slot = `${page.href}|${language}`;
      const kept = rendered.get(slot);
      if (kept?.key === key) return { html: kept.html, ...(fill ? { fill } : {}) };
      const html = encodedPage(Buffer.from(pageHtml(applicantIndex, await page.render())));
      rendered.delete(slot);
      rendered.set(slot, { key, html });
      if (rendered.size > RENDERED_PAGES_MAX) rendered.delete(rendered.keys().next().value as string);
      return { html, ...(fill ? { fill } : {}) };
    } catch (error) {
      // The page still works as the browser draws it.
      request.log.error({ err: error, path }, 'server render failed');
      return null;
    }
  }

  if (render && applicantIndex) {
    await app.register(pageFormsPlugin, {
      submit: render.submitPageForm,
      back: render.pageFormReturn,
      ...(opts.municipalityExists ? { municipalityExists: opts.municipalityExists } : {}),
      limit: opts.pageFormLimit ?? { max: 600, windowMs: 60_000 },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi =
      path.startsWith('/api/') || path === '/api' || path.startsWith('/stg-api/') || path === '/metrics';
    // A route without page data asks for its file anyway: the short error body, not the whole page shell.
    const isFile = path.includes('/page-data/') || path.includes('/assets/');
    if (!isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD') && indexes.size > 0) {
      const pagePath = webPagePath(path);
      const target = webTargets.find((t) => indexes.has(t.prefix) && (pagePath + '/').startsWith(t.prefix));
      if (target) {
        const environment = pagePath === path ? 'production' : 'staging';
        const known = await isKnownPage(target, pagePath, environment, opts.municipalityExists);
        const served =
          target.target === 'applicant' && environment === 'production'
            ? await serverRendered(request, pagePath, known)
            : null;
        // Where the page's router sends it (the top page to a municipality): the browser goes at once.
        if (served && 'redirect' in served) {
          return reply.header('Cache-Control', 'no-cache').redirect(served.redirect, 302);
        }
        const drawn = served;
        reply
          .code(known ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          // A rendered page is in the language of the visitor's cookie.
          .header('Vary', drawn ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
        const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
        if (encoding) reply.header('Content-Encoding', encoding);
        // A page with a plain form carries this browser's CSRF token (decision 0061), a not-found page
        // the address asked for (decision 0063): each its own copy.
        const withForm = drawn?.html.identity.includes(PAGE_FORM_CSRF_PLACEHOLDER);
        if (drawn && (withForm || drawn.fill)) {
          if (withForm) reply.header('Cache-Control', 'private, no-cache');
          let own = drawn.html.identity.toString('utf8');
          if (drawn.fill) own = drawn.fill(own);
          if (withForm) own = own.replaceAll(PAGE_FORM_CSRF_PLACEHOLDER, app.csrfToken(request, reply));
          const body = Buffer.from(own);
          return reply.send(encoding ? encodeFast(body, encoding) : body);
        }
        const html = drawn?.html ?? (indexes.get(target.prefix) as EncodedPage);
        return reply.send(encoding ? html[encoding] : html.identity);
      }
    }
    return reply.code(404).send(notFoundBody(path));
  });
});
