import { AppError, notFound } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { jobView, type JobRow, type JobView } from '../../jobs/job-view.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import type { AuditEntry, AuditRepository } from '../audit/audit.repository.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';

/** Who acts (their permission and departments), from where, in which municipality. */
export interface Actor {
  staff: StaffIdentity;
  municipality: MunicipalityRef;
  ip: string | null;
}

export { jobView, type JobRow, type JobView };

/** `created_by` of a job a staff member started. */
export const staffCreator = (staff: StaffIdentity) => `staff:${staff.id}`;

/** A job of one kind in the actor's municipality; anything else is 404 (as if it did not exist). */
export async function jobOfKind(jobs: JobQueue, actor: Actor, jobId: string, kind: JobView['kind']) {
  const row = await jobs.get(jobId);
  if (!row || row.kind !== kind || row.municipalityId !== actor.municipality.id) throw notFound('job');
  return row;
}

/** The stored result of a finished job, refused (409) until it has succeeded. */
export function resultOf(row: JobRow): string {
  if (row.status !== 'succeeded') {
    throw new AppError('conflict', `the job is ${row.status}; download it once it has succeeded`);
  }
  if (!row.resultKey) throw notFound('job result');
  return row.resultKey;
}

/** Appends one staff act to the audit log. */
export function recordAct(
  audit: AuditRepository,
  actor: Actor,
  action: AuditEntry['action'],
  target: { type: string; id: string },
  detail: Record<string, unknown> = {},
) {
  return audit.record({
    municipalityId: actor.municipality.id,
    actorKind: 'staff',
    actorId: actor.staff.id,
    action,
    targetType: target.type,
    targetId: target.id,
    detail,
    ip: actor.ip,
  });
}

/** A name a file system accepts (Windows' reserved characters, control characters and spaces become _). */
export const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '_');
