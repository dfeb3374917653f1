import type { z } from 'zod';
import type * as C from '@portal/contracts';
import type { ApiError, BulkResult, DocumentStatus } from '@portal/contracts';
import { AppError } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import { visibleDepartments } from '../staff/staff.policy.js';
import type { BulkRepository } from './documents-bulk.repository.js';
import type { Actor, DocumentService } from './documents.service.js';

interface Logger {
  error(obj: object, msg?: string): void;
}

type Outcome = BulkResult['results'][number];

/**
 * Bulk work (decision 0020): the single act applied to each selected document in turn, each in its own
 * transaction with its own history entry and audit record, so one refusal never undoes the others. The
 * answer says, per document, whether it changed or why not (the error the single act gives).
 */
export function createBulkDocumentService(deps: {
  documents: DocumentService;
  bulk: BulkRepository;
  logger: Logger;
}) {
  const scopeOf = (staff: StaffIdentity) => ({
    municipalityId: staff.municipalityId,
    departmentIds: visibleDepartments(staff),
  });

  async function each(
    actor: Actor,
    ids: readonly string[],
    act: (id: string) => Promise<DocumentStatus>,
  ): Promise<BulkResult> {
    const known = await deps.bulk.summaries(scopeOf(actor.staff), ids);
    const results: Outcome[] = [];
    for (const id of ids) {
      const before = known.get(id);
      try {
        const status = await act(id);
        results.push({
          document_id: id,
          reference_number: before?.referenceNumber ?? null,
          status,
          outcome: 'changed',
          error: null,
        });
      } catch (error) {
        results.push({
          document_id: id,
          reference_number: before?.referenceNumber ?? null,
          status: (before?.status as DocumentStatus | undefined) ?? null,
          outcome: 'refused',
          error: refusal(error, id),
        });
      }
    }
    const changed = results.filter((r) => r.outcome === 'changed').length;
    return { results, changed, refused: results.length - changed };
  }

  /** A refusal in the one error format; an unexpected failure is logged and reported for that document. */
  function refusal(error: unknown, id: string): ApiError {
    if (error instanceof AppError) {
      const body: ApiError = { code: error.code, message: error.message };
      if (error.field) body.field = error.field;
      return body;
    }
    deps.logger.error({ err: error, documentId: id }, 'bulk act failed on a document');
    return { code: 'internal_error', message: 'this document could not be changed' };
  }

  return {
    /** Every listed document to one status, as `staff.documents.status` moves one, from the version listed. */
    status: (actor: Actor, body: z.output<typeof C.BulkStatusRequest>) =>
      each(actor, body.document_ids, async (id) => {
        await deps.documents.changeStatus(
          actor,
          id,
          { status: body.status, remand_message: body.remand_message ?? null },
          body.versions[id]!,
        );
        return body.status;
      }),

    /** Each listed document's current workflow step to one staff member, or to nobody. */
    assign: (actor: Actor, body: z.output<typeof C.BulkAssignRequest>) =>
      each(actor, body.document_ids, async (id) => {
        const loaded = await deps.documents.assignCurrentStep(actor, id, body.user_id, body.versions[id]!);
        return loaded.document.status as DocumentStatus;
      }),
  };
}
export type BulkDocumentService = ReturnType<typeof createBulkDocumentService>;
