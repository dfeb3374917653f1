// Where each environment's API and web pages live on the one origin: staging's are reached through
// production's server under their own prefixes (decision 0006).
import { API_PREFIX, STAGING_API_PREFIX, STAGING_WEB_PREFIX } from '@portal/contracts';

export const environmentPaths = {
  production: { api: API_PREFIX, web: '' },
  staging: { api: STAGING_API_PREFIX, web: STAGING_WEB_PREFIX },
} as const;

export type EnvironmentPaths = (typeof environmentPaths)[keyof typeof environmentPaths];

/** Where the signing app returns the browser after a signature, for an environment's API. */
export const miidCallbackUrl = (publicUrl: string, paths: EnvironmentPaths) =>
  `${publicUrl}${paths.api}/callback/miid/temporary/`;
