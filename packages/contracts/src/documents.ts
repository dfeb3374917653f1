import { z } from 'zod';
import {
  ConfigId,
  IsoDate,
  IsoDateTime,
  Page,
  PageQuery,
  QueryFlag,
  RecordId,
  StandardItemFragmentValue,
} from './common.js';
import { Attachment } from './application.js';
import { AuditDetailItem, AuditTarget } from './audit.js';
import { AttachType } from './procedure.js';
import { CounterCheck } from './counter.js';
import { PrefillSource } from './concierge.js';
import { DocumentNotice } from './notifications.js';
import { RemandedField, RemandFields } from './remand.js';
import { DocumentStatus, JobStatus, WorkflowStepStatus } from './states.js';

/** `due_at` puts the nearest deadline first and documents without one last (`-due_at`: the reverse). */
export const DocumentSort = z.enum([
  'received_at',
  '-received_at',
  'reference_number',
  '-reference_number',
  'due_at',
  '-due_at',
]);

export const DocumentListQuery = PageQuery.extend({
  /** The staff table's page sizes; `all` is capped by the server (1,000 rows). */
  page_size: z
    .union([
      z.literal('all'),
      z.coerce.number().pipe(z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)])),
    ])
    .default(10),
  status: DocumentStatus.optional(),
  procedure_code: z.string().max(64).optional(),
  department_id: z.coerce.number().int().positive().optional(),
  received_from: IsoDate.optional(),
  received_to: IsoDate.optional(),
  /** Matches the applicant's name (kanji or kana) or the reference number. */
  text: z.string().trim().max(100).optional(),
  /** `true`: only documents past their deadline day (Japan days); `false` or absent: no filter. */
  overdue: QueryFlag.optional(),
  /** `true`: only documents whose current workflow step is assigned to the signed-in staff member (「自分の担当」). */
  assigned_to_me: QueryFlag.optional(),
  sort: DocumentSort.default('-received_at'),
});

/**
 * A document's version (decision 0034): every write to the document bumps it; a staff write sends the
 * version it read (`If-Match: "7"`, a bulk act per document) and a stale one is refused with 409.
 */
export const DocumentVersion = z.number().int().min(1).max(2_147_483_647);

/**
 * A document's current workflow step: its first step neither approved nor skipped (the one that moves
 * next), with its assignee's name (null: unassigned).
 */
export const CurrentStep = z.object({
  id: RecordId,
  sequence: z.number().int(),
  name: z.string(),
  status: WorkflowStepStatus,
  user_id: RecordId.nullable(),
  user_name: z.string().nullable(),
});
export type CurrentStep = z.infer<typeof CurrentStep>;

export const DocumentSummary = z.object({
  id: RecordId,
  reference_number: z.string(),
  application_id: RecordId,
  procedure_code: z.string(),
  procedure_name: z.string(),
  applicant_name: z.string(),
  status: DocumentStatus,
  department_id: ConfigId.nullable(),
  received_at: IsoDateTime,
  updated_at: IsoDateTime,
  /** What a write to this document sends back as `If-Match` (decision 0034). */
  version: DocumentVersion,
  /**
   * Start (00:00 JST) of the deadline day while staff have the move (decision 0019); null when the
   * procedure has no processing days, or the document is remanded or settled.
   */
  due_at: IsoDateTime.nullable(),
  /**
   * The oldest other open document of the same procedure with the same applicant and subject by name and
   * birth date (decision 0021); null when none, or when this document is no longer open.
   */
  possible_duplicate: z.object({ id: RecordId, reference_number: z.string() }).nullable(),
  /** The workflow step that moves next and its assignee (the list's 担当者); null when none is left or none exists. */
  current_step: CurrentStep.nullable().default(null),
});

export const DocumentList = z.object({ documents: z.array(DocumentSummary), page: Page });

export const WorkflowDetail = z.object({
  id: RecordId,
  sequence: z.number().int(),
  name: z.string(),
  status: WorkflowStepStatus,
  user_id: RecordId.nullable(),
  /** The assignee's name (null: unassigned, or the account is gone). */
  user_name: z.string().nullable().default(null),
  memo: z.string().nullable(),
  updated_at: IsoDateTime,
  /** Who last moved the step (started, approved, returned, skipped); null: never moved, or the account is gone. */
  acted_by_id: RecordId.nullable().default(null),
  acted_by_name: z.string().nullable().default(null),
  /** When the step last moved (decision 0039); null: never. */
  acted_at: IsoDateTime.nullable().default(null),
});

