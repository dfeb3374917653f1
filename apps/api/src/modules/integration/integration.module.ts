import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { FastifyRequest } from 'fastify';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import type { SystemDocumentService } from '../documents/system-documents.service.js';
import type { StaffAction } from '../staff/staff.policy.js';
import { integrationHandlers } from './integration.routes.js';
import { createPullRepository } from './pull.repository.js';
import { createPullService } from './pull.service.js';
import { createSystemKeyRepository } from './system-keys.repository.js';
import { createSystemKeyService, type SystemKeyService } from './system-keys.service.js';

/** Core systems (issue 37, decision 0057): API keys and the pull API. */
export function integrationModule(deps: {
  db: Db;
  /** The signed-in staff member with a permission (staff-context's staffFor). */
  staffFor: (request: FastifyRequest, action: StaffAction) => Promise<StaffIdentity>;
  /** The documents area's access for systems: a system reads and moves documents by the same rules. */
  documents: SystemDocumentService;
  /** `/api` or `/stg-api`: the download links of a document point into this environment. */
  apiBase: string;
  clock: () => Date;
}): PortalModule & { keys: SystemKeyService } {
  const pull = createPullRepository(deps.db);
  const keys = createSystemKeyService({
    keys: createSystemKeyRepository(deps.db),
    procedureCodes: (municipalityId) => pull.procedureCodes(municipalityId),
    clock: deps.clock,
  });
  const service = createPullService({ documents: deps.documents, pull, base: deps.apiBase });
  return { keys, handlers: integrationHandlers({ keys, pull: service, staffFor: deps.staffFor }) };
}
