import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import { inScope } from '../staff/staff.policy.js';
import {
  jobOfKind,
  jobView,
  recordAct,
  staffCreator,
  type Actor,
  type JobView,
} from './staff-jobs.common.js';
import { disposeListedFile } from './file-disposal.js';
import type { StaffJobsRepository } from './staff-jobs.repository.js';

/** What a deletion job carries (read back from the jobs table, so checked again). */
const DeletionParams = z.object({
  municipalityId: z.number().int(),
  documentIds: z.array(z.uuid()).min(1),
  requestedBy: z.uuid(),
});

interface Logger {
  error(obj: object, msg?: string): void;
}

/**
 * Deletion requests (decision 0005: documents.delete, administrators only). A request is a job that runs
 * after a grace delay (pg-boss `startAfter`), so it can be cancelled until it starts; then it deletes the
 * documents, their workflow steps and history, and every application left without documents (its
 * answers, attachments, renderings and signatures), in one transaction with its audit entry. Stored
 * files go after the commit.
 */
export function createDeletionService(deps: {
  jobs: JobQueue;
  storage: FileStorage;
  repository: StaffJobsRepository;
  audit: AuditRepository;
  /** Seconds between the request and the deletion (DOCUMENTS_DELETE_DELAY_SECONDS, default 10). */
  delaySeconds: number;
  logger: Logger;
}) {
  const { jobs, repository, audit } = deps;

  return {
    async request(actor: Actor, documentIds: string[]): Promise<JobView> {
      const ids = [...new Set(documentIds)];
      const found = new Map(
        (await repository.documents(actor.municipality.id, ids)).map((d) => [d.id, d] as const),
      );
      for (const id of ids) {
        const document = found.get(id);
        if (!document || !inScope(actor.staff, document.departmentId)) throw notFound(`document ${id}`);
      }
      const jobId = await jobs.enqueue({
        kind: 'documents_delete',
        municipalityId: actor.municipality.id,
        params: {
          municipalityId: actor.municipality.id,
          documentIds: ids,
          requestedBy: actor.staff.id,
          // The audit log names the job by them, also once the documents are gone.
          referenceNumbers: ids.map((id) => found.get(id)!.referenceNumber),
        },
        createdBy: staffCreator(actor.staff),
        startAfterSeconds: deps.delaySeconds,
      });
      await recordAct(
        audit,
        actor,
        'documents.delete.request',
        { type: 'job', id: jobId },
        {
          document_ids: ids,
          reference_numbers: ids.map((id) => found.get(id)!.referenceNumber),
          delay_seconds: deps.delaySeconds,
        },
      );
      return jobView((await jobs.get(jobId))!);
    },

    /** Cancels a request that has not started (409 once it runs or ran). */
    async cancel(actor: Actor, jobId: string): Promise<JobView> {
      await jobOfKind(jobs, actor, jobId, 'documents_delete');
      await jobs.cancel(jobId);
      await recordAct(audit, actor, 'documents.delete.cancel', { type: 'job', id: jobId });
      return jobView((await jobs.get(jobId))!);
    },

    /** The worker: one transaction, audited as the staff member who asked; files removed afterwards. */
    async run(jobId: string, raw: Record<string, unknown>) {
      const params = DeletionParams.parse(raw);
      const result = await repository.deleteDocuments(
        params.municipalityId,
        params.documentIds,
        (r) => ({
          municipalityId: params.municipalityId,
          actorKind: 'staff',
          actorId: params.requestedBy,
          action: 'documents.delete.run',
          targetType: 'job',
          targetId: jobId,
          detail: {
            document_ids: r.documents.map((d) => d.id),
            reference_numbers: r.documents.map((d) => d.reference_number),
            already_gone: params.documentIds.filter((id) => !r.documents.some((d) => d.id === id)),
            applications_removed: r.applications,
          },
        }),
        { listFiles: true },
      );
      // Listed in the transaction: a file that cannot be deleted now is retried by the daily disposal.
      for (const key of result.fileKeys) await disposeListedFile(deps, key);
      await jobs.patchParams(jobId, {
        deleted: result.documents.length,
        applicationsRemoved: result.applications.length,
      });
    },
  };
}
export type DeletionService = ReturnType<typeof createDeletionService>;
