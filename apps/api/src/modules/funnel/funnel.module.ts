import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { createFunnelRepository } from './funnel.repository.js';
import { funnelHandlers } from './funnel.routes.js';
import { createFunnelService, type FunnelService } from './funnel.service.js';

/** Where residents give up (decision 0053); its `service` counts for the resident's flow modules. */
export function funnelModule(deps: {
  db: Db;
  published: PublishedConfiguration;
  /** Who is signed in, for the staff administrators' read. */
  accounts: AccountRepository;
  /** Where residents apply (production) and its versions, when the app is given both environments. */
  residents?: { db: Db; published: PublishedConfiguration };
}): PortalModule & { service: FunnelService } {
  const service = createFunnelService({ funnel: createFunnelRepository(deps.db), published: deps.published });
  // Operators read the funnel of the environment residents use, named by that environment's versions.
  const read =
    deps.residents && deps.residents.db !== deps.db
      ? createFunnelService({
          funnel: createFunnelRepository(deps.residents.db),
          published: deps.residents.published,
        })
      : service;
  return {
    handlers: funnelHandlers({ accounts: deps.accounts, staff: service, operator: read }),
    service,
  };
}
