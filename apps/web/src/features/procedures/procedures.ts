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

/**
 * Whether the procedures screen shows a procedure's check messages: only for a chosen procedure that has
 * some. They are information there; the resident confirms them once, with a tick each, on the last page
 * before sending (several of them confirm what was entered, which comes later).
 */
export function showsCheckMessages(procedure: ProcedureView, chosen: readonly number[]): boolean {
  return chosen.includes(procedure.id) && procedure.check_messages.length > 0;
}

/**
 * The ids of a procedure's check messages heading and list; together (`describedBy`) they describe the
 * procedure's checkbox, so the messages are read with the procedure they belong to.
 */
export function checkMessagesIds(procedure: Pick<ProcedureView, 'id'>) {
  const list = `procedure-${procedure.id}-checks`;
  const heading = `${list}-heading`;
  return { heading, list, describedBy: `${heading} ${list}` };
}
