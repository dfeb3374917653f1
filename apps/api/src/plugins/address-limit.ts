import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressLimitOf } from '../http/address-limit.js';
import { AppError } from '../http/errors.js';
import type { Metrics } from '../modules/system/metrics.js';
import { databaseStore, type AttemptCounter } from './address-limit.store.js';
import { registerRateLimiting } from './rate-limit.js';

export interface AddressLimitOptions {
  attempts: AttemptCounter;
  clock: () => Date;
  /** Attempts per client address and route family in one window. */
  max: number;
  windowMs: number;
  /** Counts each refusal by route family (`portal_address_limited_total`). */
  refusals: Metrics['addressLimited'];
}

/** The counter key: the client address (an IPv6 /64 as one) and the route family. */
function keyOf(request: FastifyRequest): string {
  const family = addressLimitOf(request.routeOptions.config)?.family ?? 'none';
  // The address is what Fastify derives under trustProxy; bounded, as a forwarded header may hold anything.
  const address = normalizeIP(request.ip ?? 'unknown').slice(0, 64);
  return `address:${address}:${family}`;
}

/**
 * The per-client-address limit of sign-in-like routes (issue 13), with @fastify/rate-limit on a database
 * store so that every process shares the counts. Each attempt is counted before it is checked (parallel
 * guesses cannot all pass), and one that succeeds gives its count back: only failures add up, so an
 * office behind one address can sign all its staff in, while guessing from it stops at `max`.
 */
export const addressLimitPlugin = fp(async (app: FastifyInstance, opts: AddressLimitOptions) => {
  await registerRateLimiting(app);
  const limit = app.createRateLimit({
    store: databaseStore(opts.attempts, opts.clock),
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: keyOf,
  });
  app.decorateRequest('addressLimitKey', null);

  // After the region, CSRF and body checks: a request refused by them tried nothing.
  app.addHook('preHandler', async (request, reply) => {
    const rule = addressLimitOf(request.routeOptions.config);
    if (!rule) return;
    const result = await limit(request);
    if (result.isAllowed) return;
    if (result.isExceeded) {
      opts.refusals.inc({ family: rule.family });
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(
        'rate_limited',
        `too many attempts from this address; try again in ${Math.max(1, Math.ceil(result.ttlInSeconds / 60))} minutes`,
      );
    }
    if (!rule.countSuccesses) request.addressLimitKey = result.key;
  });

  // A hijacked answer (the identity stand-in's redirect) reaches onResponse too, with its status.
  app.addHook('onResponse', async (request, reply) => {
    if (request.addressLimitKey && reply.statusCode < 400) {
      await opts.attempts.releaseAttempt(request.addressLimitKey);
    }
  });
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The per-address counter this request reserved, given back if it succeeds. */
    addressLimitKey: string | null;
  }
}
