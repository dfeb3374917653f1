// The export screen offers only the procedures of the member's departments.
import { describe, expect, it } from 'vitest';
import { exportable } from './ExportsScreen';

const procedure = (code: string, groupId: number) => ({
  id: code.length,
  code,
  name: code,
  groupId,
  groupName: `group ${groupId}`,
  version: 1,
});
const catalog = {
  groups: [
    { id: 1, name: 'group 1' },
    { id: 2, name: 'group 2' },
  ],
  procedures: [
    procedure('birth_notification', 1),
    procedure('child_allowance', 1),
    procedure('moving_in', 2),
  ],
  isPending: false,
  error: null,
} as unknown as Parameters<typeof exportable>[0];

describe('exportable', () => {
  it("keeps the departments' procedures and the groups that still have one", () => {
    const cut = exportable(catalog, [{ procedure_codes: ['child_allowance'] }]);
    expect(cut.procedures.map((p) => p.code)).toEqual(['child_allowance']);
    expect(cut.groups.map((g) => g.id)).toEqual([1]);
  });

  it('offers everything to a member of every department, and nothing without a department', () => {
    const every = [
      { procedure_codes: ['birth_notification'] },
      { procedure_codes: ['child_allowance', 'moving_in'] },
    ];
    expect(exportable(catalog, every).procedures).toHaveLength(3);
    expect(exportable(catalog, [])).toMatchObject({ procedures: [], groups: [] });
  });
});
