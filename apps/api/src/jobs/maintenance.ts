import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sessions, signInAttempts } from '../db/schema/index.js';
import type { PortalModule } from '../http/module-kit.js';

const DAY = 86_400_000;

/** Removes expired sessions, and sign-in counters a day past their window (every limit's is shorter). */
export async function purgeExpired(database: Database, now: Date) {
  await database.db.delete(sessions).where(lt(sessions.expiresAt, now));
  await database.db
    .delete(signInAttempts)
    .where(lt(signInAttempts.windowStart, new Date(now.getTime() - DAY)));
}

/** Housekeeping on a cluster-wide schedule (one process runs it), hourly; it answers no route. */
export function maintenanceModule(deps: { database: Database; clock: () => Date }): PortalModule {
  return {
    handlers: [],
    workers: [
      { schedule: 'purge-expired', cron: '0 * * * *', run: () => purgeExpired(deps.database, deps.clock()) },
    ],
  };
}
