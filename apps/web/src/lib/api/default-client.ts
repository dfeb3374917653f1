import { withChunkReload } from '../errors/chunk-reload';
import { apiPrefixOf, createApiClient, environmentOfPath, type SchemaRegistry } from './client';
import { idleClock } from '../session-idle/area-clock';
import { currentMunicipality } from './municipality';

/**
 * The environment of this page: one build serves both, production at `/`, `/staff/`, `/mastertool/` and
 * staging under `/stg/` (whose API is `/stg-api`).
 */
export const pageEnvironment = environmentOfPath(
  typeof window === 'undefined' ? '/' : window.location.pathname,
);

/**
 * The app's API client (one per page). Development and tests check every answer against its schema (a
 * chunk of its own, reloaded once on failure); production builds leave that to the server.
 */
export const answerSchemas = import.meta.env.DEV
  ? withChunkReload(() => import('@portal/contracts') as Promise<SchemaRegistry>)
  : null;

/** The fetch of a page rendered on the server (the server's own answers, decision 0060); null in a browser. */
let serverFetch: typeof fetch | null = null;

/** Rendering on the server: the API client and the page data ask the server itself through `fetcher`. */
export function setServerFetch(fetcher: typeof fetch | null): void {
  serverFetch = fetcher;
}

/** The fetch the app's calls go through: the browser's, or the server's while it renders a page. */
export const portalFetch: typeof fetch = (input, init) => (serverFetch ?? globalThis.fetch)(input, init);

export const apiClient = createApiClient({
  fetch: portalFetch,
  municipalityCode: currentMunicipality,
  apiPrefix: apiPrefixOf(pageEnvironment),
  schemas: answerSchemas,
  onResponse: (response) => idleClock.note(response),
});

/** Calls one route of the route table: `api('applicant.home', { params: { code } })`. */
export const api = apiClient.api;