export const SignatureVerification = z.object({
  is_signed: z.boolean(),
  is_valid: z.boolean().nullable(),
  subject_name: z.string().nullable(),
  checked_at: IsoDateTime.nullable(),
  problems: z.array(z.string()),
});

/**
 * A stored answer as staff read it: the value and where it came from (decision 0012: the card, the
 * resident registry, the public funds account, or implied by a chosen option); null when typed (by the
 * resident, or by staff correcting it). Only the staff detail carries it; requests send plain values.
 */
/**
 * An answer that differs from what a verified source holds (the rules' `answerMismatch`): the source and
 * its value, as the resident's review showed them.
 */
export const AnswerMismatch = z.object({ source: PrefillSource, verified: z.string() });
export type AnswerMismatch = z.infer<typeof AnswerMismatch>;

export const StaffAnswerValue = StandardItemFragmentValue.extend({
  source: PrefillSource.nullable().default(null),
  /** What the card or the registry holds when the answer differs from it (issue 32); null otherwise. */
  mismatch: AnswerMismatch.nullable().default(null),
});
export type StaffAnswerValue = z.infer<typeof StaffAnswerValue>;

const AnswerValue = StandardItemFragmentValue.shape.value;

/**
 * What one change of a document did, typed so that screens word it in their language (statuses and
 * item names, values formatted) and the history and the audit log read it the same way.
 */
export const DocumentChange = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('status'),
    from: DocumentStatus,
    to: DocumentStatus,
    /** The message to the resident: a remand's, or a rejection's reason (decision 0037). */
    remand_message: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('answers'),
    changes: z.array(
      z.object({ code: z.string(), sequence: z.number().int(), before: AnswerValue, after: AnswerValue }),
    ),
  }),
  z.object({
    kind: z.literal('memo'),
    confirmed_before: z.boolean(),
    confirmed_after: z.boolean(),
    memos_changed: z.boolean(),
    /** The memo's full text before and after (the history's; absent from the audit log and older entries). */
    memo_before: z.string().nullable().optional(),
    memo_after: z.string().nullable().optional(),
  }),
  z.object({
    kind: z.literal('workflow'),
    sequence: z.number().int(),
    name: z.string(),
    from: WorkflowStepStatus,
    to: WorkflowStepStatus,
    /** The assignee named by the change: a name, null for "unassigned", absent when not changed. */
    assignee_name: z.string().nullable().optional(),
    memo_changed: z.boolean(),
  }),
]);
export type DocumentChange = z.infer<typeof DocumentChange>;

/** How long a document is kept (decision 0052): its retention and any legal hold. */
export const DocumentRetention = z.object({
  /** When it finished (completed, rejected, withdrawn); null while in process (never disposed of). */
  finished_at: IsoDateTime.nullable(),
  /** The day after which it is disposed of (finish + years); null while in process. */
  retain_until: IsoDateTime.nullable(),
  /** The years it is kept, and whether its procedure or the default sets them. */
  years: z.number().int(),
  source: z.enum(['procedure', 'default']),
  /** A legal hold keeps it past its retention until released; null: none. */
  legal_hold: z.object({ reason: z.string(), at: IsoDateTime, by: z.string().nullable() }).nullable(),
  /** The document's version, what a legal hold change sends as `If-Match` (decision 0034). */
  version: DocumentVersion,
});

/** Sets (held, with its reason) or releases (not held, with why) a document's legal hold. */
export const LegalHoldRequest = z.object({
  held: z.boolean(),
  reason: z.string().trim().min(1).max(500),
});

