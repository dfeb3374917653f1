import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../http/errors.js';
import { handle } from '../../http/route-kit.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import { sessionCookie, type SessionService } from '../sessions/sessions.service.js';
import { userProfileView } from './claims.js';
import type { IdentityRepository } from './identity.repository.js';
import { LOGIN_COOKIE, LOGIN_COOKIE_PATH, type IdentityService } from './identity.service.js';

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
      const tx = identity.openTransaction(request.cookies[LOGIN_COOKIE], query.state);
      // One attempt per transaction: whatever happens next, this browser must start again.
      clearTransaction(reply);
      if (query.error) return reply.redirect(identity.refusedLocation(tx, query.error), 302);
      if (!query.code) throw new AppError('validation_failed', 'code is required', 'code');
      const kind = 'applicant' as const;
      const session = await identity.completeLogin(
        tx,
        searchOf(request),
        request.cookies[sessionCookie[kind]],
      );
      reply.setCookie(sessionCookie[kind], session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies,
        expires: session.expiresAt,
      });
      return reply.redirect(session.returnTo, 302);
    }),

    handle('applicant.logout', async ({ request, reply }) => {
      await sessions.end(request.cookies[sessionCookie.applicant]);
      reply.clearCookie(sessionCookie.applicant, { path: '/' });
      return { ok: true as const };
    }),

    handle('applicant.login.status', async ({ request, reply }) => {
      const session = await sessions.resolve('applicant', request.cookies[sessionCookie.applicant]);
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
