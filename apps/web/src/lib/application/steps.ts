// The application flow as residents see it (spec §4: filter, procedures, identification, form,
// attachments, signature, complete) and the application a screen under applications/{id}/ is about.
import type { FlowStep } from '@portal/contracts';
import { RESIDENT_STEPS, type ResidentStep } from '@portal/contracts/resident-steps';
import { useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useApiQuery, type ApiResult } from '../api';

export type Application = ApiResult<'applicant.applications'>['applications'][number];

/** The steps after the filter, as the steps explanation lists them (the questions come first). */
export const explainedSteps = RESIDENT_STEPS;
export type ExplainedStep = ResidentStep;

/** Which explained step an application is at (its `current_step`; answering questions counts as the first). */
export function explainedStepOf(step: FlowStep): ExplainedStep {
  return step === 'filter' ? 'assistant' : step;
}

/** The `{municipalityCode}` and `{applicationId}` of the current route. */
export function useApplicationParams(): { code: string; applicationId: string } {
  const params = useParams({ strict: false }) as { municipalityCode?: string; applicationId?: string };
  return { code: params.municipalityCode ?? '', applicationId: params.applicationId ?? '' };
}

/**
 * The application of the route, from the resident's list (there is no single-application call). A list
 * cached before the application was created lacks it: that list is fetched again once before the
 * application counts as missing.
 */
export function useApplication(applicationId: string) {
  const list = useApiQuery('applicant.applications');
  const application = list.data?.applications.find((a) => a.id === applicationId) ?? null;
  const refetchedFor = useRef<string | null>(null);
  const stale = list.isSuccess && !application && refetchedFor.current !== applicationId;
  const { refetch } = list;
  useEffect(() => {
    if (!stale) return;
    refetchedFor.current = applicationId;
    void refetch();
  }, [stale, applicationId, refetch]);
  const isPending = list.isPending || stale || (list.isFetching && !application);
  return { ...list, isPending, application, missing: list.isSuccess && !isPending && application === null };
}

/** A screen path under the application: `screenPath(code, id, 'form')`. */
export const screenPath = (code: string, applicationId: string, screen: string) =>
  `/municipalities/${code}/applications/${applicationId}/${screen}`;
