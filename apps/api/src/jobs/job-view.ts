import type { Job } from '@portal/contracts';
import type { z } from 'zod';
import type { JobQueue } from './job-queue.js';

export type JobRow = NonNullable<Awaited<ReturnType<JobQueue['get']>>>;
export type JobView = z.input<typeof Job>;

/** The Job contract of a row; `documents` only for a succeeded rendering. */
export function jobView(row: JobRow): JobView {
  const documents = (row.params as { documents?: JobView['documents'] }).documents ?? [];
  return {
    id: row.id,
    kind: row.kind as JobView['kind'],
    status: row.status as JobView['status'],
    progress: row.progress,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    failure: row.status === 'failed' ? ((row.failure ?? 'error') as JobView['failure']) : null,
    documents: row.status === 'succeeded' ? documents : [],
  };
}
