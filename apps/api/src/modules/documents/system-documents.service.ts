import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { notFound } from '../../http/errors.js';
import { isPendingScan, pendingScanRefusal } from '../attachments/attachments.service.js';
import { attachCodesOf, configOf, itemCodesOf } from './document-loading.js';
import type { DocumentServiceDeps } from './document-service-deps.js';
import { moveStatusOf, type StatusMover } from './document-status-change.js';
import type { LoadedDocument } from './documents.repository.js';

export type { StatusMover } from './document-status-change.js';

/**
 * What a core system's pull API (decision 0057) needs of the documents area: a document of a
 * municipality, its parts as staff see them, its files, and the staff's status move with its rules.
 * The caller checks its key's scope with `authorize` before anything is read.
 */
export function createSystemDocumentService(deps: DocumentServiceDeps) {
  async function load(municipalityId: number, id: string, authorize: (procedureCode: string) => void) {
    const found = await deps.documents.find(municipalityId, id);
    if (!found) throw notFound('document');
    authorize(found.procedureCode);
    return found;
  }

  return {
    load,

    /** The procedure's items, repeatable items, answers, attachments (scanned) of a loaded document. */
    async parts(loaded: LoadedDocument) {
      const { group, procedure } = await configOf(deps, loaded);
      const [answers, files] = await Promise.all([
        deps.applications.answers(loaded.document.applicationId),
        deps.attachments.list(loaded.document.applicationId),
      ]);
      const slots = attachCodesOf(group.config, loaded.document.procedureId);
      return {
        itemCodes: new Set(itemCodesOf(procedure)),
        repeatable: new Set(
          (group.config.concierge_set.concierge_rule.form_rule.repeatable_groups ?? []).flatMap(
            (g) => g.standard_item_codes,
          ),
        ),
        answers,
        attachments: files.filter((f) => slots.has(f.standardItemCode) && !isPendingScan(f)),
      };
    },

    /** An attachment file of the document's procedure (404 otherwise; 409 while being scanned). */
    async attachment(loaded: LoadedDocument, attachmentId: string) {
      const row = await deps.documents.attachment(loaded.document.applicationId, attachmentId);
      const { group } = await configOf(deps, loaded);
      if (!row || !attachCodesOf(group.config, loaded.document.procedureId).has(row.standardItemCode)) {
        throw notFound('attachment');
      }
      if (isPendingScan(row)) throw pendingScanRefusal('attachment');
      return { row, bytes: await deps.storage.get(row.storageKey) };
    },

    file: (storageKey: string) => deps.storage.get(storageKey),
    record: deps.audit.record,

    /** The staff's status move (same machine, same version check) by another mover. */
    moveStatus: (
      mover: StatusMover,
      loaded: LoadedDocument,
      body: z.output<typeof C.StaffDocumentStatusRequest>,
      version: number,
    ) => moveStatusOf(deps, mover, loaded, body, version),
  };
}
export type SystemDocumentService = ReturnType<typeof createSystemDocumentService>;
