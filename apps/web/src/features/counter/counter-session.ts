// The counter session of this browser (decision 0026): a clerk's tablet walking one application.
import { useApiQuery } from '../../lib/api';
import { STAGING_WEB_PREFIX } from '../../lib/api/client';
import { pageEnvironment } from '../../lib/api/default-client';
import { hasCounterMarker } from '../../lib/api/counter-marker';

/**
 * This browser's counter session, or null: one small read, kept for the page's life, made only where the
 * session's marker cookie is (a resident's browser never asks).
 */
export function useCounterSession(code: string) {
  const query = useApiQuery(
    'applicant.counter_session.get',
    { params: { code } },
    { staleTime: Infinity, retry: false, enabled: /^\d{6}$/.test(code) && hasCounterMarker() },
  );
  return { ...query, counter: query.data?.counter ?? null };
}

/** The staff area's counter screen of this environment, e.g. after a counter submission. */
export const staffCounterUrl = (query = '') =>
  `${pageEnvironment === 'staging' ? STAGING_WEB_PREFIX : ''}/staff/counter${query}`;

/**
 * The token a QR code or a page address carries after `#name=` (the handoff's pages), or the text itself
 * when it is a bare token; null for anything else.
 */
export function handoffToken(text: string, name: 'handoff' | 'token'): string | null {
  const trimmed = text.trim();
  const hash = trimmed.indexOf('#');
  const value = hash >= 0 ? new URLSearchParams(trimmed.slice(hash + 1)).get(name) : trimmed;
  return value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
}
