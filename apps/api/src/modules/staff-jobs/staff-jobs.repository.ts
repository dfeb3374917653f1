import { and, asc, eq, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  applications,
  attachments,
  departments,
  documentChanges,
  documents,
  fileDisposals,
  jobs,
  procedures,
  renderedDocuments,
  workflowDetails,
} from '../../db/schema/index.js';
import { createAuditRepository, type AuditEntry } from '../audit/audit.repository.js';

export interface StaffDocument {
  id: string;
  municipalityId: number;
  applicationId: string;
  procedureId: number;
  departmentId: number | null;
  referenceNumber: string;
  applicantName: string;
  status: string;
  signature: Record<string, unknown> | null;
  receivedAt: Date;
}

const documentColumns = {
  id: documents.id,
  municipalityId: documents.municipalityId,
  applicationId: documents.applicationId,
  procedureId: documents.procedureId,
  departmentId: documents.departmentId,
  referenceNumber: documents.referenceNumber,
  applicantName: documents.applicantName,
  status: documents.status,
  signature: documents.signature,
  receivedAt: documents.receivedAt,
};

/** What a deletion removed, and the stored files to remove once it is committed. */
export interface DeletionResult {
  documents: { id: string; reference_number: string; application_id: string }[];
  /** Applications removed with their last document (answers, attachments, renderings, signatures). */
  applications: string[];
  fileKeys: string[];
}

/** A document's retention has run out: its finish plus its procedure's years, or the default (0052). */
function pastRetention(now: Date, defaultYears: number): SQL {
  return sql`${documents.finishedAt} + make_interval(years => coalesce((select ${procedures.retentionYears}
    from ${procedures} where ${procedures.id} = ${documents.procedureId}), ${defaultYears}::int))
    <= ${now.toISOString()}::timestamptz`;
}

