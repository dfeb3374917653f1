import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { documentStates, type DocumentStatus } from '@portal/contracts';
import { auditEntry, refuseStale, stale } from './document-acts.js';
import { load } from './document-loading.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';
import type { DocumentRow, LoadedDocument } from './documents.repository.js';

type Retention = z.input<typeof C.DocumentRetention>;

/** The finish plus whole years (a 29 February finish keeps to 28 February, as SQL's interval does). */
function addYears(at: Date, years: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** How long a document is kept (decision 0052): years from its procedure or the default, from its finish. */
export async function retentionOf(
  deps: Pick<DocumentServiceDeps, 'documents' | 'retentionYearsDefault'>,
  d: DocumentRow,
  procedureYears: number | null,
): Promise<Retention> {
  const years = procedureYears ?? deps.retentionYearsDefault;
  // Only a final document has a finish; one still in process is never disposed of.
  const finishedAt = documentStates.isFinal(d.status as DocumentStatus) ? d.finishedAt : null;
  return {
    finished_at: finishedAt?.toISOString() ?? null,
    retain_until: finishedAt ? addYears(finishedAt, years).toISOString() : null,
    years,
    source: procedureYears === null ? 'default' : 'procedure',
    legal_hold:
      d.legalHoldAt && d.legalHoldReason !== null
        ? {
            reason: d.legalHoldReason,
            at: d.legalHoldAt.toISOString(),
            by: d.legalHoldBy ? await deps.documents.staffName(d.legalHoldBy) : null,
          }
        : null,
    version: d.version,
  };
}

export const retentionOfLoaded = (
  deps: Pick<DocumentServiceDeps, 'documents' | 'retentionYearsDefault'>,
  loaded: LoadedDocument,
) => retentionOf(deps, loaded.document, loaded.procedureRetentionYears);

/**
 * Sets or releases a document's legal hold, with its reason, at the version read (decision 0034);
 * audited and in the history. Setting a hold already set (or releasing none) writes nothing.
 */
export async function setLegalHold(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof C.LegalHoldRequest>,
  version: number,
): Promise<Retention> {
  const loaded = await load(deps, actor.staff, id);
  const d = loaded.document;
  if ((d.legalHoldAt !== null) === body.held) return retentionOfLoaded(deps, loaded);
  refuseStale(d.version, version);
  const action = body.held ? 'document.legal_hold.set' : 'document.legal_hold.release';
  const detail = { legal_hold_reason: body.reason };
  const row = await deps.documents.setLegalHold({
    documentId: id,
    version,
    hold: body.held ? { reason: body.reason, by: actor.staff.id } : null,
    staffId: actor.staff.id,
    at: deps.clock(),
    change: { action, detail },
    audit: auditEntry(actor, action, id, detail),
  });
  if (!row) throw stale();
  return retentionOf(deps, row, loaded.procedureRetentionYears);
}
