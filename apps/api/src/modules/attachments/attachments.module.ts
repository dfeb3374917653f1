import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { createAttachmentRepository } from './attachments.repository.js';
import { attachmentHandlers } from './attachments.routes.js';
import { createAttachmentService } from './attachments.service.js';
import type { FunnelService } from '../funnel/funnel.service.js';

/** Files a resident attaches to an application. */
export function attachmentsModule(deps: {
  db: Db;
  applications: ApplicationService;
  storage: FileStorage;
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
}): PortalModule {
  const attachments = createAttachmentService({
    attachments: createAttachmentRepository(deps.db),
    storage: deps.storage,
    funnel: deps.funnel,
    clock: deps.clock,
  });
  return { handlers: attachmentHandlers({ applications: deps.applications, attachments }) };
}
