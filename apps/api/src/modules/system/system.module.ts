import type { Database } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { createHealthService } from './health.service.js';
import { metricsScrape, type Metrics } from './metrics.js';
import { createSystemRepository } from './system.repository.js';
import { systemHandlers } from './system.routes.js';

interface Logger {
  warn(obj: object, msg?: string): void;
}

/** Health (liveness, readiness), CSRF token, OpenAPI document and metrics. */
export function systemModule(deps: {
  database: Database;
  storage: FileStorage;
  metrics: Metrics;
  /** What the jobs gauge is read from at each scrape. */
  jobs: { liveCounts(): Promise<{ kind: string; state: string; count: number }[]> };
  logger: Logger;
  version: string;
}): PortalModule {
  const health = createHealthService({
    system: createSystemRepository(deps.database),
    storage: deps.storage,
    logger: deps.logger,
  });
  const scrape = metricsScrape({ metrics: deps.metrics, jobs: deps.jobs, logger: deps.logger });
  return { handlers: systemHandlers({ health, scrape, version: deps.version }) };
}
