// One application of the signed-in resident, for the screens of the flow (form to completion), and
// where each of those screens lives.
import { useParams } from '@tanstack/react-router';
import { useApiQuery, type ApiResult } from '../../lib/api';

export type Application = ApiResult<'applicant.applications'>['applications'][number];

/** The route parameters every screen under applications/{id}/ has. */
export function useApplicationParams(): { code: string; applicationId: string } {
  const params = useParams({ strict: false }) as { municipalityCode?: string; applicationId?: string };
  return { code: params.municipalityCode ?? '', applicationId: params.applicationId ?? '' };
}

/** The path of a screen of one application. */
export const screenPath = (code: string, applicationId: string, screen: string) =>
  `/municipalities/${code}/applications/${applicationId}/${screen}`;

/**
 * The application of the address (from the resident's list, which the router's get-applications step and
 * the list screen share). `data` is null when the resident has no such application.
 */
export function useApplication(applicationId: string) {
  const list = useApiQuery('applicant.applications');
  const application = list.data?.applications.find((a) => a.id === applicationId) ?? null;
  return { ...list, application, missing: list.isSuccess && application === null };
}

/** A draft or remanded application can still be changed; a submitted one is read-only. */
export const isEditable = (application: Pick<Application, 'status'>) =>
  application.status === 'draft' || application.status === 'remanded';
