import type { FileStorage } from '../../lib/file-storage.js';
import type { AccountRepository, StaffIdentity } from '../accounts/accounts.repository.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { AttachmentRepository } from '../attachments/attachments.repository.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import type { WebhookSender } from '../integration/webhook-sender.js';
import type { NotificationSender } from '../notifications/notification-sender.js';
import type { NotificationRepository } from '../notifications/notifications.repository.js';
import type { ApplicationCounters } from '../system/metrics.js';
import type { DocumentRepository } from './documents.repository.js';

/** Who acts: the signed-in staff member and where the request came from (for the audit log). */
export interface Actor {
  staff: StaffIdentity;
  ip: string | null;
}

/** What every use case of the staff documents area is given (decision 0048). */
export interface DocumentServiceDeps {
  documents: DocumentRepository;
  applications: ApplicationRepository;
  /** What the answer rules read of an application (answers and the resident's records). */
  answers: AnswerContextReader;
  attachments: AttachmentRepository;
  accounts: AccountRepository;
  published: PublishedConfiguration;
  audit: AuditRepository;
  storage: FileStorage;
  /** Counts staff remands and completed applications (portal_applications_*_total). */
  counters: Pick<ApplicationCounters, 'remanded' | 'completed'>;
  /** What the resident was told of each document, and the job that mails a new notice (decision 0025). */
  notices: Pick<NotificationRepository, 'forDocument'>;
  sender: Pick<NotificationSender, 'kick'>;
  /** Posts the core systems' webhooks a status move wrote (decision 0059). */
  webhooks: Pick<WebhookSender, 'kick'>;
  /** Years a finished document is kept when its procedure names none (decision 0052). */
  retentionYearsDefault: number;
  clock: () => Date;
}
