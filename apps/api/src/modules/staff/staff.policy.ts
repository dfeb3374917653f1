import { forbidden } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';

/** What staff do, one word per kind of act; each staff route names the one it needs. */
export type StaffAction =
  | 'documents.read'
  | 'documents.edit'
  | 'documents.status'
  | 'documents.memos'
  | 'workflow.act'
  | 'documents.render'
  | 'documents.delete'
  | 'exports.run'
  | 'staff.browse'
  | 'overview.read'
  | 'accounts.manage'
  | 'audit.read';

/**
 * administrator: everything in the municipality, all departments. clerk: handles the documents of their
 * departments (read, edit, status and remand, memos, workflow, render, export). viewer: reads and renders
 * the documents of their departments. See docs/decisions/0005-staff-permissions.md.
 */
const allowed: Record<StaffIdentity['permission'], ReadonlySet<StaffAction>> = {
  administrator: new Set<StaffAction>([
    'documents.read',
    'documents.edit',
    'documents.status',
    'documents.memos',
    'workflow.act',
    'documents.render',
    'documents.delete',
    'exports.run',
    'staff.browse',
    'overview.read',
    'accounts.manage',
    'audit.read',
  ]),
  clerk: new Set<StaffAction>([
    'documents.read',
    'documents.edit',
    'documents.status',
    'documents.memos',
    'workflow.act',
    'documents.render',
    'exports.run',
    'staff.browse',
    'overview.read',
  ]),
  viewer: new Set<StaffAction>(['documents.read', 'documents.render', 'staff.browse', 'overview.read']),
};

export const can = (staff: StaffIdentity, action: StaffAction) => allowed[staff.permission].has(action);

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
