import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, documentChanges, documents, workflowDetails } from '../../db/schema/index.js';
import { auditRow, type AuditEntry } from '../audit/audit.repository.js';
import type { ChangeEntry } from './document-changes.repository.js';
import { listConditions, type DocumentScope } from './documents.query.js';

/** One document's move in a bulk workflow act: its current step from the status read, at the version read. */
export interface StepMove {
  documentId: string;
  version: number;
  stepId: string;
  from: string;
  /** A received document moves to in_progress with the step (decision 0039). */
  follows: boolean;
  /** The history entries and audit records of the move, in order (the step's, then the status's). */
  changes: ChangeEntry[];
  audits: AuditEntry[];
}

/** Reads of a bulk act (decision 0020), and the set-based write of a bulk workflow act. */
export function createBulkRepository(db: Db) {
  return {
    /** Reference number and status of the listed documents within a scope; others are absent. */
    async summaries(scope: DocumentScope, ids: readonly string[]) {
      const rows = await db
        .select({ id: documents.id, referenceNumber: documents.referenceNumber, status: documents.status })
        .from(documents)
        .where(and(listConditions(scope, {}), inArray(documents.id, [...ids])));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The listed documents within a scope with their version, department and steps (in order), by id. */
    async workflowOf(scope: DocumentScope, ids: readonly string[]) {
      const rows = await db
        .select({
          id: documents.id,
          referenceNumber: documents.referenceNumber,
          status: documents.status,
          version: documents.version,
          departmentId: documents.departmentId,
        })
        .from(documents)
        .where(and(listConditions(scope, {}), inArray(documents.id, [...ids])));
      const steps = rows.length
        ? await db
            .select({
              id: workflowDetails.id,
              documentId: workflowDetails.documentId,
              sequence: workflowDetails.sequence,
              name: workflowDetails.name,
              status: workflowDetails.status,
              departmentId: workflowDetails.departmentId,
              memo: workflowDetails.memo,
            })
            .from(workflowDetails)
            .where(
              inArray(
                workflowDetails.documentId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(workflowDetails.documentId), asc(workflowDetails.sequence))
        : [];
      const stepsOf = new Map<string, typeof steps>();
      for (const s of steps) stepsOf.set(s.documentId, [...(stepsOf.get(s.documentId) ?? []), s]);
      return new Map(rows.map((r) => [r.id, { ...r, steps: stepsOf.get(r.id) ?? [] }]));
    },

    /**
     * Moves the given current steps to one status in one transaction, set-based: each document's version
     * is claimed (bumped if still the one read; the received ones that follow move to in_progress in the
     * same row write), then the claimed documents' steps move, then their history entries and audit
     * records are inserted. Returns the ids of the documents that moved; the others had changed since.
     */
    async moveSteps(input: {
      staffId: string;
      at: Date;
      to: string;
      /** A note for every moved step; undefined leaves each memo. */
      memo?: string | null;
      moves: StepMove[];
    }): Promise<Set<string>> {
      if (input.moves.length === 0) return new Set();
      const at = input.at.toISOString();
      return db.transaction(async (tx) => {
        const ids = input.moves.map((m) => m.documentId);
        // Rows locked in id order: two bulk acts over overlapping selections wait, never deadlock.
        await tx
          .select({ id: documents.id })
          .from(documents)
          .where(inArray(documents.id, ids))
          .orderBy(asc(documents.id))
          .for('update');
        const claims = JSON.stringify(
          input.moves.map((m) => ({ id: m.documentId, version: m.version, follows: m.follows })),
        );
        const claimed = (await tx.execute(sql`
          update ${documents} set version = ${documents.version} + 1, updated_at = ${at}::timestamptz,
            status = case when m.follows and ${documents.status} = 'received' then 'in_progress'
              else ${documents.status} end
          from jsonb_to_recordset(${claims}::jsonb) as m(id uuid, version int, follows boolean)
          where ${documents.id} = m.id and ${documents.version} = m.version
          returning ${documents.id} as id`)) as unknown as { rows: { id: string }[] };
        const moved = new Set(claimed.rows.map((r) => String(r.id)));
        const mine = input.moves.filter((m) => moved.has(m.documentId));
        if (mine.length === 0) return moved;
        const steps = JSON.stringify(mine.map((m) => ({ id: m.stepId, from_status: m.from })));
        const memo = input.memo !== undefined ? sql`, memo = ${input.memo}` : sql``;
        const stepped = (await tx.execute(sql`
          update ${workflowDetails} set status = ${input.to}, acted_by = ${input.staffId}::uuid,
            acted_at = ${at}::timestamptz, updated_at = ${at}::timestamptz${memo}
          from jsonb_to_recordset(${steps}::jsonb) as m(id uuid, from_status text)
          where ${workflowDetails.id} = m.id and ${workflowDetails.status} = m.from_status
          returning ${workflowDetails.id} as id`)) as unknown as { rows: unknown[] };
        // Every step write claims its document first, so a step cannot move under a claimed version.
        if (stepped.rows.length !== mine.length) {
          throw new Error('a workflow step moved under a claimed document version');
        }
        await tx.insert(documentChanges).values(
          mine.flatMap((m) =>
            m.changes.map((c) => ({
              documentId: m.documentId,
              staffAccountId: input.staffId,
              action: c.action,
              detail: c.detail,
              at: input.at,
            })),
          ),
        );
        await tx.insert(auditLog).values(mine.flatMap((m) => m.audits.map(auditRow)));
        return moved;
      });
    },
  };
}
export type BulkRepository = ReturnType<typeof createBulkRepository>;
