import type { DocumentStatus, NoticeDetail, NotificationEvent } from '@portal/contracts';
import type { NoticeInput, Resident } from './notifications.repository.js';

/** The notices events make (decision 0025): what each is about and the key that makes it once. */

/** The staff moves a resident is told about. */
export const TOLD_MOVES: ReadonlySet<DocumentStatus> = new Set<DocumentStatus>([
  'remanded',
  'completed',
  'rejected',
]);

/**
 * The notice of a staff move of one document, or null for a move the resident is not told about. The
 * key names the document, the move and its instant: a move is made once (the conditional update).
 */
export function statusNotice(
  input: Resident & {
    applicationId: string;
    documentId: string;
    to: DocumentStatus;
    at: Date;
    detail: NoticeDetail;
  },
): NoticeInput | null {
  if (!TOLD_MOVES.has(input.to)) return null;
  const event = input.to as NotificationEvent;
  return {
    municipalityId: input.municipalityId,
    applicantId: input.applicantId,
    applicationId: input.applicationId,
    documentId: input.documentId,
    event,
    eventKey: `${event}:${input.documentId}:${input.at.getTime()}`,
    detail: input.detail,
    at: input.at,
  };
}

/** The notice of a submission (first or after a remand): the application was received. */
export function receivedNotice(
  input: Resident & {
    applicationId: string;
    at: Date;
    detail: NoticeDetail;
  },
): NoticeInput {
  return {
    municipalityId: input.municipalityId,
    applicantId: input.applicantId,
    applicationId: input.applicationId,
    documentId: null,
    event: 'received',
    eventKey: `received:${input.applicationId}:${input.at.getTime()}`,
    detail: input.detail,
    at: input.at,
  };
}
