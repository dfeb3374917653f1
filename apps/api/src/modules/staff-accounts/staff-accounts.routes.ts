import type { FastifyRequest } from 'fastify';
import { requireMunicipality } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import { staffFor } from '../staff/staff-context.js';
import type { Origin, StaffAccountService } from './staff-accounts.service.js';

interface Deps {
  service: StaffAccountService;
  accounts: AccountRepository;
}

const originOf = (request: FastifyRequest): Origin => ({
  municipality: requireMunicipality(request),
  ip: request.ip,
});

/**
 * Accounts, invitations, password reset and the audit log view. Administrators only (accounts.manage,
 * audit.read), except the calls made before a session exists: password reset, reading an invitation and
 * creating the account from it.
 */
export function staffAccountHandlers({ service, accounts }: Deps) {
  return [
    handle('staff.password_reset.request', async ({ request, body }) => {
      await service.requestPasswordReset(originOf(request), body.email);
      return { ok: true as const };
    }),
    handle('staff.password_reset.confirm', async ({ request, body }) => {
      await service.confirmPasswordReset(originOf(request), body.token, body.password);
      return { ok: true as const };
    }),
    handle('staff.invitation.create', async ({ request, body }) => {
      const staff = await staffFor(request, accounts, 'accounts.manage');
      return service.invite(originOf(request), staff, body);
    }),
    handle('staff.invitation.get', async ({ request, params }) =>
      service.invitation(requireMunicipality(request).id, params.token),
    ),
    handle('staff.accounts.create', async ({ request, body }) =>
      service.acceptInvitation(originOf(request), body),
    ),
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
