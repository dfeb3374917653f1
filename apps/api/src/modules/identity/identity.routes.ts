import type { SignInFailureReason } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../http/errors.js';
import { handle } from '../../http/route-kit.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import { sessionCookie, type SessionService } from '../sessions/sessions.service.js';
import { userProfileView } from './claims.js';
import type { IdentityRepository } from './identity.repository.js';
import {
  LOGIN_COOKIE,
  LOGIN_COOKIE_PATH,
  type IdentityService,
  type LoginTransaction,
} from './identity.service.js';
import { announceIdle } from '../../http/session-idle.js';

interface Deps {
  identity: IdentityService;
  repository: IdentityRepository;
  sessions: SessionService;
  secureCookies: boolean;
}

/** The query string exactly as received: the authorization response is checked on it. */
const searchOf = (request: FastifyRequest) => {
  const i = request.url.indexOf('?');
  return i >= 0 ? request.url.slice(i) : '';
};

/**
 * A browser opening a page (not a script calling the API): such a request gets a page, never an error
 * body. Browsers say so in their fetch metadata, and ask for HTML.
 */
export function isNavigation(request: FastifyRequest): boolean {
  const { accept } = request.headers;
  return (
    request.headers['sec-fetch-mode'] === 'navigate' ||
    (typeof accept === 'string' && accept.includes('text/html'))
  );
}

/**
 * What the provider's `error` means for the resident: they cancelled, the card is locked (the stand-in's
 * `card_locked`, decision 0043), or the provider refused.
 */
const providerReason = (error: string): SignInFailureReason =>
  error === 'access_denied' ? 'cancelled' : error === 'card_locked' ? 'card_locked' : 'provider_error';

/** Why a callback failed, for the resident: no usable transaction in this browser, or the provider. */
const failureReason = (error: unknown, tx: LoginTransaction | null): SignInFailureReason =>
  !tx && error instanceof AppError && error.field === 'state' ? 'expired' : 'provider_error';

export function identityHandlers(deps: Deps) {
  const { identity, repository, sessions } = deps;

  const clearTransaction = (reply: FastifyReply) =>
    reply.clearCookie(LOGIN_COOKIE, {
      path: LOGIN_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
    });

  const signedIn = (request: FastifyRequest): SessionRecord => {
    if (!request.session) throw new AppError('unauthenticated', 'sign-in required');
    return request.session;
  };

  return [
    handle('applicant.login', async ({ query, reply }) => {
      const login = await identity.startLogin(query.municipality_code, query.return_to);
      // Lax: the provider sends the browser back with a top-level GET, which carries it.
      reply.setCookie(LOGIN_COOKIE, login.cookie, {
        path: LOGIN_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        expires: login.expiresAt,
      });
      return reply.redirect(login.location, 302);
    }),

    handle('applicant.login.callback', async ({ query, request, reply }) => {
      let tx: LoginTransaction | null = null;
      let session: Awaited<ReturnType<IdentityService['completeLogin']>>;
      try {
        tx = identity.openTransaction(request.cookies[LOGIN_COOKIE], query.state);
        // One attempt per transaction: whatever happens next, this browser must start again.
        clearTransaction(reply);
        // The provider ended the sign-in (the resident cancelled, or it refused): say so on a page.
        if (query.error) {
          const reason = providerReason(query.error);
          identity.signInFailed(reason);
          return reply.redirect(identity.failureLocation(tx, reason), 302);
        }
        if (!query.code) throw new AppError('validation_failed', 'code is required', 'code');
        session = await identity.completeLogin(
          tx,
          searchOf(request),
          request.cookies[sessionCookie.applicant],
        );
      } catch (error) {
        const reason = query.error ? providerReason(query.error) : failureReason(error, tx);
        identity.signInFailed(reason);
        // A browser ends on the applicant app's page saying what happened and what to do next; an API
        // client keeps the error body.
        if (!isNavigation(request)) throw error;
        if (!(error instanceof AppError) || error.status >= 500) {
          request.log.warn({ err: error }, 'resident sign-in failed at the callback');
        }
        clearTransaction(reply);
        return reply.redirect(identity.failureLocation(tx, reason), 302);
      }
      const kind = 'applicant' as const;
      reply.setCookie(sessionCookie[kind], session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        expires: session.expiresAt,
      });
      // A CSRF token seen before the sign-in is worth nothing after it.
      request.server.rotateCsrfToken(request, reply);
      return reply.redirect(session.returnTo, 302);
    }),

    handle('applicant.logout', async ({ request, reply }) => {
      await sessions.end(request.cookies[sessionCookie.applicant]);
      reply.clearCookie(sessionCookie.applicant, { path: '/' });
      return { ok: true as const };
    }),

    handle('applicant.login.status', async ({ request, reply }) => {
      const session = await sessions.resolve('applicant', request.cookies[sessionCookie.applicant]);
      if (session) announceIdle(reply, sessions, session);
      const code = session?.data.municipality_code;
      return {
        is_logged_in: session !== null,
        csrf_token: request.server.csrfToken(request, reply),
        municipality_code: session && typeof code === 'string' ? code : null,
      };
    }),

    handle('applicant.user_info', async ({ request }) => {
      const session = signedIn(request);
      const applicant = await repository.findApplicant(session.subjectId);
      if (!applicant) throw notFound('resident');
      const links = await repository.links(session.subjectId);
      return {
        subject: applicant.subject,
        profile: userProfileView(applicant.profile),
        service_statuses: links.map((l) => ({
          id: l.id,
          service: l.service,
          linked_at: l.linkedAt.toISOString(),
        })),
      };
    }),

    handle('applicant.user_service_status.delete', async ({ request, params }) => {
      const session = signedIn(request);
      if (!(await repository.unlink(session.subjectId, params.userServiceStatusId))) {
        throw notFound('service link');
      }
      return { ok: true as const };
    }),

    handle('applicant.user_profile.create', async ({ request }) => {
      const profile = await identity.storeProfileFromSession(signedIn(request));
      return userProfileView(profile)!;
    }),
  ];
}
