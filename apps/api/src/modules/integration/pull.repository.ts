import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { procedures, renderedDocuments } from '../../db/schema/index.js';

/** A document's place in the change order: the transaction that last wrote it, then its id (0057). */
export interface ChangePosition {
  xid: number;
  id: string;
}

export interface ChangedDocument {
  id: string;
  referenceNumber: string;
  procedureCode: string;
  status: string;
  version: number;
  receivedAt: Date;
  updatedAt: Date;
  changeXid: number;
}

const asDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** The SQL of the pull API that the documents repository has no use for. */
export function createPullRepository(db: Db) {
  return {
    /**
     * Documents of the procedures written after `after`, in change order, by transactions that had all
     * ended when this read began (older than the snapshot's xmin): one still running may commit a
     * smaller xid later, so it waits for the next read instead of being skipped.
     */
    async changedAfter(
      municipalityId: number,
      procedureCodes: readonly string[],
      after: ChangePosition | null,
      limit: number,
    ): Promise<ChangedDocument[]> {
      const from = after ?? { xid: -1, id: '00000000-0000-0000-0000-000000000000' };
      const result = (await db.execute(sql`
        select d.id, d.reference_number, p.code as procedure_code, d.status, d.version, d.received_at,
          d.updated_at, d.change_xid
        from documents d join procedures p on p.id = d.procedure_id
        where d.municipality_id = ${municipalityId}
          and p.code = any(${sql.param([...procedureCodes])}::text[])
          and (d.change_xid, d.id) > (${from.xid}::bigint, ${from.id}::uuid)
          and d.change_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        order by d.change_xid, d.id
        limit ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
      return result.rows.map((r) => ({
        id: String(r.id),
        referenceNumber: String(r.reference_number),
        procedureCode: String(r.procedure_code),
        status: String(r.status),
        version: Number(r.version),
        receivedAt: asDate(r.received_at),
        updatedAt: asDate(r.updated_at),
        changeXid: Number(r.change_xid),
      }));
    },

    /** The rendered PDFs of one procedure of an application, oldest first. */
    renderings: (applicationId: string, procedureId: number) =>
      db
        .select()
        .from(renderedDocuments)
        .where(
          and(
            eq(renderedDocuments.applicationId, applicationId),
            eq(renderedDocuments.procedureId, procedureId),
          ),
        )
        .orderBy(asc(renderedDocuments.createdAt), asc(renderedDocuments.id)),

    async procedureCodes(municipalityId: number): Promise<string[]> {
      const rows = await db
        .select({ code: procedures.code })
        .from(procedures)
        .where(eq(procedures.municipalityId, municipalityId));
      return rows.map((r) => r.code);
    },
  };
}
export type PullRepository = ReturnType<typeof createPullRepository>;
