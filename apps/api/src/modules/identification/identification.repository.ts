import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicants, registryResidents } from '../../db/schema/index.js';

export type RegistryResident = typeof registryResidents.$inferSelect;

export function createIdentificationRepository(db: Db) {
  return {
    /** The registry entry of a signed-in resident in one municipality (the demo resident registry). */
    async residentOf(applicantId: string, municipalityId: number): Promise<RegistryResident | null> {
      const rows = await db
        .select({ resident: registryResidents })
        .from(applicants)
        .innerJoin(registryResidents, eq(registryResidents.subject, applicants.subject))
        .where(and(eq(applicants.id, applicantId), eq(registryResidents.municipalityId, municipalityId)))
        .limit(1);
      return rows[0]?.resident ?? null;
    },
  };
}
export type IdentificationRepository = ReturnType<typeof createIdentificationRepository>;
