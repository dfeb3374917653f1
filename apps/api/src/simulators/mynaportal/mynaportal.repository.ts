import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devMynaportalSessions, registryResidents } from '../../db/schema/index.js';

export type PortalSession = typeof devMynaportalSessions.$inferSelect;
export type Resident = typeof registryResidents.$inferSelect;

/** SQL of the development personal portal (its own storage; production talks to the real portal). */
export function createMynaportalRepository(db: Db) {
  return {
    async create(row: typeof devMynaportalSessions.$inferInsert) {
      await db.insert(devMynaportalSessions).values(row);
    },
    async find(id: string, now: Date): Promise<PortalSession | null> {
      const rows = await db
        .select()
        .from(devMynaportalSessions)
        .where(and(eq(devMynaportalSessions.id, id), gt(devMynaportalSessions.expiresAt, now)));
      return rows[0] ?? null;
    },
    async update(id: string, patch: Partial<typeof devMynaportalSessions.$inferInsert>) {
      await db.update(devMynaportalSessions).set(patch).where(eq(devMynaportalSessions.id, id));
    },
    residents: () => db.select().from(registryResidents).orderBy(registryResidents.subject),
    async resident(subject: string): Promise<Resident | null> {
      return (
        (await db.select().from(registryResidents).where(eq(registryResidents.subject, subject)))[0] ?? null
      );
    },
    /** Everyone registered at the same address: the household the portal reports. */
    household: (resident: Resident) =>
      db
        .select()
        .from(registryResidents)
        .where(
          and(
            eq(registryResidents.municipalityId, resident.municipalityId),
            eq(registryResidents.address, resident.address),
          ),
        ),
  };
}
export type MynaportalRepository = ReturnType<typeof createMynaportalRepository>;
