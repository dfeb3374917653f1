import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicants, applicantServiceLinks } from '../../db/schema/index.js';

export interface ServiceLink {
  id: string;
  service: string;
  linkedAt: Date;
}

/** The resident's identity record: claims kept as the profile, and the services they linked. */
export function createIdentityRepository(db: Db) {
  return {
    async saveProfile(applicantId: string, profile: Record<string, string | null>): Promise<void> {
      await db.update(applicants).set({ profile }).where(eq(applicants.id, applicantId));
    },
    async findApplicant(
      applicantId: string,
    ): Promise<{ subject: string; profile: Record<string, string | null> | null } | null> {
      const rows = await db
        .select({ subject: applicants.subject, profile: applicants.profile })
        .from(applicants)
        .where(eq(applicants.id, applicantId))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Links a service once; linking again keeps the first date. */
    async link(applicantId: string, service: string): Promise<void> {
      await db.insert(applicantServiceLinks).values({ applicantId, service }).onConflictDoNothing();
    },
    async links(applicantId: string): Promise<ServiceLink[]> {
      return db
        .select({
          id: applicantServiceLinks.id,
          service: applicantServiceLinks.service,
          linkedAt: applicantServiceLinks.linkedAt,
        })
        .from(applicantServiceLinks)
        .where(eq(applicantServiceLinks.applicantId, applicantId))
        .orderBy(asc(applicantServiceLinks.linkedAt), asc(applicantServiceLinks.service));
    },
    /** Removes one of the resident's own links; false when there is none with that id for them. */
    async unlink(applicantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(applicantServiceLinks)
        .where(and(eq(applicantServiceLinks.id, id), eq(applicantServiceLinks.applicantId, applicantId)))
        .returning({ id: applicantServiceLinks.id });
      return rows.length > 0;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
