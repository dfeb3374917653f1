import type { z } from 'zod';
import type * as C from '@portal/contracts';
import {
  documentStates,
  workflowStepStates,
  type DocumentStatus,
  type Procedure,
  type StandardItemFragmentValue,
  type WorkflowStepStatus,
} from '@portal/contracts';
import { decideAnswers, keyOf } from '@portal/rules';
import { AppError, conflict, notFound, validationFailed } from '../../http/errors.js';
import { assertTransition } from '../../http/transitions.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { AccountRepository, StaffIdentity } from '../accounts/accounts.repository.js';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { AttachmentRepository } from '../attachments/attachments.repository.js';
import { attachmentView } from '../attachments/attachments.view.js';
import type { AuditEntry, AuditRepository } from '../audit/audit.repository.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import { mismatchesOf } from '../applications/answer-mismatches.js';
import { rulesOf } from '../configuration/published-rules.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { TOLD_MOVES, statusNotice } from '../notifications/notices.js';
import type { NotificationSender } from '../notifications/notification-sender.js';
import { documentNoticeView } from '../notifications/notifications.view.js';
import type { NotificationRepository } from '../notifications/notifications.repository.js';
import { authorizeStep, inScope, visibleDepartments } from '../staff/staff.policy.js';
import type { ApplicationCounters } from '../system/metrics.js';
import { moveDocumentStatus, STAFF_MOVES } from './document-status.service.js';
import type { DocumentRepository, LoadedDocument, WorkflowStep } from './documents.repository.js';
import { documentChange, signatureView, stepView, summaryView } from './documents.view.js';
import { japanDate, japanDayStart } from '@portal/rules';
import type { DocumentScope } from './documents.query.js';
import { duplicateKey } from './duplicates.js';
import { remandedFieldsView, remandSnapshot } from './remand-fields.js';
import { currentStepOf, FOLLOWED_STATUS, staleDocument, STEP_DONE, statusFollows } from './workflow-steps.js';

/** Who acts: the signed-in staff member and where the request came from (for the audit log). */
export interface Actor {
  staff: StaffIdentity;
  ip: string | null;
}

type Detail = z.input<typeof C.DocumentDetail>;

/** A write from a version the document has left (decision 0034): the one stale refusal of every act. */
const stale = staleDocument;

/** Who the history shows for a change the resident made (a resubmission). */
const APPLICANT_NAME = '申請者';

/** Items a document shows: its procedure's fragments, then the items its procedural rules read. */
function itemCodesOf(procedure: Procedure | undefined): string[] {
  if (!procedure) return [];
  const codes = procedure.procedure_fragments.map((f) => f.standard_item_code);
  for (const rule of procedure.procedural_rules.flat()) codes.push(rule.standard_item_code);
  return [...new Set(codes)];
}

/** The audit record of a staff act on one document (every single and bulk act writes this shape). */
export const auditEntry = (
  actor: Actor,
  action: AuditEntry['action'],
  documentId: string,
  detail: Record<string, unknown> | null = null,
): AuditEntry => ({
  municipalityId: actor.staff.municipalityId,
  actorKind: 'staff',
  actorId: actor.staff.id,
  action,
  targetType: 'document',
  targetId: documentId,
  detail,
  ip: actor.ip,
});

/**
 * The staff documents area: lists within the staff member's departments, details with answers,
 * attachments and signature result, edits validated like the applicant form, status moves (remand
 * reaches the resident), memos, workflow steps, and the dashboard counts. Every read of a document and
 * every change is audited; changes also append to the document's history. See decision 0005.
 */