export const DocumentDetail = DocumentSummary.extend({
  retention: DocumentRetention,
  standard_item_fragments: z.array(StaffAnswerValue),
  /** The procedure's attachment slots by name, uploaded or not (a remand may name them). */
  attachment_slots: z.array(z.object({ standard_item_code: z.string(), name: z.string(), type: AttachType })),
  /** With ids, for the attachments viewer (`staff.documents.attachment`). */
  attachments: z.array(Attachment.extend({ id: RecordId })),
  signature: SignatureVerification,
  /** How it was submitted: online by the resident, or at the counter with a clerk (decision 0026). */
  channel: z.enum(['online', 'counter']),
  /** At the counter: the clerk's identity check, recorded instead of the card's signature. */
  counter_check: CounterCheck.nullable(),
  /** The configuration version the application was made with: its form's labels and checks. */
  configuration_version: z.number().int(),
  workflow_details: z.array(WorkflowDetail),
  remand_message: z.string().nullable(),
  /** Why it was rejected, as the resident was told (decision 0037); null unless rejected. */
  rejection_reason: z.string().nullable(),
  municipality_memos: z.string().nullable(),
  is_confirmed: z.boolean(),
  /** The fields the last remand named, with their values then and now (null: none named, decision 0023). */
  remand_fields: z.array(RemandedField).nullable(),
  /** What the resident was told about this document and how (decision 0025), oldest first. */
  notifications: z.array(DocumentNotice),
  /** Every other open document that may be a duplicate of this one (decision 0021), oldest first. */
  duplicates: z.array(
    z.object({
      id: RecordId,
      reference_number: z.string(),
      status: DocumentStatus,
      received_at: IsoDateTime,
    }),
  ),
  history: z.array(
    z.object({
      at: IsoDateTime,
      user_name: z.string(),
      action: z.string(),
      change: DocumentChange.nullable(),
    }),
  ),
});

export const DocumentDetailQuery = z.object({ is_internal: z.enum(['true', 'false']).optional() });

export const UpdateDocumentRequest = z.object({
  standard_item_fragments: z.array(StandardItemFragmentValue).min(1).max(2000),
});

export const StaffDocumentStatusRequest = z
  .object({
    status: DocumentStatus,
    /**
     * The message to the resident: required by a remand (what to correct) and by a rejection (its reason,
     * decision 0037); ignored with other statuses.
     */
    remand_message: z.string().trim().max(2000).nullable().optional(),
    /** A remand of these fields only (decision 0023); absent: the whole application goes back. */
    remand_fields: RemandFields.optional(),
  })
  .refine((b) => b.status === 'remanded' || b.remand_fields === undefined, {
    message: 'fields are named only by a remand',
    path: ['remand_fields'],
  })
  .refine((b) => b.status !== 'remanded' || (b.remand_message ?? '').length > 0, {
    message: 'a remand needs a message for the applicant',
    path: ['remand_message'],
  })
  .refine((b) => b.status !== 'rejected' || (b.remand_message ?? '').length > 0, {
    message: 'a rejection needs its reason for the applicant',
    path: ['remand_message'],
  });

export const DocumentReports = z.object({
  reports: z.array(z.object({ id: ConfigId, name: z.string(), procedure_code: z.string() })),
});

export const DocumentMemos = z.object({
  municipality_memos: z.string().nullable(),
  is_confirmed: z.boolean(),
  updated_at: IsoDateTime.nullable(),
  /** Who saved the memos last (null: never saved, or the account is gone). */
  updated_by: z.string().nullable(),
  /** The document's version, what a memo save sends as `If-Match` (decision 0034). */
  version: DocumentVersion,
});
export const UpdateMemosRequest = z.object({
  municipality_memos: z.string().max(10_000).nullable(),
  is_confirmed: z.boolean(),
});

export const WorkflowStatusRequest = z.object({
  status: WorkflowStepStatus,
  user_id: RecordId.nullable().optional(),
  memo: z.string().max(2000).nullable().optional(),
});

export const RenderMunicipalityRequest = z.object({ is_additional: z.boolean().default(false) });

/** A PDF a rendering job produced; its SHA-256 is what a resident signs. */
export const RenderedDocument = z.object({
  procedure_id: ConfigId,
  procedure_code: z.string(),
  file_name: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  pages: z.number().int().min(1),
});

