import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app.js';
import type { Database } from './db/client.js';
import type { FileStorage } from './lib/file-storage.js';
import { configuredFileStorage } from './lib/storage.js';

export { STAGING_COOKIE_PREFIX, STAGING_PREFIX } from './plugins/staging-forward.js';

export interface PortalDeps extends Omit<AppDeps, 'environment' | 'environments' | 'staging'> {
  /** Staging's database (production's is `database`). */
  stagingDatabase: Database;
  /** Staging's files; defaults to DATA_DIR/files-staging. */
  stagingStorage?: FileStorage;
}

/**
 * The whole portal (decision 0006): a staging instance of the app on staging's database, and the
 * production instance on production's, which serves `/api` itself and hands `/stg-api/*` to staging.
 * Both know both databases for the master tool. Closing the production app closes staging.
 */
export async function buildPortal(
  deps: PortalDeps,
): Promise<{ app: FastifyInstance; staging: FastifyInstance }> {
  // A given job queue and file storage are production's; staging makes its own on its database and folder.
  const { stagingDatabase, stagingStorage, jobs, storage, ...common } = deps;
  const environments = { production: deps.database, staging: stagingDatabase };
  const staging = await buildApp({
    ...common,
    database: stagingDatabase,
    environment: 'staging',
    environments,
    webRoot: null,
    storage: stagingStorage ?? configuredFileStorage(deps.config, 'staging'),
  });
  const app = await buildApp({
    ...common,
    ...(jobs ? { jobs } : {}),
    ...(storage ? { storage } : {}),
    environment: 'production',
    environments,
    staging,
  });
  return { app, staging };
}
