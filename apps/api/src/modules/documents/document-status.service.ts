import {
  applicationStates,
  documentStates,
  type ApplicationStatus,
  type DocumentStatus,
  type RemandField,
} from '@portal/contracts';
import { deadlineRuns, keyOf } from '@portal/rules';
import type { StoredRemandField } from '../../db/schema/index.js';
import { assertTransition } from '../../http/transitions.js';
import type { NoticeInput } from '../notifications/notifications.repository.js';
import type { DocumentRepository, StaffChange, StatusQueries } from './documents.repository.js';

/** Document moves staff make; `resubmitted` and `withdrawn` are the resident's own moves. */
export const STAFF_MOVES: ReadonlySet<DocumentStatus> = new Set([
  'in_progress',
  'remanded',
  'completed',
  'rejected',
]);

/** Document states that no longer move: once every document is in one, the application may finish. */
export const FINAL_DOCUMENT_STATES: readonly DocumentStatus[] = documentStates.states.filter((s) =>
  documentStates.isFinal(s),
);

/**
 * The application status a document's move calls for, or null (decision 0001). A remand remands the
 * application, or keeps a remanded one remanded; a finished document (completed, rejected) may complete
 * it. The application machine says which of its states allow each.
 */
export function applicationMoveAfter(
  documentTo: DocumentStatus,
  application: ApplicationStatus,
): 'remanded' | 'completed' | null {
  if (documentTo === 'remanded') {
    return application === 'remanded' || applicationStates.can(application, 'remanded') ? 'remanded' : null;
  }
  if (documentTo === 'completed' || documentTo === 'rejected') {
    return applicationStates.can(application, 'completed') ? 'completed' : null;
  }
  return null;
}

/** The remand message the resident sees: one document's message, or each remanded procedure's. */
export function remandMessageOf(
  remanded: readonly { procedureName: string; remandMessage: string | null }[],
): string | null {
  if (remanded.length === 0) return null;
  if (remanded.length === 1) return remanded[0]!.remandMessage;
  return remanded.map((r) => `【${r.procedureName}】${r.remandMessage ?? ''}`).join('\n\n');
}

/**
 * What the resident may correct once these documents are remanded (decision 0023): null (every field)
 * when any of them went back whole, else every named field once, notes of a field named twice joined.
 */
export function correctionsOf(
  remanded: readonly { remandFields: readonly RemandField[] | null }[],
): RemandField[] | null {
  if (remanded.length === 0 || remanded.some((r) => !r.remandFields?.length)) return null;
  const fields = new Map<string, RemandField>();
  for (const f of remanded.flatMap((r) => r.remandFields!)) {
    const key = keyOf(f);
    const seen = fields.get(key);
    const field = { standard_item_code: f.standard_item_code, sequence: f.sequence, note: f.note };
    fields.set(key, seen ? { ...seen, note: `${seen.note}\n${f.note}` } : field);
  }
  return [...fields.values()];
}

/**
 * Moves the application after one of its documents moved, inside that move's transaction: the
 * application row is locked first, so two staff finishing the last documents cannot both miss it.
 * Returns the status the application was set to (remanded also when it already was), or null.
 */
export async function followApplication(
  q: StatusQueries,
  applicationId: string,
  documentTo: DocumentStatus,
  at: Date,
): Promise<'remanded' | 'completed' | null> {
  const from = await q.lockApplication(applicationId);
  const to = from ? applicationMoveAfter(documentTo, from) : null;
  if (!from || !to) return null;
  if (to === 'remanded') {
    // Already remanded stays so (no move): only the message gains the newly remanded document's.
    if (from !== to) assertTransition(applicationStates, from, to);
    const remanded = await q.documentsIn(applicationId, 'remanded');
    const [remandMessage, remandFields] = [remandMessageOf(remanded), correctionsOf(remanded)];
    await q.setApplicationStatus({ applicationId, to, at, remandMessage, remandFields });
    return to;
  }
  if ((await q.countDocumentsNotIn(applicationId, FINAL_DOCUMENT_STATES)) > 0) return null;
  assertTransition(applicationStates, from, to);
  await q.setApplicationStatus({ applicationId, to, at });
  return to;
}

/**
 * Moves a document from the status and version it was read in, its application as that move calls for,
 * and writes the history entry and audit record, in one transaction. Returns what the application was
 * set to (`followApplication`), or false when someone changed the document first.
 */
export function moveDocumentStatus(
  documents: DocumentRepository,
  input: StaffChange & {
    applicationId: string;
    /** The document's version the caller read (decision 0034). */
    version: number;
    from: DocumentStatus;
    to: DocumentStatus;
    /** The message to the resident: kept with the document by a remand, as its reason by a rejection. */
    remandMessage: string | null;
    /** A remand's fields with their values then (decision 0023); null: the whole application. */
    remandFields?: StoredRemandField[] | null;
    /** What the resident is told of the move (decision 0025), written with it. */
    notice?: NoticeInput | null;
  },
): Promise<false | { application: 'remanded' | 'completed' | null; webhooks: number }> {
  const { documentId, version, from, to, at } = input;
  return documents.statusChange(async (q) => {
    const remand =
      to === 'remanded'
        ? { remandMessage: input.remandMessage, remandFields: input.remandFields ?? null }
        : to === 'rejected' && input.remandMessage
          ? { rejectionReason: input.remandMessage }
          : {};
    // Remanded or settled, the deadline stops in the same row write (a resubmission starts a new one).
    const deadline = deadlineRuns(to) ? {} : { dueAt: null };
    // A final state starts the retention period (decision 0052); every state has no finish otherwise.
    const finishedAt = documentStates.isFinal(to) ? at : null;
    const moved = await q.moveDocument({
      documentId,
      version,
      from,
      to,
      at,
      finishedAt,
      ...remand,
      ...deadline,
    });
    if (!moved) return false as const;
    const application = await followApplication(q, input.applicationId, to, at);
    await q.recordChange(input);
    if (input.notice) await q.notify(input.notice);
    const webhooks = await q.announce(documentId, at);
    return { application, webhooks };
  });
}
