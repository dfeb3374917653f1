import { withChunkReload } from '../errors/chunk-reload';
import { createApiClient, type RouteRegistry } from './client';
import { currentMunicipality } from './municipality';

/** The app's API client (one per page); the route table is a chunk of its own, reloaded once on failure. */
export const apiClient = createApiClient({
  municipalityCode: currentMunicipality,
  routes: withChunkReload(() => import('@portal/contracts') as Promise<RouteRegistry>),
});

/** Calls one route of the route table: `api('applicant.home', { params: { code } })`. */
export const api = apiClient.api;
