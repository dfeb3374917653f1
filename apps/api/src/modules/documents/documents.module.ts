import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import { createAttachmentRepository } from '../attachments/attachments.repository.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { documentHandlers } from './documents.routes.js';
import { createDocumentRepository } from './documents.repository.js';
import { createDocumentService } from './documents.service.js';

/** The staff documents area: list, detail, edits, status, workflow steps, memos (decision 0008). */
export function documentsModule(deps: {
  db: Db;
  accounts: AccountRepository;
  published: PublishedConfiguration;
  storage: FileStorage;
  clock: () => Date;
}): PortalModule {
  const { db, accounts } = deps;
  const documents = createDocumentService({
    documents: createDocumentRepository(db),
    applications: createApplicationRepository(db),
    attachments: createAttachmentRepository(db),
    audit: createAuditRepository(db),
    accounts,
    published: deps.published,
    storage: deps.storage,
    clock: deps.clock,
  });
  return { handlers: documentHandlers({ documents, accounts }) };
}
