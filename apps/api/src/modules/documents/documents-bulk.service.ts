import type { z } from 'zod';
import type * as C from '@portal/contracts';
import type { ApiError, BulkResult, DocumentStatus, WorkflowStepStatus } from '@portal/contracts';
import { AppError, notFound } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import { authorizeStep, visibleDepartments } from '../staff/staff.policy.js';
import type { BulkRepository, StepMove } from './documents-bulk.repository.js';
import { auditEntry, type Actor, type DocumentService } from './documents.service.js';
import {
  assertStepMove,
  currentStepOf,
  FOLLOWED_STATUS,
  refuseSettled,
  staleDocument,
  statusFollows,
} from './workflow-steps.js';

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
  clock: () => Date;
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

  /**
   * The current step of every listed document to one status (decision 0039): each document is checked as
   * `staff.workflow.status` checks one step (scope, version read, settled, an open step left, the step's
   * department, the step machine), then every accepted move is written set-based in one transaction with
   * one history entry and audit record per step (and per followed status). A document changed between the
   * read and the write is refused on its own; nothing refused is written.
   */
  async function workflow(actor: Actor, body: z.output<typeof C.BulkWorkflowRequest>): Promise<BulkResult> {
    const to: WorkflowStepStatus = body.status;
    const found = await deps.bulk.workflowOf(scopeOf(actor.staff), body.document_ids);
    const outcomes = new Map<string, Outcome>();
    const moves: (StepMove & { step: { sequence: number; name: string }; status: DocumentStatus })[] = [];
    for (const id of body.document_ids) {
      const doc = found.get(id);
      const step = doc ? currentStepOf(doc.steps) : undefined;
      const stepOf = (status: string) =>
        step ? { sequence: step.sequence, name: step.name, status: status as WorkflowStepStatus } : null;
      try {
        if (!doc) throw notFound('document');
        if (doc.version !== body.versions[id]) throw staleDocument();
        refuseSettled(doc.status);
        if (!step) throw new AppError('conflict', 'the document has no open workflow step', 'workflow');
        authorizeStep(actor.staff, step.departmentId ?? doc.departmentId);
        const from = step.status as WorkflowStepStatus;
        assertStepMove(from, to);
        const follows = statusFollows(doc.status, from, to);
        const detail = {
          workflow_detail_id: step.id,
          sequence: step.sequence,
          name: step.name,
          from,
          to,
          ...(body.memo !== undefined ? { memo_changed: (step.memo ?? null) !== (body.memo ?? null) } : {}),
        };
        moves.push({
          documentId: id,
          version: doc.version,
          stepId: step.id,
          from,
          follows,
          changes: [
            { action: 'workflow.status', detail },
            ...(follows ? [{ action: 'document.status', detail: { ...FOLLOWED_STATUS } }] : []),
          ],
          audits: [
            auditEntry(actor, 'workflow.status', id, detail),
            ...(follows ? [auditEntry(actor, 'document.status', id, { ...FOLLOWED_STATUS })] : []),
          ],
          step: { sequence: step.sequence, name: step.name },
          status: follows ? FOLLOWED_STATUS.to : (doc.status as DocumentStatus),
        });
      } catch (error) {
        outcomes.set(id, {
          document_id: id,
          reference_number: doc?.referenceNumber ?? null,
          status: (doc?.status as DocumentStatus | undefined) ?? null,
          outcome: 'refused',
          error: refusal(error, id),
          step: stepOf(step?.status ?? ''),
        });
      }
    }
    let moved = new Set<string>();
    let failure: ApiError | null = null;
    try {
      moved = await deps.bulk.moveSteps({
        staffId: actor.staff.id,
        at: deps.clock(),
        to,
        ...(body.memo !== undefined ? { memo: body.memo ?? null } : {}),
        moves,
      });
    } catch (error) {
      failure = refusal(error, moves.map((m) => m.documentId).join(','));
    }
    for (const m of moves) {
      const doc = found.get(m.documentId)!;
      const done = moved.has(m.documentId);
      outcomes.set(m.documentId, {
        document_id: m.documentId,
        reference_number: doc.referenceNumber,
        status: done ? m.status : (doc.status as DocumentStatus),
        outcome: done ? 'changed' : 'refused',
        error: done ? null : (failure ?? refusal(staleDocument(), m.documentId)),
        step: { ...m.step, status: done ? to : (m.from as WorkflowStepStatus) },
      });
    }
    const results = body.document_ids.map((id) => outcomes.get(id)!);
    const changed = results.filter((r) => r.outcome === 'changed').length;
    return { results, changed, refused: results.length - changed };
  }

  return {
    workflow,

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
