import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { createFunnelRepository } from './funnel.repository.js';
import { createFunnelService, type FunnelService } from './funnel.service.js';

/** Where residents give up (decision 0053); its `service` counts for the resident's flow modules. */
export function funnelModule(deps: { db: Db; published: PublishedConfiguration }): PortalModule & {
  service: FunnelService;
} {
  const service = createFunnelService({ funnel: createFunnelRepository(deps.db), published: deps.published });
  return { handlers: [], service };
}
