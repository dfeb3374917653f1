import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { createAttachmentRepository } from './attachments.repository.js';
import { attachmentHandlers } from './attachments.routes.js';
import { createAttachmentService } from './attachments.service.js';

/** Files a resident attaches to an application. */
export function attachmentsModule(deps: {
  db: Db;
  applications: ApplicationService;
  storage: FileStorage;
  clock: () => Date;
}): PortalModule {
  const attachments = createAttachmentService({
    attachments: createAttachmentRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
  });
  return { handlers: attachmentHandlers({ applications: deps.applications, attachments }) };
}
