import { describe, expect, it } from 'vitest';
import { actsOnStep, permits, STAFF_PERMISSIONS, type StaffAction } from './staff-permissions.js';

const acts: StaffAction[] = [
  'documents.read',
  'documents.edit',
  'documents.status',
  'documents.memos',
  'workflow.act',
  'documents.render',
  'documents.delete',
  'exports.run',
  'counter.handle',
  'staff.browse',
  'overview.read',
  'accounts.manage',
  'audit.read',
  'funnel.read',
];

describe('staff permissions', () => {
  it('allow administrators everything, clerks the handling of documents, viewers reading', () => {
    const table = Object.fromEntries(STAFF_PERMISSIONS.map((p) => [p, acts.filter((a) => permits(p, a))]));
    expect(table).toEqual({
      administrator: acts,
      clerk: [
        'documents.read',
        'documents.edit',
        'documents.status',
        'documents.memos',
        'workflow.act',
        'documents.render',
        'exports.run',
        'counter.handle',
        'staff.browse',
        'overview.read',
      ],
      viewer: ['documents.read', 'documents.render', 'staff.browse', 'overview.read'],
    });
  });

  it('let administrators act on any step, clerks on their departments’ only, viewers on none', () => {
    expect(actsOnStep({ permission: 'administrator', departmentIds: [] }, 3)).toBe(true);
    expect(actsOnStep({ permission: 'administrator', departmentIds: [] }, null)).toBe(true);
    expect(actsOnStep({ permission: 'clerk', departmentIds: [1, 3] }, 3)).toBe(true);
    expect(actsOnStep({ permission: 'clerk', departmentIds: [1] }, 3)).toBe(false);
    expect(actsOnStep({ permission: 'clerk', departmentIds: [1] }, null)).toBe(false);
    expect(actsOnStep({ permission: 'viewer', departmentIds: [3] }, 3)).toBe(false);
  });
});
