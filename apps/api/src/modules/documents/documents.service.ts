import type { z } from 'zod';
import type * as C from '@portal/contracts';
import type { StandardItemFragmentValue } from '@portal/contracts';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import { editDocumentAnswers } from './document-answers-edit.js';
import { readDocumentAttachment } from './document-attachment-read.js';
import { readDocumentDetail } from './document-detail.js';
import { listDocuments } from './document-list.js';
import { readDocumentMemos, updateDocumentMemos } from './document-memos.js';
import { setLegalHold } from './document-retention.js';
import { documentOverview } from './document-overview.js';
import { listDocumentReports } from './document-reports.js';
import type { Actor, DocumentServiceDeps } from './document-service-deps.js';
import { changeDocumentStatus, setDocumentStatus } from './document-status-change.js';
import { documentStepAssignees } from './document-step-assignees.js';
import { assignCurrentStep, moveWorkflowStep } from './document-workflow-step.js';

export { auditEntry } from './document-acts.js';
export type { Actor, DocumentServiceDeps } from './document-service-deps.js';

type StatusRequest = z.output<typeof C.StaffDocumentStatusRequest>;
type StepRequest = z.output<typeof C.WorkflowStatusRequest>;

/**
 * The staff documents area: lists within the staff member's departments, details with answers,
 * attachments and signature result, edits validated like the applicant form, status moves (remand
 * reaches the resident), memos, workflow steps, and the dashboard counts. Every read of a document and
 * every change is audited; changes also append to the document's history. See decision 0005.
 */
export function createDocumentService(deps: DocumentServiceDeps) {
  return {
    list: (staff: StaffIdentity, query: z.output<typeof C.DocumentListQuery>) =>
      listDocuments(deps, staff, query),
    detail: (actor: Actor, id: string) => readDocumentDetail(deps, actor, id),
    attachment: (actor: Actor, documentId: string, attachmentId: string) =>
      readDocumentAttachment(deps, actor, documentId, attachmentId),
    update: (actor: Actor, id: string, values: StandardItemFragmentValue[], version: number) =>
      editDocumentAnswers(deps, actor, id, values, version),
    setStatus: (actor: Actor, id: string, body: StatusRequest, version: number) =>
      setDocumentStatus(deps, actor, id, body, version),
    changeStatus: (actor: Actor, id: string, body: StatusRequest, version: number) =>
      changeDocumentStatus(deps, actor, id, body, version),
    reports: (actor: Actor, id: string) => listDocumentReports(deps, actor, id),
    memos: (actor: Actor, id: string) => readDocumentMemos(deps, actor, id),
    updateMemos: (actor: Actor, id: string, body: z.output<typeof C.UpdateMemosRequest>, version: number) =>
      updateDocumentMemos(deps, actor, id, body, version),
    legalHold: (actor: Actor, id: string, body: z.output<typeof C.LegalHoldRequest>, version: number) =>
      setLegalHold(deps, actor, id, body, version),
    moveStep: (actor: Actor, stepId: string, body: StepRequest, version: number) =>
      moveWorkflowStep(deps, actor, stepId, body, version),
    assignCurrentStep: (actor: Actor, id: string, userId: string | null, version: number) =>
      assignCurrentStep(deps, actor, id, userId, version),
    overview: (staff: StaffIdentity) => documentOverview(deps, staff),
    browsable: (staff: StaffIdentity) => documentStepAssignees(deps, staff),
  };
}
export type DocumentService = ReturnType<typeof createDocumentService>;
