import type { FastifyRequest } from 'fastify';
import type { MunicipalityRef } from '../modules/municipalities/municipalities.repository.js';
import { AppError } from './errors.js';

/** The municipality of a `/municipalities/{code}/` route, resolved by the region check. */
export function requireMunicipality(request: FastifyRequest): MunicipalityRef {
  if (!request.municipality) throw new AppError('internal_error', 'municipality was not resolved');
  return request.municipality;
}
