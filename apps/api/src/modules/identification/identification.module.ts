import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { createBasicFourService } from './basic-four.service.js';
import { createIdentificationRepository } from './identification.repository.js';
import { identificationHandlers } from './identification.routes.js';
import { createSelfInformationService } from './self-information.service.js';
import type { FunnelService } from '../funnel/funnel.service.js';

/** Identifying the applicant: the basic four facts, or self-information from the personal portal. */
export function identificationModule(deps: {
  db: Db;
  applications: ApplicationService;
  /** The personal portal (Mynaportal) self-information is fetched from. */
  portalUrl: string;
  /** Where this environment's web pages are: the resident comes back there (/stg/... on staging). */
  webUrl: string;
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
}): PortalModule {
  const { db, clock } = deps;
  const identification = createIdentificationRepository(db);
  const applications = createApplicationRepository(db);
  return {
    handlers: identificationHandlers({
      applications: deps.applications,
      basicFour: createBasicFourService({ applications, identification, funnel: deps.funnel, clock }),
      selfInformation: createSelfInformationService({
        identification,
        applications,
        portalUrl: deps.portalUrl,
        publicUrl: deps.webUrl,
        funnel: deps.funnel,
        clock,
      }),
    }),
  };
}
