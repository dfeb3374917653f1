import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { requireMunicipality } from '../../http/request.js';
import type { AccountRepository, StaffIdentity } from '../accounts/accounts.repository.js';
import { authorize, type StaffAction } from './staff.policy.js';

const cache = new WeakMap<FastifyRequest, StaffIdentity>();

/** The signed-in staff member of this request (their account, permission and departments), once per request. */
export async function currentStaff(
  request: FastifyRequest,
  accounts: AccountRepository,
): Promise<StaffIdentity> {
  const known = cache.get(request);
  if (known) return known;
  const session = request.session;
  if (!session || session.kind !== 'staff') throw new AppError('unauthenticated', 'sign-in required');
  const staff = await accounts.findStaffById(requireMunicipality(request).id, session.subjectId);
  if (!staff) throw new AppError('unauthenticated', 'this account no longer exists');
  cache.set(request, staff);
  return staff;
}

/** The staff member, refused (403) unless their permission includes the act. */
export async function staffFor(request: FastifyRequest, accounts: AccountRepository, action: StaffAction) {
  const staff = await currentStaff(request, accounts);
  authorize(staff, action);
  return staff;
}
