import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import type { FunnelService } from '../funnel/funnel.service.js';
import type { ApplicationCounters } from '../system/metrics.js';
import { conciergeFlowHandlers } from './concierge-flow.routes.js';
import { createConciergeFlowService } from './concierge-flow.service.js';
import { conciergeHandlers } from './concierge.routes.js';
import { createConciergeService, type ConciergeService } from './concierge.service.js';

/** The applicant's home, terms and question flow; its `service` also serves the forms module. */
export function conciergeModule(deps: {
  db: Db;
  published: PublishedConfiguration;
  applications: ApplicationService;
  counters: ApplicationCounters;
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
}): PortalModule & { service: ConciergeService } {
  const { published, applications, clock } = deps;
  const concierge = createConciergeService({ published, clock });
  const flow = createConciergeFlowService({
    concierge,
    applications: createApplicationRepository(deps.db),
    guarded: applications,
    counters: deps.counters,
    funnel: deps.funnel,
    clock,
  });
  return {
    handlers: [
      ...conciergeHandlers({ concierge, published }),
      ...conciergeFlowHandlers({ applications, flow }),
    ],
    service: concierge,
  };
}
