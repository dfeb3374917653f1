import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  CSRF_HEADER as CSRF_HEADER_NAME,
  REGION_HEADER as REGION_HEADER_NAME,
  type RouteDef,
} from '@portal/contracts';
import { AppError } from '../http/errors.js';
import { requireMunicipality } from '../http/request.js';
import { checkCounterScope } from '../modules/counter/counter-scope.js';
import type { MunicipalityRepository } from '../modules/municipalities/municipalities.repository.js';
import type { SessionKind } from '../modules/sessions/sessions.repository.js';
import { sessionCookie, type SessionService } from '../modules/sessions/sessions.service.js';
import { announceIdle } from '../http/session-idle.js';
import type { SystemKeyService } from '../modules/integration/system-keys.service.js';
import { sameText } from '../lib/same-text.js';

// Node lowercases header names.
export const REGION_HEADER = REGION_HEADER_NAME.toLowerCase();
export const CSRF_HEADER = CSRF_HEADER_NAME.toLowerCase();
export const CSRF_COOKIE = 'portal_csrf';

export interface GuardOptions {
  secret: string;
  secureCookies: boolean;
  municipalities: MunicipalityRepository;
  sessions: SessionService;
  /**
   * Applicant routes whose own statement confirms the session (decision 0049): they may take it from
   * the process's kept sessions without a query of their own.
   */
  confirmedInRoute: ReadonlySet<string>;
  /** Checks the API key of a core system's call (decision 0057). */
  systemKeys: Pick<SystemKeyService, 'authenticate'>;
}

const kindOf: Partial<Record<RouteDef['audience'], SessionKind>> = {
  applicant: 'applicant',
  staff: 'staff',
  operator: 'operator',
};

/** The CSRF token of a browser: an HMAC of its random cookie, so a page on another site cannot know it. */
export function csrfTokenFor(secret: string, cookieValue: string): string {
  return createHmac('sha256', secret).update(`csrf:${cookieValue}`).digest('base64url');
}

/**
 * Checks run before any body is read, in order: region header (400), CSRF (403), sign-in (401) and
 * tenancy (403). A refused call touches nothing.
 */
export const requestGuardsPlugin = fp(async (app: FastifyInstance, opts: GuardOptions) => {
  app.decorateRequest('municipality', null);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionConfirmed', true);
  app.decorateRequest('systemKey', null);

  app.addHook('onRequest', async (request, reply) => {
    const def = request.routeOptions.config.routeDef;
    if (!def) return;
    await checkRegion(request, def, opts);
    checkCsrf(request, def, opts.secret);
    if (def.audience === 'integration') await checkSystemKey(request, opts);
    else await checkSession(request, reply, def, opts);
  });

  const issueCsrf = (request: FastifyRequest, reply: FastifyReply): string => {
    const value = randomBytes(32).toString('base64url');
    reply.setCookie(CSRF_COOKIE, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies,
    });
    request.cookies[CSRF_COOKIE] = value;
    return value;
  };
  /** Issues (once) the random cookie the CSRF token is derived from, and returns the token. */
  app.decorate('csrfToken', (request: FastifyRequest, reply: FastifyReply): string => {
    let value = request.cookies[CSRF_COOKIE];
    if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) value = issueCsrf(request, reply);
    return csrfTokenFor(opts.secret, value);
  });
  /** A new CSRF cookie and token: on sign-in, a token seen before it is worth nothing after. */
  app.decorate('rotateCsrfToken', (request: FastifyRequest, reply: FastifyReply): string =>
    csrfTokenFor(opts.secret, issueCsrf(request, reply)),
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    csrfToken(request: FastifyRequest, reply: FastifyReply): string;
    rotateCsrfToken(request: FastifyRequest, reply: FastifyReply): string;
  }
}

async function checkRegion(request: FastifyRequest, def: RouteDef, opts: GuardOptions) {
  const header = request.headers[REGION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined && !/^\d{6}$/.test(value)) {
    throw new AppError('region_mismatch', 'X-Region-Code must be a 6-digit municipality code', REGION_HEADER);
  }
  if (!def.path.includes('{code}')) return;
  const code = (request.params as { code?: string }).code;
  if (value === undefined) {
    throw new AppError('region_mismatch', 'X-Region-Code header is required', REGION_HEADER);
  }
  if (value !== code) {
    throw new AppError(
      'region_mismatch',
      'X-Region-Code does not match the municipality of the path',
      REGION_HEADER,
    );
  }
  if (!code || !/^\d{6}$/.test(code)) {
    throw new AppError('validation_failed', 'municipality code must be 6 digits', 'code');
  }
  const municipality = await opts.municipalities.findByCode(code);
  if (!municipality) throw new AppError('not_found', `municipality ${code} not found`, 'code');
  request.municipality = municipality;
}

function checkCsrf(request: FastifyRequest, def: RouteDef, secret: string) {
  // Writes without CSRF are a core system's bearer-key calls only (route() declares no other, 0057).
  if (def.csrf === 'none' && (def.method === 'GET' || def.audience === 'integration')) return;
  if (def.csrf === 'none') throw new AppError('csrf_failed', 'a write must be CSRF-checked', CSRF_HEADER);
  const header = request.headers[CSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  if (sent === undefined) throw new AppError('csrf_failed', 'X-CSRF-Token header is missing', CSRF_HEADER);
  if (def.csrf === 'empty') return;
  const cookie = request.cookies[CSRF_COOKIE];
  if (!sent || !cookie || !sameText(sent, csrfTokenFor(secret, cookie))) {
    throw new AppError('csrf_failed', 'X-CSRF-Token is not valid for this browser', CSRF_HEADER);
  }
}

/** A core system's call: its key, from `Authorization: Bearer` (never a cookie), for this municipality. */
async function checkSystemKey(request: FastifyRequest, opts: GuardOptions) {
  const header = request.headers.authorization;
  request.systemKey = await opts.systemKeys.authenticate({
    authorization: Array.isArray(header) ? header[0] : header,
    ip: request.ip ?? null,
    municipalityId: requireMunicipality(request).id,
  });
}

async function checkSession(request: FastifyRequest, reply: FastifyReply, def: RouteDef, opts: GuardOptions) {
  const kind = kindOf[def.audience];
  if (!kind) return;
  const token = request.cookies[sessionCookie[kind]];
  // The rate limits hashed the same cookie already (a request hashes its token once).
  const id = token && request.sessionToken?.token === token ? request.sessionToken.id : undefined;
  let session;
  if (opts.confirmedInRoute.has(def.id)) {
    const kept = await opts.sessions.resolveKept(kind, token, id);
    session = kept?.session ?? null;
    request.sessionConfirmed = kept?.confirmed ?? true;
  } else {
    session = await opts.sessions.resolve(kind, token, id);
  }
  if (session && request.municipality && session.municipalityId !== null) {
    // A session of one municipality never acts on another's data.
    if (session.municipalityId !== request.municipality.id) {
      if (def.auth) throw new AppError('forbidden', 'this session belongs to another municipality');
      return;
    }
  }
  if (!session) {
    if (def.auth) throw new AppError('unauthenticated', 'sign-in required');
    return;
  }
  // A counter session on a tablet reaches its one application only (decision 0026).
  checkCounterScope(def, request.params, session);
  request.session = session;
  announceIdle(reply, opts.sessions, session);
}
