import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import { createAttachmentRepository } from '../attachments/attachments.repository.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import type { WebhookSender } from '../integration/webhook-sender.js';
import type { NotificationSender } from '../notifications/notification-sender.js';
import { createNotificationRepository } from '../notifications/notifications.repository.js';
import type { ApplicationCounters } from '../system/metrics.js';
import { createBulkRepository } from './documents-bulk.repository.js';
import { createBulkDocumentService } from './documents-bulk.service.js';
import { createDepartmentRepository } from './departments.repository.js';
import { createDepartmentService } from './departments.service.js';
import { documentHandlers } from './documents.routes.js';
import { createDocumentRepository } from './documents.repository.js';
import { createDocumentService, type DocumentServiceDeps } from './documents.service.js';
import { createSystemDocumentService, type SystemDocumentService } from './system-documents.service.js';

/** The staff documents area: list, detail, edits, status, workflow steps, memos (decision 0008). */
export function documentsModule(deps: {
  db: Db;
  /** What the answer rules read of an application (the applications module's reader). */
  answers: AnswerContextReader;
  accounts: AccountRepository;
  published: PublishedConfiguration;
  storage: FileStorage;
  counters: ApplicationCounters;
  /** Mails the notices of staff moves (the notifications module's sender). */
  sender: Pick<NotificationSender, 'kick'>;
  /** Posts the core systems' webhooks of status moves (decision 0059). */
  webhooks: Pick<WebhookSender, 'kick'>;
  /** Years a finished document is kept when its procedure names none (decision 0052). */
  retentionYearsDefault: number;
  clock: () => Date;
  /** Reports a bulk act's unexpected failure on one document. */
  logger: { error(obj: object, msg?: string): void };
}): PortalModule & { systemDocuments: SystemDocumentService } {
  const { db, accounts } = deps;
  const applications = createApplicationRepository(db);
  const serviceDeps: DocumentServiceDeps = {
    documents: createDocumentRepository(db),
    applications,
    answers: deps.answers,
    attachments: createAttachmentRepository(db),
    audit: createAuditRepository(db),
    accounts,
    published: deps.published,
    storage: deps.storage,
    counters: deps.counters,
    notices: createNotificationRepository(db),
    sender: deps.sender,
    webhooks: deps.webhooks,
    retentionYearsDefault: deps.retentionYearsDefault,
    clock: deps.clock,
  };
  const documents = createDocumentService(serviceDeps);
  const departments = createDepartmentService({
    departments: createDepartmentRepository(db),
    published: deps.published,
  });
  const bulk = createBulkDocumentService({
    documents,
    bulk: createBulkRepository(db),
    logger: deps.logger,
    clock: deps.clock,
  });
  // The core systems' pull API (decision 0057) reads and moves documents through the same deps.
  return {
    systemDocuments: createSystemDocumentService(serviceDeps),
    handlers: documentHandlers({ documents, bulk, departments, accounts }),
  };
}
