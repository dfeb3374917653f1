import {
  documentStates,
  workflowStepStates,
  type DocumentStatus,
  type WorkflowStepStatus,
} from '@portal/contracts';
import { AppError, conflict } from '../../http/errors.js';
import { assertTransition } from '../../http/transitions.js';

/** The rules one step's move and a bulk move of current steps share (decisions 0018, 0039). */

/** A workflow step that no longer blocks the steps after it, nor the document's completion. */
export const STEP_DONE: ReadonlySet<string> = new Set(['approved', 'skipped']);

/** A write from a version the document has left (decision 0034): the one stale refusal of every act. */
export const staleDocument = () => conflict('the document was changed by someone else: reload it');

/** The step that moves next: the first (by sequence) neither approved nor skipped; undefined when none. */
export function currentStepOf<S extends { status: string; sequence: number }>(
  steps: readonly S[],
): S | undefined {
  return [...steps].sort((a, b) => a.sequence - b.sequence).find((s) => !STEP_DONE.has(s.status));
}

/** Refuses a change to a settled document (completed, rejected, withdrawn). */
export function refuseSettled(status: string): void {
  if (documentStates.isFinal(status as DocumentStatus)) {
    throw new AppError('conflict', `the document is ${status} and can no longer be changed`, 'status');
  }
}

/** Refuses a step move the step machine does not allow (a pending step approved, ...). */
export function assertStepMove(from: WorkflowStepStatus, to: WorkflowStepStatus): void {
  assertTransition(workflowStepStates, from, to);
}

/**
 * Whether the document's status follows this step move (decision 0039): a received document moves to
 * in_progress when a step starts (the first start, as steps go in order). Nothing else moves by itself.
 */
export function statusFollows(document: string, from: WorkflowStepStatus, to: WorkflowStepStatus): boolean {
  return document === 'received' && to === 'in_progress' && from !== to;
}

/** The history and audit detail of the status a step start moved (as a staff status move has it). */
export const FOLLOWED_STATUS = { from: 'received', to: 'in_progress' } as const satisfies {
  from: DocumentStatus;
  to: DocumentStatus;
};
