import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AccountRepository } from '../modules/accounts/accounts.repository.js';

export type AttemptCounter = Pick<AccountRepository, 'reserveWindow' | 'releaseAttempt'>;

/**
 * A @fastify/rate-limit store on the sign_in_attempts table: every process on one database counts in the
 * same row, with the same atomic upsert as the per-account limit (a fixed window from the first attempt).
 */
export function databaseStore(counter: AttemptCounter, clock: () => Date): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock();
      counter.reserveWindow(key, now, new Date(now.getTime() - timeWindow)).then(
        ({ attempts, windowStart }) =>
          callback(null, {
            current: attempts,
            ttl: Math.max(0, windowStart.getTime() + timeWindow - now.getTime()),
          }),
        (error: Error) => callback(error),
      );
    }

    // Keys already name the route family, so every route shares this one store.
    child() {
      return this;
    }
  };
}
