// What the signed-in staff member may do (decision 0005), so screens hide or disable what they cannot,
// with the reason. The matrix is contracts/staff-permissions; the server still decides, and every screen
// also handles its 403.
import { actsOnStep, permits, type StaffAction } from '@portal/contracts/staff-permissions';
import type { ApiResult } from '../api';

export type StaffUser = NonNullable<ApiResult<'staff.login.status'>['user']>;
export type { StaffAction };

/** Whether a permission allows an act at all (documents of other departments are never listed). */
export function can(user: Pick<StaffUser, 'permission'> | null | undefined, act: StaffAction): boolean {
  return Boolean(user?.permission && permits(user.permission, act));
}

/** Whether the user may act on a workflow step of a department (the step's, else the document's). */
export function canActOnStep(
  user: Pick<StaffUser, 'permission' | 'department_ids'> | null | undefined,
  department: number | null,
): boolean {
  if (!user?.permission) return false;
  return actsOnStep({ permission: user.permission, departmentIds: user.department_ids }, department);
}
