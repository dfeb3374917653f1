import { and, asc, eq, sql } from 'drizzle-orm';
import type { ApplicationStatus, DocumentStatus, RemandField } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import {
  applications,
  documentChanges,
  documents,
  procedures,
  type StoredRemandField,
} from '../../db/schema/index.js';
import { createAuditRepository, type AuditEntry } from '../audit/audit.repository.js';
import { announceDocuments } from '../integration/webhook-events.service.js';
import { recordNotice, type NoticeInput } from '../notifications/notifications.repository.js';

/** The writes every document change shares: its history entry, its audit record, its status queries. */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One entry of a document's change history, as stored (detail is rendered for screens by the service). */
export interface ChangeEntry {
  action: string;
  detail: Record<string, unknown>;
}

/** A change made by staff: who, when, the history entry and the audit record, written in one transaction. */
export interface StaffChange {
  documentId: string;
  /** Null: a core system's key made it (decision 0057; the audit record names the key). */
  staffId: string | null;
  at: Date;
  change: ChangeEntry;
  audit: AuditEntry;
}

/** Appends the history entry and the audit record of a staff change inside its transaction. */
export async function recordChange(tx: Tx, input: StaffChange) {
  await tx.insert(documentChanges).values({
    documentId: input.documentId,
    staffAccountId: input.staffId,
    action: input.change.action,
    detail: input.change.detail,
    at: input.at,
  });
  await createAuditRepository(tx).record(input.audit);
}

/**
 * The named queries of a document's status change, bound to one transaction. The service decides
 * (by the state machines) which of them run; each writes only the status it is given.
 */
export function statusQueries(tx: Tx) {
  return {
    /** Moves a document from the status and version it was read in; false when someone changed it first. */
    async moveDocument(input: {
      documentId: string;
      /** The version the caller read (decision 0034). */
      version: number;
      from: DocumentStatus;
      to: DocumentStatus;
      at: Date;
      /** Kept with the document when given (a remand); left as it is when undefined. */
      remandMessage?: string | null;
      /** A remand's fields with their values then (null: the whole application); undefined leaves them. */
      remandFields?: StoredRemandField[] | null;
      /** A rejection's reason for the resident (decision 0037); undefined leaves it. */
      rejectionReason?: string;
      /** Null stops the deadline (the document leaves the staff's hands); undefined leaves it. */
      dueAt?: null;
      /** When it finished (a final state, decision 0052), or null when the move leaves it open. */
      finishedAt: Date | null;
    }): Promise<boolean> {
      const moved = await tx
        .update(documents)
        .set({
          status: input.to,
          version: sql`${documents.version} + 1`,
          updatedAt: input.at,
          finishedAt: input.finishedAt,
          ...(input.remandMessage !== undefined ? { remandMessage: input.remandMessage } : {}),
          ...(input.remandFields !== undefined ? { remandFields: input.remandFields } : {}),
          ...(input.rejectionReason !== undefined ? { rejectionReason: input.rejectionReason } : {}),
          ...(input.dueAt !== undefined ? { dueAt: input.dueAt } : {}),
        })
        .where(
          and(
            eq(documents.id, input.documentId),
            eq(documents.status, input.from),
            eq(documents.version, input.version),
          ),
        )
        .returning({ id: documents.id });
      return moved.length > 0;
    },

    /** The application's status, its row locked until the transaction ends; null when there is none. */
    async lockApplication(applicationId: string): Promise<ApplicationStatus | null> {
      const rows = await tx
        .select({ status: applications.status })
        .from(applications)
        .where(eq(applications.id, applicationId))
        .for('update');
      return (rows[0]?.status as ApplicationStatus | undefined) ?? null;
    },

    /** Procedure name, remand message and fields of each document in a status, in procedure order. */
    documentsIn: (applicationId: string, status: DocumentStatus) =>
      tx
        .select({
          procedureName: procedures.name,
          remandMessage: documents.remandMessage,
          remandFields: documents.remandFields,
        })
        .from(documents)
        .innerJoin(procedures, eq(procedures.id, documents.procedureId))
        .where(and(eq(documents.applicationId, applicationId), eq(documents.status, status)))
        .orderBy(asc(procedures.sequence), asc(procedures.id)),

    /** How many documents of the application are in none of the given statuses. */
    async countDocumentsNotIn(applicationId: string, statuses: readonly DocumentStatus[]): Promise<number> {
      const rows = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(documents)
        .where(
          and(
            eq(documents.applicationId, applicationId),
            sql`${documents.status} not in (${sql.join(
              statuses.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          ),
        );
      return Number(rows[0]?.n ?? 0);
    },

    /** Sets the application's status (and the remand message the resident reads, when given). */
    async setApplicationStatus(input: {
      applicationId: string;
      to: ApplicationStatus;
      at: Date;
      remandMessage?: string | null;
      /** The fields the resident may correct (null: every field), when given. */
      remandFields?: RemandField[] | null;
    }): Promise<void> {
      await tx
        .update(applications)
        .set({
          status: input.to,
          ...(input.remandMessage !== undefined ? { remandMessage: input.remandMessage } : {}),
          ...(input.remandFields !== undefined ? { remandFields: input.remandFields } : {}),
          updatedAt: input.at,
        })
        .where(eq(applications.id, input.applicationId));
    },

    recordChange: (input: StaffChange) => recordChange(tx, input),
    /** Tells the resident, in the move's transaction (decision 0025). */
    notify: (notice: NoticeInput) => recordNotice(tx, notice),
    /** Writes the core systems' webhook deliveries of the move (decision 0059); returns how many. */
    announce: (documentId: string, at: Date) =>
      announceDocuments(tx, { documentIds: [documentId], type: 'document.status_changed', at }),
  };
}

/** The named queries of one status change, inside its transaction. */
export type StatusQueries = ReturnType<typeof statusQueries>;
