import { notFound } from '../../http/errors.js';
import { isPendingScan, pendingScanRefusal } from '../attachments/attachments.service.js';
import { auditEntry } from './document-acts.js';
import { attachCodesOf, configOf, load } from './document-loading.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';

/** One attachment file of the document's procedure; the read is audited. */
export async function readDocumentAttachment(
  deps: DocumentServiceDeps,
  actor: Actor,
  documentId: string,
  attachmentId: string,
) {
  const loaded = await load(deps, actor.staff, documentId);
  const row = await deps.documents.attachment(loaded.document.applicationId, attachmentId);
  const { group } = await configOf(deps, loaded);
  if (!row || !attachCodesOf(group.config, loaded.document.procedureId).has(row.standardItemCode)) {
    throw notFound('attachment');
  }
  if (isPendingScan(row)) throw pendingScanRefusal('attachment');
  const bytes = await deps.storage.get(row.storageKey);
  await deps.audit.record(
    auditEntry(actor, 'document.attachment.read', documentId, {
      attachment_id: row.id,
      standard_item_code: row.standardItemCode,
    }),
  );
  return { bytes, fileName: row.fileName, contentType: row.contentType };
}
