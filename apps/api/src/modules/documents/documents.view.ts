import * as C from '@portal/contracts';
import type { DocumentStatus, WorkflowStepStatus } from '@portal/contracts';
import type { z } from 'zod';
import type { WorkflowStep } from './documents.repository.js';

/** One edited answer as the history stores it. */
export type Change = { code: string; sequence: number; before: unknown; after: unknown };

/** A stored change (history entry or audit record) as its typed form, or null for one with no such form. */
export function documentChange(
  action: string,
  detail: Record<string, unknown> | null,
): z.input<typeof C.DocumentChange> | null {
  if (!detail) return null;
  const d = detail as Record<string, never>;
  const typed = (() => {
    switch (action) {
      case 'document.status':
      case 'document.resubmit':
        return { kind: 'status', from: d.from, to: d.to, remand_message: d.remand_message ?? null };
      case 'document.update':
        return { kind: 'answers', changes: d.changes };
      case 'memo.update':
        return {
          kind: 'memo',
          confirmed_before: d.is_confirmed_from,
          confirmed_after: d.is_confirmed_to,
          memos_changed: d.memos_changed ?? false,
          ...('memo_after' in d
            ? { memo_before: d.memo_before ?? null, memo_after: d.memo_after ?? null }
            : {}),
        };
      case 'workflow.status':
        return {
          kind: 'workflow',
          sequence: d.sequence,
          name: d.name,
          from: d.from,
          to: d.to,
          ...('user_name' in d ? { assignee_name: d.user_name ?? null } : {}),
          memo_changed: d.memo_changed ?? false,
        };
      default:
        return null;
    }
  })();
  // Records written before a field existed (an audit entry without the step's name) have no typed form.
  const parsed = typed && C.DocumentChange.safeParse(typed);
  return parsed?.success ? parsed.data : null;
}

/** What the list and the detail show of a document, from a list row or a loaded document. */
export const summaryView = (r: {
  id: string;
  referenceNumber: string;
  applicationId: string;
  procedureCode: string;
  procedureName: string;
  applicantName: string;
  status: string;
  departmentId: number | null;
  receivedAt: Date;
  updatedAt: Date;
  version: number;
  dueAt: Date | null;
  /** "id reference-number" of the oldest open duplicate (the list's firstDuplicate), or null. */
  possibleDuplicate: string | null;
  /** The current workflow step: the list's JSON text, the detail's step, or null (none open). */
  currentStep?: string | WorkflowStep | null;
}): z.input<typeof C.DocumentSummary> => ({
  id: r.id,
  reference_number: r.referenceNumber,
  application_id: r.applicationId,
  procedure_code: r.procedureCode,
  procedure_name: r.procedureName,
  applicant_name: r.applicantName,
  status: r.status as DocumentStatus,
  department_id: r.departmentId,
  received_at: r.receivedAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  version: r.version,
  due_at: r.dueAt?.toISOString() ?? null,
  possible_duplicate: r.possibleDuplicate ? duplicateRef(r.possibleDuplicate) : null,
  current_step: currentStepView(r.currentStep ?? null),
});

/** The current step as the list and the detail show it (the list reads it as JSON text). */
function currentStepView(step: string | WorkflowStep | null): z.input<typeof C.CurrentStep> | null {
  if (step === null) return null;
  if (typeof step === 'string') return C.CurrentStep.parse(JSON.parse(step));
  return {
    id: step.id,
    sequence: step.sequence,
    name: step.name,
    status: step.status as WorkflowStepStatus,
    user_id: step.userId,
    user_name: step.userName,
  };
}

const duplicateRef = (text: string) => {
  const [id, reference_number] = text.split(' ') as [string, string];
  return { id, reference_number };
};

export const stepView = (s: WorkflowStep): z.input<typeof C.WorkflowDetail> => ({
  id: s.id,
  sequence: s.sequence,
  name: s.name,
  status: s.status as WorkflowStepStatus,
  user_id: s.userId,
  user_name: s.userName,
  memo: s.memo,
  updated_at: s.updatedAt.toISOString(),
  acted_by_id: s.actedBy,
  acted_by_name: s.actedByName,
  acted_at: s.actedAt?.toISOString() ?? null,
});

/** What verification recorded on a sign transaction (the repository's `signatureVerification`). */
type VerificationOf = (signTransactionId: string) => Promise<{
  status: string;
  verification: { problems?: string[]; subject_name?: string | null } | null;
} | null>;

/** The verification result kept with the document at submission (a signature exists only if verified). */
export async function signatureView(
  signature: Record<string, unknown> | null,
  verificationOf: VerificationOf,
): Promise<z.input<typeof C.DocumentDetail>['signature']> {
  if (!signature) {
    return { is_signed: false, is_valid: null, subject_name: null, checked_at: null, problems: [] };
  }
  const txId = typeof signature.sign_transaction_id === 'string' ? signature.sign_transaction_id : null;
  const tx = txId ? await verificationOf(txId) : null;
  const problems = [...(tx?.verification?.problems ?? [])];
  if (!signature.container) problems.push('no signature container was kept with the document');
  if (tx && tx.status !== 'verified') problems.push(`the sign transaction is ${tx.status}`);
  const checkedAt =
    typeof signature.checked_at === 'string'
      ? signature.checked_at
      : typeof signature.verified_at === 'string'
        ? signature.verified_at
        : null;
  return {
    is_signed: true,
    is_valid: problems.length === 0,
    subject_name:
      (typeof signature.subject_name === 'string' ? signature.subject_name : null) ??
      tx?.verification?.subject_name ??
      null,
    checked_at: checkedAt && !Number.isNaN(Date.parse(checkedAt)) ? new Date(checkedAt).toISOString() : null,
    problems,
  };
}
