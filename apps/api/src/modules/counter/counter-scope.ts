import type { RouteDef } from '@portal/contracts';
import { AppError, notFound } from '../../http/errors.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';

/** What a counter session carries beside the applicant session's fields (decision 0026). */
export interface CounterBinding {
  staff_account_id: string;
  staff_name: string;
  /** The one application the session reaches; null while staff start a new one at the counter. */
  application_id: string | null;
  started_at: string;
}

/** The counter binding of an applicant session, or null for a resident's own session. */
export function counterOf(session: SessionRecord | null): CounterBinding | null {
  const value = session?.kind === 'applicant' ? session.data.counter : undefined;
  if (!value || typeof value !== 'object') return null;
  const c = value as Partial<CounterBinding>;
  if (typeof c.staff_account_id !== 'string' || typeof c.staff_name !== 'string') return null;
  return {
    staff_account_id: c.staff_account_id,
    staff_name: c.staff_name,
    application_id: typeof c.application_id === 'string' ? c.application_id : null,
    started_at: typeof c.started_at === 'string' ? c.started_at : '',
  };
}

/** Applicant calls a counter session may make besides those of its application (deny by default). */
const COUNTER_CALLS = new Set([
  'applicant.applications',
  'applicant.logout',
  'applicant.counter_session.get',
  'applicant.counter_session.end',
]);

/**
 * Refuses, before the call runs, what a counter session may not reach: another application (404, as a
 * resident's foreign application), and every applicant call that is not about its application (403):
 * the resident's profile, other applications, notices and settings stay out of reach of the tablet.
 */
export function checkCounterScope(
  def: Pick<RouteDef, 'id' | 'audience' | 'path'>,
  params: unknown,
  session: SessionRecord,
): void {
  if (def.audience !== 'applicant') return;
  const counter = counterOf(session);
  if (!counter) return;
  if (def.path.includes('{applicationId}')) {
    const id = (params as { applicationId?: string } | null)?.applicationId;
    if (counter.application_id !== null && id !== counter.application_id) throw notFound('application');
    return;
  }
  if (COUNTER_CALLS.has(def.id)) return;
  // A new application at the counter: only while the session is not bound to one.
  if (def.id === 'applicant.application.create' && counter.application_id === null) return;
  throw new AppError('forbidden', 'a counter session reaches only the application it was opened for');
}
