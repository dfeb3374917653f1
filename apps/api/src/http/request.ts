import type { FastifyRequest } from 'fastify';
import type { MunicipalityRef } from '../modules/municipalities/municipalities.repository.js';
import type { SessionRecord } from '../modules/sessions/sessions.repository.js';
import { AppError } from './errors.js';

/** The municipality of a `/municipalities/{code}/` route, resolved by the region check. */
export function requireMunicipality(request: FastifyRequest): MunicipalityRef {
  if (!request.municipality) throw new AppError('internal_error', 'municipality was not resolved');
  return request.municipality;
}

/** Who asks, as a resident's use case needs it: the route's municipality and the sign-in (decision 0048). */
export interface ApplicantContext {
  municipality: MunicipalityRef;
  session: SessionRecord | null;
  /** The session to confirm in the route's statement (kept by the process, decision 0049), else null. */
  confirm: SessionRecord | null;
}

/** The context a resident route passes to its service instead of the request. */
export function applicantContext(request: FastifyRequest): ApplicantContext {
  const { session } = request;
  return {
    municipality: requireMunicipality(request),
    session,
    confirm: session && !request.sessionConfirmed ? session : null,
  };
}