export function createDocumentService(deps: {
  documents: DocumentRepository;
  applications: ApplicationRepository;
  /** What the answer rules read of an application (answers and the resident's records). */
  answers: AnswerContextReader;
  attachments: AttachmentRepository;
  accounts: AccountRepository;
  published: PublishedConfiguration;
  audit: AuditRepository;
  storage: FileStorage;
  /** Counts staff remands and completed applications (portal_applications_*_total). */
  counters: Pick<ApplicationCounters, 'remanded' | 'completed'>;
  /** What the resident was told of each document, and the job that mails a new notice (decision 0025). */
  notices: Pick<NotificationRepository, 'forDocument'>;
  sender: Pick<NotificationSender, 'kick'>;
  clock: () => Date;
}) {
  const { documents, applications, clock } = deps;

  const scopeOf = (staff: StaffIdentity): DocumentScope => ({
    municipalityId: staff.municipalityId,
    departmentIds: visibleDepartments(staff),
    staffId: staff.id,
  });

  /** A document of the staff member's scope; anything else (other departments, municipalities) is 404. */
  async function load(staff: StaffIdentity, id: string): Promise<LoadedDocument> {
    const found = await documents.find(staff.municipalityId, id);
    if (!found || !inScope(staff, found.document.departmentId)) throw notFound('document');
    return found;
  }

  const summaryOf = (
    loaded: LoadedDocument,
    duplicates: { id: string; referenceNumber: string }[],
    steps: WorkflowStep[],
  ) =>
    summaryView({
      ...loaded.document,
      currentStep: currentStepOf(steps) ?? null,
      procedureCode: loaded.procedureCode,
      procedureName: loaded.procedureName,
      possibleDuplicate: duplicates[0] ? `${duplicates[0].id} ${duplicates[0].referenceNumber}` : null,
    });

  /** The configuration version the application started with, and the document's procedure in it. */
  async function configOf(loaded: LoadedDocument) {
    const group = await deps.published.version(
      loaded.document.municipalityId,
      loaded.application.procedureGroupId,
      loaded.application.configurationVersion,
    );
    const procedure = group.config.disclosure.procedures.find((p) => p.id === loaded.document.procedureId);
    return { group, procedure };
  }

  /** Attachment slots (standard item codes) of the document's procedure. */
  function attachCodesOf(config: C.ProcedureGroupConfiguration, procedureId: number): Set<string> {
    return new Set(
      config.disclosure.procedure_attaches
        .filter((a) => a.procedure_id === procedureId)
        .map((a) => a.standard_item_code),
    );
  }

  async function detailOf(loaded: LoadedDocument): Promise<Detail> {
    const d = loaded.document;
    const [{ group, procedure }, read, files, steps, history, signature, duplicates, notices] =
      await Promise.all([
        configOf(loaded),
        deps.answers.load(d.municipalityId, d.applicationId),
        deps.attachments.list(d.applicationId),
        documents.workflow(d.id),
        documents.history(d.id),
        signatureView(d.signature, documents.signatureVerification),
        documents.duplicatesOf(d),
        deps.notices.forDocument(d.municipalityId, d),
      ]);
    if (!read) throw notFound('application');
    const answers = read.answers;
    // What the resident's review flagged (issue 32): the same rule on the same verified values.
    const flags = mismatchesOf(group, deps.answers.answersOf(group, read).context);
    const codes = new Set(itemCodesOf(procedure));
    const attachCodes = attachCodesOf(group.config, d.procedureId);
    return {
      ...summaryOf(loaded, duplicates, steps),
      // Each with its source (decision 0012): staff see what the card or the registry gave.
      standard_item_fragments: answers
        .filter((a) => codes.has(a.standard_item_code))
        .map((a) => ({ ...a, mismatch: flags.get(keyOf(a)) ?? null })),
      attachment_slots: group.config.disclosure.procedure_attaches
        .filter((a) => a.procedure_id === d.procedureId)
        .map((a) => ({ standard_item_code: a.standard_item_code, name: a.name, type: a.type })),
      attachments: files
        .filter((f) => attachCodes.has(f.standardItemCode))
        .map((f) => ({ id: f.id, ...attachmentView(f) })),
      signature,
      channel: d.channel === 'counter' ? 'counter' : 'online',
      counter_check: d.counterCheck ?? null,
      configuration_version: loaded.application.configurationVersion,
      workflow_details: steps.map(stepView),
      remand_message: d.remandMessage,
      rejection_reason: d.rejectionReason,
      municipality_memos: d.municipalityMemos,
      is_confirmed: d.isConfirmed,
      remand_fields: d.remandFields ? remandedFieldsView(d.remandFields, answers, files) : null,
      notifications: notices.map(documentNoticeView),
      duplicates: duplicates.map((o) => ({
        id: o.id,
        reference_number: o.referenceNumber,
        status: o.status as DocumentStatus,
        received_at: o.receivedAt.toISOString(),
      })),
      history: history.map((h) => ({
        at: h.at.toISOString(),
        user_name: h.lastName !== null ? `${h.lastName} ${h.firstName ?? ''}`.trim() : APPLICANT_NAME,
        action: h.action,
        change: documentChange(h.action, h.detail),
      })),
    };
  }

  async function reload(staff: StaffIdentity, id: string) {
    return detailOf(await load(staff, id));
  }

  const memosOf = async (d: LoadedDocument['document']): Promise<z.input<typeof C.DocumentMemos>> => ({
    municipality_memos: d.municipalityMemos,
    is_confirmed: d.isConfirmed,
    updated_at: d.memosUpdatedAt?.toISOString() ?? null,
    updated_by: d.memosUpdatedAt ? await documents.memosAuthor(d.id) : null,
    version: d.version,
  });

  /** Refuses a write made from another version than the document's (decision 0034). */
  function refuseStale(current: number, read: number) {
    if (current !== read) throw stale();
  }

  function refuseFinal(status: string) {
    if (documentStates.isFinal(status as DocumentStatus)) {
      throw new AppError('conflict', `the document is ${status} and can no longer be changed`, 'status');
    }
  }

  /** A remand's fields checked against the document's procedure, with their values now (decision 0023). */
  async function snapshotOf(loaded: LoadedDocument, fields: C.RemandField[]) {
    const { group, procedure } = await configOf(loaded);
    const [answers, files] = await Promise.all([
      applications.answers(loaded.document.applicationId),
      deps.attachments.list(loaded.document.applicationId),
    ]);
    const procedureFields = {
      itemCodes: new Set(itemCodesOf(procedure)),
      attachCodes: attachCodesOf(group.config, loaded.document.procedureId),
    };
    return remandSnapshot(fields, procedureFields, answers, files);
  }

  /** What a notice about this document tells the resident: names as configured, its reference number. */
  async function noticeDetailOf(
    loaded: LoadedDocument,
    to: DocumentStatus,
    message: string | null,
  ): Promise<C.NoticeDetail> {
    const { group, procedure } = await configOf(loaded);
    return {
      procedure_group_name: group.config.name,
      procedure_group_name_en: group.config.en?.name ?? null,
      procedures: [
        {
          name: procedure?.name ?? loaded.procedureName,
          name_en: procedure?.en?.name ?? null,
          reference_number: loaded.document.referenceNumber,
        },
      ],
      ...(to === 'rejected' ? { rejection_reason: message } : { remand_message: message }),
    };
  }

  /**
   * Moves a document (documentStates; staff move to in_progress, remanded, completed, rejected). A
   * remand carries the message to the resident and remands the application; completion needs every
   * workflow step approved or skipped; the last open document finished completes the application.
   * Returns the document as loaded before the move, for callers that answer without reloading it.
   */
  async function changeStatus(
    actor: Actor,
    id: string,
    body: z.output<typeof C.StaffDocumentStatusRequest>,
    version: number,
  ): Promise<LoadedDocument> {
    const loaded = await load(actor.staff, id);
    refuseStale(loaded.document.version, version);
    const from = loaded.document.status as DocumentStatus;
    const to = body.status;
    assertTransition(documentStates, from, to);
    if (!STAFF_MOVES.has(to)) {
      throw new AppError('illegal_transition', `only the applicant moves a document to ${to}`, 'status');
    }
    if (to === 'completed') {
      const open = (await documents.workflow(id)).filter((s) => !STEP_DONE.has(s.status));
      if (open.length > 0) {
        throw new AppError(
          'conflict',
          `the workflow is not finished: ${open.map((s) => `${s.sequence} ${s.name} (${s.status})`).join(', ')}`,
          'status',
        );
      }
    }
    // A remand's message or a rejection's reason: what the resident is told (decision 0037).
    const remandMessage = to === 'remanded' || to === 'rejected' ? (body.remand_message ?? null) : null;
    const remandFields = body.remand_fields ? await snapshotOf(loaded, body.remand_fields) : null;
    const at = clock();
    const notice = TOLD_MOVES.has(to)
      ? statusNotice({
          municipalityId: loaded.document.municipalityId,
          applicantId: loaded.application.applicantId,
          applicationId: loaded.application.id,
          documentId: id,
          to,
          at,
          detail: await noticeDetailOf(loaded, to, remandMessage),
        })
      : null;
    const moved = await moveDocumentStatus(documents, {
      documentId: id,
      version,
      applicationId: loaded.application.id,
      from,
      to,
      remandMessage,
      remandFields,
      notice,
      staffId: actor.staff.id,
      at,
      change: {
        action: 'document.status',
        detail: {
          from,
          to,
          ...(remandMessage ? { remand_message: remandMessage } : {}),
          ...(remandFields ? { remand_fields: remandFields.map((f) => f.standard_item_code) } : {}),
        },
      },
      audit: auditEntry(actor, 'document.status', id, { from, to }),
    });
    if (!moved) throw stale();
    if (notice) await deps.sender.kick(notice.municipalityId);
    if (to === 'remanded') deps.counters.remanded.inc();
    if (moved.application === 'completed') deps.counters.completed.inc();
    return loaded;
  }

  const service = {
    async list(
      staff: StaffIdentity,
      query: z.output<typeof C.DocumentListQuery>,
    ): Promise<z.input<typeof C.DocumentList>> {
      const procedureIds = query.procedure_code
        ? await documents.procedureIdsByCode(staff.municipalityId, query.procedure_code)
        : undefined;
      const today = japanDayStart(japanDate(clock()));
      const { rows, total } = await documents.list(scopeOf(staff), query, procedureIds, today);
      return {
        documents: rows.map(summaryView),
        page: { page: query.page_size === 'all' ? 1 : query.page, page_size: query.page_size, total },
      };
    },

    /** The whole document; the read is audited. */
    async detail(actor: Actor, id: string): Promise<Detail> {
      const loaded = await load(actor.staff, id);
      const detail = await detailOf(loaded);
      await deps.audit.record(auditEntry(actor, 'document.read', id));
      return detail;
    },

    /** One attachment file of the document's procedure; the read is audited. */
    async attachment(actor: Actor, documentId: string, attachmentId: string) {
      const loaded = await load(actor.staff, documentId);
      const row = await documents.attachment(loaded.document.applicationId, attachmentId);
      const { group } = await configOf(loaded);
      if (!row || !attachCodesOf(group.config, loaded.document.procedureId).has(row.standardItemCode)) {
        throw notFound('attachment');
      }
      const bytes = await deps.storage.get(row.storageKey);
      await deps.audit.record(
        auditEntry(actor, 'document.attachment.read', documentId, {
          attachment_id: row.id,
          standard_item_code: row.standardItemCode,
        }),
      );
      return { bytes, fileName: row.fileName, contentType: row.contentType };
    },

    /**
     * Staff edit of standard items: only items of the document's procedure, each checked by its
     * definition as on the applicant form; values of hidden items are refused, and stored values of
     * items the edit hides are removed (hidden items are never stored). Before and after go to history.
     */
    async update(
      actor: Actor,
      id: string,
      values: StandardItemFragmentValue[],
      version: number,
    ): Promise<Detail> {
      const loaded = await load(actor.staff, id);
      refuseStale(loaded.document.version, version);
      refuseFinal(loaded.document.status);
      const { group, procedure } = await configOf(loaded);
      const editable = new Set(procedure?.procedure_fragments.map((f) => f.standard_item_code) ?? []);
      const application = await applications.find(loaded.document.municipalityId, loaded.application.id);
      if (!application) throw notFound('application');
      const { context } = await deps.answers.read(group, application);
      const decision = decideAnswers(rulesOf(group), context, { kind: 'staff', editable }, values);
      if (decision.errors.length > 0) throw validationFailed(decision.errors);
      const { changes } = decision;
      if (changes.length === 0) return detailOf(loaded);
      const at = clock();
      const edited = await documents.editAnswers({
        documentId: id,
        version,
        applicationId: application.id,
        values: decision.save,
        remove: decision.remove,
        // A corrected name or birth date may make, or end, a duplicate.
        duplicateKey: duplicateKey(decision.after, loaded.document.applicantName),
        staffId: actor.staff.id,
        at,
        change: { action: 'document.update', detail: { changes } },
        audit: auditEntry(actor, 'document.update', id, { codes: [...new Set(changes.map((c) => c.code))] }),
      });
      if (!edited) throw stale();
      return reload(actor.staff, id);
    },

    /** One document's status move (changeStatus), answered with the document as it now is. */
    async setStatus(
      actor: Actor,
      id: string,
      body: z.output<typeof C.StaffDocumentStatusRequest>,
      version: number,
    ): Promise<Detail> {
      await changeStatus(actor, id, body, version);
      return reload(actor.staff, id);
    },

    changeStatus,

    /** Reports of the document's procedure in the configuration version of its application. */
    async reports(actor: Actor, id: string): Promise<z.input<typeof C.DocumentReports>> {
      const loaded = await load(actor.staff, id);
      const { group, procedure } = await configOf(loaded);
      const code = procedure?.code ?? loaded.procedureCode;
      const reports = group.config.reports
        .filter((r) => r.procedure_code === code)
        .map((r) => ({ id: r.id, name: r.name, procedure_code: r.procedure_code }));
      await deps.audit.record(auditEntry(actor, 'document.reports.read', id));
      return { reports };
    },

    async memos(actor: Actor, id: string): Promise<z.input<typeof C.DocumentMemos>> {
      const loaded = await load(actor.staff, id);
      await deps.audit.record(auditEntry(actor, 'document.memos.read', id));
      return memosOf(loaded.document);
    },

    /**
     * Internal memos and the confirmed mark; allowed on finished documents too (they are notes). The
     * history keeps each memo's full text before and after; saving what is already there writes nothing.
     */
    async updateMemos(
      actor: Actor,
      id: string,
      body: z.output<typeof C.UpdateMemosRequest>,
      version: number,
    ): Promise<z.input<typeof C.DocumentMemos>> {
      const loaded = await load(actor.staff, id);
      const d = loaded.document;
      const [before, after] = [d.municipalityMemos ?? null, body.municipality_memos ?? null];
      if (before === after && d.isConfirmed === body.is_confirmed) return memosOf(d);
      refuseStale(d.version, version);
      const detail = {
        is_confirmed_from: d.isConfirmed,
        is_confirmed_to: body.is_confirmed,
        memos_changed: before !== after,
      };
      const row = await documents.updateMemos({
        documentId: id,
        version,
        memos: after,
        isConfirmed: body.is_confirmed,
        staffId: actor.staff.id,
        at: clock(),
        // The texts go to the history only: the audit log names the act, not the notes.
        change: {
          action: 'memo.update',
          detail: { ...detail, ...(before !== after ? { memo_before: before, memo_after: after } : {}) },
        },
        audit: auditEntry(actor, 'memo.update', id, detail),
      });
      if (!row) throw stale();
      return memosOf(row);
    },

    /**
     * Moves a workflow step (workflowStepStates), assigns it and notes a memo. Only administrators or
     * members of the step's department (the document's department when the step names none) act; steps
     * go in order: one starts or is skipped only when every earlier step is approved or skipped. Sending
     * the current status changes only the assignee and memo. A move records who made it and when; a
     * received document moves to in_progress when a step starts, with its own history entry (decision
     * 0039); nothing else moves the document by itself.
     */
    async moveStep(
      actor: Actor,
      stepId: string,
      body: z.output<typeof C.WorkflowStatusRequest>,
      version: number,
    ): Promise<z.input<typeof C.WorkflowDetail>> {
      const { staff } = actor;
      const found = await documents.step(staff.municipalityId, stepId);
      if (!found || !inScope(staff, found.document.departmentId)) throw notFound('workflow step');
      const { step, document } = found;
      const department = step.departmentId ?? document.departmentId;
      authorizeStep(staff, department);
      refuseStale(document.version, version);
      refuseFinal(document.status);
      const from = step.status as WorkflowStepStatus;
      const to = body.status;
      if (from !== to) {
        assertTransition(workflowStepStates, from, to);
        if (from === 'pending') {
          const earlier = (await documents.workflow(document.id)).filter(
            (s) => s.sequence < step.sequence && !STEP_DONE.has(s.status),
          );
          if (earlier.length > 0) {
            throw conflict(
              `earlier steps must be approved or skipped first: ${earlier.map((s) => `${s.sequence} ${s.name}`).join(', ')}`,
            );
          }
        }
      }
      let assigneeName: string | null = null;
      if (body.user_id) {
        const assignee = await deps.accounts.findStaffById(staff.municipalityId, body.user_id);
        if (
          !assignee ||
          assignee.permission === 'viewer' ||
          (department !== null && !assignee.departmentIds.includes(department))
        ) {
          throw new AppError(
            'validation_failed',
            'the assignee must be an administrator or clerk of the step’s department',
            'user_id',
          );
        }
        assigneeName = assignee.name;
      }
      const at = clock();
      const patch: {
        status: string;
        userId?: string | null;
        memo?: string | null;
        actedBy?: string;
        actedAt?: Date;
      } = { status: to };
      if (body.user_id !== undefined) patch.userId = body.user_id;
      if (body.memo !== undefined) patch.memo = body.memo;
      if (from !== to) Object.assign(patch, { actedBy: staff.id, actedAt: at });
      const follows = statusFollows(document.status, from, to);
      const detail = {
        workflow_detail_id: step.id,
        sequence: step.sequence,
        name: step.name,
        from,
        to,
        ...(body.user_id !== undefined ? { user_id: body.user_id, user_name: assigneeName } : {}),
        ...(body.memo !== undefined ? { memo_changed: (step.memo ?? null) !== (body.memo ?? null) } : {}),
      };
      const moved = await documents.moveStep({
        documentId: document.id,
        version,
        stepId: step.id,
        from,
        patch,
        staffId: staff.id,
        at,
        change: { action: 'workflow.status', detail },
        audit: auditEntry(actor, 'workflow.status', document.id, detail),
        follow: follows
          ? {
              change: { action: 'document.status', detail: { ...FOLLOWED_STATUS } },
              audit: auditEntry(actor, 'document.status', document.id, { ...FOLLOWED_STATUS }),
            }
          : null,
      });
      if (!moved) throw stale();
      const now = (await documents.workflow(document.id)).find((s) => s.id === moved.id);
      return stepView(now ?? { ...moved, userName: assigneeName, actedByName: staff.name });
    },

    /**
     * Assigns the document's current workflow step (its first step not approved or skipped) to a staff
     * member, or to nobody, as moveStep does when the status is sent unchanged.
     */
    async assignCurrentStep(
      actor: Actor,
      id: string,
      userId: string | null,
      version: number,
    ): Promise<LoadedDocument> {
      const loaded = await load(actor.staff, id);
      refuseStale(loaded.document.version, version);
      const step = (await documents.workflow(id)).find((s) => !STEP_DONE.has(s.status));
      if (!step) throw new AppError('conflict', 'the document has no open workflow step', 'workflow');
      await service.moveStep(
        actor,
        step.id,
        { status: step.status as WorkflowStepStatus, user_id: userId },
        version,
      );
      return loaded;
    },

    /** Dashboard counts within the staff member's scope; "today" is the current day in Japan (overdue too). */
    async overview(staff: StaffIdentity): Promise<z.input<typeof C.MunicipalityOverview>> {
      const { byStatus, receivedToday, overdue } = await documents.overview(
        scopeOf(staff),
        japanDayStart(japanDate(clock())),
      );
      return {
        counts: documentStates.states.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
        received_today: receivedToday,
        remanded_waiting: byStatus.get('remanded') ?? 0,
        overdue_by_department: overdue.map((o) => ({ department_id: o.departmentId, count: o.count })),
      };
    },

    /**
     * Staff the caller may assign workflow steps to: administrators and clerks (viewers cannot act), of
     * the caller's departments, or of every department for administrators.
     */
    async browsable(staff: StaffIdentity): Promise<z.input<typeof C.BrowsableStaff>> {
      const everyone = await documents.staffDirectory(staff.municipalityId);
      const mine = new Set(staff.departmentIds);
      return {
        staff: everyone
          .filter((p) => p.permission !== 'viewer')
          .filter((p) => staff.permission === 'administrator' || p.departmentIds.some((d) => mine.has(d)))
          .map((p) => ({ id: p.id, name: p.name, department_ids: p.departmentIds })),
      };
    },
  };
  return service;
}
export type DocumentService = ReturnType<typeof createDocumentService>;
