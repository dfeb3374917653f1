import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, documents } from '../../db/schema/index.js';

/** The action under which a resident's satisfaction rating is kept in the append-only audit log. */
export const SATISFACTION_ACTION = 'applicant.satisfaction_rated';

/** Reads of a submitted application's documents and the resident's satisfaction rating. */
export function createCompletionRepository(db: Db) {
  return {
    /** The documents the submission created, in procedure order. */
    async documentsOf(applicationId: string) {
      return db
        .select({
          procedureId: documents.procedureId,
          referenceNumber: documents.referenceNumber,
          receivedAt: documents.receivedAt,
          status: documents.status,
          rejectionReason: documents.rejectionReason,
        })
        .from(documents)
        .where(eq(documents.applicationId, applicationId))
        .orderBy(asc(documents.procedureId));
    },

    /** The latest rating of the application by its resident, or null. */
    async latestRating(municipalityId: number, applicationId: string, applicantId: string) {
      const rows = await db
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.municipalityId, municipalityId),
            eq(auditLog.action, SATISFACTION_ACTION),
            eq(auditLog.targetId, applicationId),
            eq(auditLog.actorId, applicantId),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(1);
      const rating = (rows[0]?.detail as { rating?: unknown } | null | undefined)?.rating;
      return typeof rating === 'number' ? rating : null;
    },

    /** Keeps a rating (a later one replaces it when read). */
    async rate(input: {
      municipalityId: number;
      applicationId: string;
      applicantId: string;
      rating: number;
      comment: string | null;
    }) {
      await db.insert(auditLog).values({
        municipalityId: input.municipalityId,
        actorKind: 'applicant',
        actorId: input.applicantId,
        action: SATISFACTION_ACTION,
        targetType: 'application',
        targetId: input.applicationId,
        detail: { rating: input.rating, ...(input.comment ? { comment: input.comment } : {}) },
      });
    },
  };
}
export type CompletionRepository = ReturnType<typeof createCompletionRepository>;
