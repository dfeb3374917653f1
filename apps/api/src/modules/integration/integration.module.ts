import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import type { SystemDocumentService } from '../documents/system-documents.service.js';
import type { StaffAction } from '../staff/staff.policy.js';
import { integrationHandlers } from './integration.routes.js';
import { createPullRepository } from './pull.repository.js';
import { createPullService } from './pull.service.js';
import { createSystemKeyRepository } from './system-keys.repository.js';
import { createSystemKeyService, type SystemKeyService } from './system-keys.service.js';
import type { WebhookSender } from './webhook-sender.js';
import { resolveTarget, TargetRefused, type Resolve, type TargetPolicy } from './webhook-target.js';
import { createWebhookRepository } from './webhooks.repository.js';
import { createWebhookService } from './webhooks.service.js';

/** Core systems (issue 37, decisions 0057 and 0059): API keys, the pull API and webhooks. */
export function integrationModule(deps: {
  db: Db;
  /** The signed-in staff member with a permission (staff-context's staffFor). */
  staffFor: (request: FastifyRequest, action: StaffAction) => Promise<StaffIdentity>;
  /** The documents area's access for systems: a system reads and moves documents by the same rules. */
  documents: SystemDocumentService;
  /** `/api` or `/stg-api`: the download links of a document point into this environment. */
  apiBase: string;
  /** Sends the webhook deliveries the documents' changes wrote (built in app.ts before the documents). */
  webhookSender: WebhookSender;
  /** Where webhooks may go (production: public https only). */
  webhookPolicy: TargetPolicy;
  /** DNS (tests inject one). */
  resolve?: Resolve;
  clock: () => Date;
}): PortalModule & { keys: SystemKeyService } {
  const pull = createPullRepository(deps.db);
  const keyRepository = createSystemKeyRepository(deps.db);
  const keys = createSystemKeyService({
    keys: keyRepository,
    procedureCodes: (municipalityId) => pull.procedureCodes(municipalityId),
    checkWebhookUrl: async (url) => {
      try {
        await resolveTarget(url, deps.webhookPolicy, deps.resolve);
      } catch (err) {
        if (err instanceof TargetRefused) throw new AppError('validation_failed', err.message, 'webhook_url');
        throw err;
      }
    },
    clock: deps.clock,
  });
  const webhooks = createWebhookService({
    keys: keyRepository,
    webhooks: createWebhookRepository(deps.db),
    sender: deps.webhookSender,
    clock: deps.clock,
  });
  const service = createPullService({ documents: deps.documents, pull, base: deps.apiBase });
  const deliver = async () => void (await deps.webhookSender.deliverDue());
  return {
    keys,
    handlers: integrationHandlers({ keys, pull: service, webhooks, staffFor: deps.staffFor }),
    workers: [
      // An event's own job sends it at once; a retry's delayed job on time; the minute's sweep what was lost.
      { kind: 'webhook_delivery', run: deliver },
      { schedule: 'webhook-delivery-sweep', cron: '* * * * *', run: deliver },
    ],
  };
}