/** Reads and the one deletion of the staff jobs; every read is scoped to a municipality. */
export function createStaffJobsRepository(db: Db) {
  return {
    async document(municipalityId: number, id: string): Promise<StaffDocument | null> {
      const rows = await db
        .select(documentColumns)
        .from(documents)
        .where(and(eq(documents.municipalityId, municipalityId), eq(documents.id, id)));
      return rows[0] ?? null;
    },
    documents: (municipalityId: number, ids: string[]): Promise<StaffDocument[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select(documentColumns)
            .from(documents)
            .where(and(eq(documents.municipalityId, municipalityId), inArray(documents.id, ids))),
    documentsOfApplication: (municipalityId: number, applicationId: string): Promise<StaffDocument[]> =>
      db
        .select(documentColumns)
        .from(documents)
        .where(and(eq(documents.municipalityId, municipalityId), eq(documents.applicationId, applicationId)))
        .orderBy(documents.referenceNumber),
    /**
     * Selected documents within a scope (departments; null is every one), by procedure group and procedure,
     * with the first and last receipt (epoch seconds): what an export of a selection covers.
     */
    exportSelection: (municipalityId: number, departmentIds: number[] | null, ids: readonly string[]) =>
      db
        .select({
          procedureGroupId: applications.procedureGroupId,
          procedureId: documents.procedureId,
          first: sql<number>`extract(epoch from min(${documents.receivedAt}))::float8`,
          last: sql<number>`extract(epoch from max(${documents.receivedAt}))::float8`,
        })
        .from(documents)
        .innerJoin(applications, eq(applications.id, documents.applicationId))
        .where(
          and(
            eq(documents.municipalityId, municipalityId),
            inArray(documents.id, [...ids]),
            departmentIds === null
              ? undefined
              : departmentIds.length > 0
                ? inArray(documents.departmentId, departmentIds)
                : sql`false`,
          ),
        )
        .groupBy(applications.procedureGroupId, documents.procedureId),
    async departmentIds(municipalityId: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: departments.id, code: departments.code })
        .from(departments)
        .where(eq(departments.municipalityId, municipalityId));
      return new Map(rows.map((r) => [r.code, r.id]));
    },
    async rendering(applicationId: string, id: string) {
      const rows = await db
        .select()
        .from(renderedDocuments)
        .where(and(eq(renderedDocuments.applicationId, applicationId), eq(renderedDocuments.id, id)));
      return rows[0] ?? null;
    },

    /**
     * Deletes documents in one transaction with the audit entry: their workflow steps and change history,
     * the renderings of their procedures, and an application with its last document (its answers,
     * attachments, renderings and sign transactions go with it). Documents already gone are skipped.
     */
    async deleteDocuments(
      municipalityId: number,
      ids: string[],
      audit: (result: DeletionResult) => AuditEntry,
      options: {
        /** Only documents that still meet it when locked (a disposal: still past and not on hold). */
        still?: SQL;
        /** Lists the stored files in `file_disposals` in the transaction, for retries (decision 0052). */
        listFiles?: boolean;
      } = {},
    ): Promise<DeletionResult> {
      return db.transaction(async (tx) => {
        const found = await tx
          .select({
            id: documents.id,
            applicationId: documents.applicationId,
            procedureId: documents.procedureId,
            reference: documents.referenceNumber,
          })
          .from(documents)
          .where(and(eq(documents.municipalityId, municipalityId), inArray(documents.id, ids), options.still))
          .for('update');
        const result: DeletionResult = { documents: [], applications: [], fileKeys: [] };
        if (found.length > 0) {
          const foundIds = found.map((d) => d.id);
          await tx.delete(workflowDetails).where(inArray(workflowDetails.documentId, foundIds));
          await tx.delete(documentChanges).where(inArray(documentChanges.documentId, foundIds));
          await tx.delete(documents).where(inArray(documents.id, foundIds));
        }
        for (const applicationId of [...new Set(found.map((d) => d.applicationId))]) {
          const remaining = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(documents)
            .where(eq(documents.applicationId, applicationId));
          if ((remaining[0]?.n ?? 0) > 0) {
            // Others remain: only the renderings of the deleted procedures go.
            const procedureIds = found
              .filter((d) => d.applicationId === applicationId)
              .map((d) => d.procedureId);
            const renderings = await tx
              .delete(renderedDocuments)
              .where(
                and(
                  eq(renderedDocuments.applicationId, applicationId),
                  inArray(renderedDocuments.procedureId, procedureIds),
                ),
              )
              .returning({ key: renderedDocuments.storageKey });
            result.fileKeys.push(...renderings.map((r) => r.key));
            continue;
          }
          const files = await tx
            .select({ key: attachments.storageKey })
            .from(attachments)
            .where(eq(attachments.applicationId, applicationId));
          const renderings = await tx
            .select({ key: renderedDocuments.storageKey })
            .from(renderedDocuments)
            .where(eq(renderedDocuments.applicationId, applicationId));
          // Zips of rendering jobs (the resident's, the municipality's and reports) live under the application.
          const zipped = like(jobs.resultKey, `rendered/${applicationId}/%`);
          const zips = await tx.select({ key: jobs.resultKey }).from(jobs).where(zipped);
          await tx.update(jobs).set({ resultKey: null }).where(zipped);
          result.fileKeys.push(
            ...files.map((f) => f.key),
            ...renderings.map((r) => r.key),
            ...zips.flatMap((z) => (z.key ? [z.key] : [])),
          );
          await tx.delete(applications).where(eq(applications.id, applicationId));
          result.applications.push(applicationId);
        }
        result.documents = found.map((d) => ({
          id: d.id,
          reference_number: d.reference,
          application_id: d.applicationId,
        }));
        // A disposal that found nothing left to dispose of records nothing (a deletion records its request).
        if (found.length === 0 && options.still) return result;
        if (options.listFiles && result.fileKeys.length > 0) {
          await tx
            .insert(fileDisposals)
            .values(result.fileKeys.map((storageKey) => ({ storageKey })))
            .onConflictDoNothing();
        }
        await createAuditRepository(tx).record(audit(result));
        return result;
      });
    },

    /**
     * Finished documents past their retention and not on legal hold, of every municipality, oldest
     * finish first (decision 0052): what the daily disposal takes, `limit` at a time.
     */
    async pastRetention(now: Date, defaultYears: number, limit: number) {
      return db
        .select({
          id: documents.id,
          municipalityId: documents.municipalityId,
          procedureCode: procedures.code,
          procedureYears: procedures.retentionYears,
          finishedAt: documents.finishedAt,
        })
        .from(documents)
        .innerJoin(procedures, eq(procedures.id, documents.procedureId))
        .where(
          and(
            isNotNull(documents.finishedAt),
            isNull(documents.legalHoldAt),
            pastRetention(now, defaultYears),
          ),
        )
        .orderBy(asc(documents.finishedAt))
        .limit(limit);
    },

    /** The condition a disposal checks again on the locked row: still finished, past and not held. */
    stillDisposable: (now: Date, defaultYears: number) =>
      and(isNotNull(documents.finishedAt), isNull(documents.legalHoldAt), pastRetention(now, defaultYears))!,

    /** Stored files left to delete after their rows went (a crash or a store that failed), oldest first. */
    filesToDispose: (limit: number) =>
      db
        .select({ key: fileDisposals.storageKey })
        .from(fileDisposals)
        .orderBy(asc(fileDisposals.createdAt))
        .limit(limit),
    async fileDisposed(key: string) {
      await db.delete(fileDisposals).where(eq(fileDisposals.storageKey, key));
    },
    async fileDisposalFailed(key: string) {
      await db
        .update(fileDisposals)
        .set({ attempts: sql`${fileDisposals.attempts} + 1` })
        .where(eq(fileDisposals.storageKey, key));
    },
  };
}
export type StaffJobsRepository = ReturnType<typeof createStaffJobsRepository>;
