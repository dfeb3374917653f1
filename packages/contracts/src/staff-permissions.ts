// What each staff permission allows (decision 0005), declared once: the server authorizes by it, the staff
// screens hide or disable by it. zod-free, so the web imports it without the schemas.

export const STAFF_PERMISSIONS = ['administrator', 'clerk', 'viewer'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/** What staff do, one word per kind of act; each staff route names the one it needs. */
export type StaffAction =
  | 'documents.read'
  | 'documents.edit'
  | 'documents.status'
  | 'documents.memos'
  | 'workflow.act'
  | 'documents.render'
  | 'documents.delete'
  | 'counter.handle'
  | 'exports.run'
  | 'staff.browse'
  | 'overview.read'
  | 'accounts.manage'
  | 'audit.read'
  | 'funnel.read';

const viewer: readonly StaffAction[] = [
  'documents.read',
  'documents.render',
  'staff.browse',
  'overview.read',
];
const clerk: readonly StaffAction[] = [
  ...viewer,
  'documents.edit',
  'documents.status',
  'documents.memos',
  'workflow.act',
  'exports.run',
  // Taking a resident's application at the counter and submitting it with an identity check (0026).
  'counter.handle',
];

/**
 * administrator: everything in the municipality, all departments. clerk: handles the documents of their
 * departments (read, edit, status and remand, memos, workflow, render, export) and takes applications at
 * the counter. viewer: reads and renders
 * the documents of their departments.
 */
const allowed: Record<StaffPermission, ReadonlySet<StaffAction>> = {
  administrator: new Set([...clerk, 'documents.delete', 'accounts.manage', 'audit.read', 'funnel.read']),
  clerk: new Set(clerk),
  viewer: new Set(viewer),
};

/** Whether a permission allows an act at all (documents of other departments are never listed). */
export const permits = (permission: StaffPermission, action: StaffAction): boolean =>
  allowed[permission].has(action);

/**
 * Whether staff act on a workflow step of `department` (the step's, else its document's): administrators
 * always, clerks when they belong to it.
 */
export function actsOnStep(
  staff: { permission: StaffPermission; departmentIds: readonly number[] },
  department: number | null,
): boolean {
  if (!permits(staff.permission, 'workflow.act')) return false;
  if (staff.permission === 'administrator') return true;
  return department !== null && staff.departmentIds.includes(department);
}
