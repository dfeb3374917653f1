import type { z } from 'zod';
import type * as C from '@portal/contracts';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import type { DocumentServiceDeps } from './document-service-deps.js';

/**
 * Staff the caller may assign workflow steps to: administrators and clerks (viewers cannot act), of
 * the caller's departments, or of every department for administrators.
 */
export async function documentStepAssignees(
  deps: DocumentServiceDeps,
  staff: StaffIdentity,
): Promise<z.input<typeof C.BrowsableStaff>> {
  const everyone = await deps.documents.staffDirectory(staff.municipalityId);
  const mine = new Set(staff.departmentIds);
  return {
    staff: everyone
      .filter((p) => p.permission !== 'viewer')
      .filter((p) => staff.permission === 'administrator' || p.departmentIds.some((d) => mine.has(d)))
      .map((p) => ({ id: p.id, name: p.name, department_ids: p.departmentIds })),
  };
}
