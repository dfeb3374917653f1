import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { notFound } from '../../http/errors.js';
import type { AuditEntry } from '../audit/audit.repository.js';
import type { LoadedDocument } from '../documents/documents.repository.js';
import type { StatusMover, SystemDocumentService } from '../documents/system-documents.service.js';
import { decodeCursor, encodeCursor } from './pull-cursor.js';
import type { ChangedDocument, PullRepository } from './pull.repository.js';
import { authorizeProcedure, authorizeUpdate, type SystemKeyContext } from './system-keys.policy.js';

type Answers = z.input<typeof C.SystemDocument>['answers'];
type AnswerValue = C.StandardItemFragmentValue['value'];

/** The audit record of a core system's act: the key is the actor, named in the detail (decision 0057). */
export const systemAudit = (
  key: SystemKeyContext,
  action: AuditEntry['action'],
  targetId: string | null,
  detail: Record<string, unknown> = {},
): AuditEntry => ({
  municipalityId: key.municipalityId,
  actorKind: 'system',
  actorId: key.id,
  action,
  targetType: targetId ? 'document' : null,
  targetId,
  detail: { ...detail, name: key.name },
  ip: key.ip,
});

/**
 * Answers by standard item code, the document's procedure's items only; an item of a repeatable group
 * is a list with one entry per repetition (null where a repetition has no answer).
 */
export function answersByCode(
  answers: readonly C.StandardItemFragmentValue[],
  itemCodes: ReadonlySet<string>,
  repeatable: ReadonlySet<string>,
): Answers {
  const out: Record<string, AnswerValue | AnswerValue[]> = {};
  for (const a of [...answers].sort((x, y) => x.sequence - y.sequence)) {
    if (!itemCodes.has(a.standard_item_code)) continue;
    if (repeatable.has(a.standard_item_code)) {
      const list = (out[a.standard_item_code] ??= []) as AnswerValue[];
      while (list.length < a.sequence - 1) list.push(null);
      list[a.sequence - 1] = a.value;
    } else if (a.sequence === 1) {
      out[a.standard_item_code] = a.value;
    }
  }
  return out;
}

const summaryOf = (d: Omit<ChangedDocument, 'changeXid'>): z.input<typeof C.SystemDocumentSummary> => ({
  id: d.id,
  reference_number: d.referenceNumber,
  procedure_code: d.procedureCode,
  status: d.status as C.DocumentStatus,
  version: d.version,
  received_at: d.receivedAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

/** The pull API of core systems: changed documents, one document, its files, its status (decision 0057). */
export function createPullService(deps: {
  documents: SystemDocumentService;
  pull: PullRepository;
  base: string;
}) {
  const { documents, pull } = deps;

  /** A document of the key's municipality (else 404) and procedures (else 403). */
  const loadFor = (key: SystemKeyContext, id: string): Promise<LoadedDocument> =>
    documents.load(key.municipalityId, id, (procedureCode) => authorizeProcedure(key, procedureCode));

  const documentPath = (code: string, id: string) =>
    `${deps.base}/municipalities/${code}/system/documents/${id}`;

  return {
    async list(key: SystemKeyContext, query: z.output<typeof C.SystemDocumentsQuery>) {
      const after = decodeCursor(query.cursor);
      // One more than asked says whether another page is already there.
      const rows = await pull.changedAfter(key.municipalityId, key.procedureCodes, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const next = last ? { xid: last.changeXid, id: last.id } : after;
      await documents.record(
        systemAudit(key, 'system.documents.list', null, { document_count: page.length }),
      );
      return {
        documents: page.map(summaryOf),
        next_cursor: encodeCursor(next),
        has_more: rows.length > query.limit,
      };
    },

    async document(
      key: SystemKeyContext,
      code: string,
      id: string,
    ): Promise<z.input<typeof C.SystemDocument>> {
      const loaded = await loadFor(key, id);
      const [parts, renderings] = await Promise.all([
        documents.parts(loaded),
        pull.renderings(loaded.document.applicationId, loaded.document.procedureId),
      ]);
      const path = documentPath(code, id);
      await documents.record(systemAudit(key, 'document.read', id));
      return {
        ...summaryOf({ ...loaded.document, procedureCode: loaded.procedureCode }),
        procedure_name: loaded.procedureName,
        applicant_name: loaded.document.applicantName,
        channel: loaded.document.channel,
        answers: answersByCode(parts.answers, parts.itemCodes, parts.repeatable),
        attachments: parts.attachments.map((f) => ({
          id: f.id,
          standard_item_code: f.standardItemCode,
          sequence: f.sequence,
          file_name: f.fileName,
          content_type: f.contentType,
          size: f.size,
          sha256: f.sha256,
          download_url: `${path}/attachments/${f.id}/`,
        })),
        renderings: renderings.map((r) => ({
          id: r.id,
          audience: r.audience,
          pages: r.pages,
          sha256: r.sha256,
          created_at: r.createdAt.toISOString(),
          download_url: `${path}/renderings/${r.id}/`,
        })),
        signature: loaded.document.signature ?? null,
      };
    },

    async attachment(key: SystemKeyContext, documentId: string, attachmentId: string) {
      const loaded = await loadFor(key, documentId);
      const { row, bytes } = await documents.attachment(loaded, attachmentId);
      await documents.record(
        systemAudit(key, 'document.attachment.read', documentId, {
          attachment_id: row.id,
          standard_item_code: row.standardItemCode,
        }),
      );
      return { bytes, fileName: row.fileName, contentType: row.contentType };
    },

    async rendering(key: SystemKeyContext, documentId: string, renderingId: string) {
      const loaded = await loadFor(key, documentId);
      const rows = await pull.renderings(loaded.document.applicationId, loaded.document.procedureId);
      const row = rows.find((r) => r.id === renderingId);
      if (!row) throw notFound('rendering');
      const bytes = await documents.file(row.storageKey);
      await documents.record(
        systemAudit(key, 'render.municipality.download', documentId, { rendering_id: row.id }),
      );
      return { bytes, fileName: `${loaded.document.referenceNumber}.pdf` };
    },

    /** The staff's status move (same machine, same version check), recorded as the key's act. */
    async setStatus(
      key: SystemKeyContext,
      id: string,
      body: z.output<typeof C.StaffDocumentStatusRequest>,
      version: number,
    ) {
      const loaded = await loadFor(key, id);
      authorizeUpdate(key);
      const mover: StatusMover = {
        staffId: null,
        audit: (action, documentId, detail) => systemAudit(key, action, documentId, detail),
      };
      await documents.moveStatus(mover, loaded, body, version);
      const now = await loadFor(key, id);
      return summaryOf({ ...now.document, procedureCode: now.procedureCode });
    },
  };
}
export type PullService = ReturnType<typeof createPullService>;
