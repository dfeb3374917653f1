import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { ConciergeService } from '../concierge/concierge.service.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { formHandlers } from './forms.routes.js';
import { createFormService } from './forms.service.js';

/** The standard form items of an application: read, prefill and save. */
export function formsModule(deps: {
  db: Db;
  applications: ApplicationService;
  concierge: ConciergeService;
  published: PublishedConfiguration;
  clock: () => Date;
}): PortalModule {
  const { db, applications, concierge, published, clock } = deps;
  const forms = createFormService({
    applications: createApplicationRepository(db),
    guarded: applications,
    clock,
  });
  return { handlers: formHandlers({ applications, forms, concierge, published }) };
}
