import { withChunkReload } from '../errors/chunk-reload';
import { apiPrefixOf, createApiClient, environmentOfPath, type RouteRegistry } from './client';
import { currentMunicipality } from './municipality';

/**
 * The environment of this page: one build serves both, production at `/`, `/staff/`, `/mastertool/` and
 * staging under `/stg/` (whose API is `/stg-api`).
 */
export const pageEnvironment = environmentOfPath(
  typeof window === 'undefined' ? '/' : window.location.pathname,
);

/** The app's API client (one per page); the route table is a chunk of its own, reloaded once on failure. */
export const apiClient = createApiClient({
  municipalityCode: currentMunicipality,
  apiPrefix: apiPrefixOf(pageEnvironment),
  routes: withChunkReload(() => import('@portal/contracts') as Promise<RouteRegistry>),
});

/** Calls one route of the route table: `api('applicant.home', { params: { code } })`. */
export const api = apiClient.api;
