import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { createCompletionRepository } from './completion.repository.js';
import { completionHandlers } from './completion.routes.js';
import { createCompletionService } from './completion.service.js';

/** What a resident sees once an application is submitted. */
export function completionModule(deps: { db: Db; applications: ApplicationService }): PortalModule {
  const completion = createCompletionService({ completion: createCompletionRepository(deps.db) });
  return { handlers: completionHandlers({ applications: deps.applications, completion }) };
}
