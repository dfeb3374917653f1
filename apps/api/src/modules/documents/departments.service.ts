import type * as C from '@portal/contracts';
import type { z } from 'zod';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { visibleDepartments } from '../staff/staff.policy.js';
import type { DepartmentRepository } from './departments.repository.js';

/**
 * What a staff member's screens offer by department: the department filter (shown to whoever sees more
 * than one) and the procedures an export may include (only those of the member's departments).
 */
export function createDepartmentService(deps: {
  departments: DepartmentRepository;
  published: PublishedConfiguration;
}) {
  return {
    async visible(staff: StaffIdentity): Promise<z.input<typeof C.StaffDepartments>> {
      const scope = visibleDepartments(staff);
      const [rows, live] = await Promise.all([
        deps.departments.list(staff.municipalityId),
        deps.published.liveVersions(staff.municipalityId),
      ]);
      const groups = await Promise.all(live.map((v) => deps.published.load(v.groupId, v.version)));
      const codesOf = new Map<string, string[]>();
      for (const group of groups)
        for (const p of group.config.disclosure.procedures)
          if (p.department_code)
            codesOf.set(p.department_code, [...(codesOf.get(p.department_code) ?? []), p.code]);
      return {
        departments: rows
          .filter((d) => scope === null || scope.includes(d.id))
          .map((d) => ({ ...d, procedure_codes: [...new Set(codesOf.get(d.code) ?? [])] })),
      };
    },
  };
}
export type DepartmentService = ReturnType<typeof createDepartmentService>;
