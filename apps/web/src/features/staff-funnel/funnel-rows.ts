// A procedure's funnel as the staff table reads it: each step's count and its share of the applications
// that chose the procedure (the first counted step), rounded to a whole percent.
import type { ProcedureFunnel, ProcedureFunnelStep } from '@portal/contracts';

export interface FunnelRow {
  step: ProcedureFunnelStep;
  reached: number;
  /** Percent of those that chose the procedure; null when none did (no share to speak of). */
  share: number | null;
}

export function funnelRows(procedure: Pick<ProcedureFunnel, 'steps'>): FunnelRow[] {
  const chose = procedure.steps[0]?.reached ?? 0;
  return procedure.steps.map((s) => ({
    step: s.step,
    reached: s.reached,
    share: chose > 0 ? Math.round((s.reached / chose) * 100) : null,
  }));
}

/** Procedures listed under their group, in the server's order. */
export function byGroup<P extends Pick<ProcedureFunnel, 'procedure_group_id'>>(procedures: readonly P[]) {
  const groups = new Map<number, P[]>();
  for (const p of procedures)
    groups.set(p.procedure_group_id, [...(groups.get(p.procedure_group_id) ?? []), p]);
  return [...groups.values()];
}
