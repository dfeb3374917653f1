import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { createAttachmentRepository } from '../attachments/attachments.repository.js';
import { createDocumentRepository } from '../documents/documents.repository.js';
import { createSignatureRepository } from '../signatures/signatures.repository.js';
import type { WebhookSender } from '../integration/webhook-sender.js';
import type { NotificationSender } from '../notifications/notification-sender.js';
import type { SessionService } from '../sessions/sessions.service.js';
import type { ApplicationCounters } from '../system/metrics.js';
import { submissionHandlers } from './submission.routes.js';
import { createSubmissionService } from './submission.service.js';
import type { FunnelService } from '../funnel/funnel.service.js';

/** Submitting an application: each procedure becomes a document of the back office. */
export function submissionModule(deps: {
  db: Db;
  applications: ApplicationService;
  answers: AnswerContextReader;
  counters: ApplicationCounters;
  /** Mails the notice of receipt (the notifications module's sender). */
  sender: Pick<NotificationSender, 'kick'>;
  /** Posts the core systems' webhooks a submission wrote (decision 0059). */
  webhooks: Pick<WebhookSender, 'kick'>;
  /** Ends a counter session once its application is submitted (decision 0026). */
  sessions: Pick<SessionService, 'end'>;
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
}): PortalModule {
  const { db } = deps;
  const applications = createApplicationRepository(db);
  const submission = createSubmissionService({
    applications,
    answers: deps.answers,
    attachments: createAttachmentRepository(db),
    documents: createDocumentRepository(db),
    signatures: createSignatureRepository(db),
    counters: deps.counters,
    sender: deps.sender,
    webhooks: deps.webhooks,
    funnel: deps.funnel,
    clock: deps.clock,
  });
  return {
    handlers: submissionHandlers({ applications: deps.applications, submission, sessions: deps.sessions }),
  };
}
