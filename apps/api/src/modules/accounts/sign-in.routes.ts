import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireMunicipality } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { SessionKind } from '../sessions/sessions.repository.js';
import { SESSION_IDLE_HEADER, sessionCookie, type SessionService } from '../sessions/sessions.service.js';
import type { AccountRepository } from './accounts.repository.js';
import type { SignInService } from './sign-in.service.js';
import { announceIdle } from '../../http/session-idle.js';

interface Deps {
  signIn: SignInService;
  sessions: SessionService;
  accounts: AccountRepository;
  secureCookies: boolean;
  /** Staff sign-in, its failures and sign-out are recorded here (decision 0005). */
  audit?: AuditRepository;
}

export function signInHandlers(deps: Deps) {
  const { signIn, sessions, accounts } = deps;

  /** The new session replaces this browser's previous one of that kind, with a new CSRF token (issue 13). */
  const setSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: SessionKind,
    token: string,
    expires: Date,
  ) => {
    await sessions.end(request.cookies[sessionCookie[kind]]);
    reply.setCookie(sessionCookie[kind], token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      expires,
    });
    reply.header(SESSION_IDLE_HEADER, String(Math.floor(sessions.idleMs / 1000)));
    return request.server.rotateCsrfToken(request, reply);
  };

  async function signOut(kind: SessionKind, request: FastifyRequest, reply: FastifyReply) {
    await sessions.end(request.cookies[sessionCookie[kind]]);
    reply.clearCookie(sessionCookie[kind], { path: '/' });
    return { ok: true as const };
  }

  const municipalityId = (request: FastifyRequest) => requireMunicipality(request).id;

  const staffUser = (a: {
    id: string;
    name: string;
    email: string;
    permission: 'administrator' | 'clerk' | 'viewer';
    departmentIds: number[];
  }) => ({
    id: a.id,
    name: a.name,
    email: a.email,
    permission: a.permission,
    department_ids: a.departmentIds,
  });

  return [
    handle('staff.login', async ({ request, reply, body }) => {
      const mid = municipalityId(request);
      const entry = {
        municipalityId: mid,
        actorKind: 'staff' as const,
        targetType: 'staff_account',
        ip: request.ip,
      };
      const result = await signIn.staff(mid, body.login_id, body.password).catch(async (error: unknown) => {
        const known = await accounts.findStaffByEmail(mid, body.login_id);
        await deps.audit?.record({
          ...entry,
          actorId: null,
          action: 'sign_in.failure',
          targetId: known?.id ?? null,
          detail: { login_id: body.login_id, reason: (error as { code?: string }).code ?? 'error' },
        });
        throw error;
      });
      await deps.audit?.record({
        ...entry,
        actorId: result.account.id,
        action: 'sign_in.success',
        targetId: result.account.id,
      });
      const csrf = await setSession(request, reply, 'staff', result.token, result.expiresAt);
      return { is_logged_in: true, user: staffUser(result.account), csrf_token: csrf };
    }),
    handle('staff.logout', async ({ request, reply }) => {
      const subject = request.session?.subjectId ?? null;
      await deps.audit?.record({
        municipalityId: municipalityId(request),
        actorKind: 'staff',
        actorId: subject,
        action: 'sign_out',
        targetType: 'staff_account',
        targetId: subject,
        ip: request.ip,
      });
      return signOut('staff', request, reply);
    }),
    handle('staff.login.status', async ({ request, reply }) => {
      const session = await sessions.resolve('staff', request.cookies[sessionCookie.staff]);
      const mid = municipalityId(request);
      const account =
        session && session.municipalityId === mid
          ? await accounts.findStaffById(mid, session.subjectId)
          : null;
      if (session && account) announceIdle(reply, sessions, session);
      return {
        is_logged_in: account !== null,
        user: account ? staffUser(account) : null,
        csrf_token: request.server.csrfToken(request, reply),
      };
    }),
    handle('operator.login', async ({ request, reply, body }) => {
      const result = await signIn.operator(body.login_id, body.password);
      const csrf = await setSession(request, reply, 'operator', result.token, result.expiresAt);
      return {
        is_logged_in: true,
        user: {
          id: result.operator.id,
          name: result.operator.name,
          email: result.operator.loginId,
          permission: null,
          department_ids: [],
        },
        csrf_token: csrf,
      };
    }),
    handle('operator.logout', async ({ request, reply }) => signOut('operator', request, reply)),
    handle('operator.login.status', async ({ request, reply }) => {
      const session = await sessions.resolve('operator', request.cookies[sessionCookie.operator]);
      const operator = session ? await accounts.findOperatorById(session.subjectId) : null;
      if (session && operator) announceIdle(reply, sessions, session);
      return {
        is_logged_in: operator !== null,
        user: operator
          ? {
              id: operator.id,
              name: operator.name,
              email: operator.loginId,
              permission: null,
              department_ids: [],
            }
          : null,
        csrf_token: request.server.csrfToken(request, reply),
      };
    }),
  ];
}
