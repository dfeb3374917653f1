import { aliasedTable, and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicants, registryResidents } from '../../db/schema/index.js';

export type RegistryEntry = typeof registryResidents.$inferSelect;

/** The municipality's resident registry (the demo registry stands in for the municipality's system). */
export function createRegistryRepository(db: Db) {
  const self = aliasedTable(registryResidents, 'self');
  return {
    /**
     * A signed-in resident's registry entry in one municipality and the members of their household
     * (themselves included), in one statement; null when the registry does not hold them there.
     */
    async householdOf(
      applicantId: string,
      municipalityId: number,
    ): Promise<{ self: RegistryEntry; members: RegistryEntry[] } | null> {
      const rows = await db
        .select({ member: registryResidents, subject: applicants.subject })
        .from(applicants)
        .innerJoin(self, and(eq(self.subject, applicants.subject), eq(self.municipalityId, municipalityId)))
        .innerJoin(
          registryResidents,
          and(
            eq(registryResidents.municipalityId, municipalityId),
            or(
              eq(registryResidents.householdId, self.householdId),
              eq(registryResidents.subject, self.subject),
            ),
          ),
        )
        .where(eq(applicants.id, applicantId));
      const me = rows.find((r) => r.member.subject === r.subject)?.member;
      return me ? { self: me, members: rows.map((r) => r.member) } : null;
    },
  };
}
export type RegistryRepository = ReturnType<typeof createRegistryRepository>;
