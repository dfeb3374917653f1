import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicants, registryResidents, selfInformationSessions } from '../../db/schema/index.js';

export type RegistryResident = typeof registryResidents.$inferSelect;
export type SelfInformationRow = typeof selfInformationSessions.$inferSelect;

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
    async latestSelfInformation(applicationId: string): Promise<SelfInformationRow | null> {
      const rows = await db
        .select()
        .from(selfInformationSessions)
        .where(eq(selfInformationSessions.applicationId, applicationId))
        .orderBy(desc(selfInformationSessions.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    async insertSelfInformation(
      row: typeof selfInformationSessions.$inferInsert,
    ): Promise<SelfInformationRow> {
      return (await db.insert(selfInformationSessions).values(row).returning())[0]!;
    },
    /** Moves a session only from the state it was read in (a concurrent poll cannot move it twice). */
    async moveSelfInformation(
      row: SelfInformationRow,
      patch: Partial<typeof selfInformationSessions.$inferInsert>,
    ): Promise<SelfInformationRow | null> {
      const rows = await db
        .update(selfInformationSessions)
        .set(patch)
        .where(and(eq(selfInformationSessions.id, row.id), eq(selfInformationSessions.status, row.status)))
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type IdentificationRepository = ReturnType<typeof createIdentificationRepository>;
