import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { departments, municipalities, operators, permissions } from '../db/schema/index.js';
import { permissionRows } from '../modules/staff-accounts/permission-rows.js';

export interface DepartmentInput {
  code: string;
  name: string;
}

/** What only the accounts command writes: municipalities, departments, operators and the permission rows. */
export function createProvisioningRepository(db: Db) {
  return {
    /** The permission rows staff accounts refer to (the demo seed adds them too); existing ones stay. */
    async ensurePermissions() {
      await db
        .insert(permissions)
        .values([...permissionRows])
        .onConflictDoNothing();
    },

    /** A municipality with its departments, in one transaction; false when the code exists (nothing written). */
    async createMunicipality(input: {
      code: string;
      name: string;
      nameEn: string | null;
      departments: DepartmentInput[];
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const created = await tx
          .insert(municipalities)
          .values({ code: input.code, name: input.name, nameEn: input.nameEn })
          .onConflictDoNothing()
          .returning({ id: municipalities.id });
        const id = created[0]?.id;
        if (id === undefined) return false;
        await tx.insert(departments).values(input.departments.map((d) => ({ ...d, municipalityId: id })));
        return true;
      });
    },

    /** False when the municipality already has a department with this code. */
    async createDepartment(municipalityId: number, department: DepartmentInput): Promise<boolean> {
      const created = await db
        .insert(departments)
        .values({ ...department, municipalityId })
        .onConflictDoNothing()
        .returning({ id: departments.id });
      return created.length > 0;
    },

    /** False when the login id is taken (nothing written). */
    async createOperator(input: { loginId: string; name: string; passwordHash: string }) {
      const created = await db
        .insert(operators)
        .values(input)
        .onConflictDoNothing()
        .returning({ id: operators.id });
      return created.length > 0;
    },

    municipalities: () =>
      db
        .select({ id: municipalities.id, code: municipalities.code, name: municipalities.name })
        .from(municipalities)
        .orderBy(asc(municipalities.code)),

    operators: () =>
      db
        .select({ loginId: operators.loginId, name: operators.name, lastLoginAt: operators.lastLoginAt })
        .from(operators)
        .orderBy(asc(operators.loginId)),
  };
}
export type ProvisioningRepository = ReturnType<typeof createProvisioningRepository>;
