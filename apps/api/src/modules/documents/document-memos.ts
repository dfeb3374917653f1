import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { auditEntry, refuseStale, stale } from './document-acts.js';
import { load } from './document-loading.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';
import type { LoadedDocument } from './documents.repository.js';

const memosOf = async (
  deps: DocumentServiceDeps,
  d: LoadedDocument['document'],
): Promise<z.input<typeof C.DocumentMemos>> => ({
  municipality_memos: d.municipalityMemos,
  is_confirmed: d.isConfirmed,
  updated_at: d.memosUpdatedAt?.toISOString() ?? null,
  updated_by: d.memosUpdatedAt ? await deps.documents.memosAuthor(d.id) : null,
  version: d.version,
});

export async function readDocumentMemos(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
): Promise<z.input<typeof C.DocumentMemos>> {
  const loaded = await load(deps, actor.staff, id);
  await deps.audit.record(auditEntry(actor, 'document.memos.read', id));
  return memosOf(deps, loaded.document);
}

/**
 * Internal memos and the confirmed mark; allowed on finished documents too (they are notes). The
 * history keeps each memo's full text before and after; saving what is already there writes nothing.
 */
export async function updateDocumentMemos(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof C.UpdateMemosRequest>,
  version: number,
): Promise<z.input<typeof C.DocumentMemos>> {
  const loaded = await load(deps, actor.staff, id);
  const d = loaded.document;
  const [before, after] = [d.municipalityMemos ?? null, body.municipality_memos ?? null];
  if (before === after && d.isConfirmed === body.is_confirmed) return memosOf(deps, d);
  refuseStale(d.version, version);
  const detail = {
    is_confirmed_from: d.isConfirmed,
    is_confirmed_to: body.is_confirmed,
    memos_changed: before !== after,
  };
  const row = await deps.documents.updateMemos({
    documentId: id,
    version,
    memos: after,
    isConfirmed: body.is_confirmed,
    staffId: actor.staff.id,
    at: deps.clock(),
    // The texts go to the history only: the audit log names the act, not the notes.
    change: {
      action: 'memo.update',
      detail: { ...detail, ...(before !== after ? { memo_before: before, memo_after: after } : {}) },
    },
    audit: auditEntry(actor, 'memo.update', id, detail),
  });
  if (!row) throw stale();
  return memosOf(deps, row);
}
