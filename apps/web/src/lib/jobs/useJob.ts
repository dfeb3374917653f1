// Polls a job's status call while it is queued or running (every second), then stops.
import type { Job } from '@portal/contracts';
import { useApiQuery } from '../api';

export const JOB_POLL_MS = 1000;
export const isJobOpen = (job: Pick<Job, 'status'> | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

const poll = {
  refetchInterval: (query: { state: { data?: Job } }) => (isJobOpen(query.state.data) ? JOB_POLL_MS : false),
  staleTime: 0,
};

export function useExportJob(jobId: string | null) {
  return useApiQuery(
    'staff.export.status',
    { params: { jobId: jobId ?? '' } },
    { enabled: jobId !== null, ...poll },
  );
}

export function useRenderJob(applicationId: string, jobId: string | null) {
  return useApiQuery(
    'staff.render.application.status',
    { params: { applicationId, jobId: jobId ?? '' } },
    { enabled: jobId !== null, ...poll },
  );
}

export function useReportJob(jobId: string | null) {
  return useApiQuery(
    'staff.render.report.status',
    { params: { jobId: jobId ?? '' } },
    { enabled: jobId !== null, ...poll },
  );
}
