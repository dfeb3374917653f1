// Where each environment's API and web pages live on the one origin: staging's are reached through
// production's server under their own prefixes (decision 0006).
export const environmentPaths = {
  production: { api: '/api', web: '' },
  staging: { api: '/stg-api', web: '/stg' },
} as const;

export type EnvironmentPaths = (typeof environmentPaths)[keyof typeof environmentPaths];