/** Where a job stands; `progress` is 0..100. */
export const Job = z.object({
  id: RecordId,
  kind: z.enum([
    'render_applicant',
    'render_municipality',
    'render_document',
    'export',
    'documents_delete',
    // Mails the notices waiting in the notification outbox (decision 0025).
    'notification_mail',
    // Posts the webhook deliveries that are due to core systems (decision 0059).
    'webhook_delivery',
  ]),
  status: JobStatus,
  progress: z.number().int().min(0).max(100),
  created_at: IsoDateTime,
  finished_at: IsoDateTime.nullable(),
  error: z.string().nullable(),
  /**
   * Why a failed job failed: its process stopped on every attempt (`interrupted`), the data cannot be
   * processed as stored (`invalid`: `error` says why in staff's words, e.g. a character no PDF font has),
   * or the work itself failed (`error`).
   */
  failure: z.enum(['interrupted', 'invalid', 'error']).nullable(),
  /** What a rendering job produced (empty for other jobs and until it succeeds). */
  documents: z.array(RenderedDocument),
});
export type Job = z.infer<typeof Job>;

export const BrowsableStaff = z.object({
  staff: z.array(z.object({ id: RecordId, name: z.string(), department_ids: z.array(ConfigId) })),
});

/** The departments whose documents the caller sees (all for administrators), each with its procedures. */
export const StaffDepartments = z.object({
  departments: z.array(
    z.object({
      id: ConfigId,
      code: z.string(),
      name: z.string(),
      /** Codes of the live procedures this department handles, across procedure groups. */
      procedure_codes: z.array(z.string()),
    }),
  ),
});

export const MunicipalityOverview = z.object({
  counts: z.array(z.object({ status: DocumentStatus, count: z.number().int() })),
  received_today: z.number().int(),
  remanded_waiting: z.number().int(),
  /** Documents past their deadline day per department (null: of no department); only departments with some. */
  overdue_by_department: z.array(z.object({ department_id: ConfigId.nullable(), count: z.number().int() })),
});

export const PasswordResetRequest = z.object({ email: z.email() });
/** A new password, in the form session of an opened reset link (decision 0044). */
export const PasswordResetConfirm = z.object({
  password: z.string().min(12).max(128),
});

export const AccountsDeleteQuery = z.object({
  target_user_ids: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(RecordId).min(1).max(100)),
});

export const DocumentsDeleteRequest = z.object({ document_ids: z.array(RecordId).min(1).max(1000) });
export const DocumentsDeleteCancelQuery = z.object({ documents_delete_id: RecordId });

/**
 * The file of each procedure in an export's zip (decision 0036): `csv` (RFC 4180, CRLF, every value
 * quoted) or `xlsx` (an Excel workbook with typed cells: dates, numbers of number items, text).
 */
export const ExportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const ExportRequest = z
  .object({
    start_date: IsoDate,
    end_date: IsoDate,
    procedure_codes: z.array(z.string()).min(1).max(50),
    /** The CSV's encoding (also of the zip's notice of missing attachments). */
    encoding: z.enum(['utf-8', 'shift_jis']).default('utf-8'),
    /** CSV unless asked otherwise, so the spec's calls keep their meaning. */
    format: ExportFormat.default('csv'),
  })
  .refine((b) => b.start_date <= b.end_date, { message: 'start_date is after end_date', path: ['end_date'] });

export const AuditLogQuery = PageQuery.extend({
  actor_id: RecordId.optional(),
  action: z.string().max(100).optional(),
  target_id: z.string().max(100).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});

/** The audit log as administrators read it. */
export const AuditLogList = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      at: IsoDateTime,
      actor_kind: z.string(),
      actor_id: z.string().nullable(),
      actor_name: z.string().nullable(),
      action: z.string(),
      target_type: z.string().nullable(),
      target_id: z.string().nullable(),
      /** What staff call the target (`target.name`): a reference number, a staff member's name, ...; or null. */
      target_label: z.string().nullable(),
      /** The target in words, resolved on the server (the screen never shows its id); null for no target. */
      target: AuditTarget.nullable(),
      /** The stored detail as recorded (codes and ids); screens show `detail_items`. */
      detail: z.record(z.string(), z.unknown()).nullable(),
      /** The detail in words: each fact by its key, references resolved to names, internal ids left out. */
      detail_items: z.array(AuditDetailItem),
      /** A change to a document, typed as the document's history has it; null for other acts. */
      change: DocumentChange.nullable(),
    }),
  ),
  page: Page,
});
