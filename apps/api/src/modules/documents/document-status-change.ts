import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { documentStates, type DocumentStatus } from '@portal/contracts';
import { AppError } from '../../http/errors.js';
import { assertTransition } from '../../http/transitions.js';
import { TOLD_MOVES, statusNotice } from '../notifications/notices.js';
import type { AuditEntry } from '../audit/audit.repository.js';
import { auditEntry, refuseStale, stale } from './document-acts.js';
import { reload, type Detail } from './document-detail.js';
import { attachCodesOf, configOf, itemCodesOf, load } from './document-loading.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';
import { moveDocumentStatus, STAFF_MOVES } from './document-status.service.js';
import type { LoadedDocument } from './documents.repository.js';
import { remandSnapshot } from './remand-fields.js';
import { STEP_DONE } from './workflow-steps.js';

/** A remand's fields checked against the document's procedure, with their values now (decision 0023). */
async function snapshotOf(deps: DocumentServiceDeps, loaded: LoadedDocument, fields: C.RemandField[]) {
  const { group, procedure } = await configOf(deps, loaded);
  const [answers, files] = await Promise.all([
    deps.applications.answers(loaded.document.applicationId),
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
  deps: DocumentServiceDeps,
  loaded: LoadedDocument,
  to: DocumentStatus,
  message: string | null,
): Promise<C.NoticeDetail> {
  const { group, procedure } = await configOf(deps, loaded);
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
 * Who moves a document: a staff member, or a core system's key (decision 0057). Both go through the
 * same rules (moveStatusOf); they differ in the history's staff account and in the audit record.
 */
export interface StatusMover {
  /** The staff account of the history entry; null: a core system. */
  staffId: string | null;
  audit(action: AuditEntry['action'], documentId: string, detail: Record<string, unknown>): AuditEntry;
}

/**
 * Moves a document (documentStates; staff move to in_progress, remanded, completed, rejected). A
 * remand carries the message to the resident and remands the application; completion needs every
 * workflow step approved or skipped; the last open document finished completes the application.
 * Returns the document as loaded before the move, for callers that answer without reloading it.
 */
export async function changeDocumentStatus(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof C.StaffDocumentStatusRequest>,
  version: number,
): Promise<LoadedDocument> {
  const loaded = await load(deps, actor.staff, id);
  const mover: StatusMover = {
    staffId: actor.staff.id,
    audit: (action, documentId, detail) => auditEntry(actor, action, documentId, detail),
  };
  await moveStatusOf(deps, mover, loaded, body, version);
  return loaded;
}

/** The status move of a loaded document by whoever moves it (changeDocumentStatus's rules, once). */
export async function moveStatusOf(
  deps: DocumentServiceDeps,
  mover: StatusMover,
  loaded: LoadedDocument,
  body: z.output<typeof C.StaffDocumentStatusRequest>,
  version: number,
): Promise<void> {
  const { documents } = deps;
  const id = loaded.document.id;
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
  const remandFields = body.remand_fields ? await snapshotOf(deps, loaded, body.remand_fields) : null;
  const at = deps.clock();
  const notice = TOLD_MOVES.has(to)
    ? statusNotice({
        municipalityId: loaded.document.municipalityId,
        applicantId: loaded.application.applicantId,
        applicationId: loaded.application.id,
        documentId: id,
        to,
        at,
        detail: await noticeDetailOf(deps, loaded, to, remandMessage),
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
    staffId: mover.staffId,
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
    audit: mover.audit('document.status', id, { from, to }),
  });
  if (!moved) throw stale();
  if (notice) await deps.sender.kick(notice.municipalityId);
  if (moved.webhooks > 0) await deps.webhooks.kick();
  if (to === 'remanded') deps.counters.remanded.inc();
  if (moved.application === 'completed') deps.counters.completed.inc();
}

/** One document's status move (changeStatus), answered with the document as it now is. */
export async function setDocumentStatus(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof C.StaffDocumentStatusRequest>,
  version: number,
): Promise<Detail> {
  await changeDocumentStatus(deps, actor, id, body, version);
  return reload(deps, actor.staff, id);
}
