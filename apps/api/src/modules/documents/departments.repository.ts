import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments } from '../../db/schema/index.js';

/** A municipality's departments, by code. */
export function createDepartmentRepository(db: Db) {
  return {
    list: (municipalityId: number) =>
      db
        .select({ id: departments.id, code: departments.code, name: departments.name })
        .from(departments)
        .where(eq(departments.municipalityId, municipalityId))
        .orderBy(asc(departments.id)),
  };
}
export type DepartmentRepository = ReturnType<typeof createDepartmentRepository>;
