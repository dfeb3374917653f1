import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ApplicationStatus,
  CounterCheck,
  DocumentListQuery,
  DocumentStatus,
  StandardItemFragmentValue,
  WorkflowStepStatus,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  applicationAnswers,
  applications,
  attachments,
  departments,
  documentChanges,
  documents,
  permissions,
  procedures,
  referenceCounters,
  signTransactions,
  staffAccountDepartments,
  staffAccounts,
  workflowDetails,
} from '../../db/schema/index.js';
import {
  recordChange,
  statusQueries,
  type StaffChange,
  type StatusQueries,
  type Tx,
} from './document-changes.repository.js';
import {
  listConditions,
  listOrder,
  overdueCondition,
  pageWindow,
  type DocumentScope,
} from './documents.query.js';
import { DUPLICATE_STATUSES } from './duplicates.js';
import { announceDocuments } from '../integration/webhook-events.service.js';
import { recordNotice, type NoticeInput } from '../notifications/notifications.repository.js';

export type { ChangeEntry, StaffChange, StatusQueries } from './document-changes.repository.js';

export type DocumentRow = typeof documents.$inferSelect;
export type WorkflowStepRow = typeof workflowDetails.$inferSelect;
/** A step as screens show it: with the name of who last moved it (null: nobody, or the account is gone). */
export type WorkflowStep = WorkflowStepRow & { userName: string | null; actedByName: string | null };

/** A document with what every staff call needs of its procedure and application. */
export interface LoadedDocument {
  document: DocumentRow;
  procedureCode: string;
  procedureName: string;
  /** The procedure's retention in years (decision 0052); null: the default. */
  procedureRetentionYears: number | null;
  application: {
    id: string;
    status: string;
    remandMessage: string | null;
    procedureGroupId: number;
    configurationVersion: number;
    procedureIds: number[];
    applicantId: string;
  };
}

export interface NewDocument {
  procedureId: number;
  departmentCode: string | null;
  /** The deadline day's start, computed by the service from the procedure's processing days. */
  dueAt: Date | null;
  /** The answers' duplicate key (duplicates.ts); null when they cannot be compared. */
  duplicateKey: string | null;
  applicantName: string;
  applicantNameKana: string | null;
  signature: Record<string, unknown> | null;
  /** Submitted at the counter: the clerk's identity check (decision 0026); absent online. */
  counterCheck?: CounterCheck | null;
  steps: { sequence: number; name: string; departmentCode: string | null }[];
}

const other = alias(documents, 'other');
const openStatuses = sql.join(
  DUPLICATE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);
/**
 * An open listed document's oldest open duplicate as "id reference-number" (null: none). Correlated per
 * listed row (a page), answered by the partial index documents_duplicates.
 */
const firstDuplicate = sql<string | null>`case when ${documents.status} in (${openStatuses}) then (
  select ${other.id}::text || ' ' || ${other.referenceNumber} from ${documents} as ${other}
  where ${other.municipalityId} = ${documents.municipalityId} and ${other.procedureId} = ${documents.procedureId}
    and ${other.duplicateKey} = ${documents.duplicateKey} and ${other.status} in (${openStatuses})
    and ${other.id} <> ${documents.id}
  order by ${other.receivedAt}, ${other.id} limit 1) end`;

const actor = alias(staffAccounts, 'actor');
const assignee = alias(staffAccounts, 'assignee');
const fullName = (last: string | null, first: string | null) =>
  last !== null ? `${last} ${first ?? ''}`.trim() : null;
const currentAssignee = alias(staffAccounts, 'current_assignee');
/**
 * A listed document's current workflow step (its first neither approved nor skipped) with its assignee's
 * name, as JSON text (null: no open step). Correlated per listed row, read by the unique (document, sequence).
 */
