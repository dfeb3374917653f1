// Bulk work on staff documents (decision 0020): one act on many selected documents, each document in its
// own transaction, with one result per document (some may refuse while the others change).
import { z } from 'zod';
import { RecordId } from './common.js';
import { DocumentVersion, ExportFormat } from './documents.js';
import { ApiError } from './errors.js';
import { DocumentStatus, WorkflowStepStatus } from './states.js';

/** Most documents one bulk act takes: the staff list's `all` page (MAX_LIST_ROWS). */
export const BULK_MAX_DOCUMENTS = 1000;

const DocumentIds = z
  .array(RecordId)
  .min(1)
  .max(BULK_MAX_DOCUMENTS)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'a document is listed twice' });

/**
 * The version the list showed of each selected document (decision 0034), by id: a document changed since
 * is refused on its own (409 `conflict`), the others proceed.
 */
const Versions = z.record(RecordId, DocumentVersion);
const everyVersion = {
  check: (b: { document_ids: string[]; versions: Record<string, number> }) =>
    b.document_ids.every((id) => b.versions[id] !== undefined),
  params: {
    message: 'every listed document needs the version it was read in',
    path: ['versions'],
    // Said only of valid ids: a malformed list is refused for itself.
    when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
  },
};

/**
 * Every selected document to one status; a remand carries one message to every applicant, a rejection
 * one reason (`remand_message`, decision 0037).
 */
export const BulkStatusRequest = z
  .object({
    document_ids: DocumentIds,
    versions: Versions,
    status: DocumentStatus,
    remand_message: z.string().trim().max(2000).nullable().optional(),
  })
  .refine(everyVersion.check, everyVersion.params)
  .refine((b) => b.status !== 'remanded' || (b.remand_message ?? '').length > 0, {
    message: 'a remand needs a message for the applicant',
    path: ['remand_message'],
  })
  .refine((b) => b.status !== 'rejected' || (b.remand_message ?? '').length > 0, {
    message: 'a rejection needs its reason for the applicant',
    path: ['remand_message'],
  });

/** Each selected document's current workflow step (its first open one) to one staff member, or to nobody. */
export const BulkAssignRequest = z
  .object({
    document_ids: DocumentIds,
    versions: Versions,
    user_id: RecordId.nullable(),
  })
  .refine(everyVersion.check, everyVersion.params);

/**
 * The current workflow step (first neither approved nor skipped) of each selected document moves: started
 * (`in_progress`, also restarting a returned step), approved, or returned for rework (`returned`,
 * 「やり直しを依頼する」). The same rules as one step's move; a received document whose step starts moves to
 * in_progress with it (decision 0039).
 */
export const BulkWorkflowRequest = z
  .object({
    document_ids: DocumentIds,
    versions: Versions,
    status: z.enum(['in_progress', 'approved', 'returned']),
    /** A note kept on every moved step (the step's memo); absent leaves each memo as it is. */
    memo: z.string().trim().max(2000).nullable().optional(),
  })
  .refine(everyVersion.check, everyVersion.params);

/** The selected documents exported as the export screen's zip (a job): CSV or xlsx per procedure, attachments. */
export const BulkExportRequest = z.object({
  document_ids: DocumentIds,
  encoding: z.enum(['utf-8', 'shift_jis']).default('utf-8'),
  format: ExportFormat.default('csv'),
});

/** What happened to one document: changed, or refused with the error the single act would have given. */
export const BulkOutcome = z.object({
  document_id: RecordId,
  /** Null when the document is not found in the staff member's scope. */
  reference_number: z.string().nullable(),
  /** The document's status after the act (null when not found). */
  status: DocumentStatus.nullable(),
  outcome: z.enum(['changed', 'refused']),
  error: ApiError.nullable(),
  /** A workflow act's step (the current one: moved, or the one that refused); absent for other acts. */
  step: z
    .object({ sequence: z.number().int(), name: z.string(), status: WorkflowStepStatus })
    .nullable()
    .optional(),
});

export const BulkResult = z.object({
  results: z.array(BulkOutcome),
  changed: z.number().int().min(0),
  refused: z.number().int().min(0),
});
export type BulkResult = z.infer<typeof BulkResult>;
