import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireMunicipality } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import { sessionCookie, type SessionService } from '../sessions/sessions.service.js';
import { staffFor } from '../staff/staff-context.js';
import type { Origin, StaffAccountService } from './staff-accounts.service.js';

interface Deps {
  service: StaffAccountService;
  accounts: AccountRepository;
  /** The form sessions mail links are exchanged for (decision 0044). */
  sessions: SessionService;
  secureCookies: boolean;
}

type FormKind = 'invitation' | 'password_reset';

const originOf = (request: FastifyRequest): Origin => ({
  municipality: requireMunicipality(request),
  ip: request.ip,
});

/**
 * Accounts, invitations, password reset and the audit log view. Administrators only (accounts.manage,
 * audit.read), except the calls made before a session exists: password reset, reading an invitation and
 * creating the account from it.
 */
export function staffAccountHandlers({ service, accounts, sessions, secureCookies }: Deps) {
  /** This browser's form session of a kind (null when none is live). */
  const formOf = (kind: FormKind, request: FastifyRequest) =>
    sessions.resolve(kind, request.cookies[sessionCookie[kind]]);
  const keepForm = (
    kind: FormKind,
    reply: FastifyReply,
    session: { token: string; expiresAt: Date } | null,
  ) => {
    if (!session) return;
    reply.setCookie(sessionCookie[kind], session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      expires: session.expiresAt,
    });
  };
  /** The form is done: its session ends with it. */
  const endForm = async (kind: FormKind, request: FastifyRequest, reply: FastifyReply) => {
    await sessions.end(request.cookies[sessionCookie[kind]]);
    reply.clearCookie(sessionCookie[kind], { path: '/' });
  };

  return [
    handle('staff.password_reset.request', async ({ request, body }) => {
      await service.requestPasswordReset(originOf(request), body.email);
      return { ok: true as const };
    }),
    handle('staff.password_reset.open', async ({ request, reply, body }) => {
      const current = await formOf('password_reset', request);
      const opened = await service.openPasswordReset(originOf(request), body.token, current);
      keepForm('password_reset', reply, opened.session);
      return { ok: true as const };
    }),
    handle('staff.password_reset.confirm', async ({ request, reply, body }) => {
      const form = await formOf('password_reset', request);
      await service.confirmPasswordReset(originOf(request), form, body.password);
      await endForm('password_reset', request, reply);
      return { ok: true as const };
    }),
    handle('staff.invitation.create', async ({ request, body }) => {
      const staff = await staffFor(request, accounts, 'accounts.manage');
      return service.invite(originOf(request), staff, body);
    }),
    handle('staff.invitation.open', async ({ request, reply, body }) => {
      const current = await formOf('invitation', request);
      const opened = await service.openInvitation(originOf(request), body.token, current);
      keepForm('invitation', reply, opened.session);
      return opened.invitation;
    }),
    handle('staff.invitation.get', async ({ request }) =>
      service.invitation(requireMunicipality(request).id, await formOf('invitation', request)),
    ),
    handle('staff.accounts.create', async ({ request, reply, body }) => {
      const account = await service.acceptInvitation(
        originOf(request),
        await formOf('invitation', request),
        body,
      );
      await endForm('invitation', request, reply);
      return account;
    }),
    handle('staff.accounts.list', async ({ request, query }) => {
      const staff = await staffFor(request, accounts, 'accounts.manage');
      return service.list(staff.municipalityId, query);
    }),
    handle('staff.accounts.update', async ({ request, params, body }) => {
      const staff = await staffFor(request, accounts, 'accounts.manage');
      return service.update(originOf(request), staff, params.accountId, body);
    }),
    handle('staff.accounts.delete', async ({ request, query }) => {
      const staff = await staffFor(request, accounts, 'accounts.manage');
      await service.remove(originOf(request), staff, query.target_user_ids);
      return { ok: true as const };
    }),
    handle('staff.audit_log', async ({ request, query }) => {
      const staff = await staffFor(request, accounts, 'audit.read');
      return service.auditLog(staff.municipalityId, query);
    }),
  ];
}
