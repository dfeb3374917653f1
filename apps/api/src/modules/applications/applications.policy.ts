import { AppError, conflict, notFound } from '../../http/errors.js';
import { counterOf } from '../counter/counter-scope.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import type { ApplicationRow } from './applications.repository.js';
import { keyOf } from '@portal/rules';

/**
 * A resident reaches only their own applications. Another resident's application answers 404 (not
 * 403), so ids cannot be probed; a finished application is read-only.
 */
export function ownApplication(
  application: ApplicationRow | null,
  session: SessionRecord | null,
): ApplicationRow {
  if (
    !application ||
    !session ||
    session.kind !== 'applicant' ||
    application.applicantId !== session.subjectId
  ) {
    throw notFound('application');
  }
  // A counter session reaches the one application it was opened for (decision 0026).
  const counter = counterOf(session);
  if (counter?.application_id && counter.application_id !== application.id) throw notFound('application');
  return application;
}

export function editableApplication(application: ApplicationRow): ApplicationRow {
  if (application.status !== 'draft' && application.status !== 'remanded') {
    throw conflict(`the application is ${application.status} and can no longer be changed`);
  }
  return application;
}

/**
 * While a remand names fields (decision 0023), the answers and attachment slots the resident may change,
 * as `code#sequence` (an attachment slot as `code#1`); null while every field may change.
 */
export function correctableFields(application: ApplicationRow): ReadonlySet<string> | null {
  if (application.status !== 'remanded' || !application.remandFields) return null;
  return new Set(application.remandFields.map(keyOf));
}

/** An attachment slot the resident may change now: any while nothing is named, a handwritten signature always. */
export function correctableSlot(application: ApplicationRow, slot: { code: string; type: string }): void {
  const open = correctableFields(application);
  if (!open || slot.type === 'SG' || open.has(`${slot.code}#1`)) return;
  throw new AppError('conflict', 'this attachment was not sent back for correction', slot.code);
}
