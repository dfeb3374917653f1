import { describe, expect, it } from 'vitest';
import { can, canActOnStep } from './permissions';

describe('permissions (decision 0005)', () => {
  it('lets each permission do what the table says', () => {
    const admin = { permission: 'administrator' as const, department_ids: [1] };
    const clerk = { permission: 'clerk' as const, department_ids: [2] };
    const viewer = { permission: 'viewer' as const, department_ids: [2] };
    expect(can(admin, 'documents.delete')).toBe(true);
    expect(can(clerk, 'documents.delete')).toBe(false);
    expect(can(clerk, 'exports.run')).toBe(true);
    expect(can(viewer, 'exports.run')).toBe(false);
    expect(can(viewer, 'documents.render')).toBe(true);
    expect(can(viewer, 'documents.status')).toBe(false);
    expect(can(clerk, 'audit.read')).toBe(false);
    expect(can(null, 'documents.render')).toBe(false);
    expect(canActOnStep(admin, 2)).toBe(true);
    expect(canActOnStep(clerk, 2)).toBe(true);
    expect(canActOnStep(clerk, 1)).toBe(false);
    expect(canActOnStep(viewer, 2)).toBe(false);
  });
});
