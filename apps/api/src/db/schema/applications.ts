import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CounterCheck, RemandField } from '@portal/contracts';
import { municipalities, procedureGroups, procedures } from './configuration.js';
import { departments, staffAccounts } from './staff.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A resident known by the identity provider's subject; the profile comes from the identity claims. */
export const applicants = pgTable('applicants', {
  id: uuid('id').primaryKey().defaultRandom(),
  subject: text('subject').notNull().unique(),
  profile: jsonb('profile').$type<Record<string, string | null>>(),
  createdAt: createdAt(),
});

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    procedureGroupId: integer('procedure_group_id')
      .notNull()
      .references(() => procedureGroups.id),
    configurationVersion: integer('configuration_version').notNull(),
    status: text('status').notNull().default('draft'),
    currentStep: text('current_step').notNull().default('filter'),
    procedureIds: jsonb('procedure_ids').$type<number[]>().notNull().default([]),
    /** Chosen option ids: key 'filter' for the filter, else the assistant sub category id. */
    conciergeAnswers: jsonb('concierge_answers').$type<Record<string, number[]>>().notNull().default({}),
    identification: jsonb('identification').$type<Record<string, unknown>>(),
    remandMessage: text('remand_message'),
    /** While remanded: the only fields the resident may change (decision 0023); null: every field. */
    remandFields: jsonb('remand_fields').$type<RemandField[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('applications_owner').on(t.municipalityId, t.applicantId, t.updatedAt),
    // Drafts by last change: the hourly look for drafts about to expire or expired (decision 0025).
    index('applications_drafts')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'draft'`),
  ],
);

/** One answer per standard item and repeat; saved at every step so residents can resume anywhere. */
export const applicationAnswers = pgTable(
  'application_answers',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    standardItemCode: text('standard_item_code').notNull(),
    sequence: integer('sequence').notNull().default(1),
    value: jsonb('value').$type<string | string[] | null>(),
    /** Where the value came from when a source gave it unchanged (decision 0012); null when typed. */
    source: text('source'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.standardItemCode, t.sequence] })],
);

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    standardItemCode: text('standard_item_code').notNull(),
    sequence: integer('sequence').notNull().default(1),
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** `pending` until clamd calls it clean (then `clean`); `unscanned` with scanning off (decision 0051). */
    scanState: text('scan_state').notNull().default('clean'),
    /** When a process took the pending file to scan; another takes it only after this claim lapses. */
    scanClaimedAt: timestamp('scan_claimed_at', { withTimezone: true }),
  },
  (t) => [unique('attachments_slot').on(t.applicationId, t.standardItemCode, t.sequence)],
);

/** One submitted procedure of an application, as staff handle it. */
/** A remanded field as the document keeps it: what it was when remanded (an attachment: its files). */
export type StoredRemandField = RemandField & {
  kind: 'item' | 'attachment';
  before: string | string[] | null;
  /** An attachment slot's files' SHA-256 when remanded, to tell a replaced file from the same one. */
  hashes?: string[];
};

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    departmentId: integer('department_id').references(() => departments.id),
    referenceNumber: text('reference_number').notNull(),
    status: text('status').notNull().default('received'),
    applicantName: text('applicant_name').notNull(),
    applicantNameKana: text('applicant_name_kana'),
    remandMessage: text('remand_message'),
    /** The last remand's fields with their values then (decision 0023); null: the whole application. */
    remandFields: jsonb('remand_fields').$type<StoredRemandField[]>(),
    /** Staff's reason for rejecting it, told to the resident (decision 0037); null unless rejected. */
    rejectionReason: text('rejection_reason'),
    municipalityMemos: text('municipality_memos'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    memosUpdatedAt: timestamp('memos_updated_at', { withTimezone: true }),
    signature: jsonb('signature').$type<Record<string, unknown>>(),
    /** online (the resident) or counter (submitted at the counter with a clerk, decision 0026). */
    channel: text('channel').notNull().default('online'),
    /** At the counter: who checked the applicant's identity, with which document, when (instead of the card's signature). */
    counterCheck: jsonb('counter_check').$type<CounterCheck>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Start (JST) of the deadline day while staff have the move; null otherwise (decision 0019). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Hash of the applicant's and subject's names and birth dates (decision 0021); null: not comparable. */
    duplicateKey: text('duplicate_key'),
    /** Bumped by every write to the document; a staff write names the version it read (decision 0034). */
    version: integer('version').notNull().default(1),
    /** When it reached a final state (completed, rejected, withdrawn); its retention counts from here (0052). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Why it is kept past its retention (a legal hold, decision 0052); null: no hold. */
    legalHoldReason: text('legal_hold_reason'),
    legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
    legalHoldBy: uuid('legal_hold_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    /** The transaction that last wrote the row, set by a trigger: the pull API's cursor (decision 0057). */
    changeXid: bigint('change_xid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Finished documents not on hold, by when they finished: the daily disposal's look (decision 0052).
    index('documents_disposal')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null and ${t.legalHoldAt} is null`),
    unique('documents_reference').on(t.municipalityId, t.referenceNumber),
    index('documents_list').on(t.municipalityId, t.receivedAt),
    // The pull API walks a municipality's documents in change order (decision 0057).
    index('documents_changes').on(t.municipalityId, t.changeXid, t.id),
    index('documents_status').on(t.municipalityId, t.status, t.receivedAt),
    index('documents_application').on(t.applicationId),
    // Staff lists of one department (clerks, viewers) in received order.
    index('documents_department').on(t.municipalityId, t.departmentId, t.receivedAt),
    // The covering indexes of the filtered staff list (INCLUDE) are in migrations 0007, 0012 and 0013 (custom SQL).
    // Reference number prefix search (LIKE '2026-0001%') whatever the database collation.
    index('documents_reference_prefix').on(t.municipalityId, t.referenceNumber.op('text_pattern_ops')),
    // Open documents of one procedure with one key: the possible duplicates (DUPLICATE_STATUSES).
    index('documents_duplicates')
      .on(t.municipalityId, t.procedureId, t.duplicateKey)
      .where(
        sql`${t.duplicateKey} is not null and ${t.status} in ('received', 'in_progress', 'remanded', 'resubmitted')`,
      ),
  ],
);