const currentStep = sql<string | null>`(
  select json_build_object('id', w.id, 'sequence', w.sequence, 'name', w.name, 'status', w.status,
    'user_id', w.user_id,
    'user_name', ${currentAssignee.lastName} || ' ' || ${currentAssignee.firstName})::text
  from ${workflowDetails} as w left join ${staffAccounts} as ${currentAssignee} on ${currentAssignee.id} = w.user_id
  where w.document_id = ${documents.id} and w.status not in ('approved', 'skipped')
  order by w.sequence limit 1)`;

/** The next version of a document row: every write to a document sets it (decision 0034). */
const nextVersion = sql`${documents.version} + 1`;

/**
 * Bumps a document's version if it is still the one the caller read, inside the write's transaction: the
 * row stays locked until it ends, so of two writes racing from one version only the first passes.
 */
async function claimVersion(tx: Tx, documentId: string, version: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(documents)
    .set({ version: nextVersion, updatedAt: at })
    .where(and(eq(documents.id, documentId), eq(documents.version, version)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

export function createDocumentRepository(db: Db) {
  /** The next reference number of a municipality, e.g. 2026-000042 (yearly counter, taken in the transaction). */
  async function nextReference(tx: Tx, municipalityId: number, year: number): Promise<string> {
    const rows = await tx
      .insert(referenceCounters)
      .values({ municipalityId, year, value: 1 })
      .onConflictDoUpdate({
        target: [referenceCounters.municipalityId, referenceCounters.year],
        set: { value: sql`${referenceCounters.value} + 1` },
      })
      .returning({ value: referenceCounters.value });
    return `${year}-${String(rows[0]!.value).padStart(6, '0')}`;
  }

  async function departmentIds(tx: Tx, municipalityId: number): Promise<Map<string, number>> {
    const rows = await tx.select().from(departments).where(eq(departments.municipalityId, municipalityId));
    return new Map(rows.map((d) => [d.code, d.id]));
  }

  return {
    forApplication: (applicationId: string) =>
      db.select().from(documents).where(eq(documents.applicationId, applicationId)),

    /** First submission: one document per procedure, with its workflow steps, and the application moved. */
    async submit(input: {
      municipalityId: number;
      applicationId: string;
      at: Date;
      documents: NewDocument[];
      /** The states the service chose: new documents', new steps' and the application's next. */
      status: { document: DocumentStatus; step: WorkflowStepStatus; application: ApplicationStatus };
      /** The resident's notice of receipt (decision 0025): its procedures in `documents` order get their numbers here. */
      notice?: NoticeInput;
    }): Promise<{ webhooks: number }> {
      return db.transaction(async (tx) => {
        const depts = await departmentIds(tx, input.municipalityId);
        const references: string[] = [];
        const ids: string[] = [];
        for (const d of input.documents) {
          const reference = await nextReference(tx, input.municipalityId, input.at.getFullYear());
          references.push(reference);
          const inserted = await tx
            .insert(documents)
            .values({
              municipalityId: input.municipalityId,
              applicationId: input.applicationId,
              procedureId: d.procedureId,
              departmentId: d.departmentCode ? (depts.get(d.departmentCode) ?? null) : null,
              referenceNumber: reference,
              status: input.status.document,
              applicantName: d.applicantName,
              applicantNameKana: d.applicantNameKana,
              signature: d.signature,
              channel: d.counterCheck ? 'counter' : 'online',
              counterCheck: d.counterCheck ?? null,
              receivedAt: input.at,
              dueAt: d.dueAt,
              duplicateKey: d.duplicateKey,
              updatedAt: input.at,
            })
            .returning({ id: documents.id });
          const documentId = inserted[0]!.id;
          ids.push(documentId);
          for (const step of d.steps) {
            await tx.insert(workflowDetails).values({
              documentId,
              sequence: step.sequence,
              name: step.name,
              departmentId: step.departmentCode ? (depts.get(step.departmentCode) ?? null) : null,
              status: input.status.step,
              updatedAt: input.at,
            });
          }
        }
        await tx
          .update(applications)
          .set({
            status: input.status.application,
            currentStep: 'complete',
            submittedAt: input.at,
            updatedAt: input.at,
            remandMessage: null,
          })
          .where(eq(applications.id, input.applicationId));
        if (input.notice) {
          const { detail } = input.notice;
          const procedures = detail.procedures.map((p, i) => ({
            ...p,
            reference_number: references[i] ?? null,
          }));
          await recordNotice(tx, { ...input.notice, detail: { ...detail, procedures } });
        }
        // Core systems hear of it in the same transaction (decision 0059).
        const webhooks = await announceDocuments(tx, {
          documentIds: ids,
          type: 'document.submitted',
          at: input.at,
        });
        return { webhooks };
      });
    },

    /** Resubmission after a remand: the service's document move for each remanded one, and the application's. */
    async resubmit(input: {
      applicationId: string;
      at: Date;
      signatures: Map<number, Record<string, unknown>>;
      /** The new deadline of each procedure's document (the clock restarts), by procedure id. */
      dueAt: (procedureId: number) => Date | null;
      /** The corrected answers' duplicate key. */
      duplicateKey: string | null;
      document: { from: DocumentStatus; to: DocumentStatus };
      application: ApplicationStatus;
      /** The resident's notice of receipt (decision 0025). */
      notice?: NoticeInput;
    }): Promise<{ webhooks: number }> {
      const { from, to } = input.document;
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(documents)
          .where(and(eq(documents.applicationId, input.applicationId), eq(documents.status, from)));
        for (const row of rows) {
          await tx
            .update(documents)
            .set({
              status: to,
              version: nextVersion,
              updatedAt: input.at,
              dueAt: input.dueAt(row.procedureId),
              duplicateKey: input.duplicateKey,
              ...(input.signatures.has(row.procedureId)
                ? { signature: input.signatures.get(row.procedureId) }
                : {}),
            })
            .where(eq(documents.id, row.id));
          await tx.insert(documentChanges).values({
            documentId: row.id,
            staffAccountId: null,
            action: 'document.resubmit',
            detail: { from, to },
            at: input.at,
          });
        }
        await tx
          .update(applications)
          .set({
            status: input.application,
            currentStep: 'complete',
            updatedAt: input.at,
            remandMessage: null,
            remandFields: null,
          })
          .where(eq(applications.id, input.applicationId));
        if (input.notice) await recordNotice(tx, input.notice);
        const webhooks = await announceDocuments(tx, {
          documentIds: rows.map((r) => r.id),
          type: 'document.resubmitted',
          at: input.at,
        });
        return { webhooks };
      });
    },

    /** Withdrawal: documents in the given open statuses, and the application, move to `to`. */
    async withdraw(input: {
      applicationId: string;
      at: Date;
      openStatuses: readonly DocumentStatus[];
      to: { document: DocumentStatus; application: ApplicationStatus };
    }): Promise<{ webhooks: number }> {
      return db.transaction(async (tx) => {
        const withdrawn = await tx
          .update(documents)
          // A withdrawn document's deadline no longer runs.
          // Withdrawn is final: the retention period starts (decision 0052).
          .set({
            status: input.to.document,
            version: nextVersion,
            updatedAt: input.at,
            dueAt: null,
            finishedAt: input.at,
          })
          .where(
            and(
              eq(documents.applicationId, input.applicationId),
              inArray(documents.status, [...input.openStatuses]),
            ),
          )
          .returning({ id: documents.id });
        await tx
          .update(applications)
          .set({ status: input.to.application, updatedAt: input.at })
          .where(eq(applications.id, input.applicationId));
        const webhooks = await announceDocuments(tx, {
          documentIds: withdrawn.map((d) => d.id),
          type: 'document.status_changed',
          at: input.at,
        });
        return { webhooks };
      });
    },

    // --- Staff area ----------------------------------------------------------------------------------

    /** Ids of the procedures of a municipality with this code (one per published group). */
    async procedureIdsByCode(municipalityId: number, code: string): Promise<number[]> {
      const rows = await db
        .select({ id: procedures.id })
        .from(procedures)
        .where(and(eq(procedures.municipalityId, municipalityId), eq(procedures.code, code)));
      return rows.map((r) => r.id);
    },

    /**
     * One page of the staff list, scope applied in SQL, and the total of the filtered rows. The page's ids
     * are chosen first (from the covering indexes alone), then only those rows are read.
     */
    async list(
      scope: DocumentScope,
      query: z.output<typeof DocumentListQuery>,
      procedureIds: number[] | undefined,
      today: Date,
    ) {
      const where = listConditions(scope, query, procedureIds, today);
      const { limit, offset } = pageWindow(query.page, query.page_size);
      const order = listOrder(query.sort);
      const page = db
        .select({ pageId: documents.id })
        .from(documents)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .as('page');
      const [rows, count] = await Promise.all([
        db
          .select({
            id: documents.id,
            referenceNumber: documents.referenceNumber,
            applicationId: documents.applicationId,
            procedureCode: procedures.code,
            procedureName: procedures.name,
            applicantName: documents.applicantName,
            status: documents.status,
            departmentId: documents.departmentId,
            receivedAt: documents.receivedAt,
            updatedAt: documents.updatedAt,
            version: documents.version,
            dueAt: documents.dueAt,
            possibleDuplicate: firstDuplicate,
            currentStep,
          })
          .from(page)
          .innerJoin(documents, eq(documents.id, page.pageId))
          .innerJoin(procedures, eq(procedures.id, documents.procedureId))
          .orderBy(...order),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(documents)
          .where(where),
      ]);
      return { rows, total: Number(count[0]?.n ?? 0) };
    },

    /** The other open documents of the same procedure and duplicate key (decision 0021), oldest first. */
    async duplicatesOf(document: DocumentRow) {
      if (!document.duplicateKey || !DUPLICATE_STATUSES.includes(document.status as DocumentStatus))
        return [];
      return db
        .select({
          id: documents.id,
          referenceNumber: documents.referenceNumber,
          status: documents.status,
          receivedAt: documents.receivedAt,
        })
        .from(documents)
        .where(
          and(
            eq(documents.municipalityId, document.municipalityId),
            eq(documents.procedureId, document.procedureId),
            eq(documents.duplicateKey, document.duplicateKey),
            inArray(documents.status, [...DUPLICATE_STATUSES]),
            ne(documents.id, document.id),
          ),
        )
        .orderBy(asc(documents.receivedAt), asc(documents.id));
    },

    /** A document of a municipality with its procedure and application; null when there is none. */
    async find(municipalityId: number, id: string): Promise<LoadedDocument | null> {
      const rows = await db
        .select({
          document: documents,
          procedureCode: procedures.code,
          procedureName: procedures.name,
          procedureRetentionYears: procedures.retentionYears,
          application: {
            id: applications.id,
            status: applications.status,
            remandMessage: applications.remandMessage,
            procedureGroupId: applications.procedureGroupId,
            configurationVersion: applications.configurationVersion,
            procedureIds: applications.procedureIds,
            applicantId: applications.applicantId,
          },
        })
        .from(documents)
        .innerJoin(procedures, eq(procedures.id, documents.procedureId))
        .innerJoin(applications, eq(applications.id, documents.applicationId))
        .where(and(eq(documents.municipalityId, municipalityId), eq(documents.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A document's steps in order, each with who last moved it. */
    async workflow(documentId: string): Promise<WorkflowStep[]> {
      const rows = await db
        .select({
          step: workflowDetails,
          actorLast: actor.lastName,
          actorFirst: actor.firstName,
          assigneeLast: assignee.lastName,
          assigneeFirst: assignee.firstName,
        })
        .from(workflowDetails)
        .leftJoin(actor, eq(actor.id, workflowDetails.actedBy))
        .leftJoin(assignee, eq(assignee.id, workflowDetails.userId))
        .where(eq(workflowDetails.documentId, documentId))
        .orderBy(asc(workflowDetails.sequence));
      return rows.map((r) => ({
        ...r.step,
        userName: fullName(r.assigneeLast, r.assigneeFirst),
        actedByName: fullName(r.actorLast, r.actorFirst),
      }));
    },

    /** The change history, oldest first, with the names of the staff who made each change. */
    history: (documentId: string) =>
      db
        .select({
          action: documentChanges.action,
          detail: documentChanges.detail,
          at: documentChanges.at,
          lastName: staffAccounts.lastName,
          firstName: staffAccounts.firstName,
        })
        .from(documentChanges)
        .leftJoin(staffAccounts, eq(staffAccounts.id, documentChanges.staffAccountId))
        .where(eq(documentChanges.documentId, documentId))
        .orderBy(asc(documentChanges.at), asc(documentChanges.id)),

    /** What verification recorded on the sign transaction a document's signature came from. */
    async signatureVerification(signTransactionId: string) {
      const rows = await db
        .select({ verification: signTransactions.verification, status: signTransactions.status })
        .from(signTransactions)
        .where(eq(signTransactions.id, signTransactionId));
      return rows[0] ?? null;
    },

    /** One attachment of an application, or null. */
    async attachment(applicationId: string, attachmentId: string) {
      const rows = await db
        .select()
        .from(attachments)
        .where(and(eq(attachments.applicationId, applicationId), eq(attachments.id, attachmentId)));
      return rows[0] ?? null;
    },

    /**
     * A staff edit of answers: upserts values and removes the given codes (items now hidden), with the
     * history entry and audit record, in one transaction. An edited value has no source (decision 0012).
     * False (nothing written) when the document is no longer in the version read; the application's
     * other documents show the same answers, so their versions move too.
     */
    async editAnswers(
      input: StaffChange & {
        /** The version of the document the edit was made on. */
        version: number;
        applicationId: string;
        values: StandardItemFragmentValue[];
        /** Single answers to delete: a hidden item's, or one child's of a repeatable group. */
        remove: { standard_item_code: string; sequence: number }[];
        /** The edited answers' duplicate key, for every document of the application (they share answers). */
        duplicateKey: string | null;
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await claimVersion(tx, input.documentId, input.version, input.at))) return false;
        for (const r of input.remove) {
          await tx
            .delete(applicationAnswers)
            .where(
              and(
                eq(applicationAnswers.applicationId, input.applicationId),
                eq(applicationAnswers.standardItemCode, r.standard_item_code),
                eq(applicationAnswers.sequence, r.sequence),
              ),
            );
        }
        for (const v of input.values) {
          await tx
            .insert(applicationAnswers)
            .values({
              applicationId: input.applicationId,
              standardItemCode: v.standard_item_code,
              sequence: v.sequence,
              // Encoded here, as the applicant form does: drivers differ on bare strings for jsonb.
              value: sql`${JSON.stringify(v.value)}::jsonb`,
              // Typed by staff: the card's, the registry's or the account's source no longer holds.
              source: null,
              updatedAt: input.at,
            })
            .onConflictDoUpdate({
              target: [
                applicationAnswers.applicationId,
                applicationAnswers.standardItemCode,
                applicationAnswers.sequence,
              ],
              set: { value: sql`excluded.value`, source: null, updatedAt: input.at },
            });
        }
        await tx
          .update(documents)
          .set({ duplicateKey: input.duplicateKey })
          .where(eq(documents.applicationId, input.applicationId));
        // A new row version of the application: answer contexts kept by its stamp are read again.
        await tx
          .update(applications)
          .set({ updatedAt: sql`${applications.updatedAt}` })
          .where(eq(applications.id, input.applicationId));
        await tx
          .update(documents)
          .set({ version: nextVersion })
          .where(and(eq(documents.applicationId, input.applicationId), ne(documents.id, input.documentId)));
        await recordChange(tx, input);
        return true;
      });
    },

    /** Runs a status change's named queries in one transaction (see statusQueries). */
    statusChange: <T>(work: (q: StatusQueries) => Promise<T>): Promise<T> =>
      db.transaction((tx) => work(statusQueries(tx))),

    /** Memos and the confirmed mark from the version read; null (nothing written) when it is stale. */
    async updateMemos(
      input: StaffChange & { version: number; memos: string | null; isConfirmed: boolean },
    ): Promise<DocumentRow | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(documents)
          .set({
            municipalityMemos: input.memos,
            isConfirmed: input.isConfirmed,
            memosUpdatedAt: input.at,
            updatedAt: input.at,
            version: nextVersion,
          })
          .where(and(eq(documents.id, input.documentId), eq(documents.version, input.version)))
          .returning();
        if (!rows[0]) return null;
        await recordChange(tx, input);
        return rows[0];
      });
    },

    /** Sets or releases the legal hold at the version read (decision 0052); null when someone changed it first. */
    async setLegalHold(
      input: StaffChange & { version: number; hold: { reason: string; by: string } | null },
    ): Promise<DocumentRow | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(documents)
          .set({
            legalHoldReason: input.hold?.reason ?? null,
            legalHoldAt: input.hold ? input.at : null,
            legalHoldBy: input.hold?.by ?? null,
            updatedAt: input.at,
            version: nextVersion,
          })
          .where(and(eq(documents.id, input.documentId), eq(documents.version, input.version)))
          .returning();
        if (!rows[0]) return null;
        await recordChange(tx, input);
        return rows[0];
      });
    },

    /** A staff account's name, or null when the account is gone. */
    async staffName(id: string): Promise<string | null> {
      const rows = await db
        .select({ lastName: staffAccounts.lastName, firstName: staffAccounts.firstName })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, id));
      const row = rows[0];
      return row ? `${row.lastName} ${row.firstName}`.trim() : null;
    },

    /** The name of who saved the document's memos last, or null (never, or the account is gone). */
    async memosAuthor(documentId: string): Promise<string | null> {
      const rows = await db
        .select({ lastName: staffAccounts.lastName, firstName: staffAccounts.firstName })
        .from(documentChanges)
        .innerJoin(staffAccounts, eq(staffAccounts.id, documentChanges.staffAccountId))
        .where(and(eq(documentChanges.documentId, documentId), eq(documentChanges.action, 'memo.update')))
        .orderBy(desc(documentChanges.at), desc(documentChanges.id))
        .limit(1);
      const row = rows[0];
      return row ? `${row.lastName} ${row.firstName}`.trim() : null;
    },

    /** A workflow step with its document, within a municipality; null when there is none. */
    async step(municipalityId: number, stepId: string) {
      const rows = await db
        .select({
          step: workflowDetails,
          document: {
            id: documents.id,
            status: documents.status,
            departmentId: documents.departmentId,
            version: documents.version,
          },
        })
        .from(workflowDetails)
        .innerJoin(documents, eq(documents.id, workflowDetails.documentId))
        .where(and(eq(workflowDetails.id, stepId), eq(documents.municipalityId, municipalityId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Moves a step of a document still in the version read, from the status it was read in; null
     * (nothing written) when someone changed the document or moved the step first. With `follow`, a
     * received document moves to in_progress in the same transaction, with its own history entry and
     * audit record (decision 0039).
     */
    async moveStep(
      input: StaffChange & {
        version: number;
        stepId: string;
        from: string;
        patch: {
          status: string;
          userId?: string | null;
          memo?: string | null;
          actedBy?: string;
          actedAt?: Date;
        };
        follow?: Pick<StaffChange, 'change' | 'audit'> | null;
      },
    ): Promise<WorkflowStepRow | null> {
      return db.transaction(async (tx) => {
        if (!(await claimVersion(tx, input.documentId, input.version, input.at))) return null;
        const rows = await tx
          .update(workflowDetails)
          .set({ ...input.patch, updatedAt: input.at })
          .where(and(eq(workflowDetails.id, input.stepId), eq(workflowDetails.status, input.from)))
          .returning();
        // Every step write claims its document first, so a step cannot move under a claimed version.
        if (!rows[0]) throw new Error(`workflow step ${input.stepId} moved under a claimed document version`);
        await recordChange(tx, input);
        if (input.follow) {
          const moved = await tx
            .update(documents)
            .set({ status: 'in_progress' })
            .where(and(eq(documents.id, input.documentId), eq(documents.status, 'received')))
            .returning({ id: documents.id });
          if (moved[0]) {
            await recordChange(tx, { ...input, ...input.follow });
            // The document's own move tells core systems (decision 0059); the minute's sweep posts it.
            await announceDocuments(tx, {
              documentIds: [input.documentId],
              type: 'document.status_changed',
              at: input.at,
            });
          }
        }
        return rows[0];
      });
    },

    /** Counts for the dashboard within a scope. */
    async overview(scope: DocumentScope, todayStart: Date) {
      const where = listConditions(scope, {});
      const [byStatus, today, overdue] = await Promise.all([
        db
          .select({ status: documents.status, n: sql<number>`count(*)::int` })
          .from(documents)
          .where(where)
          .groupBy(documents.status),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(documents)
          .where(and(where, gte(documents.receivedAt, todayStart))),
        db
          .select({ departmentId: documents.departmentId, n: sql<number>`count(*)::int` })
          .from(documents)
          .where(and(where, overdueCondition(todayStart)))
          .groupBy(documents.departmentId)
          .orderBy(asc(documents.departmentId)),
      ]);
      return {
        byStatus: new Map(byStatus.map((r) => [r.status, Number(r.n)])),
        receivedToday: Number(today[0]?.n ?? 0),
        overdue: overdue.map((r) => ({ departmentId: r.departmentId, count: Number(r.n) })),
      };
    },

    /** Every staff member of a municipality with their permission and departments. */
    async staffDirectory(municipalityId: number) {
      const [people, memberships] = await Promise.all([
        db
          .select({
            id: staffAccounts.id,
            lastName: staffAccounts.lastName,
            firstName: staffAccounts.firstName,
            lastNameKana: staffAccounts.lastNameKana,
            firstNameKana: staffAccounts.firstNameKana,
            permission: permissions.code,
          })
          .from(staffAccounts)
          .innerJoin(permissions, eq(permissions.id, staffAccounts.permissionId))
          .where(eq(staffAccounts.municipalityId, municipalityId)),
        db
          .select({
            staffId: staffAccountDepartments.staffAccountId,
            departmentId: staffAccountDepartments.departmentId,
          })
          .from(staffAccountDepartments)
          .innerJoin(staffAccounts, eq(staffAccounts.id, staffAccountDepartments.staffAccountId))
          .where(eq(staffAccounts.municipalityId, municipalityId)),
      ]);
      const departmentsOf = new Map<string, number[]>();
      for (const m of memberships) {
        departmentsOf.set(m.staffId, [...(departmentsOf.get(m.staffId) ?? []), m.departmentId]);
      }
      return people
        .map((p) => ({
          id: p.id,
          name: `${p.lastName} ${p.firstName}`,
          kana: `${p.lastNameKana} ${p.firstNameKana}`,
          permission: p.permission,
          departmentIds: (departmentsOf.get(p.id) ?? []).sort((a, b) => a - b),
        }))
        .sort((a, b) => a.kana.localeCompare(b.kana, 'ja') || a.id.localeCompare(b.id));
    },
  };
}
export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
