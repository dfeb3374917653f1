import { requireMunicipality } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import { staffFor } from '../staff/staff-context.js';
import type { FunnelService } from './funnel.service.js';

/**
 * The funnel's reads: operators per group, of the environment residents use; staff administrators per
 * procedure, of their own municipality (decision 0053 and its addendum).
 */
export function funnelHandlers(deps: {
  accounts: AccountRepository;
  staff: FunnelService;
  operator: FunnelService;
}) {
  return [
    handle('operator.funnel', ({ request, params }) =>
      deps.operator.forOperator(requireMunicipality(request).code, params.procedureGroupId),
    ),
    handle('staff.funnel', async ({ request }) => {
      const staff = await staffFor(request, deps.accounts, 'funnel.read');
      return deps.staff.forStaff(staff.municipalityId);
    }),
  ];
}