/** Change history of a document: who changed what, when. */
export const documentChanges = pgTable(
  'document_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    staffAccountId: uuid('staff_account_id').references(() => staffAccounts.id),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_changes_document').on(t.documentId, t.at)],
);

export const workflowDetails = pgTable(
  'workflow_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    name: text('name').notNull(),
    departmentId: integer('department_id').references(() => departments.id),
    status: text('status').notNull().default('pending'),
    userId: uuid('user_id').references(() => staffAccounts.id),
    memo: text('memo'),
    /** Who last moved the step (started, approved, returned, skipped) and when (decision 0039); null: never. */
    actedBy: uuid('acted_by').references(() => staffAccounts.id),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_details_step').on(t.documentId, t.sequence),
    // The list's 「自分の担当」: open steps by assignee (the current one is the first open one of its document).
    index('workflow_details_open_assignee')
      .on(t.userId, t.documentId, t.sequence)
      .where(sql`${t.status} not in ('approved', 'skipped')`),
  ],
);

export const signTransactions = pgTable('sign_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicationId: uuid('application_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('registered'),
  documents: jsonb('documents').$type<{ procedure_id: number; digest: string }[]>().notNull(),
  state: text('state').notNull().unique(),
  certificate: text('certificate'),
  signatures: jsonb('signatures').$type<Record<string, string>>(),
  /** PKCE verifier of the authorization request to the signing app. */
  codeVerifier: text('code_verifier'),
  /** Where the resident returns after signing (a configured callback origin). */
  returnTo: text('return_to'),
  /** What verification found: the signer and issuer, or the problems that refused it. */
  verification: jsonb('verification').$type<{
    subject_name?: string;
    issuer?: string;
    not_after?: string;
    problems: string[];
  }>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const selfInformationSessions = pgTable(
  'self_information_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('created'),
    /** Opaque state tying the portal's redirect back to this session. */
    state: text('state').unique(),
    externalSessionId: text('external_session_id'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The answer read looks up an application's newest session on every request (issue 31).
  (t) => [index('self_information_sessions_application').on(t.applicationId, t.createdAt)],
);

/**
 * The demo resident registry: what the identity stand-in issues and basic four information is checked
 * against. Production replaces both with the national systems.
 */
export const registryResidents = pgTable(
  'registry_residents',
  {
    subject: text('subject').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    birthDate: text('birth_date').notNull(),
    sex: text('sex').notNull(),
    postalCode: text('postal_code').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    pin: text('pin').notNull(),
    /** The household (世帯) the resident belongs to, and their relationship to its head (世帯主, 妻, 子). */
    householdId: text('household_id'),
    relationshipToHead: text('relationship_to_head'),
    /** 本籍 and 筆頭者, as the registry holds them for a resident whose domicile is recorded. */
    registeredDomicile: text('registered_domicile'),
    registeredDomicileHead: text('registered_domicile_head'),
    /** The test resident's registered public funds account (公金受取口座), a national registration. */
    publicFundsAccount: jsonb('public_funds_account').$type<Record<string, string>>(),
  },
  (t) => [index('registry_residents_household').on(t.municipalityId, t.householdId)],
);

/**
 * One row whose `version` a trigger moves on every write to registry_residents, in the writing
 * transaction: cached answer contexts name the registry version they read (issue 31).
 */
export const registryVersion = pgTable('registry_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Services a resident linked (identity provider, personal portal), listed and unlinked by the resident. */
export const applicantServiceLinks = pgTable(
  'applicant_service_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('applicant_service_links_service').on(t.applicantId, t.service)],
);

/** A PDF rendered from an application (per procedure); its digest is what a resident signs. */
export const renderedDocuments = pgTable(
  'rendered_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    procedureId: integer('procedure_id').notNull(),
    jobId: uuid('job_id'),
    audience: text('audience').notNull().default('applicant'),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    pages: integer('pages').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('rendered_documents_application').on(t.applicationId, t.createdAt),
    // One rendering per job and procedure: a job retried after a crash replaces its own rows.
    uniqueIndex('rendered_documents_job_procedure').on(t.jobId, t.procedureId),
  ],
);

/** Next reference number of each municipality and year (taken inside the submitting transaction). */
export const referenceCounters = pgTable(
  'reference_counters',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    year: integer('year').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.year] })],
);

/**
 * Stored files whose rows a disposal or deletion already removed (decision 0052): written in the removing
 * transaction, deleted from the store after the commit, retried by the daily disposal until gone.
 */
export const fileDisposals = pgTable('file_disposals', {
  storageKey: text('storage_key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});
