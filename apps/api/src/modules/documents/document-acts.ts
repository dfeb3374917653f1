import { documentStates, type DocumentStatus } from '@portal/contracts';
import { AppError } from '../../http/errors.js';
import type { AuditEntry } from '../audit/audit.repository.js';
import type { Actor } from './document-service-deps.js';
import { staleDocument } from './workflow-steps.js';

/** A write from a version the document has left (decision 0034): the one stale refusal of every act. */
export const stale = staleDocument;

/** Refuses a write made from another version than the document's (decision 0034). */
export function refuseStale(current: number, read: number) {
  if (current !== read) throw stale();
}

export function refuseFinal(status: string) {
  if (documentStates.isFinal(status as DocumentStatus)) {
    throw new AppError('conflict', `the document is ${status} and can no longer be changed`, 'status');
  }
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
