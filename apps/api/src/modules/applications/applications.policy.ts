import { conflict, notFound } from '../../http/errors.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import type { ApplicationRow } from './applications.repository.js';

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
  return application;
}

export function editableApplication(application: ApplicationRow): ApplicationRow {
  if (application.status !== 'draft' && application.status !== 'remanded') {
    throw conflict(`the application is ${application.status} and can no longer be changed`);
  }
  return application;
}
