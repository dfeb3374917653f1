// A resident's applications: where each one continues.
import type { ApiResult } from '../../lib/api';

export type Application = ApiResult<'applicant.applications'>['applications'][number];

/** The screen (under applications/{id}/) where an application continues, by its state and step. */
export function resumeScreen(application: Pick<Application, 'status' | 'current_step'>): string {
  // The review lists every answer with its 「変更」 link; the form itself asks only what is missing.
  if (application.status === 'remanded') return 'formValues';
  // 「申請内容を見る」: a sent application's answers, read only, with its attachments (issue 33 item 4).
  if (application.status === 'submitted' || application.status === 'completed') return 'formValues';
  if (application.status !== 'draft') return 'complete';
  switch (application.current_step) {
    case 'filter':
      return 'conciergeAssistant';
    case 'procedures':
      return 'procedures';
    case 'identification':
      return 'identification';
    case 'form':
      return 'form';
    case 'attachments':
      return 'attached';
    case 'signature':
      return 'signatureDigitalCertificateConfirm';
    case 'complete':
      return 'complete';
  }
}

export function resumePath(
  application: Pick<Application, 'id' | 'municipality_code' | 'status' | 'current_step'>,
) {
  return `/municipalities/${application.municipality_code}/applications/${application.id}/${resumeScreen(application)}`;
}

/** Newest activity first. */
export function sortApplications(list: readonly Application[]): Application[] {
  return [...list].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}

/**
 * What the list says of an application (decision 0037): its status, except that a finished application
 * with a rejected procedure reads 却下 (all of them) or 一部却下 (some), never 完了.
 */
export type ApplicationOutcome = Application['status'] | 'rejected' | 'partly_rejected';

export function outcomeOf(application: {
  status: Application['status'];
  /** The list's procedures, or the completion's documents: only their status is read. */
  procedures: readonly { status: Application['procedures'][number]['status'] }[];
}): ApplicationOutcome {
  if (application.status !== 'completed') return application.status;
  const submitted = application.procedures.filter((p) => p.status !== null);
  const rejected = submitted.filter((p) => p.status === 'rejected').length;
  if (rejected === 0) return 'completed';
  return rejected === submitted.length ? 'rejected' : 'partly_rejected';
}

/** The procedures staff rejected, each with the reason the resident is told. */
export const rejectedProcedures = (application: Pick<Application, 'procedures'>) =>
  application.procedures.filter((p) => p.status === 'rejected');
