// What the signed-in staff member may do (decision 0005), so screens hide or disable what they cannot,
// with the reason. The server still decides: every screen also handles its 403.
import type { ApiResult } from '../../lib/api';

export type StaffUser = NonNullable<ApiResult<'staff.login.status'>['user']>;
export type PermissionCode = NonNullable<StaffUser['permission']>;

export type StaffAct =
  | 'documents.edit'
  | 'documents.status'
  | 'documents.memos'
  | 'documents.render'
  | 'documents.delete'
  | 'exports.run'
  | 'accounts.manage'
  | 'audit.read';

const allowed: Record<PermissionCode, ReadonlySet<StaffAct>> = {
  administrator: new Set<StaffAct>([
    'documents.edit',
    'documents.status',
    'documents.memos',
    'documents.render',
    'documents.delete',
    'exports.run',
    'accounts.manage',
    'audit.read',
  ]),
  clerk: new Set<StaffAct>([
    'documents.edit',
    'documents.status',
    'documents.memos',
    'documents.render',
    'exports.run',
  ]),
  viewer: new Set<StaffAct>(['documents.render']),
};

/** Whether a permission allows an act at all (documents of other departments are never listed). */
export function can(user: Pick<StaffUser, 'permission'> | null | undefined, act: StaffAct): boolean {
  return Boolean(user?.permission && allowed[user.permission].has(act));
}

/**
 * Whether the user may act on a workflow step of a department: administrators always, clerks when they
 * belong to it (a step without a department belongs to the document's, which a clerk sees only when theirs).
 */
export function canActOnStep(
  user: Pick<StaffUser, 'permission' | 'department_ids'> | null | undefined,
  stepDepartmentId: number | null,
): boolean {
  if (!user?.permission) return false;
  if (user.permission === 'administrator') return true;
  if (user.permission !== 'clerk') return false;
  return stepDepartmentId === null || user.department_ids.includes(stepDepartmentId);
}
