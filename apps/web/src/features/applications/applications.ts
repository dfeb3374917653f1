// A resident's applications: where each one continues.
import type { ApiResult } from '../../lib/api';

export type Application = ApiResult<'applicant.applications'>['applications'][number];

/** The screen (under applications/{id}/) where an application continues, by its state and step. */
export function resumeScreen(application: Pick<Application, 'status' | 'current_step'>): string {
  // The review lists every answer with its 「変更」 link; the form itself asks only what is missing.
  if (application.status === 'remanded') return 'formValues';
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
