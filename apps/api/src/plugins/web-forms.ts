import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_FROM_FORM_COOKIE,
  PAGE_FORM_CSRF_FIELD,
  plainFormPagePaths,
} from '@portal/contracts';
import { AppError } from '../http/errors.js';
import { notFoundBody } from './error-handler.js';
import { addressKey, registerRateLimiting } from './rate-limit.js';
import { sameText } from '../lib/same-text.js';

/** What the render module answers a page's plain form with (apps/web/src/targets/applicant/page-forms.ts). */
export type SubmitPageForm = (
  pathname: string,
  fields: Readonly<Record<string, string | undefined>>,
) => Promise<string | null>;

/** The page a refused or failed post goes back to (the same module), or null for a path without a form. */
export type PageFormReturn = (
  pathname: string,
  fields: Readonly<Record<string, string | undefined>>,
) => string | null;

export interface PageFormOptions {
  submit: SubmitPageForm;
  back: PageFormReturn;
  /** Whether a municipality exists (production's). */
  municipalityExists?: (code: string, environment: 'production') => Promise<boolean>;
  /** Posts per client address in one window: a resident posts a page a few times a minute. */
  limit: { max: number; windowMs: number };
}

const FORM_BODY_LIMIT = 16 * 1024;

/**
 * The plain forms of the applicant's entrance and filter (issue 36, decision 0061): a browser without
 * JavaScript (or before it runs) posts the page to its own path with the CSRF token the page carries;
 * the answer is 303 to the page the script would open. Nothing is stored: a refused token or a failing
 * call sends the browser back to the page, which carries a fresh token.
 */
export async function pageFormsPlugin(app: FastifyInstance, opts: PageFormOptions): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string)) fields[name] ??= value;
      done(null, fields);
    },
  );
  await registerRateLimiting(app);
  const limited = app.createRateLimit({
    max: opts.limit.max,
    timeWindow: opts.limit.windowMs,
    keyGenerator: (request) => `page-form:${addressKey(request)}`,
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await limited(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw new AppError('rate_limited', 'too many pages sent from this address; try again in a minute');
    }
    const { code } = request.params as { code: string };
    const path = (request.url.split('?')[0] ?? '/').replace(/\/$/, '');
    if (!/^\d{6}$/.test(code) || !((await opts.municipalityExists?.(code, 'production')) ?? true)) {
      return reply.code(404).send(notFoundBody(path));
    }
    const fields = (request.body ?? {}) as Record<string, string | undefined>;
    const back = () => opts.back(path, fields) ?? path;
    // The token the API checks in its header (an HMAC of this browser's cookie), here as a field.
    const sent = fields[PAGE_FORM_CSRF_FIELD];
    if (typeof sent !== 'string' || !sameText(sent, app.csrfToken(request, reply))) {
      request.log.info({ path }, 'page form refused: CSRF token not this browser’s');
      return reply.code(303).header('Location', back()).send();
    }
    let location: string | null;
    try {
      location = await opts.submit(path, fields);
    } catch (error) {
      request.log.warn({ err: error, path }, 'page form failed');
      location = back();
    }
    if (location === null) return reply.code(404).send(notFoundBody(path));
    return reply.code(303).header('Location', location).header('Cache-Control', 'no-store').send();
  };
  for (const page of plainFormPagePaths) app.post(page.replace('{code}', ':code'), handle);

  // The language switch as a plain form (decision 0062): remembers the language as the app does (the
  // cookie the server renders by) and shows the page it came from again, now in that language.
  app.get('/language', async (request, reply) => {
    const { to } = request.query as { to?: unknown };
    if (to === 'ja' || to === 'en') {
      reply.setCookie(LANGUAGE_COOKIE, to, { path: '/', maxAge: 31_536_000, sameSite: 'lax' });
      // Tells the app, when it next starts, that this choice is newer than the one it stored.
      reply.setCookie(LANGUAGE_FROM_FORM_COOKIE, '1', { path: '/', sameSite: 'lax' });
    }
    return reply.code(303).header('Location', samePageOf(request)).header('Cache-Control', 'no-store').send();
  });
}

/** The page a request came from (its Referer), if it is one of this site's; else the top. */
function samePageOf(request: FastifyRequest): string {
  try {
    const from = new URL(request.headers.referer ?? '');
    // As a URL writes it (`localhost:80` is `localhost`).
    const host = new URL(`${from.protocol}//${request.headers.host ?? ''}`).host;
    return from.host === host && (from.protocol === 'http:' || from.protocol === 'https:')
      ? `${from.pathname}${from.search}`
      : '/';
  } catch {
    return '/';
  }
}
