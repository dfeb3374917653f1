import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { workflowStepStates, type WorkflowStepStatus } from '@portal/contracts';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { assertTransition } from '../../http/transitions.js';
import { authorizeStep, inScope } from '../staff/staff.policy.js';
import { auditEntry, refuseFinal, refuseStale, stale } from './document-acts.js';
import { load } from './document-loading.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';
import type { LoadedDocument } from './documents.repository.js';
import { stepView } from './documents.view.js';
import { FOLLOWED_STATUS, STEP_DONE, statusFollows } from './workflow-steps.js';

/**
 * Moves a workflow step (workflowStepStates), assigns it and notes a memo. Only administrators or
 * members of the step's department (the document's department when the step names none) act; steps
 * go in order: one starts or is skipped only when every earlier step is approved or skipped. Sending
 * the current status changes only the assignee and memo. A move records who made it and when; a
 * received document moves to in_progress when a step starts, with its own history entry (decision
 * 0039); nothing else moves the document by itself.
 */
export async function moveWorkflowStep(
  deps: DocumentServiceDeps,
  actor: Actor,
  stepId: string,
  body: z.output<typeof C.WorkflowStatusRequest>,
  version: number,
): Promise<z.input<typeof C.WorkflowDetail>> {
  const { documents } = deps;
  const { staff } = actor;
  const found = await documents.step(staff.municipalityId, stepId);
  if (!found || !inScope(staff, found.document.departmentId)) throw notFound('workflow step');
  const { step, document } = found;
  const department = step.departmentId ?? document.departmentId;
  authorizeStep(staff, department);
  refuseStale(document.version, version);
  refuseFinal(document.status);
  const from = step.status as WorkflowStepStatus;
  const to = body.status;
  if (from !== to) {
    assertTransition(workflowStepStates, from, to);
    if (from === 'pending') {
      const earlier = (await documents.workflow(document.id)).filter(
        (s) => s.sequence < step.sequence && !STEP_DONE.has(s.status),
      );
      if (earlier.length > 0) {
        throw conflict(
          `earlier steps must be approved or skipped first: ${earlier.map((s) => `${s.sequence} ${s.name}`).join(', ')}`,
        );
      }
    }
  }
  let assigneeName: string | null = null;
  if (body.user_id) {
    const assignee = await deps.accounts.findStaffById(staff.municipalityId, body.user_id);
    if (
      !assignee ||
      assignee.permission === 'viewer' ||
      (department !== null && !assignee.departmentIds.includes(department))
    ) {
      throw new AppError(
        'validation_failed',
        'the assignee must be an administrator or clerk of the step’s department',
        'user_id',
      );
    }
    assigneeName = assignee.name;
  }
  const at = deps.clock();
  const patch: {
    status: string;
    userId?: string | null;
    memo?: string | null;
    actedBy?: string;
    actedAt?: Date;
  } = { status: to };
  if (body.user_id !== undefined) patch.userId = body.user_id;
  if (body.memo !== undefined) patch.memo = body.memo;
  if (from !== to) Object.assign(patch, { actedBy: staff.id, actedAt: at });
  const follows = statusFollows(document.status, from, to);
  const detail = {
    workflow_detail_id: step.id,
    sequence: step.sequence,
    name: step.name,
    from,
    to,
    ...(body.user_id !== undefined ? { user_id: body.user_id, user_name: assigneeName } : {}),
    ...(body.memo !== undefined ? { memo_changed: (step.memo ?? null) !== (body.memo ?? null) } : {}),
  };
  const moved = await documents.moveStep({
    documentId: document.id,
    version,
    stepId: step.id,
    from,
    patch,
    staffId: staff.id,
    at,
    change: { action: 'workflow.status', detail },
    audit: auditEntry(actor, 'workflow.status', document.id, detail),
    follow: follows
      ? {
          change: { action: 'document.status', detail: { ...FOLLOWED_STATUS } },
          audit: auditEntry(actor, 'document.status', document.id, { ...FOLLOWED_STATUS }),
        }
      : null,
  });
  if (!moved) throw stale();
  const now = (await documents.workflow(document.id)).find((s) => s.id === moved.id);
  return stepView(now ?? { ...moved, userName: assigneeName, actedByName: staff.name });
}

/**
 * Assigns the document's current workflow step (its first step not approved or skipped) to a staff
 * member, or to nobody, as moveStep does when the status is sent unchanged.
 */
export async function assignCurrentStep(
  deps: DocumentServiceDeps,
  actor: Actor,
  id: string,
  userId: string | null,
  version: number,
): Promise<LoadedDocument> {
  const loaded = await load(deps, actor.staff, id);
  refuseStale(loaded.document.version, version);
  const step = (await deps.documents.workflow(id)).find((s) => !STEP_DONE.has(s.status));
  if (!step) throw new AppError('conflict', 'the document has no open workflow step', 'workflow');
  await moveWorkflowStep(
    deps,
    actor,
    step.id,
    { status: step.status as WorkflowStepStatus, user_id: userId },
    version,
  );
  return loaded;
}
