import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { Metrics } from './metrics.js';
import { systemHandlers } from './system.routes.js';

/** Health, CSRF token, OpenAPI document and metrics. */
export function systemModule(deps: { db: Db; metrics: Metrics; version: string }): PortalModule {
  return { handlers: systemHandlers(deps) };
}
