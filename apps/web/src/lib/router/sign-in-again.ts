// Where "sign in again" leads when a call says the sign-in has ended: the applicant area's sign-in,
// coming back to this page; the staff and master-tool areas ask for sign-in themselves on a reload.
import { currentMunicipality } from '../api/municipality';
import { currentTarget } from '../app/current-target';
import type { Target } from '../../target';
import { applicantLoginUrl } from './guards';

type Place = Pick<Location, 'pathname' | 'search'>;

/** The address of the sign-in that returns to `place` (by default, this page). */
export function signInAgainUrl(
  place: Place = window.location,
  target: Target = currentTarget,
  municipalityCode: string | null = currentMunicipality(),
): string {
  const here = `${place.pathname}${place.search}`;
  if (target !== 'applicant') return here;
  const code = municipalityCode ?? /\/municipalities\/(\d{6})(?:\/|$)/.exec(place.pathname)?.[1];
  return code ? applicantLoginUrl(code, here) : here;
}
