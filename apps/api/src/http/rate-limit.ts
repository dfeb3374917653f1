import type { RouteDef } from '@portal/contracts';

/**
 * Every call of the route table is counted in one family, per session and per client address (issue 34,
 * decision 0045). The plugin is plugins/rate-limit.ts; the OpenAPI document declares the same headers.
 */
export const RATE_LIMIT_FAMILIES = ['reads', 'writes', 'uploads', 'jobs'] as const;
export type RateLimitFamily = (typeof RATE_LIMIT_FAMILIES)[number];

/** The family of a route, from its declaration alone (a new route needs no list). */
export function rateLimitFamily(def: Pick<RouteDef, 'method' | 'body' | 'successStatus'>): RateLimitFamily {
  if (def.method === 'GET') return 'reads';
  if (def.body === 'multipart') return 'uploads';
  // A write answered 202 Accepted queues background work (a rendering, an export, a deletion).
  if (def.successStatus === 202) return 'jobs';
  return 'writes';
}

/**
 * The IETF draft's three fields (draft-ietf-httpapi-ratelimit-headers up to -06), as @fastify/rate-limit's
 * `enableDraftSpec` names them: the limit of the policy nearest exhaustion, what is left of it, and the
 * seconds until its window ends.
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'ratelimit-limit',
  remaining: 'ratelimit-remaining',
  reset: 'ratelimit-reset',
} as const;
