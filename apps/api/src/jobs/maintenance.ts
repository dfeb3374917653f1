import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema/index.js';
import type { JobQueue } from './job-queue.js';

const HOUR = 3600_000;

/** Housekeeping that any process may run: expired sessions are removed hourly. */
export async function registerMaintenanceJobs(jobs: JobQueue, database: Database): Promise<NodeJS.Timeout> {
  await jobs.work('maintenance', async ({ params }) => {
    if (params.task === 'purge_sessions') {
      await database.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    }
  });
  const timer = setInterval(() => {
    void jobs.enqueue({ kind: 'maintenance', municipalityId: null, params: { task: 'purge_sessions' } });
  }, HOUR);
  timer.unref();
  return timer;
}
