// The audit log's vocabulary, declared once and zod-free (the web and the browser tests read it): every act
// the server records, every kind of target and every fact of an entry's detail the staff screen words. The
// screen's texts are typed by these lists (staff.audit.actions, targetKinds, fields), so an act added here
// without its Japanese and English words fails the typecheck, and the server can record no act that is
// not here (AuditEntry.action).

/** Every act of the audit log (`audit_log.action`), in the order the screen's filter offers them. */
export const AUDIT_ACTS = [
  // A document, read or changed by staff, or sent again by the resident.
  'document.read',
  'document.attachment.read',
  'document.reports.read',
  'document.memos.read',
  'document.update',
  'document.status',
  'memo.update',
  'workflow.status',
  'document.resubmit',
  // Retention (decision 0052): a legal hold set or released by staff, a disposal by the daily job.
  'document.legal_hold.set',
  'document.legal_hold.release',
  'document.dispose',
  // PDFs, signatures, exports and deletions.
  'render.municipality.start',
  'render.municipality.download',
  'render.report.start',
  'render.report.download',
  'signature.zip.download',
  'export.start',
  'export.download',
  'documents.delete.request',
  'documents.delete.cancel',
  'documents.delete.run',
  // The counter (decision 0026).
  'counter.take',
  'counter.start',
  'counter.claim',
  // Staff accounts and sign-in.
  'account.create',
  'account.update',
  'account.delete',
  'invitation.create',
  'password_reset.request',
  'password_reset.complete',
  'sign_in.success',
  'sign_in.failure',
  'sign_out',
  // Residents and provisioning.
  'applicant.satisfaction_rated',
  'municipality.create',
  'operator.create',
  // Core systems (decision 0057): keys created and revoked by administrators, pages the keys pulled.
  'system_key.create',
  'system_key.revoke',
  // Webhooks (decision 0059): an endpoint set or cleared, a delivery sent again.
  'system_key.webhook',
  'system_key.resend',
  'system.documents.list',
] as const;
export type AuditAct = (typeof AUDIT_ACTS)[number];

/** Whether a stored action is one of the vocabulary (older rows may hold retired names). */
export const isAuditAct = (action: string): action is AuditAct =>
  (AUDIT_ACTS as readonly string[]).includes(action);

/**
 * What an entry is about, in the words staff use: a document, a staff account, an export, ... A job is
 * named by what it does (`export`, `documents_delete`); `draft_application` is an application not yet sent
 * (it has no reference number).
 */
export const AUDIT_TARGET_KINDS = [
  'document',
  'application',
  'draft_application',
  'staff_account',
  'invitation',
  'export',
  'documents_delete',
  'job',
  'municipality',
  'operator',
  'system_key',
] as const;

/**
 * The facts of an entry's detail as the screen words them. The server turns stored details into these,
 * with every reference resolved to its name (procedure codes to procedure names, department ids to
 * department names, item codes to item names) and internal ids left out.
 */
export const AUDIT_DETAIL_KEYS = [
  /** The procedure group's name (an export). */
  'procedure_group',
  /** Procedure names. */
  'procedures',
  /** How many documents a selection held. */
  'document_count',
  /** The days an export covers: `from` and `value` are dates. */
  'period',
  /** An export's files: `csv` or `xlsx`. */
  'file_format',
  /** `utf-8` or `shift_jis`. */
  'encoding',
  /** Whether the signature verified (a signature zip). */
  'signature_valid',
  /** An extra copy of one document rather than the whole application (a rendering). */
  'additional_copy',
  'reference_numbers',
  /** A report's name. */
  'report',
  /** Seconds before a deletion runs (it can be cancelled until then). */
  'delay_seconds',
  /** How many documents were gone already when a deletion ran. */
  'already_deleted',
  /** How many applications went with their last document. */
  'applications_removed',
  'email',
  'login_id',
  /** Why a sign-in failed: the error code (`unauthenticated`, `rate_limited`, ...). */
  'sign_in_failure',
  /** A staff permission code (administrator, clerk, viewer). */
  'permission',
  /** Department names. */
  'departments',
  'name',
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  /** The names of the form items an edit changed. */
  'items',
  /** The attachment slot's name. */
  'attachment',
  'sessions_ended',
  /** A resident's satisfaction rating, 1 to 5. */
  'rating',
  'comment',
  /** `to_counter` or `to_resident`. */
  'handoff_direction',
  /** Years a disposed document was kept, and whether its procedure or the default set them. */
  'retention_years',
  'retention_source',
  /** When a disposed document had finished. */
  'finished_at',
  /** Why a legal hold was set or released. */
  'legal_hold_reason',
] as const;
