import type { z } from 'zod';
import type * as C from '@portal/contracts';
import type { DocumentStatus } from '@portal/contracts';
import { keyOf } from '@portal/rules';
import { notFound } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import { mismatchesOf } from '../applications/answer-mismatches.js';
import { attachmentView } from '../attachments/attachments.view.js';
import { documentNoticeView } from '../notifications/notifications.view.js';
import { auditEntry } from './document-acts.js';
import { retentionOfLoaded } from './document-retention.js';
import { attachCodesOf, configOf, itemCodesOf, load, summaryOf } from './document-loading.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';
import type { LoadedDocument } from './documents.repository.js';
import { documentChange, signatureView, stepView } from './documents.view.js';
import { remandedFieldsView } from './remand-fields.js';

export type Detail = z.input<typeof C.DocumentDetail>;

/** Who the history shows for a change the resident made (a resubmission). */
const APPLICANT_NAME = '申請者';

export async function detailOf(deps: DocumentServiceDeps, loaded: LoadedDocument): Promise<Detail> {
  const { documents } = deps;
  const d = loaded.document;
  const [{ group, procedure }, read, files, steps, history, signature, duplicates, notices, retention] =
    await Promise.all([
      configOf(deps, loaded),
      deps.answers.load(d.municipalityId, d.applicationId),
      deps.attachments.list(d.applicationId),
      documents.workflow(d.id),
      documents.history(d.id),
      signatureView(d.signature, documents.signatureVerification),
      documents.duplicatesOf(d),
      deps.notices.forDocument(d.municipalityId, d),
      retentionOfLoaded(deps, loaded),
    ]);
  if (!read) throw notFound('application');
  const answers = read.answers;
  // What the resident's review flagged (issue 32): the same rule on the same verified values.
  const flags = mismatchesOf(group, deps.answers.answersOf(group, read).context);
  const codes = new Set(itemCodesOf(procedure));
  const attachCodes = attachCodesOf(group.config, d.procedureId);
  return {
    ...summaryOf(loaded, duplicates, steps),
    retention,
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

export async function reload(deps: DocumentServiceDeps, staff: StaffIdentity, id: string) {
  return detailOf(deps, await load(deps, staff, id));
}

/** The whole document; the read is audited. */
export async function readDocumentDetail(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
): Promise<Detail> {
  const loaded = await load(deps, actor.staff, id);
  const detail = await detailOf(deps, loaded);
  await deps.audit.record(auditEntry(actor, 'document.read', id));
  return detail;
}
