import type * as C from '@portal/contracts';
import type { DocumentStatus, WorkflowStepStatus } from '@portal/contracts';
import type { z } from 'zod';
import type { WorkflowStepRow } from './documents.repository.js';

/** One edited answer as the history stores it. */
export type Change = { code: string; sequence: number; before: unknown; after: unknown };

/** The field name of an answer in errors and history: the code, with the child's number after the first. */
export const fieldOf = (v: { standard_item_code: string; sequence: number }) =>
  v.sequence > 1 ? `${v.standard_item_code}.${v.sequence}` : v.standard_item_code;

function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空欄）';
  const text = Array.isArray(value) ? value.join('、') : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** One line of history for screens, from what the change stored. */
export function describeChange(action: string, detail: Record<string, unknown> | null): string | null {
  if (!detail) return null;
  const d = detail as Record<string, never>;
  switch (action) {
    case 'document.update':
      return ((d.changes ?? []) as Change[])
        .map(
          (c) =>
            `${fieldOf({ standard_item_code: c.code, sequence: c.sequence })}: ${shortValue(c.before)} → ${shortValue(c.after)}`,
        )
        .join('; ');
    case 'document.status':
    case 'document.resubmit':
      return `${d.from} → ${d.to}${d.remand_message ? `: ${d.remand_message}` : ''}`;
    case 'memo.update': {
      const parts: string[] = [];
      if (d.is_confirmed_from !== d.is_confirmed_to)
        parts.push(`is_confirmed: ${d.is_confirmed_from} → ${d.is_confirmed_to}`);
      if (d.memos_changed) parts.push('memos changed');
      return parts.join('; ') || 'no change';
    }
    case 'workflow.status': {
      const moved = d.from === d.to ? String(d.to) : `${d.from} → ${d.to}`;
      const who = d.user_name ? ` (${d.user_name})` : '';
      return `${d.sequence} ${d.name}: ${moved}${who}`;
    }
    default:
      return JSON.stringify(detail);
  }
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
});

export const stepView = (s: WorkflowStepRow): z.input<typeof C.WorkflowDetail> => ({
  id: s.id,
  sequence: s.sequence,
  name: s.name,
  status: s.status as WorkflowStepStatus,
  user_id: s.userId,
  memo: s.memo,
  updated_at: s.updatedAt.toISOString(),
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
