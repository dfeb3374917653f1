import { randomBytes } from 'node:crypto';
import rateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteDef } from '@portal/contracts';
import { rateLimited } from '../http/errors.js';
import { sameText } from '../lib/same-text.js';
import {
  RATE_LIMIT_FAMILIES,
  RATE_LIMIT_HEADERS,
  rateLimitFamily,
  type RateLimitFamily,
} from '../http/rate-limit.js';
import { sessionCookie, sessionId } from '../modules/sessions/sessions.service.js';
import type { Config } from '../config.js';

/** Keys kept per process; the least recently used go first (a flood of invented cookies stays bounded). */
const MEMORY_KEYS = 50_000;

/**
 * The plugin's root store hands each limiter the store it names (`store` of createRateLimit), or one in
 * this process's memory: the plugin itself would give every limiter the one store it was registered with.
 */
class StoreOfLimiter implements FastifyRateLimitStore {
  incr(): void {
    throw new Error('every limiter is created with createRateLimit');
  }
  // Called with the limiter's merged options (typed as route options by the plugin).
  child(options: object): FastifyRateLimitStore {
    const Store = (options as { store?: FastifyRateLimitStoreCtor }).store;
    return Store
      ? new Store(options as never)
      : (new LocalStore(false, false, MEMORY_KEYS) as unknown as FastifyRateLimitStore);
  }
}

/** @fastify/rate-limit, once per app, for every limiter of the portal (this file and address-limit.ts). */
export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('createRateLimit')) return;
  await app.register(rateLimit, { global: false, store: StoreOfLimiter as FastifyRateLimitStoreCtor });
}

const kinds = ['applicant', 'staff', 'operator'] as const;

/** The session cookie a call is counted under: its audience's, else the first a browser holds; or the API key. */
function sessionToken(request: FastifyRequest, def: RouteDef): string | undefined {
  // A core system is counted per API key (decision 0057).
  if (def.audience === 'integration') {
    const bearer = /^Bearer (\S{1,200})$/.exec(request.headers.authorization ?? '');
    return bearer?.[1];
  }
  const own = kinds.find((kind) => kind === def.audience);
  const names = own ? [sessionCookie[own]] : kinds.map((kind) => sessionCookie[kind]);
  for (const name of names) {
    const value = request.cookies[name];
    if (value) return value;
  }
  return undefined;
}

/**
 * The header of the server's own calls (the server render's, plugins/web.ts), with this process's
 * `internalCallKey`: not counted here, since the page view that caused them is counted per client address
 * where the page is served.
 */
export const INTERNAL_CALL_HEADER = 'x-portal-internal-call';

/** A client's address as limits count it: bounded, as a forwarded header may hold anything; an IPv6 /64 counts as one. */
export const addressKey = (request: FastifyRequest) => normalizeIP(request.ip ?? 'unknown').slice(0, 64);

/**
 * Rate limits of every call of the route table (issue 34, decision 0045): per route family, per session
 * and per client address, counted in this process's memory. Runs first on `onRequest`, so a call refused
 * by a later check (region, CSRF, sign-in) is counted too, and every answer carries `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` of the policy nearest exhaustion; past it, 429 with
 * `Retry-After` in the one error body. Sign-in guessing has its own shared limit (address-limit.ts).
 */
export const requestRateLimitPlugin = fp(async (app: FastifyInstance, opts: Config['rateLimits']) => {
  await registerRateLimiting(app);
  const limiters = Object.fromEntries(
    RATE_LIMIT_FAMILIES.map((family) => {
      const max = opts.perSession[family];
      return [
        family,
        {
          session: app.createRateLimit({
            max,
            timeWindow: opts.windowMs,
            keyGenerator: (request) => `session:${family}:${request.sessionToken?.id.slice(0, 22) ?? ''}`,
          }),
          address: app.createRateLimit({
            max: max * opts.addressFactor,
            timeWindow: opts.windowMs,
            keyGenerator: (request) => `address:${family}:${addressKey(request)}`,
          }),
        },
      ];
    }),
  ) as Record<RateLimitFamily, Record<'session' | 'address', ReturnType<FastifyInstance['createRateLimit']>>>;
  app.decorateRequest('sessionToken', null);
  app.decorate('internalCallKey', randomBytes(32).toString('base64url'));

  app.addHook('onRequest', async (request, reply) => {
    const def = request.routeOptions.config.routeDef;
    if (!def) return;
    const internal = request.headers[INTERNAL_CALL_HEADER];
    if (typeof internal === 'string' && sameText(internal, app.internalCallKey)) return;
    const family = rateLimitFamily(def);
    const token = sessionToken(request, def);
    const counted = [await limiters[family].address(request)];
    if (token) {
      // The key holds the cookie's hash (the session's id): memory never keeps a usable session token.
      request.sessionToken = { token, id: sessionId(token) };
      counted.push(await limiters[family].session(request));
    }
    let nearest: { max: number; remaining: number; ttlInSeconds: number } | null = null;
    let wait = 0;
    for (const result of counted) {
      if (result.isAllowed) continue;
      if (result.isExceeded) wait = Math.max(wait, result.ttlInSeconds);
      if (!nearest || result.remaining < nearest.remaining) nearest = result;
    }
    if (!nearest) return;
    reply.header(RATE_LIMIT_HEADERS.limit, nearest.max);
    reply.header(RATE_LIMIT_HEADERS.remaining, nearest.remaining);
    reply.header(RATE_LIMIT_HEADERS.reset, nearest.ttlInSeconds);
    if (wait > 0) {
      const by = counted.length > 1 && counted[1]!.isAllowed === false && counted[1]!.isExceeded;
      throw rateLimited(
        `too many ${family} from this ${by ? 'session' : 'address'}; try again in ${wait} seconds`,
        wait,
      );
    }
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's key of its own calls (`INTERNAL_CALL_HEADER`), never sent to a client. */
    internalCallKey: string;
  }
  interface FastifyRequest {
    /** The session cookie this call is counted under and its id (`sessionId`), hashed once a request. */
    sessionToken: { token: string; id: string } | null;
  }
}
