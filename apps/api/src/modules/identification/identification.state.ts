import type { FlowStep, IdentificationRoute, ProcedureGroupConfiguration } from '@portal/contracts';
import { FlowStep as FlowSteps } from '@portal/contracts';

/** What `applications.identification` holds (JSON): one entry per route the resident went through. */
export interface IdentificationRecord {
  jpki?: { identified_at: string; authenticated_at: string };
  basic_four?: { verified_at: string | null; mismatched: string[]; attempts: number };
  mynaportal?: { fetched_at: string };
}

/**
 * The card read of this sign-in: when the session began with the My Number Card (the identity
 * provider's card reading, with its identity claims), the time it was read; else null. It identifies
 * the resident for any application of this session, however long ago it was read (decision 0041): the
 * session ends the proof, not a clock of its own.
 */
export function cardSignInOf(data: Record<string, unknown> | undefined | null): Date | null {
  const readAt = typeof data?.authenticated_at === 'string' ? Date.parse(data.authenticated_at) : NaN;
  const claims = data?.claims as { last_name?: unknown } | undefined;
  if (!Number.isFinite(readAt) || typeof claims?.last_name !== 'string') return null;
  return new Date(readAt);
}

/** The routes a procedure group allows, in the order the identification screen offers them. */
export function allowedRoutes(config: ProcedureGroupConfiguration): IdentificationRoute[] {
  const d = config.disclosure;
  const out: IdentificationRoute[] = [];
  if (d.identifications.jpki) out.push('jpki');
  if (d.identifications.basic_four_information && d.use_basic_four_information) {
    out.push('basic_four_information');
  }
  if (d.use_mynaportal) out.push('mynaportal');
  return out;
}

/** The allowed route the resident identified by most recently, with when. */
export function identifiedBy(
  record: IdentificationRecord,
  routes: readonly IdentificationRoute[],
): { route: IdentificationRoute; at: string } | null {
  const done: { route: IdentificationRoute; at: string }[] = [];
  if (routes.includes('jpki') && record.jpki?.identified_at) {
    done.push({ route: 'jpki', at: record.jpki.identified_at });
  }
  if (routes.includes('basic_four_information') && record.basic_four?.verified_at) {
    done.push({ route: 'basic_four_information', at: record.basic_four.verified_at });
  }
  if (routes.includes('mynaportal') && record.mynaportal?.fetched_at) {
    done.push({ route: 'mynaportal', at: record.mynaportal.fetched_at });
  }
  done.sort((a, b) => b.at.localeCompare(a.at));
  return done[0] ?? null;
}

/** The step after identification, unless the application is already further on (never moves back). */
export function stepAfterIdentification(current: string): FlowStep {
  const order = FlowSteps.options;
  const at = order.indexOf(current as FlowStep);
  return at > order.indexOf('form') ? (current as FlowStep) : 'form';
}
