import { actsOnStep, permits, type StaffAction } from '@portal/contracts/staff-permissions';
import { forbidden } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';

export type { StaffAction };

/** Whether the staff member's permission allows the act (the matrix is contracts/staff-permissions). */
export const can = (staff: StaffIdentity, action: StaffAction) => permits(staff.permission, action);

/** Refuses (403) an act the permission does not include. */
export function authorize(staff: StaffIdentity, action: StaffAction): void {
  if (!can(staff, action)) throw forbidden(`your permission (${staff.permission}) does not allow ${action}`);
}

/** Departments whose documents the staff member sees; null means every department (administrators). */
export function visibleDepartments(staff: StaffIdentity): number[] | null {
  return staff.permission === 'administrator' ? null : staff.departmentIds;
}

/** Whether a document of this department is within the staff member's scope. */
export function inScope(staff: StaffIdentity, departmentId: number | null): boolean {
  const scope = visibleDepartments(staff);
  return scope === null || (departmentId !== null && scope.includes(departmentId));
}

/** Refuses (403) acting on a workflow step of a department the staff member does not belong to. */
export function authorizeStep(staff: StaffIdentity, department: number | null): void {
  if (!actsOnStep(staff, department))
    throw forbidden('only administrators and members of the step’s department act on it');
}
