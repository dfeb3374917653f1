import type { FastifyReply, FastifyRequest } from 'fastify';
import { COUNTER_MARKER_COOKIE } from '@portal/contracts';
import { AppError } from '../../http/errors.js';
import { requireMunicipality, applicantContext } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { sessionCookie, type SessionService } from '../sessions/sessions.service.js';
import { staffFor } from '../staff/staff-context.js';
import { counterOf } from './counter-scope.js';
import type { CounterService } from './counter.service.js';

export function counterHandlers(deps: {
  counter: CounterService;
  applications: ApplicationService;
  accounts: AccountRepository;
  sessions: SessionService;
  secureCookies: boolean;
}) {
  const { counter, applications, accounts, sessions } = deps;
  const cookie = sessionCookie.applicant;

  /** The counter session becomes this browser's applicant session (any earlier one ends). */
  const setSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    s: { token: string; expiresAt: Date },
  ) => {
    await sessions.end(request.cookies[cookie]);
    reply.setCookie(cookie, s.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      expires: s.expiresAt,
    });
    reply.setCookie(COUNTER_MARKER_COOKIE, '1', {
      path: '/',
      sameSite: 'lax',
      secure: deps.secureCookies,
      expires: s.expiresAt,
    });
  };
  const clerk = async (request: FastifyRequest) => {
    const staff = await staffFor(request, accounts, 'counter.handle');
    return { id: staff.id, name: staff.name };
  };

  return [
    handle('applicant.handoff.create', async ({ request, params, reply }) => {
      const handoff = await counter.issue(
        await applications.open(applicantContext(request), params.applicationId, { edit: true }),
        request.session,
      );
      // A token in an answer must never be kept by a cache.
      reply.header('cache-control', 'no-store');
      return handoff;
    }),
    handle('applicant.handoff.claim', async ({ request, body }) => {
      if (!request.session) throw new AppError('unauthenticated', 'sign-in required');
      return counter.claim(requireMunicipality(request), request.session, body, request.ip);
    }),
    handle('applicant.counter_session.get', async ({ request }) =>
      counter.view(requireMunicipality(request), request.session),
    ),
    handle('applicant.counter_session.end', async ({ request, reply }) => {
      if (!counterOf(request.session)) throw new AppError('conflict', 'this browser has no counter session');
      await sessions.end(request.cookies[cookie]);
      reply.clearCookie(cookie, { path: '/' });
      reply.clearCookie(COUNTER_MARKER_COOKIE, { path: '/' });
      return { ok: true as const };
    }),
    handle('applicant.identification.counter', async ({ request, params, body }) =>
      counter.identify(
        await applications.open(applicantContext(request), params.applicationId, { edit: true }),
        request.session,
        body.identity_document,
      ),
    ),
    handle('staff.counter.take', async ({ request, reply, body }) => {
      const taken = await counter.take(requireMunicipality(request), await clerk(request), body, request.ip);
      await setSession(request, reply, taken);
      reply.header('cache-control', 'no-store');
      return taken.view;
    }),
    handle('staff.counter.submitted', async ({ request, params }) =>
      counter.submitted(requireMunicipality(request), await clerk(request), params.applicationId),
    ),
    handle('staff.counter.start', async ({ request, reply }) => {
      const started = await counter.start(requireMunicipality(request), await clerk(request), request.ip);
      await setSession(request, reply, started);
      return started.view;
    }),
  ];
}
