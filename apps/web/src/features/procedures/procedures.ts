// Choosing the procedures of an application (spec §2 procedures).
import type { ApiResult } from '../../lib/api';

export type ProcedureView = ApiResult<'applicant.application.procedures.get'>['available'][number];

const bySequence = (list: readonly ProcedureView[]) =>
  [...list].sort((a, b) => a.sequence - b.sequence || a.id - b.id);

/**
 * What is ticked when the screen opens: the saved choice (only procedures still allowed), or every allowed
 * procedure when nothing was saved yet (the answers already narrowed them down).
 */
export function initialChoice(available: readonly ProcedureView[], saved: readonly number[]): number[] {
  const allowed = bySequence(available).map((p) => p.id);
  const kept = allowed.filter((id) => saved.includes(id));
  return saved.length > 0 ? kept : allowed;
}

/** The chosen procedures whose check messages the resident must confirm. */
export function confirmationsNeeded(
  available: readonly ProcedureView[],
  chosen: readonly number[],
): number[] {
  return bySequence(available)
    .filter((p) => chosen.includes(p.id) && p.check_messages.length > 0)
    .map((p) => p.id);
}
