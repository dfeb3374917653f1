// Whether this browser holds a counter session (decision 0026), read from the readable marker cookie the
// server sets beside it: only then do the applicant pages load the banner and ask for the session.
import { COUNTER_MARKER_COOKIE, STAGING_COOKIE_PREFIX } from '@portal/contracts/http-names';
import { pageEnvironment } from './default-client';

export function hasCounterMarker(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  const name = `${pageEnvironment === 'staging' ? STAGING_COOKIE_PREFIX : ''}${COUNTER_MARKER_COOKIE}=`;
  return cookies.split(';').some((c) => c.trim().startsWith(name));
}
